#include "stages/corpus/unified_diff.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace repro {
namespace corpus {
namespace {

absl::Status Error(absl::string_view source, int line_no, absl::string_view what,
                   absl::string_view line) {
  return absl::InvalidArgumentError(
      absl::StrCat(source, ": line ", line_no, ": ", what, ": \"", line.substr(0, 100), "\""));
}

// "-a[,b]" or "+c[,d]" after the sign.
bool ParseRange(absl::string_view s, uint32_t* start, uint32_t* count) {
  std::pair<absl::string_view, absl::string_view> p = absl::StrSplit(s, absl::MaxSplits(',', 1));
  if (!absl::SimpleAtoi(p.first, start)) return false;
  *count = 1;
  if (s.find(',') != absl::string_view::npos && !absl::SimpleAtoi(p.second, count)) {
    return false;
  }
  return true;
}

// "a/x" -> "x" after unquoting; "/dev/null" stays.
absl::StatusOr<std::string> HeaderPath(absl::string_view raw, char side) {
  absl::StatusOr<std::string> path = UnquoteGitPath(raw);
  if (!path.ok()) return path.status();
  if (*path == "/dev/null") return *path;
  const std::string prefix = std::string(1, side) + "/";
  if (!absl::StartsWith(*path, prefix)) {
    return absl::InvalidArgumentError(
        absl::StrCat("path '", *path, "' lacks the '", prefix, "' prefix"));
  }
  if (path->size() == prefix.size()) {
    return absl::InvalidArgumentError(absl::StrCat("empty path after the '", prefix, "' prefix"));
  }
  return path->substr(2);
}

}  // namespace

absl::StatusOr<std::string> UnquoteGitPath(absl::string_view quoted) {
  // Strip a trailing TAB that git adds after paths with spaces in ---/+++.
  if (absl::EndsWith(quoted, "\t")) quoted.remove_suffix(1);
  if (quoted.size() < 2 || quoted.front() != '"' || quoted.back() != '"') {
    return std::string(quoted);
  }
  std::string out;
  for (size_t i = 1; i + 1 < quoted.size(); ++i) {
    char c = quoted[i];
    if (c != '\\') {
      out.push_back(c);
      continue;
    }
    if (++i + 1 > quoted.size() - 1) {
      return absl::InvalidArgumentError(absl::StrCat("dangling backslash in quoted path ", quoted));
    }
    char e = quoted[i];
    switch (e) {
      case 'a':
        out.push_back('\a');
        break;
      case 'b':
        out.push_back('\b');
        break;
      case 't':
        out.push_back('\t');
        break;
      case 'n':
        out.push_back('\n');
        break;
      case 'v':
        out.push_back('\v');
        break;
      case 'f':
        out.push_back('\f');
        break;
      case 'r':
        out.push_back('\r');
        break;
      case '"':
        out.push_back('"');
        break;
      case '\\':
        out.push_back('\\');
        break;
      default:
        if (e >= '0' && e <= '3' && i + 2 < quoted.size() - 1) {
          int v = 0;
          for (int k = 0; k < 3; ++k) {
            char d = quoted[i + k];
            if (d < '0' || d > '7') {
              return absl::InvalidArgumentError(
                  absl::StrCat("bad octal escape in quoted path ", quoted));
            }
            v = v * 8 + (d - '0');
          }
          out.push_back(static_cast<char>(v));
          i += 2;
        } else {
          return absl::InvalidArgumentError(
              absl::StrCat("unknown escape \\", std::string(1, e), " in quoted path ", quoted));
        }
    }
  }
  return out;
}

absl::StatusOr<std::map<std::string, std::vector<OldSideChange>>> ParseZeroContextDiff(
    absl::string_view diff, absl::string_view source) {
  std::map<std::string, std::vector<OldSideChange>> result;
  std::vector<absl::string_view> lines = absl::StrSplit(diff, '\n');
  if (!lines.empty() && lines.back().empty()) lines.pop_back();

  std::string old_path, new_path;
  std::string* current = nullptr;  // hunks of the current section
  std::vector<OldSideChange>* hunks = nullptr;
  bool in_section = false;
  size_t i = 0;
  while (i < lines.size()) {
    absl::string_view line = lines[i];
    const int line_no = static_cast<int>(i) + 1;
    if (absl::StartsWith(line, "diff --git ")) {
      in_section = true;
      old_path.clear();
      new_path.clear();
      hunks = nullptr;
      current = nullptr;
      ++i;
      continue;
    }
    if (!in_section) {
      return Error(source, line_no, "expected 'diff --git'", line);
    }
    if (absl::StartsWith(line, "Binary files ")) {
      return Error(source, line_no, "binary diff has no line information", line);
    }
    if (absl::StartsWith(line, "--- ") && hunks == nullptr) {
      absl::StatusOr<std::string> p = HeaderPath(line.substr(4), 'a');
      if (!p.ok()) return Error(source, line_no, p.status().message(), line);
      old_path = *p;
      ++i;
      continue;
    }
    if (absl::StartsWith(line, "+++ ") && hunks == nullptr) {
      absl::StatusOr<std::string> p = HeaderPath(line.substr(4), 'b');
      if (!p.ok()) return Error(source, line_no, p.status().message(), line);
      new_path = *p;
      if (old_path.empty()) {
        return Error(source, line_no, "'+++' without '---'", line);
      }
      const std::string key = old_path == "/dev/null" ? new_path : old_path;
      if (key == "/dev/null") {
        return Error(source, line_no, "both sides are /dev/null", line);
      }
      if (result.count(key) != 0) {
        return Error(source, line_no, absl::StrCat("second section for ", key), line);
      }
      hunks = &result[key];
      current = &old_path;
      ++i;
      continue;
    }
    if (absl::StartsWith(line, "@@ ")) {
      if (hunks == nullptr) {
        return Error(source, line_no, "hunk before the '---'/'+++' headers", line);
      }
      size_t close = line.find(" @@", 3);
      if (close == absl::string_view::npos) {
        return Error(source, line_no, "hunk header without closing '@@'", line);
      }
      std::vector<absl::string_view> ranges = absl::StrSplit(line.substr(3, close - 3), ' ');
      uint32_t a = 0, b = 0, c = 0, d = 0;
      if (ranges.size() != 2 || ranges[0].empty() || ranges[0][0] != '-' || ranges[1].empty() ||
          ranges[1][0] != '+' || !ParseRange(ranges[0].substr(1), &a, &b) ||
          !ParseRange(ranges[1].substr(1), &c, &d)) {
        return Error(source, line_no, "expected '@@ -a[,b] +c[,d] @@'", line);
      }
      hunks->push_back({a, b});
      ++i;
      uint32_t minus = 0, plus = 0;
      while (minus < b || plus < d) {
        if (i >= lines.size()) {
          return Error(source, line_no, absl::StrCat("hunk body ends early for ", *current), line);
        }
        absl::string_view body = lines[i];
        if (absl::StartsWith(body, "-") && minus < b) {
          ++minus;
        } else if (absl::StartsWith(body, "+") && plus < d) {
          ++plus;
        } else if (!absl::StartsWith(body, "\\")) {
          return Error(source, static_cast<int>(i) + 1, "unexpected line in a -U0 hunk body", body);
        }
        ++i;
      }
      while (i < lines.size() && absl::StartsWith(lines[i], "\\")) ++i;
      continue;
    }
    // Extended header lines: index, mode, similarity, rename, ...
    if (hunks != nullptr) {
      return Error(source, line_no, "unexpected line after the hunks", line);
    }
    ++i;
  }
  return result;
}

}  // namespace corpus
}  // namespace repro
