#include "stages/corpus/internal/comment_blanking.h"

#include <algorithm>
#include <cstring>

namespace repro::corpus::internal {
namespace {

const std::vector<CapturedNode>& Of(const Captures& captures, const char* name) {
  static const std::vector<CapturedNode>* const kNone = new std::vector<CapturedNode>();
  const auto it = captures.find(name);
  return it == captures.end() ? *kNone : it->second;
}

// Followed by ';' ("\"\"\"doc\"\"\"; x = 1"), the statement must stay:
// blanked whole, the ';' would begin the line.
bool FollowedBySemicolon(TSNode node) {
  const TSNode next = ts_node_next_sibling(node);
  return !ts_node_is_null(next) && std::strcmp(ts_node_type(next), ";") == 0;
}

}  // namespace

std::vector<Blank> CommentBlanks(const Captures& captures) {
  std::vector<Blank> out;
  uint32_t comment_end = 0;  // the end of the last comment kept
  bool any_comment = false;
  for (const CapturedNode& c : Of(captures, kCommentCapture)) {  // document order, outer first
    if (any_comment && c.end <= comment_end) continue;
    out.push_back({c.start, c.end});
    comment_end = c.end;
    any_comment = true;
  }
  for (const CapturedNode& d : Of(captures, kDocstringCapture)) {
    out.push_back({d.start, d.end, FollowedBySemicolon(d.node)});
  }
  std::stable_sort(out.begin(), out.end(), [](const Blank& a, const Blank& b) {
    return a.start != b.start ? a.start < b.start : a.end > b.end;
  });
  return out;
}

void Apply(const Blank& blank, std::string* text) {
  const uint32_t end = std::min<uint32_t>(blank.end, static_cast<uint32_t>(text->size()));
  for (uint32_t b = blank.start; b < end; ++b) {
    if ((*text)[b] != '\n') (*text)[b] = ' ';
  }
  if (blank.empty_tuple && blank.start + 1 < end) {
    (*text)[blank.start] = '(';
    (*text)[end - 1] = ')';
  }
}

}  // namespace repro::corpus::internal
