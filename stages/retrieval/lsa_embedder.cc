#include "stages/retrieval/lsa_embedder.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/retrieval/tokenizer.h"

namespace repro::retrieval {

absl::StatusOr<std::unique_ptr<LsaEmbedder>> LsaEmbedder::FromArtifact(
    absl::string_view bytes, absl::string_view source, absl::string_view expected_sha256) {
  const std::string sha = Sha256Hex(bytes);
  if (!expected_sha256.empty() && sha != expected_sha256) {
    return absl::FailedPreconditionError(absl::StrCat(
        source, ": LSA model sha256 mismatch: expected ", expected_sha256, ", found ", sha));
  }
  std::unique_ptr<LsaEmbedder> e(new LsaEmbedder());
  if (!e->model_.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": not an LsaModel artifact"));
  }
  const LsaModel& m = e->model_;
  if (m.config().tokenizer() != kTokenizerVersion) {
    return absl::FailedPreconditionError(
        absl::StrCat(source, ": LsaModel.config.tokenizer: expected \"", kTokenizerVersion,
                     "\", found \"", m.config().tokenizer(), "\""));
  }
  const int dims = static_cast<int>(m.config().dims());
  const int64_t v = m.vocabulary_size();
  if (dims < 1 || m.idf_size() != v || m.singular_values_size() != dims ||
      static_cast<int64_t>(m.projection_size()) != v * dims) {
    return absl::InvalidArgumentError(absl::StrCat(
        source, ": inconsistent LsaModel shape: dims ", dims, ", vocabulary ", v, ", idf ",
        m.idf_size(), ", singular_values ", m.singular_values_size(), ", projection ",
        m.projection_size(), " (expected vocabulary x dims = ", v * dims, ")"));
  }
  for (int64_t i = 1; i < v; ++i) {
    if (!(m.vocabulary(static_cast<int>(i - 1)) < m.vocabulary(static_cast<int>(i)))) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, ": LsaModel.vocabulary not strictly sorted at entry ", i, " (\"",
                       m.vocabulary(static_cast<int>(i)), "\")"));
    }
  }
  e->index_.reserve(static_cast<size_t>(v));
  for (int i = 0; i < v; ++i) e->index_.emplace(m.vocabulary(i), static_cast<uint32_t>(i));
  e->model_id_ = m.config().model_id();
  e->sha256_ = sha;
  e->dims_ = dims;
  return e;
}

bool LsaEmbedder::EmbedOne(absl::string_view text, absl::Span<float> out) const {
  std::vector<uint32_t> terms;
  ForEachToken(text, [this, &terms](absl::string_view t) {
    auto it = index_.find(t);
    if (it != index_.end()) terms.push_back(it->second);
  });
  std::sort(terms.begin(), terms.end());
  std::vector<double> y(static_cast<size_t>(dims_), 0.0);
  const float* proj = model_.projection().data();
  for (size_t i = 0; i < terms.size();) {
    size_t j = i;
    while (j < terms.size() && terms[j] == terms[i]) ++j;
    const uint32_t t = terms[i];
    const double x = (1.0 + std::log(static_cast<double>(j - i))) *
                     static_cast<double>(model_.idf(static_cast<int>(t)));
    const float* row = proj + static_cast<size_t>(t) * dims_;
    for (int d = 0; d < dims_; ++d) y[d] += x * static_cast<double>(row[d]);
    i = j;
  }
  return L2NormalizeTo(y, out);
}

absl::Status LsaEmbedder::Embed(absl::Span<const std::string> texts, std::vector<float>* out) {
  const size_t base = out->size();
  out->resize(base + texts.size() * static_cast<size_t>(dims_));
  for (size_t i = 0; i < texts.size(); ++i) {
    EmbedOne(texts[i], absl::MakeSpan(out->data() + base + i * dims_, dims_));
  }
  return absl::OkStatus();
}

}  // namespace repro::retrieval
