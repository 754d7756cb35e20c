// The declared policies of the judge stage, as the exact sentences that the
// importers store in every record and the report prints. One place, so that
// a record, the code and the report can never disagree about a rule.
#ifndef REPRO_STAGES_STUDIES_JUDGE_POLICIES_H_
#define REPRO_STAGES_STUDIES_JUDGE_POLICIES_H_

namespace repro::judge::policy {

// Ground orders.
inline constexpr char kOutcomeTies[] =
    "candidates with equal outcomes are tied; every member of the first group "
    "is a true best (for pass/fail outcomes: every passing candidate)";
inline constexpr char kMissingOutcome[] =
    "a candidate without an observed outcome is left out of the ground order "
    "and of every list metric of its task (restriction to observed "
    "candidates); it is counted, never imputed as a failure or a success";
inline constexpr char kHumanMajority[] =
    "per pair, the majority of the crowd votes (A wins iff more than half of "
    "the votes say A; a 1/1/1 split or 2 tie votes is a tie); ground order = "
    "Copeland win rate over the list's pairs (win 1, tie 1/2, divided by the "
    "pairs of the candidate), equal win rates tied; intransitive majorities "
    "are kept (Copeland ranks them) and counted";

// Predicted orders.
inline constexpr char kPointwiseDerivation[] =
    "derived from pointwise scores, not a listwise call: sorted by parsed "
    "score, higher first; equal scores are tied";
inline constexpr char kPointwiseFailure[] =
    "a candidate whose score cannot be parsed is placed below every scored "
    "candidate, tied with the other unscored ones; counted as a parse failure";
inline constexpr char kListwiseDerivation[] =
    "the order returned by one listwise call; '=' marks a tie the judge "
    "declared";
inline constexpr char kListwiseFailure[] =
    "unknown ids are ignored, a repeated id keeps its first position, ids "
    "never returned are placed below every returned id, tied; an output that "
    "cannot be parsed places all candidates in one tie group (a uniformly "
    "random pick); all are counted";
inline constexpr char kPairwiseDerivation[] =
    "derived from separately prompted pairwise calls, not a listwise call: "
    "Copeland over calls (each call gives 1 to the preferred candidate, 1/2 "
    "to each on a tie verdict or an unparsed output; win rate = points / "
    "calls of the candidate), equal win rates tied";
inline constexpr char kPairwiseCredit[] =
    "per call on a ground-decisive pair: 1 if it prefers the ground-better "
    "candidate, 1/2 for a tie verdict, 0 if it prefers the worse one, 0 for "
    "an unparsed output (a failure is never credited)";

// Metrics.
inline constexpr char kPredictedTies[] =
    "predicted ties are broken uniformly at random and every list metric is "
    "the exact expectation over that tie-break (a tied pair counts 1/2)";
inline constexpr char kSpearman[] =
    "Spearman = Pearson correlation of average ranks (ties get the mean of "
    "their ranks on both sides); undefined when either side is all tied";
inline constexpr char kExclusions[] =
    "a task contributes to list metrics only if at least two observed "
    "candidates lie in different ground groups; single-candidate, "
    "fewer-than-two-observed and no-contrast tasks are counted and listed, "
    "not averaged; best-in-top-k and policy value need n > k, ordered prefix "
    "n >= k";
inline constexpr char kAveraging[] =
    "every task weighs the same (mean over tasks of per-task values)";
inline constexpr char kPolicyRule[] =
    "execute the first k candidates of the predicted order (ties uniformly "
    "random); budget k executions per task; value = outcome of the best "
    "executed candidate";
inline constexpr char kLoggedExecution[] =
    "every candidate's outcome was logged, so the policy is replayed offline "
    "without selection bias";

}  // namespace repro::judge::policy

#endif  // REPRO_STAGES_STUDIES_JUDGE_POLICIES_H_
