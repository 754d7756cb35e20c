// Helpers shared by the importers: conversion between WeakOrder and the
// record's TieGroups, between a judge's pairwise Call and the record's
// PairwiseCall, an issue log for bad input, and raw-output excerpts.
//
// IssueLog collects ImportIssues (kind, file, line, record, field, detail)
// and writes them into a JudgeDataset sorted by (kind, file, line, record,
// field, detail), with per-kind counts sorted by kind. Importers never drop
// bad input silently: every skip goes through Add().
#ifndef REPRO_STAGES_STUDIES_JUDGE_RECORD_UTIL_H_
#define REPRO_STAGES_STUDIES_JUDGE_RECORD_UTIL_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/repeated_field.h"
#include "stages/studies/judge/copeland.h"
#include "stages/studies/judge/judge.pb.h"
#include "stages/studies/judge/pairwise_metrics.h"
#include "stages/studies/judge/weak_order.h"

namespace repro::judge {

void ToProto(const WeakOrder& order, google::protobuf::RepeatedPtrField<TieGroup>* out);
WeakOrder FromProto(const google::protobuf::RepeatedPtrField<TieGroup>& groups);

PairwiseCall::Verdict ToProto(Verdict verdict);
Verdict FromProto(PairwiseCall::Verdict verdict);

// Appends `call` to record->pairwise_calls with where its raw output is;
// returns the new call (for fields an importer adds).
PairwiseCall* AddPairwiseCall(const Call& call, absl::string_view raw_ref,
                              absl::string_view raw_excerpt, absl::string_view raw_sha256,
                              JudgeRecord* record);

// The call as a Copeland comparison (policy::kPairwiseDerivation): 1 to the
// preferred side, 1/2 each for a tie or an unparsed verdict.
Comparison ToComparison(const Call& call);

// First `max_bytes` bytes of `raw` (cut at a UTF-8 boundary), with "..."
// appended when cut; invalid UTF-8 bytes as \xNN (Utf8Excerpt, utf8.h).
std::string Excerpt(absl::string_view raw, size_t max_bytes = 200);

// Issues of an import. Add() stores every text argument with invalid UTF-8
// bytes written as \xNN (Utf8Safe), so that the dataset stays readable.
class IssueLog {
 public:
  void Add(absl::string_view kind, absl::string_view file, long line, absl::string_view record,
           absl::string_view field, absl::string_view detail);
  int Count(absl::string_view kind) const;
  // Appends the issues and counts to `dataset` (sorted).
  void WriteTo(JudgeDataset* dataset) const;

 private:
  std::vector<ImportIssue> issues_;
};

// "sha256:<hex>".
std::string Sha256Ref(absl::string_view bytes);

// One input file of an importer: its bytes and the path that issues and raw
// references name.
struct InputFile {
  const std::string* bytes = nullptr;
  std::string path;
};

// The file with logical name `name` from `files` (logical name -> bytes),
// with its path from `paths` (logical name -> workspace-relative path; the
// name itself when absent). NotFound "<dataset>: input file <name> (plain or
// .gz) is missing" otherwise.
absl::StatusOr<InputFile> FindInputFile(const std::map<std::string, std::string>& files,
                                        const std::map<std::string, std::string>& paths,
                                        absl::string_view dataset, const std::string& name);

// The logical file name of an input: its base name without a ".gz" suffix.
std::string LogicalName(absl::string_view path);

// Fills record->ground_order from record->outcomes: observed outcomes only
// (policy::kMissingOutcome), tied when equal (policy::kOutcomeTies), group
// values as utilities (the outcome, negated for LOWER_IS_BETTER). All
// outcomes of a record must share one direction (InvalidArgument otherwise).
absl::Status SetGroundFromOutcomes(JudgeRecord* record);

// Fills record->predicted groups from its pointwise judgements
// (policy::kPointwiseDerivation, policy::kPointwiseFailure).
absl::Status SetPredictedFromJudgements(JudgeRecord* record);

void AddLoaderCheck(JudgeDataset* dataset, absl::string_view name, absl::string_view expected,
                    absl::string_view measured);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_RECORD_UTIL_H_
