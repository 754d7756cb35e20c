#include "stages/retrieval/lsa_trainer.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/deterministic_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/randomized_svd.h"
#include "stages/retrieval/tokenizer.h"

namespace repro::retrieval {
namespace {

absl::Status Missing(absl::string_view source, absl::string_view field) {
  return absl::InvalidArgumentError(
      absl::StrCat(source, ": LsaTrainingConfig.", field, " is required"));
}

absl::Status OutOfRange(absl::string_view source, absl::string_view field,
                        absl::string_view expected, int64_t found) {
  return absl::InvalidArgumentError(absl::StrCat(source, ": LsaTrainingConfig.", field,
                                                 ": expected ", expected, ", found ", found));
}

bool IsHex40(absl::string_view s) {
  return s.size() == 40 && std::all_of(s.begin(), s.end(), [](char c) {
           return absl::ascii_isdigit(c) || (c >= 'a' && c <= 'f');
         });
}

}  // namespace

absl::Status ValidateLsaTrainingConfig(const LsaTrainingConfig& c, absl::string_view source) {
  if (!c.has_model_id() || c.model_id().empty()) return Missing(source, "model_id");
  if (!c.has_tokenizer()) return Missing(source, "tokenizer");
  if (c.tokenizer() != kTokenizerVersion) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": LsaTrainingConfig.tokenizer: expected \"", kTokenizerVersion,
                     "\", found \"", c.tokenizer(), "\""));
  }
  if (!c.has_training_repository() || c.training_repository().empty()) {
    return Missing(source, "training_repository");
  }
  if (!c.has_training_commit()) return Missing(source, "training_commit");
  if (!IsHex40(c.training_commit())) {
    return absl::InvalidArgumentError(absl::StrCat(
        source, ": LsaTrainingConfig.training_commit: expected 40 lower-case hex digits, found \"",
        c.training_commit(), "\""));
  }
  if (!c.has_dims()) return Missing(source, "dims");
  if (c.dims() < 1 || c.dims() > 4096) return OutOfRange(source, "dims", "1..4096", c.dims());
  if (!c.has_min_df()) return Missing(source, "min_df");
  if (c.min_df() < 1) return OutOfRange(source, "min_df", ">= 1", c.min_df());
  if (!c.has_oversample()) return Missing(source, "oversample");
  if (c.oversample() > 1024) return OutOfRange(source, "oversample", "0..1024", c.oversample());
  if (!c.has_power_iterations()) return Missing(source, "power_iterations");
  if (c.power_iterations() > 64) {
    return OutOfRange(source, "power_iterations", "0..64", c.power_iterations());
  }
  if (c.seed_size() != 4) return OutOfRange(source, "seed (count)", "4 entries", c.seed_size());
  for (int i = 0; i < 4; ++i) {
    if (c.seed(i) < 0 || c.seed(i) > 4095) {
      return OutOfRange(source, absl::StrCat("seed[", i, "]"), "0..4095", c.seed(i));
    }
  }
  if (c.seed(3) % 2 == 0) return OutOfRange(source, "seed[3]", "an odd number", c.seed(3));
  return absl::OkStatus();
}

