#include "stages/grid/reports/packing_columns.h"

#include "absl/strings/str_cat.h"
#include "stages/grid/packing_config.h"

namespace repro::grid {
namespace {

constexpr const char* kQuantities[] = {"gold_functions_covered",
                                       "gold_files_covered",
                                       "used",
                                       "left",
                                       "units_packed",
                                       "distinct_files",
                                       "redundant_pairs",
                                       "skipped_does_not_fit",
                                       "skipped_redundant",
                                       "skipped_file_quota"};

std::vector<std::string> Values(const PackingResult& p) {
  return {absl::StrCat(p.gold_functions_covered()),
          absl::StrCat(p.gold_files_covered()),
          absl::StrCat(p.used()),
          absl::StrCat(p.left()),
          absl::StrCat(p.units_packed()),
          absl::StrCat(p.distinct_files()),
          absl::StrCat(p.redundant_pairs()),
          absl::StrCat(p.skipped_does_not_fit()),
          absl::StrCat(p.skipped_redundant()),
          absl::StrCat(p.skipped_file_quota())};
}

// The header of one outcome's packings (empty without packing).
std::vector<std::string> HeaderOf(const ConditionOutcome& o) {
  std::vector<std::string> h;
  if (o.packing().empty()) return h;
  for (const PackingResult& p : o.packing()) {
    for (const char* q : kQuantities) {
      h.push_back(absl::StrCat(PackingRowName(p.budget(), p.rule()), "_", q));
    }
  }
  for (const char* f : {"units_above_every_budget", "funnel_gold_functions", "funnel_in_pool",
                        "funnel_above_cutoff", "funnel_in_packing_pool"}) {
    h.push_back(f);
  }
  for (const PackingResult& p : o.packing()) h.push_back(FunnelPackedName(p.budget(), p.rule()));
  return h;
}

}  // namespace

std::vector<std::string> PackingHeader(const GridReport& r) {
  if (!r.has_packing() || r.units().empty()) return {};
  return HeaderOf(r.units(0).outcome());
}

absl::StatusOr<std::vector<std::string>> PackingFields(const GridUnit& u,
                                                       const std::vector<std::string>& header) {
  const ConditionOutcome& o = u.outcome();
  if (HeaderOf(o) != header) {
    return absl::InvalidArgumentError(
        absl::StrCat("cells.csv, unit ", u.unit_id(),
                     ", field packing: expected the packings of every other unit (", header.size(),
                     " columns), found ", o.packing_size(), " packings"));
  }
  std::vector<std::string> row;
  for (const PackingResult& p : o.packing()) {
    for (std::string& v : Values(p)) row.push_back(std::move(v));
  }
  if (header.empty()) return row;
  int in_pool = 0, above = 0, in_packing_pool = 0;
  std::vector<int> packed(o.packing_size(), 0);
  for (const GoldFunctionState& s : o.funnel()) {
    in_pool += s.rank() > 0;
    above += s.above_cutoff();
    in_packing_pool += s.in_packing_pool();
    for (int i = 0; i < s.packed_size() && i < o.packing_size(); ++i) packed[i] += s.packed(i);
  }
  for (int v : {o.units_above_every_budget(), o.funnel_size(), in_pool, above, in_packing_pool}) {
    row.push_back(absl::StrCat(v));
  }
  for (int v : packed) row.push_back(absl::StrCat(v));
  return row;
}

}  // namespace repro::grid
