// The text of judge.md as report_writer.cc builds it: Markdown table rows,
// number formats and the tokens the sections record (report_writer.h states
// the formats and the token rules). Private to the judge report.
//
// F3 formats a mean or bound with 3 decimals. Md makes a string a Markdown
// table cell (pipes escaped, newlines flattened); Row joins cells into one
// table row with its '\n', Rule(n) is the separator row of an n-column
// table, Chomp drops a row's '\n' (a token value). Defined returns the
// estimate of `metric` when it has a mean, else nullptr.
//
// Page is judge.md while it is written, and its tokens. Token adds one
// (spaces in the key become '_'); Cell returns "<mean> [<lo>, <hi>] (<n>)",
// or "n/a" when the metric has no mean, and records the cell as the token
// `token_key` unless that is empty. SectionWriter is the base of the
// classes that write the sections onto a Page.
#ifndef REPRO_STAGES_STUDIES_JUDGE_INTERNAL_REPORT_TEXT_H_
#define REPRO_STAGES_STUDIES_JUDGE_INTERNAL_REPORT_TEXT_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "google/protobuf/repeated_field.h"
#include "stages/framework/tokens/tokens.h"
#include "stages/studies/judge/judge.pb.h"

namespace repro::judge::internal {

using Estimates = google::protobuf::RepeatedPtrField<MetricEstimate>;

std::string F3(double v);
std::string Md(const std::string& s);
std::string Row(const std::vector<std::string>& cells);
std::string Rule(size_t n);
std::string Chomp(const std::string& row);
const MetricEstimate* Defined(const Estimates& metrics, absl::string_view metric);

struct Page {
  void Token(const std::string& key, const std::string& value);
  std::string Cell(const Estimates& metrics, const std::string& name, const std::string& token_key);

  std::string md;
  tokens::TokenWriter tokens;
};

// The base of the section writers: md_ is the page's judge.md, Token and Cell
// the page's.
class SectionWriter {
 protected:
  explicit SectionWriter(Page* page) : page_(page), md_(page->md) {}

  void Token(const std::string& key, const std::string& value) { page_->Token(key, value); }
  std::string Cell(const Estimates& metrics, const std::string& name,
                   const std::string& token_key) {
    return page_->Cell(metrics, name, token_key);
  }

  Page* page_;
  std::string& md_;
};

}  // namespace repro::judge::internal

#endif  // REPRO_STAGES_STUDIES_JUDGE_INTERNAL_REPORT_TEXT_H_
