#include "stages/corpus/query_captures.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace repro::corpus {
namespace {

const char* ErrorType(TSQueryError error) {
  switch (error) {
    case TSQueryErrorSyntax:
      return "syntax error";
    case TSQueryErrorNodeType:
      return "unknown node type";
    case TSQueryErrorField:
      return "unknown field";
    case TSQueryErrorCapture:
      return "unknown capture";
    case TSQueryErrorStructure:
      return "impossible pattern structure";
    case TSQueryErrorLanguage:
      return "language version mismatch";
    case TSQueryErrorNone:
      break;
  }
  return "error";
}

// "<file>:<line>:<column> (byte <offset>)", line and column 1-based.
std::string Where(absl::string_view file, absl::string_view text, size_t offset) {
  offset = std::min(offset, text.size());
  const absl::string_view before = text.substr(0, offset);
  const size_t line = std::count(before.begin(), before.end(), '\n') + 1;
  const size_t line_start = before.rfind('\n');
  const size_t column = line_start == absl::string_view::npos ? offset + 1 : offset - line_start;
  return absl::StrCat(file, ":", line, ":", column, " (byte ", offset, ")");
}

// The byte offset of the first "@<name>" in `text` not followed by a name
// character; 0 when none.
size_t CaptureOffset(absl::string_view text, absl::string_view name) {
  const std::string at = absl::StrCat("@", name);
  for (size_t i = text.find(at); i != absl::string_view::npos; i = text.find(at, i + 1)) {
    const size_t after = i + at.size();
    if (after == text.size() ||
        !(isalnum(static_cast<unsigned char>(text[after])) ||
          absl::string_view("_-.").find(text[after]) != absl::string_view::npos)) {
      return i;
    }
  }
  return 0;
}

absl::Status CheckCaptureNames(const TSQuery* query, absl::string_view file, absl::string_view text,
                               const std::vector<std::string>& known) {
  const uint32_t n = ts_query_capture_count(query);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t length = 0;
    const char* name = ts_query_capture_name_for_id(query, i, &length);
    const absl::string_view capture(name, length);
    if (std::find(known.begin(), known.end(), capture) != known.end()) continue;
    return absl::InvalidArgumentError(absl::StrCat(
        Where(file, text, CaptureOffset(text, capture)), ": capture @", capture,
        " is not one the transform reads (it reads @", absl::StrJoin(known, ", @"), ")"));
  }
  return absl::OkStatus();
}

bool Before(const CapturedNode& a, const CapturedNode& b) {
  if (a.start != b.start) return a.start < b.start;
  return a.end > b.end;
}

// Drops from the sorted [begin, end) a node already kept (several patterns
// may capture it; nodes of one byte range are adjacent); the new end.
std::vector<CapturedNode>::iterator Unique(std::vector<CapturedNode>::iterator begin,
                                           std::vector<CapturedNode>::iterator end) {
  auto kept = begin;
  for (auto it = begin; it != end; ++it) {
    bool seen = false;
    for (auto k = kept; k != begin && (k - 1)->start == it->start && (k - 1)->end == it->end; --k) {
      if (ts_node_eq((k - 1)->node, it->node)) seen = true;
    }
    if (!seen) *kept++ = *it;
  }
  return kept;
}

}  // namespace

absl::StatusOr<std::unique_ptr<Query>> Query::Compile(const TSLanguage* language,
                                                      absl::string_view file,
                                                      absl::string_view text,
                                                      const std::vector<std::string>& known) {
  uint32_t offset = 0;
  TSQueryError error = TSQueryErrorNone;
  TSQuery* query =
      ts_query_new(language, text.data(), static_cast<uint32_t>(text.size()), &offset, &error);
  if (query == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat(Where(file, text, offset), ": ", ErrorType(error), " (ts_query_new)"));
  }
  const absl::Status names = CheckCaptureNames(query, file, text, known);
  if (!names.ok()) {
    ts_query_delete(query);
    return names;
  }
  return std::unique_ptr<Query>(new Query(query, known));
}

Query::~Query() { ts_query_delete(query_); }

Captures Query::Run(TSNode root) const {
  Captures out;
  for (const std::string& name : known_) out[name];
  TSQueryCursor* cursor = ts_query_cursor_new();
  ts_query_cursor_exec(cursor, query_, root);
  TSQueryMatch match;
  uint32_t index = 0;
  while (ts_query_cursor_next_capture(cursor, &match, &index)) {
    const TSQueryCapture& c = match.captures[index];
    uint32_t length = 0;
    const char* name = ts_query_capture_name_for_id(query_, c.index, &length);
    out[std::string(name, length)].push_back(
        {ts_node_start_byte(c.node), ts_node_end_byte(c.node), c.node});
  }
  ts_query_cursor_delete(cursor);
  for (auto& [name, nodes] : out) {
    std::stable_sort(nodes.begin(), nodes.end(), Before);
    nodes.erase(Unique(nodes.begin(), nodes.end()), nodes.end());
  }
  return out;
}

}  // namespace repro::corpus
