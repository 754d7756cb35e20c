#include "stages/retrieval/harness_config.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "google/protobuf/util/message_differencer.h"
#include "stages/framework/pipeline/deterministic_proto.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/retrieval/tokenizer.h"

namespace repro::retrieval {
namespace {

constexpr double kMaxBm25K1 = 10;
// The unsigned fields are used as int (ranks, depths, the RRF constant) and
// candidate_limit + 1 is the censored rank: every one has an upper bound far
// below INT32_MAX, so no value wraps.
constexpr uint32_t kMaxCount = 1000000;        // candidate_limit, fusion.rrf_k, fusion.leg_depth
constexpr uint32_t kMaxDims = 65536;           // dense.dims (float32 per text and chunk)
constexpr uint32_t kMaxTimeoutSeconds = 3600;  // external.timeout_seconds
constexpr uint32_t kMinMemoryMb = 64;          // external.memory_mb: a Python interpreter starts
constexpr uint32_t kMaxMemoryMb = 65536;

absl::Status Bad(absl::string_view source, absl::string_view field, absl::string_view expected,
                 absl::string_view found) {
  return absl::InvalidArgumentError(
      absl::StrCat(source, ": HarnessConfig.", field, ": expected ", expected, ", found ", found));
}

absl::Status Missing(absl::string_view source, absl::string_view field) {
  return Bad(source, field, "a value", "none (every parameter must be written)");
}

// An unsigned field in [1, max], the value shown as written (uint32).
absl::Status CheckCount(absl::string_view source, absl::string_view field, uint32_t value,
                        uint32_t max) {
  if (value >= 1 && value <= max) return absl::OkStatus();
  return Bad(source, field, absl::StrCat("an integer in [1, ", max, "]"), absl::StrCat(value));
}

bool IsHex64(absl::string_view s) {
  return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) {
           return absl::ascii_isdigit(c) || (c >= 'a' && c <= 'f');
         });
}

// name, description, document_unit and query_field.
absl::Status ValidateNameUnitAndQuery(const HarnessConfig& c, absl::string_view source) {
  if (!c.has_name() || c.name().empty()) return Missing(source, "name");
  if (!c.has_description()) return Missing(source, "description");
  if (!c.has_document_unit() || c.document_unit() == DOCUMENT_UNIT_UNSPECIFIED) {
    return Missing(source, "document_unit");
  }
  // Proto3 enums are open: a number such as 7 parses; it is not a value.
  if (!DocumentUnit_IsValid(c.document_unit())) {
    return Bad(source, "document_unit", "DOCUMENT_UNIT_FILES or DOCUMENT_UNIT_FUNCTION_CHUNKS",
               absl::StrCat(c.document_unit()));
  }
  if (!c.has_query_field() || c.query_field() == QUERY_FIELD_UNSPECIFIED) {
    return Missing(source, "query_field");
  }
  if (!QueryField_IsValid(c.query_field())) {
    return Bad(source, "query_field", "QUERY_FIELD_QUERY or QUERY_FIELD_REFORMULATION",
               absl::StrCat(c.query_field()));
  }
  return absl::OkStatus();
}

absl::Status ValidateTokenizer(const HarnessConfig& c, absl::string_view source) {
  if (!c.has_tokenizer()) return Missing(source, "tokenizer");
  if (c.tokenizer() != kTokenizerVersion) {
    return Bad(source, "tokenizer",
               absl::StrCat("\"", kTokenizerVersion, "\" (the built tokenizer)"),
               absl::StrCat("\"", c.tokenizer(), "\""));
  }
  return absl::OkStatus();
}

absl::Status ValidateBm25(const HarnessConfig& c, absl::string_view source) {
  if (!c.has_bm25()) return Missing(source, "bm25");
  if (!c.bm25().has_k1()) return Missing(source, "bm25.k1");
  if (!c.bm25().has_b()) return Missing(source, "bm25.b");
  // Finite and in a range BM25 is used in (k1 is typically 0.5-2; beyond 10
  // every term saturates at once and scores underflow toward 0).
  if (!(c.bm25().k1() > 0 && c.bm25().k1() <= kMaxBm25K1)) {
    return Bad(source, "bm25.k1", absl::StrCat("a finite value in (0, ", kMaxBm25K1, "]"),
               absl::StrCat(c.bm25().k1()));
  }
  if (!(c.bm25().b() >= 0 && c.bm25().b() <= 1)) {
    return Bad(source, "bm25.b", "in [0, 1]", absl::StrCat(c.bm25().b()));
  }
  return absl::OkStatus();
}