namespace {

// The tokens of the training documents, interned in order of first use.
struct TermCounts {
  std::vector<std::string> names;  // term id -> token
  std::vector<uint32_t> df;        // term id -> documents holding it
  // Per document, its (term id, tf) pairs sorted by term id.
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> doc_terms;
};

TermCounts CountTerms(const std::vector<std::string>& documents) {
  TermCounts counts;
  counts.doc_terms.resize(documents.size());
  absl::flat_hash_map<std::string, uint32_t> ids;
  std::vector<uint32_t> scratch;
  for (size_t d = 0; d < documents.size(); ++d) {
    scratch.clear();
    ForEachToken(documents[d], [&](absl::string_view t) {
      auto it = ids.find(t);
      if (it == ids.end()) {
        it = ids.emplace(std::string(t), static_cast<uint32_t>(counts.names.size())).first;
        counts.names.emplace_back(t);
        counts.df.push_back(0);
      }
      scratch.push_back(it->second);
    });
    std::sort(scratch.begin(), scratch.end());
    for (size_t i = 0; i < scratch.size();) {
      size_t j = i;
      while (j < scratch.size() && scratch[j] == scratch[i]) ++j;
      counts.doc_terms[d].emplace_back(scratch[i], static_cast<uint32_t>(j - i));
      ++counts.df[scratch[i]];
      i = j;
    }
  }
  return counts;
}

// The vocabulary: the term ids with df >= min_df, sorted by token bytes.
std::vector<uint32_t> KeptTerms(const TermCounts& counts, const LsaTrainingConfig& config) {
  std::vector<uint32_t> kept;
  for (uint32_t t = 0; t < counts.names.size(); ++t) {
    if (counts.df[t] >= config.min_df()) kept.push_back(t);
  }
  const std::vector<std::string>& names = counts.names;
  std::sort(kept.begin(), kept.end(),
            [&names](uint32_t a, uint32_t b) { return names[a] < names[b]; });
  return kept;
}

// TF-IDF rows, L2-normalised; `column` maps a term id to its column or -1.
CsrMatrix TfIdfRows(const TermCounts& counts, const std::vector<int32_t>& column,
                    const std::vector<double>& idf) {
  CsrMatrix a;
  a.rows = static_cast<int64_t>(counts.doc_terms.size());
  a.cols = static_cast<int64_t>(idf.size());
  a.row_ptr.reserve(counts.doc_terms.size() + 1);
  a.row_ptr.push_back(0);
  std::vector<std::pair<int32_t, double>> row;
  for (const auto& terms : counts.doc_terms) {
    row.clear();
    for (const auto& [t, tf] : terms) {
      if (column[t] < 0) continue;
      row.emplace_back(column[t], (1.0 + std::log(static_cast<double>(tf))) * idf[column[t]]);
    }
    std::sort(row.begin(), row.end());
    double sum = 0;
    for (const auto& e : row) sum += e.second * e.second;
    const double norm = std::sqrt(sum);
    for (const auto& [c, w] : row) {
      a.col.push_back(c);
      a.val.push_back(w / norm);
    }
    a.row_ptr.push_back(static_cast<int64_t>(a.col.size()));
  }
  return a;
}

SvdOptions SvdOptionsOf(const LsaTrainingConfig& config) {
  SvdOptions options;
  options.rank = static_cast<int>(config.dims());
  options.oversample = static_cast<int>(config.oversample());
  options.power_iterations = static_cast<int>(config.power_iterations());
  for (int i = 0; i < 4; ++i) options.seed[i] = config.seed(i);
  return options;
}

// The model's rank, singular values and projection (vocabulary x dims),
// zero-padded where the SVD's rank is below dims.
void SetProjection(const TruncatedSvd& svd, int dims, size_t vocabulary, LsaModel* model) {
  const int k = svd.k;
  model->set_rank(static_cast<uint32_t>(k));
  for (int j = 0; j < dims; ++j) {
    model->add_singular_values(j < k ? static_cast<float>(svd.sigma[j]) : 0.0f);
  }
  model->mutable_projection()->Reserve(static_cast<int>(vocabulary) * dims);
  for (size_t t = 0; t < vocabulary; ++t) {
    for (int j = 0; j < dims; ++j) {
      model->add_projection(j < k ? static_cast<float>(svd.v[t * k + j]) : 0.0f);
    }
  }
}

}  // namespace

absl::StatusOr<LsaModel> TrainLsaModel(const LsaTrainingConfig& config,
                                       const std::vector<std::string>& documents,
                                       absl::string_view training_snapshot_sha256,
                                       absl::string_view chunker) {
  RETURN_IF_ERROR(ValidateLsaTrainingConfig(config, "LsaTrainingConfig"));
  const TermCounts counts = CountTerms(documents);
  const std::vector<uint32_t> kept = KeptTerms(counts, config);
  if (kept.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("LSA training: empty vocabulary (",
                                                   documents.size(), " documents, min_df ",
                                                   config.min_df(), ")"));
  }
  std::vector<int32_t> column(counts.names.size(), -1);
  for (size_t i = 0; i < kept.size(); ++i) column[kept[i]] = static_cast<int32_t>(i);

  LsaModel model;
  *model.mutable_config() = config;
  model.set_training_snapshot_sha256(std::string(training_snapshot_sha256));
  model.set_chunker(std::string(chunker));
  model.set_training_documents(documents.size());
  const double n = static_cast<double>(documents.size());
  std::vector<double> idf(kept.size());
  for (size_t i = 0; i < kept.size(); ++i) {
    model.add_vocabulary(counts.names[kept[i]]);
    const float f = static_cast<float>(std::log((1.0 + n) / (1.0 + counts.df[kept[i]])) + 1.0);
    model.add_idf(f);
    idf[i] = static_cast<double>(f);
  }

  ASSIGN_OR_RETURN(const TruncatedSvd svd,
                   RandomizedSvd(TfIdfRows(counts, column, idf), SvdOptionsOf(config)));
  SetProjection(svd, static_cast<int>(config.dims()), kept.size(), &model);
  return model;
}

std::string SerializeLsaModel(const LsaModel& model) { return DeterministicBytes(model); }

}  // namespace repro::retrieval
