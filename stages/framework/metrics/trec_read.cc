#include "stages/framework/metrics/trec_read.h"

#include <cmath>
#include <map>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::metrics {
namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

absl::Status LineError(absl::string_view file, int line, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(file, ":", line, ": ", what));
}

// Calls `row(line_number, fields)` for each non-blank line, after checking it
// has `field_count` fields; `format` names the expected line in errors.
template <typename RowFn>
absl::Status ForEachRow(absl::string_view text, absl::string_view file, size_t field_count,
                        absl::string_view format, RowFn row) {
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    std::vector<absl::string_view> fields =
        absl::StrSplit(line, absl::ByAnyChar(" \t\r\v\f"), absl::SkipEmpty());
    if (fields.empty()) continue;
    if (fields.size() != field_count) {
      return LineError(
          file, line_number,
          absl::StrCat("expected ", field_count, " fields (", format, "), found ", fields.size()));
    }
    RETURN_IF_ERROR(row(line_number, fields));
  }
  return absl::OkStatus();
}

// The entry of `qid` in `topics` (appended on first sight).
template <typename Topic>
Topic& TopicOf(std::vector<Topic>& topics, std::map<std::string, size_t>& index,
               absl::string_view qid) {
  auto [it, inserted] = index.emplace(std::string(qid), topics.size());
  if (inserted) {
    topics.emplace_back();
    topics.back().qid = std::string(qid);
  }
  return topics[it->second];
}

}  // namespace

absl::StatusOr<std::string> DecodeTrecDocno(absl::string_view docno) {
  std::string out;
  for (size_t i = 0; i < docno.size(); ++i) {
    if (docno[i] != '%') {
      out.push_back(docno[i]);
      continue;
    }
    const int hi = i + 2 < docno.size() ? HexValue(docno[i + 1]) : -1;
    const int lo = i + 2 < docno.size() ? HexValue(docno[i + 2]) : -1;
    if (i + 2 >= docno.size() || hi < 0 || lo < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("docno '", docno, "': expected '%' and two hex digits at byte ", i));
    }
    out.push_back(static_cast<char>(hi * 16 + lo));
    i += 2;
  }
  return out;
}

absl::StatusOr<std::vector<TrecTopicRun>> ParseTrecRun(absl::string_view text,
                                                       absl::string_view file) {
  std::vector<TrecTopicRun> topics;
  std::map<std::string, size_t> index;
  std::set<std::pair<std::string, std::string>> seen;
  RETURN_IF_ERROR(ForEachRow(
      text, file, 6, "<qid> Q0 <docno> <rank> <score> <tag>",
      [&](int line, const std::vector<absl::string_view>& f) -> absl::Status {
        int rank = 0;
        if (!absl::SimpleAtoi(f[3], &rank) || rank < 1) {
          return LineError(
              file, line,
              absl::StrCat("field rank: expected a positive integer, found '", f[3], "'"));
        }
        double score = 0;
        if (!absl::SimpleAtod(f[4], &score) || !std::isfinite(score)) {
          return LineError(
              file, line,
              absl::StrCat("field score: expected a finite number, found '", f[4], "'"));
        }
        absl::StatusOr<std::string> id = DecodeTrecDocno(f[2]);
        if (!id.ok())
          return LineError(file, line, absl::StrCat("field docno: ", id.status().message()));
        if (!seen.emplace(std::string(f[0]), *id).second) {
          return LineError(file, line,
                           absl::StrCat("field docno: '", *id, "' ranked twice for topic ", f[0]));
        }
        TopicOf(topics, index, f[0]).docs.push_back({*id, score});
        return absl::OkStatus();
      }));
  return topics;
}

absl::StatusOr<std::vector<TrecTopicQrels>> ParseTrecQrels(absl::string_view text,
                                                           absl::string_view file) {
  std::vector<TrecTopicQrels> topics;
  std::map<std::string, size_t> index;
  std::set<std::pair<std::string, std::string>> seen;
  RETURN_IF_ERROR(ForEachRow(
      text, file, 4, "<qid> <iteration> <docno> <grade>",
      [&](int line, const std::vector<absl::string_view>& f) -> absl::Status {
        int grade = 0;
        if (!absl::SimpleAtoi(f[3], &grade) || grade < 0) {
          return LineError(
              file, line,
              absl::StrCat("field grade: expected an integer >= 0, found '", f[3], "'"));
        }
        absl::StatusOr<std::string> id = DecodeTrecDocno(f[2]);
        if (!id.ok())
          return LineError(file, line, absl::StrCat("field docno: ", id.status().message()));
        if (!seen.emplace(std::string(f[0]), *id).second) {
          return LineError(file, line,
                           absl::StrCat("field docno: '", *id, "' judged twice for topic ", f[0]));
        }
        TopicOf(topics, index, f[0]).judgments.emplace_back(*id, grade);
        return absl::OkStatus();
      }));
  return topics;
}

}  // namespace repro::metrics
