#include "stages/framework/tokens/tokens.h"

#include <algorithm>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace repro::tokens {

std::string TokenWriter::Add(std::string key, std::string value) {
  tokens_.emplace_back(std::move(key), value);
  return value;
}

TokenList TokenWriter::Finish() && {
  std::sort(tokens_.begin(), tokens_.end());
  tokens_.erase(std::unique(tokens_.begin(), tokens_.end()), tokens_.end());
  return std::move(tokens_);
}

absl::Status ValidateTokens(const TokenList& tokens, absl::string_view text,
                            absl::string_view report_name) {
  std::map<absl::string_view, absl::string_view> seen;
  for (const auto& [key, value] : tokens) {
    auto error = [&](absl::string_view what) {
      return absl::InvalidArgumentError(
          absl::StrCat(report_name, ": token '", key, "' (value '", value, "'): ", what));
    };
    if (key.empty()) return error("expected a non-empty key");
    if (key[0] == '#') return error("expected a key that does not start with '#'");
    if (key.find_first_of("\t\n") != std::string::npos)
      return error("the key holds a tab or newline");
    if (value.find_first_of("\t\n") != std::string::npos) {
      return error("the value holds a tab or newline");
    }
    auto [it, inserted] = seen.emplace(key, value);
    if (!inserted) return error(absl::StrCat("the key repeats, with value '", it->second, "'"));
    if (text.find(value) == absl::string_view::npos) {
      return error("expected the value verbatim in the report, found it nowhere");
    }
  }
  return absl::OkStatus();
}

std::string TokensToText(const TokenList& tokens) {
  std::string out;
  for (const auto& [k, v] : tokens) absl::StrAppend(&out, k, "\t", v, "\n");
  return out;
}

absl::StatusOr<TokenList> ParseTokens(absl::string_view text, absl::string_view file) {
  TokenList tokens;
  std::map<std::string, int> seen;
  int line_no = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    if (tab == absl::string_view::npos || tab == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(file, ":", line_no, ": expected '<key><TAB><value>'"));
    }
    std::string key(line.substr(0, tab));
    auto [it, inserted] = seen.emplace(key, line_no);
    if (!inserted) {
      return absl::InvalidArgumentError(
          absl::StrCat(file, ":", line_no, ": key '", key, "' repeats line ", it->second));
    }
    tokens.emplace_back(std::move(key), std::string(line.substr(tab + 1)));
  }
  return tokens;
}

std::vector<std::string> CompareTokens(const TokenList& frozen, const TokenList& generated,
                                       absl::string_view report_text) {
  std::map<std::string, std::string> f(frozen.begin(), frozen.end());
  std::map<std::string, std::string> g(generated.begin(), generated.end());
  std::vector<std::string> diffs;
  for (const auto& [key, value] : f) {
    auto it = g.find(key);
    if (it == g.end()) {
      diffs.push_back(
          absl::StrCat("missing: ", key, " (frozen '", value, "') is no longer reported"));
      continue;
    }
    if (it->second != value) {
      diffs.push_back(
          absl::StrCat("changed: ", key, ": frozen '", value, "', now '", it->second, "'"));
      continue;  // its frozen value is gone from the report by definition
    }
    if (report_text.find(value) == absl::string_view::npos) {
      diffs.push_back(absl::StrCat("not in report: ", key, " = '", value, "'"));
    }
  }
  for (const auto& [key, value] : g) {
    if (f.count(key) == 0) {
      diffs.push_back(absl::StrCat("new: ", key, " = '", value, "' is not frozen"));
    }
  }
  return diffs;
}

}  // namespace repro::tokens
