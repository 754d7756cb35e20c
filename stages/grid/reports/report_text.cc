#include "stages/grid/reports/report_text.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_format.h"

namespace repro::grid {

std::string F4(double x) {
  std::string out = absl::StrFormat("%.4f", x);
  return out == "-0.0000" ? "0.0000" : out;
}

std::string IntervalText(const Interval& i) {
  return absl::StrCat(F4(i.mean()), " [", F4(i.low()), ", ", F4(i.high()), "]");
}

std::string Rank(const ConditionOutcome& o) {
  return o.first_gold_observed() ? absl::StrCat(o.first_gold_rank())
                                 : absl::StrCat(">", o.candidate_limit());
}

std::string LanguagesText(const GridReport& r) {
  return r.languages().empty() ? "the set's languages" : absl::StrJoin(r.languages(), ", ");
}

std::vector<const Condition*> ExtraKinds(const GridReport& r) {
  return KindsOutsideTheCells(r.conditions());
}

std::vector<const Condition*> OutsideTheCells(const GridReport& r) {
  std::set<std::pair<std::string, int>> in_cells;
  for (const Cell& c : r.cells()) {
    in_cells.insert({c.baseline().condition(), 0});
    in_cells.insert({c.s001().condition(), std::max(c.s001().s001_depth(), 1)});
    in_cells.insert({c.s002().condition(), c.s002().dose()});
  }
  std::vector<const Condition*> out;
  for (const Condition& c : r.conditions()) {
    if (!in_cells.count({c.id(), c.parameter()})) out.push_back(&c);
  }
  return out;
}

}  // namespace repro::grid
