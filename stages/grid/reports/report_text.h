// The pieces every part of the grid report (report_writer.h) is written with:
//  - Writer: report.md line by line, and its tokens; Writer::Cell prints a
//    summary row's "mean [low, high]" and records it as the token
//    "<harness or comparison>.<condition label>.<metric>"; Finish checks that
//    every token is verbatim in the Markdown (tokens::ValidateTokens);
//  - Summaries: the aggregate's summary rows by harness, condition, dose and
//    metric;
//  - TableHead: a Markdown table's header and rule lines;
//  - the formats: F4 (4 decimals, never "-0.0000"), IntervalText
//    ("m [low, high]"), Rank (a censored first-gold rank is ">200"), and the
//    set's languages as the report names them.
// Nothing here decides what a section says; the sections do.
#ifndef REPRO_STAGES_GRID_REPORTS_REPORT_TEXT_H_
#define REPRO_STAGES_GRID_REPORTS_REPORT_TEXT_H_

#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/tokens/tokens.h"
#include "stages/grid/conditions/conditions.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

// 4 decimals; a value that rounds to zero prints "0.0000", never "-0.0000".
std::string F4(double x);

std::string IntervalText(const Interval& i);

// The first-gold rank, or ">candidate_limit" when it was censored.
std::string Rank(const ConditionOutcome& o);

// The task set's languages as the report names them: "go", "javascript, python".
// "the set's languages" when the report has none (an aggregate without rules
// inputs: tests).
std::string LanguagesText(const GridReport& r);

// The conditions of the kinds outside the composite cells (S003), one per
// id, in table order.
std::vector<const Condition*> ExtraKinds(const GridReport& r);

// The report's conditions that no composite cell holds (every S001 depth
// after the first, and the kinds outside the cells, such as S003), in table
// order: read from the cells' own outcomes, so the per-task and comparison
// tables give each of them columns of its own after the cells' columns.
std::vector<const Condition*> OutsideTheCells(const GridReport& r);

class Summaries {
 public:
  explicit Summaries(const GridReport& r) {
    for (const Summary& s : r.summaries()) {
      rows_[{s.harness(), s.condition(), s.dose(), s.metric()}] = &s;
    }
  }
  const Summary* Get(const std::string& h, const std::string& c, int d,
                     const std::string& m) const {
    auto it = rows_.find({h, c, d, m});
    return it == rows_.end() ? nullptr : it->second;
  }

 private:
  std::map<std::tuple<std::string, std::string, int, std::string>, const Summary*> rows_;
};

// The ids of the kinds the report's sections are about.
using Names = CellKindIds;

class Writer {
 public:
  Writer(const Summaries& s, const Conditions& c) : s_(s), conditions_(c), n_(c) {}
  // The condition ids every section names.
  const Names& n() const { return n_; }
  void Line(const std::string& s = "") { absl::StrAppend(&md_, s, "\n"); }
  std::string Token(const std::string& key, const std::string& value) {
    return tokens_.Add(key, value);
  }
  // The interval text of a summary row, recorded as a token; "n/a" if absent.
  std::string Cell(const std::string& h, const std::string& c, int d, const std::string& m) {
    const Summary* s = s_.Get(h, c, d, m);
    if (s == nullptr) return "n/a";
    // Rows of a dose or depth carry the condition's label (S002.d5,
    // S001.k10); the baseline and the composite cells' S001 (dose 0) the id.
    return Token(absl::StrCat(h, ".", conditions_.Label(c, d), ".", m), IntervalText(s->value()));
  }
  // The Summary row itself, or null.
  const Summary* Find(const std::string& h, const std::string& c, int d,
                      const std::string& m) const {
    return s_.Get(h, c, d, m);
  }
  // The report's name of a Summary row's (condition, dose): "S002.d5", "S003".
  std::string Label(const std::string& c, int d) const { return conditions_.Label(c, d); }
  // The Markdown and its tokens (sorted, checked: tokens::ValidateTokens).
  absl::Status Finish(std::string* markdown, tokens::TokenList* tokens) && {
    *tokens = std::move(tokens_).Finish();
    RETURN_IF_ERROR(tokens::ValidateTokens(*tokens, md_, "report.md"));
    *markdown = std::move(md_);
    return absl::OkStatus();
  }

 private:
  const Summaries& s_;
  const Conditions& conditions_;
  const Names n_;
  std::string md_;
  tokens::TokenWriter tokens_;
};

// A table's header line and its rule line, one column at a time.
struct TableHead {
  TableHead& Column(const std::string& name, const char* rule_cell = "---") {
    absl::StrAppend(&header, " ", name, " |");
    absl::StrAppend(&rule, rule_cell, "|");
    return *this;
  }
  void WriteTo(Writer& w) const {
    w.Line(header);
    w.Line(rule);
  }
  std::string header = "|", rule = "|";
};

// cell_of(name) for every name, joined by "; ".
template <typename Names, typename CellOf>
std::string Joined(const Names& names, CellOf cell_of) {
  std::vector<std::string> parts;
  for (const auto& name : names) parts.push_back(cell_of(name));
  return absl::StrJoin(parts, "; ");
}

// The names of the harnesses whose description satisfies `keep`, joined.
template <typename Keep>
std::string HarnessesWhere(const GridReport& r, Keep keep) {
  std::vector<std::string> names;
  for (const HarnessDescription& h : r.harness_descriptions()) {
    if (keep(h)) names.push_back(h.name());
  }
  return absl::StrJoin(names, ", ");
}

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_REPORTS_REPORT_TEXT_H_