// compare_with: names of other harnesses, each once.
absl::Status ValidateCompareWith(const HarnessConfig& c, absl::string_view source) {
  for (int i = 0; i < c.compare_with_size(); ++i) {
    const std::string& other = c.compare_with(i);
    const std::string field = absl::StrCat("compare_with[", i, "]");
    if (other.empty() || other == c.name()) {
      return Bad(source, field, "the name of another harness", absl::StrCat("\"", other, "\""));
    }
    for (int j = 0; j < i; ++j) {
      if (c.compare_with(j) == other) {
        return Bad(source, field, absl::StrCat("unique names (also compare_with[", j, "])"),
                   absl::StrCat("\"", other, "\""));
      }
    }
  }
  return absl::OkStatus();
}

// dense.pinned_model: sorted by corpus repository, each with a model id and
// the model's sha256 (the cache file is pinned by the experiment).
absl::Status ValidatePinnedModels(const DenseConfig& d, absl::string_view source) {
  for (int i = 0; i < d.pinned_model_size(); ++i) {
    const PinnedModel& p = d.pinned_model(i);
    const std::string field = absl::StrCat("dense.pinned_model[", i, "]");
    if (p.corpus_repository().empty()) return Missing(source, field + ".corpus_repository");
    if (i > 0 && !(d.pinned_model(i - 1).corpus_repository() < p.corpus_repository())) {
      return Bad(source, field + ".corpus_repository",
                 absl::StrCat("after \"", d.pinned_model(i - 1).corpus_repository(),
                              "\" (sorted, unique)"),
                 absl::StrCat("\"", p.corpus_repository(), "\""));
    }
    if (p.model_id().empty()) return Missing(source, field + ".model_id");
    if (!IsHex64(p.sha256())) {
      return Bad(source, field + ".sha256", "64 lower-case hex digits",
                 absl::StrCat("\"", p.sha256(), "\""));
    }
  }
  return absl::OkStatus();
}

// The dense block of a chunk harness: an LSA model (pinned per experiment) or
// a server model pinned here.
absl::Status ValidateDense(const HarnessConfig& c, absl::string_view source) {
  if (!c.has_dense()) return Missing(source, "dense");
  const DenseConfig& d = c.dense();
  if (!d.has_backend() || d.backend() == DENSE_BACKEND_UNSPECIFIED) {
    return Missing(source, "dense.backend");
  }
  if (!DenseBackend_IsValid(d.backend())) {
    return Bad(source, "dense.backend", "DENSE_BACKEND_LSA or DENSE_BACKEND_SERVER_CACHE",
               absl::StrCat(d.backend()));
  }
  if (!d.has_dims()) return Missing(source, "dense.dims");
  RETURN_IF_ERROR(CheckCount(source, "dense.dims", d.dims(), kMaxDims));
  if (d.backend() == DENSE_BACKEND_LSA) {
    if (!d.has_lsa_model() || d.lsa_model().empty()) return Missing(source, "dense.lsa_model");
    if (d.pinned_model_size() > 0) {
      return Bad(source, "dense.pinned_model",
                 "none for DENSE_BACKEND_LSA (the pipeline's own models are pinned per experiment, "
                 "data/experiments/<name>.pins.textproto)",
                 absl::StrCat(d.pinned_model_size(), " pinned_model block(s)"));
    }
  } else {
    if (d.has_lsa_model()) {
      return Bad(source, "dense.lsa_model", "absent for DENSE_BACKEND_SERVER_CACHE",
                 absl::StrCat("\"", d.lsa_model(), "\""));
    }
    if (d.pinned_model_size() == 0) return Missing(source, "dense.pinned_model");
  }
  return ValidatePinnedModels(d, source);
}

