#include "stages/grid/reports/rankings.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::grid {
namespace {

using UnitKey = std::tuple<std::string, std::string, std::string>;  // task, harness, label

absl::StatusOr<std::map<UnitKey, const ConditionOutcome*>> IndexOutcomes(
    const Conditions& conditions, const std::vector<ConditionOutcome>& outcomes) {
  std::map<UnitKey, const ConditionOutcome*> of;
  for (const ConditionOutcome& o : outcomes) {
    ASSIGN_OR_RETURN(const Condition* c, conditions.Of(o));
    of[{o.task_id(), o.harness(), c->label()}] = &o;
  }
  return of;
}

absl::Status FillRanking(const ConditionOutcome& o, const std::map<std::string, uint32_t>& index,
                         UnitRanking* out) {
  for (int i = 0; i < o.files_size(); ++i) {
    const RankedFile& f = o.files(i);
    if (f.rank() != i + 1) {
      return absl::InvalidArgumentError(absl::StrCat("unit ", out->unit_id(), ": file ", i,
                                                     " has rank ", f.rank(), ", expected ", i + 1));
    }
    out->add_file(index.at(f.path()));
    out->add_score(f.score());
    if (f.gold()) out->add_gold(i);
    if (f.distractor()) out->add_distractor(i);
  }
  *out->mutable_top_functions() = o.top_functions();
  return absl::OkStatus();
}

absl::Status Ascending(const google::protobuf::RepeatedField<uint32_t>& positions, int size,
                       absl::string_view where, absl::string_view field) {
  for (int i = 0; i < positions.size(); ++i) {
    if (positions[i] >= static_cast<uint32_t>(size) ||
        (i > 0 && positions[i] <= positions[i - 1])) {
      return absl::InvalidArgumentError(absl::StrCat(
          where, ": ", field, "[", i, "] is ", positions[i], ", expected ascending and < ", size));
    }
  }
  return absl::OkStatus();
}

absl::Status ValidateUnit(const UnitRanking& u, int paths, absl::string_view where) {
  if (u.score_size() != u.file_size()) {
    return absl::InvalidArgumentError(absl::StrCat(
        where, ": ", u.score_size(), " scores, expected one per file (", u.file_size(), ")"));
  }
  for (int i = 0; i < u.file_size(); ++i) {
    if (u.file(i) >= static_cast<uint32_t>(paths)) {
      return absl::InvalidArgumentError(absl::StrCat(where, ": file[", i, "] is ", u.file(i),
                                                     ", expected a path index < ", paths));
    }
  }
  RETURN_IF_ERROR(Ascending(u.gold(), u.file_size(), where, "gold"));
  return Ascending(u.distractor(), u.file_size(), where, "distractor");
}

}  // namespace

absl::StatusOr<Rankings> BuildRankings(const Conditions& conditions,
                                       const google::protobuf::RepeatedPtrField<GridUnit>& units,
                                       const std::vector<ConditionOutcome>& outcomes) {
  ASSIGN_OR_RETURN(const auto of, IndexOutcomes(conditions, outcomes));
  std::map<std::string, uint32_t> index;  // path -> position in Rankings.paths
  for (const ConditionOutcome& o : outcomes) {
    for (const RankedFile& f : o.files()) index.emplace(f.path(), 0);
  }
  Rankings rankings;
  for (auto& [path, i] : index) {
    i = static_cast<uint32_t>(rankings.paths_size());
    rankings.add_paths(path);
  }
  for (const GridUnit& u : units) {
    const auto o = of.find({u.task_id(), u.harness(), u.label()});
    if (o == of.end()) {
      return absl::InvalidArgumentError(absl::StrCat("unit ", u.unit_id(), ": no outcome"));
    }
    UnitRanking* r = rankings.add_units();
    r->set_unit_id(u.unit_id());
    RETURN_IF_ERROR(FillRanking(*o->second, index, r));
  }
  return rankings;
}

Rankings MergeRankings(const std::vector<Rankings>& parts) {
  std::map<std::string, uint32_t> index;
  for (const Rankings& p : parts) {
    for (const std::string& path : p.paths()) index.emplace(path, 0);
  }
  Rankings merged;
  for (auto& [path, i] : index) {
    i = static_cast<uint32_t>(merged.paths_size());
    merged.add_paths(path);
  }
  for (const Rankings& p : parts) {
    for (const UnitRanking& u : p.units()) {
      UnitRanking* m = merged.add_units();
      *m = u;
      for (int i = 0; i < m->file_size(); ++i) m->set_file(i, index.at(p.paths(u.file(i))));
    }
  }
  return merged;
}

absl::Status ValidateRankings(const Rankings& rankings, const std::vector<std::string>& unit_ids,
                              absl::string_view file) {
  for (int i = 1; i < rankings.paths_size(); ++i) {
    if (rankings.paths(i - 1) >= rankings.paths(i)) {
      return absl::InvalidArgumentError(absl::StrCat(file, ": paths[", i, "] '", rankings.paths(i),
                                                     "': expected strictly ascending paths"));
    }
  }
  if (rankings.units_size() != static_cast<int>(unit_ids.size())) {
    return absl::InvalidArgumentError(absl::StrCat(file, ": ", rankings.units_size(),
                                                   " units, expected ", unit_ids.size(),
                                                   " (one per unit of report.json)"));
  }
  for (int i = 0; i < rankings.units_size(); ++i) {
    const UnitRanking& u = rankings.units(i);
    const std::string where = absl::StrCat(file, ": units[", i, "] (", u.unit_id(), ")");
    if (u.unit_id() != unit_ids[i]) {
      return absl::InvalidArgumentError(
          absl::StrCat(where, ": unit_id, expected '", unit_ids[i], "' (report.json's order)"));
    }
    RETURN_IF_ERROR(ValidateUnit(u, rankings.paths_size(), where));
  }
  return absl::OkStatus();
}

std::vector<RankedFile> RankedFiles(const Rankings& rankings, int unit) {
  const UnitRanking& u = rankings.units(unit);
  std::vector<RankedFile> files(u.file_size());
  for (int i = 0; i < u.file_size(); ++i) {
    files[i].set_rank(i + 1);
    files[i].set_path(rankings.paths(u.file(i)));
    files[i].set_score(u.score(i));
  }
  for (uint32_t p : u.gold()) files[p].set_gold(true);
  for (uint32_t p : u.distractor()) files[p].set_distractor(true);
  return files;
}

}  // namespace repro::grid
