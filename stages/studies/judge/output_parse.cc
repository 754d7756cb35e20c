#include "stages/studies/judge/output_parse.h"

#include <algorithm>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_split.h"

namespace repro::judge {
namespace {

bool IsIdChar(char c) {
  return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
}

}  // namespace

ScoreParse ParseLeadingScore(absl::string_view raw, int max_score) {
  ScoreParse p;
  absl::string_view s = absl::StripAsciiWhitespace(raw);
  for (absl::string_view label : {"Score:", "Functional Correctness:", "Usefulness:"}) {
    if (absl::ConsumePrefix(&s, label)) {
      s = absl::StripLeadingAsciiWhitespace(s);
      break;
    }
  }
  if (s.empty() || !absl::ascii_isdigit(static_cast<unsigned char>(s[0]))) {
    p.reason = "no_leading_score";
    return p;
  }
  if (s.size() > 1 && absl::ascii_isdigit(static_cast<unsigned char>(s[1]))) {
    p.reason = "out_of_range";
    return p;
  }
  if (s.size() > 2 && s[1] == '-' && absl::ascii_isdigit(static_cast<unsigned char>(s[2]))) {
    p.reason = "scale_echo";
    return p;
  }
  const int d = s[0] - '0';
  if (d > max_score) {
    p.reason = "out_of_range";
    return p;
  }
  p.ok = true;
  p.score = d;
  return p;
}

ListwiseParse ParseListwise(absl::string_view raw, const std::vector<std::string>& candidates) {
  ListwiseParse out;
  const std::set<std::string> known(candidates.begin(), candidates.end());
  // Tokenise: ids and separators.
  std::vector<std::vector<std::string>> groups(1);
  absl::string_view s = absl::StripAsciiWhitespace(raw);
  bool expect_id = true;
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (absl::ascii_isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (expect_id && IsIdChar(c)) {
      size_t j = i;
      while (j < s.size() && IsIdChar(s[j])) ++j;
      groups.back().emplace_back(s.substr(i, j - i));
      i = j;
      expect_id = false;
    } else if (!expect_id && (c == '>' || c == '=')) {
      if (c == '>') groups.emplace_back();
      ++i;
      expect_id = true;
    } else {
      out.reason = "unparsable";
      break;
    }
  }
  if (out.reason.empty() && (s.empty() || expect_id)) out.reason = "unparsable";
  std::set<std::string> placed;
  WeakOrder order;
  if (out.reason.empty()) {
    for (const auto& g : groups) {
      Group group;
      for (const std::string& id : g) {
        out.returned.push_back(id);
        if (!known.count(id)) {
          out.unknown.push_back(id);
        } else if (!placed.insert(id).second) {
          out.duplicates.push_back(id);
        } else {
          group.ids.push_back(id);
        }
      }
      std::sort(group.ids.begin(), group.ids.end());
      if (!group.ids.empty()) order.push_back(group);
    }
    if (placed.empty()) out.reason = "no_valid_id";
  }
  if (!out.reason.empty()) {
    order.clear();
    placed.clear();
  }
  out.ok = out.reason.empty();
  for (const std::string& id : known) {
    if (!placed.count(id)) out.missing.push_back(id);
  }
  if (!out.missing.empty()) order.push_back(Group{out.missing, 0});
  out.order = order;
  return out;
}

VerdictParse ParseVerdictLine(absl::string_view raw) {
  VerdictParse p;
  std::vector<absl::string_view> lines = absl::StrSplit(raw, '\n');
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    absl::string_view l = absl::StripAsciiWhitespace(*it);
    if (l.empty()) continue;
    p.last_line = std::string(l);
    break;
  }
  if (p.last_line == "1") {
    p.verdict = Verdict::kFirstBetter;
  } else if (p.last_line == "2") {
    p.verdict = Verdict::kSecondBetter;
  } else if (p.last_line == "3") {
    p.verdict = Verdict::kTie;
  } else {
    p.reason = "no_verdict_line";
  }
  return p;
}

}  // namespace repro::judge
