#include "stages/grid/aggregate/paired.h"

#include <set>
#include <string>

#include "absl/strings/str_cat.h"

namespace repro::grid {
namespace {

std::set<std::string> GoldInTop10(const ConditionOutcome& o) {
  std::set<std::string> gold;
  for (const RankedFile& f : o.files()) {
    if (f.rank() <= 10 && f.gold()) gold.insert(f.path());
  }
  return gold;
}

}  // namespace

absl::StatusOr<PairedOutcome> Pair(const ConditionOutcome& b, const ConditionOutcome& p) {
  if (b.condition() == p.condition()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "pair: expected two conditions, found condition '", b.condition(), "' on both sides"));
  }
  if (b.task_id() != p.task_id() || b.harness() != p.harness()) {
    return absl::InvalidArgumentError(absl::StrCat("pair: baseline ", b.task_id(), "/", b.harness(),
                                                   " against ", p.task_id(), "/", p.harness()));
  }
  PairedOutcome out;
  out.set_perturbation(p.condition());
  out.set_dose(p.dose());
  out.set_shared_key(p.shared_key());
  out.set_delta_recall_at_1(p.recall_at_1() - b.recall_at_1());
  out.set_delta_recall_at_5(p.recall_at_5() - b.recall_at_5());
  out.set_delta_recall_at_10(p.recall_at_10() - b.recall_at_10());
  out.set_delta_mrr(p.mrr() - b.mrr());
  out.set_delta_ndcg_at_10(p.ndcg_at_10() - b.ndcg_at_10());
  const std::set<std::string> before = GoldInTop10(b);
  const std::set<std::string> after = GoldInTop10(p);
  if (!before.empty()) {
    int kept = 0;
    for (const std::string& g : before) kept += after.count(g) ? 1 : 0;
    out.set_top10_gold_retention(static_cast<double>(kept) / before.size());
    out.set_loss_of_all_top10_gold(after.empty());
  }
  if (b.first_gold_observed() && p.first_gold_observed()) {
    out.set_rank_delta_uncensored(p.first_gold_rank() - b.first_gold_rank());
  }
  out.set_rank_delta_censored(p.first_gold_rank() - b.first_gold_rank());
  out.set_distractors_in_top10(p.distractors_in_top10());
  out.set_distractor_outranks_first_gold(p.distractor_outranks_first_gold());
  return out;
}

}  // namespace repro::grid
