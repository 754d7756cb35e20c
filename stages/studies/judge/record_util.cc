#include "stages/studies/judge/record_util.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/utf8.h"
#include "stages/studies/judge/policies.h"

namespace repro::judge {

void ToProto(const WeakOrder& order, google::protobuf::RepeatedPtrField<TieGroup>* out) {
  out->Clear();
  for (const Group& g : order) {
    TieGroup* t = out->Add();
    for (const std::string& id : g.ids) t->add_candidate_ids(id);
    t->set_value(g.value);
  }
}

WeakOrder FromProto(const google::protobuf::RepeatedPtrField<TieGroup>& groups) {
  WeakOrder order;
  for (const TieGroup& t : groups) {
    Group g;
    g.ids.assign(t.candidate_ids().begin(), t.candidate_ids().end());
    g.value = t.value();
    order.push_back(std::move(g));
  }
  return order;
}

namespace {

// Verdict <-> PairwiseCall::Verdict; any other proto value is kUnparsed.
constexpr std::pair<Verdict, PairwiseCall::Verdict> kVerdicts[] = {
    {Verdict::kFirstBetter, PairwiseCall::FIRST_BETTER},
    {Verdict::kSecondBetter, PairwiseCall::SECOND_BETTER},
    {Verdict::kTie, PairwiseCall::TIE},
    {Verdict::kUnparsed, PairwiseCall::UNPARSED}};

}  // namespace

PairwiseCall::Verdict ToProto(Verdict verdict) {
  for (const auto& [v, p] : kVerdicts) {
    if (v == verdict) return p;
  }
  return PairwiseCall::UNPARSED;
}

Verdict FromProto(PairwiseCall::Verdict verdict) {
  for (const auto& [v, p] : kVerdicts) {
    if (p == verdict) return v;
  }
  return Verdict::kUnparsed;
}

PairwiseCall* AddPairwiseCall(const Call& call, absl::string_view raw_ref,
                              absl::string_view raw_excerpt, absl::string_view raw_sha256,
                              JudgeRecord* record) {
  PairwiseCall* pc = record->add_pairwise_calls();
  pc->set_first_id(call.first);
  pc->set_second_id(call.second);
  pc->set_verdict(ToProto(call.verdict));
  pc->set_raw_ref(std::string(raw_ref));
  pc->set_raw_excerpt(std::string(raw_excerpt));
  pc->set_raw_sha256(std::string(raw_sha256));
  return pc;
}

Comparison ToComparison(const Call& call) {
  const double first_points = call.verdict == Verdict::kFirstBetter    ? 1
                              : call.verdict == Verdict::kSecondBetter ? 0
                                                                       : 0.5;
  return {call.first, call.second, first_points};
}

std::string Excerpt(absl::string_view raw, size_t max_bytes) { return Utf8Excerpt(raw, max_bytes); }

void IssueLog::Add(absl::string_view kind, absl::string_view file, long line,
                   absl::string_view record, absl::string_view field, absl::string_view detail) {
  ImportIssue i;
  i.set_kind(std::string(kind));
  // Issues quote outside data, which may hold any bytes: keep them readable.
  i.set_file(Utf8Safe(file));
  i.set_line(line);
  i.set_record(Utf8Safe(record));
  i.set_field(Utf8Safe(field));
  i.set_detail(Utf8Safe(detail));
  issues_.push_back(std::move(i));
}

int IssueLog::Count(absl::string_view kind) const {
  return std::count_if(issues_.begin(), issues_.end(),
                       [&](const ImportIssue& i) { return i.kind() == kind; });
}

void IssueLog::WriteTo(JudgeDataset* dataset) const {
  std::vector<ImportIssue> sorted = issues_;
  auto key = [](const ImportIssue& i) {
    return std::make_tuple(i.kind(), i.file(), i.line(), i.record(), i.field(), i.detail());
  };
  std::sort(sorted.begin(), sorted.end(),
            [&](const ImportIssue& a, const ImportIssue& b) { return key(a) < key(b); });
  std::map<std::string, long> counts;
  for (const ImportIssue& i : sorted) {
    ++counts[i.kind()];
    *dataset->add_issues() = i;
  }
  for (const auto& [kind, n] : counts) {
    IssueCount* c = dataset->add_issue_counts();
    c->set_kind(kind);
    c->set_count(n);
  }
}

std::string Sha256Ref(absl::string_view bytes) { return absl::StrCat("sha256:", Sha256Hex(bytes)); }

absl::StatusOr<InputFile> FindInputFile(const std::map<std::string, std::string>& files,
                                        const std::map<std::string, std::string>& paths,
                                        absl::string_view dataset, const std::string& name) {
  auto f = files.find(name);
  if (f == files.end()) {
    return absl::NotFoundError(
        absl::StrCat(dataset, ": input file ", name, " (plain or .gz) is missing"));
  }
  auto p = paths.find(name);
  return InputFile{&f->second, p == paths.end() ? name : p->second};
}

std::string LogicalName(absl::string_view path) {
  const size_t slash = path.rfind('/');
  absl::string_view base = slash == absl::string_view::npos ? path : path.substr(slash + 1);
  absl::ConsumeSuffix(&base, ".gz");
  return std::string(base);
}

void AddLoaderCheck(JudgeDataset* dataset, absl::string_view name, absl::string_view expected,
                    absl::string_view measured) {
  LoaderCheck* c = dataset->add_loader_checks();
  c->set_name(std::string(name));
  c->set_expected(std::string(expected));
  c->set_measured(std::string(measured));
  c->set_matches(expected == measured);
}

absl::Status SetGroundFromOutcomes(JudgeRecord* record) {
  std::vector<ScoredId> scored;
  Direction direction = DIRECTION_UNSPECIFIED;
  GroundOrder* g = record->mutable_ground_order();
  g->clear_missing_ids();
  for (const ExecutionOutcome& o : record->outcomes()) {
    if (o.direction() == DIRECTION_UNSPECIFIED) {
      return absl::InvalidArgumentError(absl::StrCat(record->record_id(), ": outcome of '",
                                                     o.candidate_id(), "' has no direction"));
    }
    if (direction != DIRECTION_UNSPECIFIED && o.direction() != direction) {
      return absl::InvalidArgumentError(
          absl::StrCat(record->record_id(), ": outcomes mix metric directions"));
    }
    direction = o.direction();
    if (!o.observed()) {
      g->add_missing_ids(o.candidate_id());
      continue;
    }
    scored.push_back({o.candidate_id(), direction == LOWER_IS_BETTER ? -o.value() : o.value()});
  }
  absl::StatusOr<WeakOrder> order =
      FromScores(scored, ScoreDirection::kHigherIsBetter, Unvalued::kExclude);
  if (!order.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(record->record_id(), ": ", order.status().message()));
  }
  ToProto(*order, g->mutable_groups());
  std::sort(g->mutable_missing_ids()->begin(), g->mutable_missing_ids()->end());
  if (g->tie_policy().empty()) g->set_tie_policy(policy::kOutcomeTies);
  g->set_missing_policy(policy::kMissingOutcome);
  return absl::OkStatus();
}

absl::Status SetPredictedFromJudgements(JudgeRecord* record) {
  std::vector<ScoredId> scored;
  for (const CandidateJudgement& j : record->predicted().judgements()) {
    scored.push_back(
        {j.candidate_id(), j.parsed() ? std::optional<double>(j.score()) : std::nullopt});
  }
  absl::StatusOr<WeakOrder> order =
      FromScores(scored, ScoreDirection::kHigherIsBetter, Unvalued::kBottom);
  if (!order.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(record->record_id(), ": ", order.status().message()));
  }
  PredictedOrder* p = record->mutable_predicted();
  p->set_form(PredictedOrder::DERIVED_FROM_POINTWISE_SCORES);
  ToProto(*order, p->mutable_groups());
  p->set_derivation_policy(policy::kPointwiseDerivation);
  p->set_failure_policy(policy::kPointwiseFailure);
  return absl::OkStatus();
}

}  // namespace repro::judge