absl::Status ValidateFusion(const HarnessConfig& c, absl::string_view source) {
  if (!c.has_fusion()) return Missing(source, "fusion");
  if (!c.fusion().has_rrf_k()) return Missing(source, "fusion.rrf_k");
  RETURN_IF_ERROR(CheckCount(source, "fusion.rrf_k", c.fusion().rrf_k(), kMaxCount));
  if (!c.fusion().has_leg_depth()) return Missing(source, "fusion.leg_depth");
  RETURN_IF_ERROR(CheckCount(source, "fusion.leg_depth", c.fusion().leg_depth(), kMaxCount));
  return absl::OkStatus();
}

// A label of this workspace as the experiments rule accepts one
// (safe_label_error, stages/corpus/spec_values.bzl): "//package:name" of
// [A-Za-z0-9_./:-], one ':', no "..", no repository.
bool IsWorkspaceLabel(absl::string_view label) {
  if (!absl::ConsumePrefix(&label, "//") || absl::StrContains(label, "..") ||
      std::count(label.begin(), label.end(), ':') != 1 || absl::EndsWith(label, ":")) {
    return false;
  }
  return std::all_of(label.begin(), label.end(), [](char ch) {
    return absl::ascii_isalnum(ch) || absl::StrContains("/:_-.", ch);
  });
}

// The legs' parameters a harness that does not run the built-in legs leaves
// out; `why` says which harness it is.
absl::Status CheckNoLegs(const std::vector<std::pair<bool, const char*>>& legs,
                         absl::string_view source, absl::string_view why) {
  for (const auto& [present, field] : legs) {
    if (present)
      return Bad(source, field, absl::StrCat("absent for ", why),
                 absl::StrCat("a ", field, " value"));
  }
  return absl::OkStatus();
}

// The external block: the program's label and its bounds; none of the
// built-in legs' parameters beside it.
absl::Status ValidateExternal(const HarnessConfig& c, absl::string_view source) {
  const ExternalProgram& e = c.external();
  if (!e.has_program()) return Missing(source, "external.program");
  if (!IsWorkspaceLabel(e.program())) {
    return Bad(source, "external.program",
               "a label of an executable target of the workspace, such as "
               "\"//data/harnesses/external:bm25_example\"",
               absl::StrCat("\"", e.program(), "\""));
  }
  if (!e.has_timeout_seconds()) return Missing(source, "external.timeout_seconds");
  RETURN_IF_ERROR(
      CheckCount(source, "external.timeout_seconds", e.timeout_seconds(), kMaxTimeoutSeconds));
  if (!e.has_memory_mb()) return Missing(source, "external.memory_mb");
  if (e.memory_mb() < kMinMemoryMb || e.memory_mb() > kMaxMemoryMb) {
    return Bad(source, "external.memory_mb",
               absl::StrCat("an integer in [", kMinMemoryMb, ", ", kMaxMemoryMb, "]"),
               absl::StrCat(e.memory_mb()));
  }
  return CheckNoLegs({{c.has_tokenizer(), "tokenizer"},
                      {c.has_bm25(), "bm25"},
                      {c.has_dense(), "dense"},
                      {c.has_fusion(), "fusion"}},
                     source, "an external harness (the program ranks)");
}

// The rerank block: the first stage's name, k and the scorer (its dense
// block); no first-stage parameters beside it.
absl::Status ValidateRerank(const HarnessConfig& c, absl::string_view source) {
  const RerankConfig& r = c.rerank();
  if (c.has_pinned_runs()) {
    return Bad(source, "pinned_runs", "absent for a reranker (its scorer reorders the first stage)",
               "a pinned_runs block");
  }
  if (!r.has_first_stage() || r.first_stage().empty()) return Missing(source, "rerank.first_stage");
  if (r.first_stage() == c.name()) {
    return Bad(source, "rerank.first_stage", "the name of another harness",
               absl::StrCat("\"", r.first_stage(), "\""));
  }
  if (!r.has_k()) return Missing(source, "rerank.k");
  RETURN_IF_ERROR(CheckCount(source, "rerank.k", r.k(), kMaxCount));
  if (!r.has_scorer() || r.scorer() == RERANK_SCORER_UNSPECIFIED) {
    return Missing(source, "rerank.scorer");
  }
  if (r.scorer() == RERANK_SCORER_EXTERNAL) {
    if (!c.has_external()) return Missing(source, "external");
    return ValidateExternal(c, source);  // no tokenizer, bm25, dense, fusion
  }
  if (r.scorer() != RERANK_SCORER_DENSE) {
    return Bad(source, "rerank.scorer", "RERANK_SCORER_DENSE or RERANK_SCORER_EXTERNAL",
               absl::StrCat(r.scorer()));
  }
  RETURN_IF_ERROR(CheckNoLegs({{c.has_tokenizer(), "tokenizer"},
                               {c.has_bm25(), "bm25"},
                               {c.has_fusion(), "fusion"},
                               {c.has_external(), "external"},
                               {c.has_pinned_runs(), "pinned_runs"}},
                              source, "a reranker (the first stage ranks, the scorer reorders)"));
  return ValidateDense(c, source);
}

