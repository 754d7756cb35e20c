// Loading and validating the frozen harness configs (HarnessConfig in
// retrieval.proto; data/harnesses/<name>.textproto).
//
// Every parameter must be written in the file; nothing defaults:
//  - name (equal to the file's base name without ".textproto"), description;
//  - document_unit; query_field; tokenizer (equal to kTokenizerVersion);
//  - 0 < bm25.k1 <= 10 (finite), 0 <= bm25.b <= 1 (NaN rejected);
//  - the unsigned fields in range, checked as uint32 (the value as written,
//    never wrapped to int): 1 <= candidate_limit, fusion.rrf_k,
//    fusion.leg_depth <= 1000000; 1 <= dense.dims <= 65536;
//  - compare_with: unique names, none empty or equal to the config's own name
//    (that each names a harness of the grid is checked by the aggregation);
//  - DOCUMENT_UNIT_FILES: no dense, no fusion block;
//  - DOCUMENT_UNIT_FUNCTION_CHUNKS: dense {backend, dims >= 1, and for
//    DENSE_BACKEND_LSA the lsa_model label and no pinned_model (the pipeline's
//    own models are pinned per experiment, stages/experiments/model_pins.h);
//    for DENSE_BACKEND_SERVER_CACHE one or more pinned_model with
//    corpus_repository (sorted, unique), model_id and the model's 64-hex
//    sha256; the vector cache file is pinned by the experiment,
//    stages/experiments/model_pins.h} and fusion {rrf_k, leg_depth}.
//  - external (an external harness, docs/external_harness.md): program, a
//    label "//package:name" of [A-Za-z0-9_./:-] without ".."; 1 <=
//    timeout_seconds <= 3600; 64 <= memory_mb <= 65536; then no tokenizer,
//    bm25, dense or fusion (name, description, document_unit, query_field,
//    candidate_limit and compare_with as above).
//  - rerank (a reranker, docs/rerank.md): first_stage, a name other than
//    its own; 1 <= k <= 1000000; scorer RERANK_SCORER_DENSE with the dense
//    block as above; then no tokenizer, bm25, fusion or external (name,
//    description, document_unit, query_field, candidate_limit and
//    compare_with as above).
//  - pinned_runs (a pinned-runs harness, docs/run_cache.md): system, not
//    empty; then no external, tokenizer, bm25, dense or fusion (the rest as
//    for an external harness).
// Errors: InvalidArgument "<file>: HarnessConfig.<field>: expected ..., found ...".
//
// The config hash (HarnessConfigSha256) is the sha256 of the deterministic
// binary serialization of the parsed message, so comments and layout of the
// text file do not change it.
#ifndef REPRO_STAGES_RETRIEVAL_HARNESS_CONFIG_H_
#define REPRO_STAGES_RETRIEVAL_HARNESS_CONFIG_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "stages/retrieval/retrieval.pb.h"

namespace repro::retrieval {

absl::Status ValidateHarnessConfig(const HarnessConfig& config, absl::string_view source);

// The rerankers of one grid against the grid's other configs (`sources[i]`
// names configs[i] in errors): the first stage is a harness of the grid,
// built in (neither a reranker nor external), with the reranker's
// document_unit and candidate_limit, k <= its candidate_limit, and, when it
// has a dense leg, the reranker's dense block. Each config was validated.
absl::Status ValidateRerankers(absl::Span<const HarnessConfig> configs,
                               absl::Span<const std::string> sources);

// Parses (textproto.h, errors with file:line:col) and validates. When
// `file_name` ends in "<x>.textproto", config.name must be "<x>".
absl::StatusOr<HarnessConfig> ParseHarnessConfig(absl::string_view text,
                                                 absl::string_view file_name);

// Reads, parses and validates a config file.
absl::StatusOr<HarnessConfig> LoadHarnessConfig(const std::string& path);

std::string HarnessConfigSha256(const HarnessConfig& config);

// The task text the config asks for: `query` or `reformulation`. A task
// file may leave the reformulation out when no harness searches with it; a
// harness that does, given an empty one, is FailedPrecondition naming the
// harness, the task and the field.
absl::StatusOr<absl::string_view> SelectQuery(const HarnessConfig& config,
                                              absl::string_view task_id, absl::string_view query,
                                              absl::string_view reformulation);

// DENSE_BACKEND_SERVER_CACHE: the pinned model for corpora of `repository`,
// or FailedPrecondition naming the harness, the repository and the
// repositories that have one.
absl::StatusOr<PinnedModel> PinnedModelFor(const HarnessConfig& config,
                                           absl::string_view repository);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_HARNESS_CONFIG_H_
