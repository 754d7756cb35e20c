// Test data of the aggregate's tests: one cell outcome, made from its MRR.
//
// TestOutcome(task, harness, condition, dose, mrr) is a ConditionOutcome of
// that unit with `mrr`, recall@10 1 when mrr > 0 (else 0), the first gold
// rank 1 / mrr (observed) or 201 (censored, mrr 0), and, for the stale
// condition of test_conditions.h, the shared_key "<task>/<harness>".
#ifndef REPRO_STAGES_GRID_AGGREGATE_TEST_OUTCOMES_H_
#define REPRO_STAGES_GRID_AGGREGATE_TEST_OUTCOMES_H_

#include <string>

#include "stages/grid/conditions/test_conditions.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {

inline ConditionOutcome TestOutcome(const std::string& task, const std::string& harness,
                                    const std::string& condition, int dose, double mrr) {
  ConditionOutcome o;
  o.set_task_id(task);
  o.set_harness(harness);
  o.set_condition(condition);
  o.set_dose(dose);
  o.set_mrr(mrr);
  o.set_recall_at_10(mrr > 0 ? 1 : 0);
  o.set_first_gold_rank(mrr > 0 ? static_cast<int>(1 / mrr) : 201);
  o.set_first_gold_observed(mrr > 0);
  if (condition == kTestStale) o.set_shared_key(task + "/" + harness);
  return o;
}

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_AGGREGATE_TEST_OUTCOMES_H_