// A reranker against its first stage: a built-in harness, not itself a
// reranker, with the reranker's document unit and candidate_limit, k within
// its list, and (with a dense leg) the scorer's model, so the cell opens one.
absl::Status CheckFirstStage(const HarnessConfig& r, const HarnessConfig& first,
                             absl::string_view source) {
  const std::string name = absl::StrCat("\"", first.name(), "\"");
  if (first.has_rerank() || first.has_external() || first.has_pinned_runs()) {
    return Bad(source, "rerank.first_stage", "a built-in harness (BM25, dense, hybrid)",
               absl::StrCat(name, ", a ",
                            first.has_rerank()     ? "reranker"
                            : first.has_external() ? "external harness"
                                                   : "pinned-runs harness"));
  }
  if (r.rerank().k() > first.candidate_limit()) {
    return Bad(
        source, "rerank.k",
        absl::StrCat("at most ", first.candidate_limit(), " (the candidate_limit of ", name, ")"),
        absl::StrCat(r.rerank().k()));
  }
  if (r.candidate_limit() != first.candidate_limit()) {
    return Bad(source, "candidate_limit",
               absl::StrCat(first.candidate_limit(), " (that of ", name, ")"),
               absl::StrCat(r.candidate_limit()));
  }
  if (r.document_unit() != first.document_unit()) {
    return Bad(source, "document_unit",
               absl::StrCat(DocumentUnit_Name(first.document_unit()), " (that of ", name, ")"),
               DocumentUnit_Name(r.document_unit()));
  }
  if (first.has_dense() &&
      !google::protobuf::util::MessageDifferencer::Equals(first.dense(), r.dense())) {
    return Bad(source, "dense", absl::StrCat("the dense block of ", name, " (one model a cell)"),
               r.has_dense() ? "another model" : "none");
  }
  return absl::OkStatus();
}

// A pinned-runs harness (its runs come from the experiment's run cache):
// the system's description, and none of the other rankers' parameters.
absl::Status ValidatePinnedRuns(const HarnessConfig& c, absl::string_view source) {
  if (!c.pinned_runs().has_system() || c.pinned_runs().system().empty()) {
    return Missing(source, "pinned_runs.system");
  }
  if (c.has_external()) {
    return Bad(source, "external", "absent for a pinned-runs harness (its runs are cached)",
               "an external block");
  }
  return CheckNoLegs({{c.has_tokenizer(), "tokenizer"},
                      {c.has_bm25(), "bm25"},
                      {c.has_dense(), "dense"},
                      {c.has_fusion(), "fusion"}},
                     source, "a pinned-runs harness (its runs are cached)");
}
}  // namespace

