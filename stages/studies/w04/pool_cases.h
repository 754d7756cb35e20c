// W04 as an instrument: a pool a researcher brings, read into one RerankCase
// and one PackingCase per topic for the per-topic core (rerank.h, packing.h).
//
// Inputs (docs/w04.md, "Any pool"): a PoolConfig (text proto), a baseline and
// a treatment TREC run, graded TREC qrels and a passage ledger (JSON Lines,
// one PoolPassage per line in proto3 JSON, parsed by protobuf's JSON parser).
//
// Per topic (the config's topics, in config order):
//  - RerankCase: pool id "<pool_id>/<topic>", the config's cutoff, recall
//    cutoffs, max gain and gain scale; each condition's records are its run's
//    documents (score from the run), with version hash = the ledger digest
//    and gain = the qrels grade. The core's fixed-pool proof then stops when
//    the two runs' candidate ids differ; digests and gains are read once per
//    unit, so they cannot differ between runs.
//  - PackingCase: declared rule = the config's single factor; claims = the
//    topic's declared claims; both conditions pack the treatment run's order
//    (the core's "reranked order") under the one budget, with the ledger's
//    costs, claims and clusters; the baseline applies baseline_rules, the
//    treatment those plus the single factor. A near-duplicate relation
//    between two units (either direction) is given to the later one in the
//    packing order: near_duplicate_of when DECLARED, unresolved_duplicate_of
//    when UNRESOLVED (never used to skip).
//
// Stop conditions (InvalidArgument naming the file, the topic and the field,
// expected vs found):
//  - config: budget < 1; single_factor not exactly one rule; no topic, a
//    topic twice, or a topic without a declared claim;
//  - runs and qrels: a topic of a run or of the qrels that the config lacks,
//    or a config topic a run lacks; a ranked unit the qrels do not judge (no
//    unjudged policy, as in the worked case); a grade above max_gain;
//  - ledger: a line that is not a PoolPassage; a topic the config lacks; a
//    unit twice; an empty digest or cluster; costs missing (no `cost`) or
//    negative; a claim the topic does not declare; a ledger whose ids differ
//    from the runs' (a ranked unit without a ledger line, or a ledger line
//    for a unit no run ranks); a near-duplicate relation naming a unit not in
//    the topic's pool, itself, or with no status; a cycle of near
//    duplicates (A of B, B of A; or longer);
//  - budget: a unit larger than the budget (a unit larger than every budget:
//    there is one), or a budget at least the topic's whole pool cost (every
//    unit fits: the packing comparison cannot differ).
#ifndef REPRO_STAGES_STUDIES_W04_POOL_CASES_H_
#define REPRO_STAGES_STUDIES_W04_POOL_CASES_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/studies/w04/w04.pb.h"

namespace repro::w04 {

// One input file: its workspace-relative name (for messages) and bytes.
struct PoolFile {
  std::string name;
  std::string bytes;
};

struct PoolInputs {
  PoolFile config;  // PoolConfig text proto
  PoolFile baseline_run;
  PoolFile treatment_run;
  PoolFile qrels;
  PoolFile ledger;
};

struct TopicCases {
  std::string topic;
  std::string where;  // "<runs>, topic <t>": names the topic in core errors
  RerankCase rerank;
  PackingCase packing;
};

struct PoolCases {
  PoolConfig config;
  std::vector<TopicCases> topics;
};

absl::StatusOr<PoolCases> ReadPoolCases(const PoolInputs& inputs);

// InvalidArgument "<where>, field <field>: expected <expected>, found <found>",
// the form of every error above (and of the pool export's).
absl::Status PoolInputError(const std::string& where, const std::string& field,
                            const std::string& expected, const std::string& found);

// The entry of `topics` (TrecTopicRun, TrecTopicQrels) with this qid, or null.
template <typename Topic>
const Topic* FindTopic(const std::vector<Topic>& topics, const std::string& qid) {
  for (const Topic& t : topics) {
    if (t.qid == qid) return &t;
  }
  return nullptr;
}

}  // namespace repro::w04

#endif  // REPRO_STAGES_STUDIES_W04_POOL_CASES_H_
