#include "stages/corpus/unified_diff.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "stages/framework/pipeline/status_macros.h"

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
  ASSIGN_OR_RETURN(const std::string path, UnquoteGitPath(raw));
  if (path == "/dev/null") return path;
  const std::string prefix = std::string(1, side) + "/";
  if (!absl::StartsWith(path, prefix)) {
    return absl::InvalidArgumentError(
        absl::StrCat("path '", path, "' lacks the '", prefix, "' prefix"));
  }
  if (path.size() == prefix.size()) {
    return absl::InvalidArgumentError(absl::StrCat("empty path after the '", prefix, "' prefix"));
  }
  return path.substr(2);
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

namespace {

using ChangesByFile = std::map<std::string, std::vector<OldSideChange>>;

// One pass over the lines of a -U0 diff (see the header for the format).
class ZeroContextDiffParser {
 public:
  ZeroContextDiffParser(absl::string_view diff, absl::string_view source)
      : lines_(absl::StrSplit(diff, '\n')), source_(source) {
    if (!lines_.empty() && lines_.back().empty()) lines_.pop_back();
  }

  absl::StatusOr<ChangesByFile> Parse() && {
    while (i_ < lines_.size()) RETURN_IF_ERROR(Line());
    return std::move(result_);
  }

 private:
  absl::Status Err(absl::string_view what) const {
    return Error(source_, static_cast<int>(i_) + 1, what, lines_[i_]);
  }

  absl::Status Line() {
    const absl::string_view line = lines_[i_];
    if (absl::StartsWith(line, "diff --git ")) {
      in_section_ = true;
      old_path_.clear();
      new_path_.clear();
      hunks_ = nullptr;
      ++i_;
      return absl::OkStatus();
    }
    if (!in_section_) return Err("expected 'diff --git'");
    if (absl::StartsWith(line, "Binary files ")) {
      return Err("binary diff has no line information");
    }
    if (absl::StartsWith(line, "--- ") && hunks_ == nullptr) return OldHeader(line);
    if (absl::StartsWith(line, "+++ ") && hunks_ == nullptr) return NewHeader(line);
    if (absl::StartsWith(line, "@@ ")) return Hunk(line);
    // Extended header lines: index, mode, similarity, rename, ...
    if (hunks_ != nullptr) return Err("unexpected line after the hunks");
    ++i_;
    return absl::OkStatus();
  }

  // The path of a "--- " (side 'a') or "+++ " (side 'b') line, into *path.
  absl::Status HeaderLine(absl::string_view line, char side, std::string* path) const {
    absl::StatusOr<std::string> p = HeaderPath(line.substr(4), side);
    if (!p.ok()) return Err(p.status().message());
    *path = *std::move(p);
    return absl::OkStatus();
  }

  absl::Status OldHeader(absl::string_view line) {
    RETURN_IF_ERROR(HeaderLine(line, 'a', &old_path_));
    ++i_;
    return absl::OkStatus();
  }

  absl::Status NewHeader(absl::string_view line) {
    RETURN_IF_ERROR(HeaderLine(line, 'b', &new_path_));
    if (old_path_.empty()) return Err("'+++' without '---'");
    const std::string key = old_path_ == "/dev/null" ? new_path_ : old_path_;
    if (key == "/dev/null") return Err("both sides are /dev/null");
    if (result_.count(key) != 0) return Err(absl::StrCat("second section for ", key));
    hunks_ = &result_[key];
    ++i_;
    return absl::OkStatus();
  }

  // The header "@@ -a[,b] +c[,d] @@", then exactly b '-' and d '+' lines.
  absl::Status Hunk(absl::string_view line) {
    if (hunks_ == nullptr) return Err("hunk before the '---'/'+++' headers");
    size_t close = line.find(" @@", 3);
    if (close == absl::string_view::npos) return Err("hunk header without closing '@@'");
    std::vector<absl::string_view> ranges = absl::StrSplit(line.substr(3, close - 3), ' ');
    uint32_t a = 0, b = 0, c = 0, d = 0;
    if (ranges.size() != 2 || ranges[0].empty() || ranges[0][0] != '-' || ranges[1].empty() ||
        ranges[1][0] != '+' || !ParseRange(ranges[0].substr(1), &a, &b) ||
        !ParseRange(ranges[1].substr(1), &c, &d)) {
      return Err("expected '@@ -a[,b] +c[,d] @@'");
    }
    hunks_->push_back({a, b});
    const size_t header = i_++;
    uint32_t minus = 0, plus = 0;
    while (minus < b || plus < d) {
      if (i_ >= lines_.size()) {
        return Error(source_, static_cast<int>(header) + 1,
                     absl::StrCat("hunk body ends early for ", old_path_), line);
      }
      absl::string_view body = lines_[i_];
      if (absl::StartsWith(body, "-") && minus < b) {
        ++minus;
      } else if (absl::StartsWith(body, "+") && plus < d) {
        ++plus;
      } else if (!absl::StartsWith(body, "\\")) {
        return Err("unexpected line in a -U0 hunk body");
      }
      ++i_;
    }
    while (i_ < lines_.size() && absl::StartsWith(lines_[i_], "\\")) ++i_;
    return absl::OkStatus();
  }

  std::vector<absl::string_view> lines_;
  const absl::string_view source_;
  size_t i_ = 0;
  bool in_section_ = false;
  std::string old_path_, new_path_;
  std::vector<OldSideChange>* hunks_ = nullptr;  // of the current section, after '+++'
  ChangesByFile result_;
};

}  // namespace

absl::StatusOr<std::map<std::string, std::vector<OldSideChange>>> ParseZeroContextDiff(
    absl::string_view diff, absl::string_view source) {
  return ZeroContextDiffParser(diff, source).Parse();
}

}  // namespace corpus
}  // namespace repro
