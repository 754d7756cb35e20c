#include "stages/grid/aggregate/unit_shard.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/aggregate/paired.h"
#include "stages/grid/conditions/conditions.h"
#include "stages/grid/reports/rankings.h"

namespace repro::grid {
namespace {

using LabelKey = std::tuple<std::string, std::string, std::string>;  // task, harness, label

std::string KeyName(const LabelKey& k) {
  return absl::StrCat("task ", std::get<0>(k), ", harness ", std::get<1>(k), ", label ",
                      std::get<2>(k));
}

// The outcomes by task, harness and label; every outcome of the lists' tasks
// and harnesses, once.
absl::StatusOr<std::map<LabelKey, const ConditionOutcome*>> Index(
    const Conditions& conditions, const std::vector<std::string>& task_ids,
    const std::vector<std::string>& harnesses, const std::vector<ConditionOutcome>& outcomes) {
  const std::set<std::string> tasks(task_ids.begin(), task_ids.end());
  const std::set<std::string> names(harnesses.begin(), harnesses.end());
  std::map<LabelKey, const ConditionOutcome*> of;
  for (const ConditionOutcome& o : outcomes) {
    ASSIGN_OR_RETURN(const Condition* c, conditions.Of(o));
    const LabelKey key{o.task_id(), o.harness(), c->label()};
    if (!tasks.count(o.task_id()) || !names.count(o.harness())) {
      return absl::InvalidArgumentError(
          absl::StrCat("outcome of ", KeyName(key), ": not a task and harness of this shard"));
    }
    if (!of.emplace(key, &o).second) {
      return absl::InvalidArgumentError(absl::StrCat("duplicate outcome: ", KeyName(key)));
    }
  }
  return of;
}

int GoldReturned(const ConditionOutcome& o) {
  return static_cast<int>(std::count_if(o.files().begin(), o.files().end(),
                                        [](const RankedFile& f) { return f.gold(); }));
}

absl::StatusOr<const ConditionOutcome*> Find(const std::map<LabelKey, const ConditionOutcome*>& of,
                                             const LabelKey& key) {
  const auto it = of.find(key);
  if (it == of.end()) {
    return absl::InvalidArgumentError(absl::StrCat("missing outcome: ", KeyName(key)));
  }
  return it->second;
}

absl::Status AddUnit(const Conditions& conditions, const Condition& c, const LabelKey& key,
                     const std::map<LabelKey, const ConditionOutcome*>& of, UnitShard* shard) {
  const auto& [task, harness, label] = key;
  ASSIGN_OR_RETURN(const ConditionOutcome* o, Find(of, key));
  GridUnit* u = shard->add_units();
  u->set_unit_id(absl::StrCat(task, "/", harness, "/", label));
  u->set_task_id(task);
  u->set_harness(harness);
  u->set_condition(c.id());
  u->set_parameter(c.parameter());
  u->set_label(label);
  u->set_cell_suffix(c.cell_suffix());
  u->set_gold_returned(GoldReturned(*o));
  *u->mutable_outcome() = *o;
  u->mutable_outcome()->clear_files();
  u->mutable_outcome()->clear_top_functions();
  u->mutable_outcome()->clear_distractors();
  // The packing pool and the packed and skipped ids stay in the cell's
  // outcome; the unit keeps the counts and the funnel.
  u->mutable_outcome()->clear_packing_pool();
  for (PackingResult& r : *u->mutable_outcome()->mutable_packing()) {
    r.clear_skipped();
    r.clear_packed();
  }
  if (c.paired_with().empty()) return absl::OkStatus();
  ASSIGN_OR_RETURN(const ConditionOutcome* base,
                   Find(of, {task, harness, conditions.Label(c.paired_with(), 0)}));
  ASSIGN_OR_RETURN(*u->mutable_paired(), Pair(*base, *o));
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<UnitShard> BuildUnitShard(const ConditionTable& table,
                                         const std::vector<std::string>& task_ids,
                                         const std::vector<std::string>& harnesses,
                                         const std::vector<ConditionOutcome>& outcomes) {
  ASSIGN_OR_RETURN(const Conditions conditions, Conditions::Create(table));
  ASSIGN_OR_RETURN(const auto of, Index(conditions, task_ids, harnesses, outcomes));
  UnitShard shard;
  for (const std::string& task : task_ids) {
    for (const std::string& harness : harnesses) {
      for (const Condition& c : conditions.all()) {
        RETURN_IF_ERROR(AddUnit(conditions, c, {task, harness, c.label()}, of, &shard));
      }
    }
  }
  ASSIGN_OR_RETURN(*shard.mutable_rankings(), BuildRankings(conditions, shard.units(), outcomes));
  return shard;
}

}  // namespace repro::grid