absl::Status ValidateHarnessConfig(const HarnessConfig& c, absl::string_view source) {
  RETURN_IF_ERROR(ValidateNameUnitAndQuery(c, source));
  if (c.has_rerank()) {
    if (!c.has_candidate_limit()) return Missing(source, "candidate_limit");
    RETURN_IF_ERROR(CheckCount(source, "candidate_limit", c.candidate_limit(), kMaxCount));
    RETURN_IF_ERROR(ValidateCompareWith(c, source));
    return ValidateRerank(c, source);
  }
  const bool ranks_elsewhere = c.has_external() || c.has_pinned_runs();
  if (!ranks_elsewhere) {
    RETURN_IF_ERROR(ValidateTokenizer(c, source));
    RETURN_IF_ERROR(ValidateBm25(c, source));
  }
  if (!c.has_candidate_limit()) return Missing(source, "candidate_limit");
  RETURN_IF_ERROR(CheckCount(source, "candidate_limit", c.candidate_limit(), kMaxCount));
  RETURN_IF_ERROR(ValidateCompareWith(c, source));
  if (c.has_pinned_runs()) return ValidatePinnedRuns(c, source);
  if (c.has_external()) return ValidateExternal(c, source);

  if (c.document_unit() == DOCUMENT_UNIT_FILES) {
    if (c.has_dense()) {
      return Bad(source, "dense", "absent for DOCUMENT_UNIT_FILES", "a dense block");
    }
    if (c.has_fusion()) {
      return Bad(source, "fusion", "absent for DOCUMENT_UNIT_FILES", "a fusion block");
    }
    return absl::OkStatus();
  }
  RETURN_IF_ERROR(ValidateDense(c, source));
  return ValidateFusion(c, source);
}

absl::Status ValidateRerankers(absl::Span<const HarnessConfig> configs,
                               absl::Span<const std::string> sources) {
  std::map<std::string, const HarnessConfig*> by_name;
  std::vector<std::string> names;
  for (const HarnessConfig& c : configs) {
    by_name[c.name()] = &c;
    names.push_back(c.name());
  }
  for (size_t i = 0; i < configs.size(); ++i) {
    const HarnessConfig& r = configs[i];
    if (!r.has_rerank()) continue;
    const absl::string_view source = sources[i];
    const auto it = by_name.find(r.rerank().first_stage());
    if (it == by_name.end()) {
      return Bad(source, "rerank.first_stage",
                 absl::StrCat("a harness of the grid (", absl::StrJoin(names, ", "), ")"),
                 absl::StrCat("\"", r.rerank().first_stage(), "\""));
    }
    RETURN_IF_ERROR(CheckFirstStage(r, *it->second, source));
  }
  return absl::OkStatus();
}

absl::StatusOr<HarnessConfig> ParseHarnessConfig(absl::string_view text,
                                                 absl::string_view file_name) {
  HarnessConfig config;
  RETURN_IF_ERROR(ParseTextProto(text, file_name, &config));
  RETURN_IF_ERROR(ValidateHarnessConfig(config, file_name));
  absl::string_view base = file_name;
  const size_t slash = base.rfind('/');
  if (slash != absl::string_view::npos) base = base.substr(slash + 1);
  if (absl::ConsumeSuffix(&base, ".textproto") && base != config.name()) {
    return Bad(file_name, "name", absl::StrCat("\"", base, "\" (the file's base name)"),
               absl::StrCat("\"", config.name(), "\""));
  }
  return config;
}

absl::StatusOr<HarnessConfig> LoadHarnessConfig(const std::string& path) {
  ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  return ParseHarnessConfig(text, path);
}

std::string HarnessConfigSha256(const HarnessConfig& config) {
  return Sha256Hex(DeterministicBytes(config));
}

absl::StatusOr<absl::string_view> SelectQuery(const HarnessConfig& config,
                                              absl::string_view task_id, absl::string_view query,
                                              absl::string_view reformulation) {
  if (config.query_field() != QUERY_FIELD_REFORMULATION) return query;
  if (reformulation.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "harness ", config.name(), " searches with query_field REFORMULATION, but task ", task_id,
        " has no reformulation: expected a non-empty field reformulation in the task file, "
        "found none"));
  }
  return reformulation;
}

absl::StatusOr<PinnedModel> PinnedModelFor(const HarnessConfig& config,
                                           absl::string_view repository) {
  std::vector<std::string> known;
  for (const PinnedModel& p : config.dense().pinned_model()) {
    if (p.corpus_repository() == repository) return p;
    known.push_back(p.corpus_repository());
  }
  return absl::FailedPreconditionError(
      absl::StrCat("harness ", config.name(), ": no dense model pinned for corpus repository \"",
                   repository, "\" (pinned for: ", absl::StrJoin(known, ", "), ")"));
}

}  // namespace repro::retrieval
