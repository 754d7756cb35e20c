#include "stages/grid/cells/unit_costs.h"

#include <algorithm>
#include <map>

#include "absl/strings/str_cat.h"
#include "stages/corpus/token_costs/cost_program.h"
#include "stages/corpus/token_costs/stage_cost_program.h"
#include "stages/corpus/token_costs/token_costs.pb.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro::grid {
namespace {

constexpr char kCostsRole[] = "costs";

using CostTable = std::map<std::string, int64_t>;  // sha256 -> tokens

absl::Status AddTable(const google::protobuf::RepeatedPtrField<corpus::UnitCost>& units,
                      const std::string& file, std::map<std::string, int64_t>& by_sha256) {
  for (const corpus::UnitCost& u : units) {
    auto [it, added] = by_sha256.emplace(u.sha256(), u.tokens());
    if (!added && it->second != u.tokens()) {
      return absl::InvalidArgumentError(
          absl::StrCat(file, ", unit ", u.path(), u.function().empty() ? "" : "::", u.function(),
                       ", field tokens: expected ", it->second, " (another unit of sha256 ",
                       u.sha256(), "), found ", u.tokens()));
    }
  }
  return absl::OkStatus();
}

// sha256 -> tokens of the snapshot's costs (input "costs").
absl::StatusOr<std::map<std::string, int64_t>> ReadCosts(const Stage& stage, std::string* file) {
  ASSIGN_OR_RETURN(const Stage::NamedBytes in, stage.ReadNamed(kCostsRole));
  *file = in.name;
  corpus::TokenCosts costs;
  RETURN_IF_ERROR(FromJson(in.bytes, in.name, &costs));
  std::map<std::string, int64_t> out;
  RETURN_IF_ERROR(AddTable(costs.files(), in.name, out));
  RETURN_IF_ERROR(AddTable(costs.chunks(), in.name, out));
  return out;
}

// The texts of `pool` the table lacks, counted by the cell's pinned program.
absl::Status CountMissing(const Stage& stage, const std::vector<PoolEntry>& pool,
                          const std::string& costs_file, const std::string& where,
                          std::map<std::string, int64_t>& by_sha256) {
  std::map<std::string, const PoolEntry*> missing;  // sorted by sha256
  for (const PoolEntry& e : pool) {
    if (by_sha256.find(e.sha256) == by_sha256.end()) missing.emplace(e.sha256, &e);
  }
  if (missing.empty()) return absl::OkStatus();
  if (stage.Roles("cost_program").empty()) {
    const PoolEntry& e = *missing.begin()->second;
    return absl::InvalidArgumentError(absl::StrCat(where, ", unit ", e.unit.id, " (rank ", e.rank,
                                                   "), field cost: expected the tokens of its ",
                                                   "text (sha256 ", e.sha256, ") in ", costs_file,
                                                   ", found none"));
  }
  corpus::TokenizerPin pin;
  ASSIGN_OR_RETURN(
      const corpus::CostProgram program,
      corpus::PinnedCostProgram(stage, {"cost_pin", "cost_vocabulary", "cost_program"}, &pin));
  std::vector<corpus::CostUnit> units;
  for (const auto& [sha256, e] : missing) units.push_back({sha256, e->text});
  ASSIGN_OR_RETURN(const std::vector<int64_t> counts,
                   corpus::CountTokensWithProgram(program, units));
  for (size_t i = 0; i < units.size(); ++i) by_sha256[units[i].id] = counts[i];
  return absl::OkStatus();
}

}  // namespace

int64_t CountLines(absl::string_view text) {
  if (text.empty()) return 0;
  const int64_t breaks = std::count(text.begin(), text.end(), '\n');
  return breaks + (text.back() == '\n' ? 0 : 1);
}

absl::Status AddUnitCosts(const Stage& stage, experiments::PackingCost cost,
                          const std::string& where, std::vector<PoolEntry>& pool) {
  if (cost == experiments::PACKING_COST_LINES) {
    for (PoolEntry& e : pool) e.unit.cost = CountLines(e.text);
    return absl::OkStatus();
  }
  std::string costs_file;
  ASSIGN_OR_RETURN(CostTable by_sha256, ReadCosts(stage, &costs_file));
  RETURN_IF_ERROR(CountMissing(stage, pool, costs_file, where, by_sha256));
  for (PoolEntry& e : pool) e.unit.cost = by_sha256.at(e.sha256);
  return absl::OkStatus();
}

}  // namespace repro::grid
