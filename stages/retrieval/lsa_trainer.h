// Training of the embedded dense model: LSA (Deerwester et al. 1990, "Indexing
// by latent semantic analysis") over the function chunks of one pinned
// training snapshot.
//
// Input: the training documents (the chunk documents of the training corpus,
// "<path>\n<chunk text>", in chunk key order) and an LsaTrainingConfig.
//
//  1. Tokens: the code tokenizer (config.tokenizer must equal its version).
//  2. Vocabulary: every token that occurs in >= min_df documents, sorted by
//     bytes.
//  3. TF-IDF (scikit-learn's TfidfVectorizer with sublinear_tf=True,
//     smooth_idf=True, norm='l2'):
//       w(t, d) = (1 + ln tf(t, d)) * idf(t),
//       idf(t)  = ln((1 + N) / (1 + df(t))) + 1,     N = training documents,
//     idf rounded to float32 (the stored value), each document row scaled to
//     unit L2 norm (an all-zero row stays zero).
//  4. Truncated SVD of the N x |V| matrix to k = dims (randomized_svd.h).
//  5. Projection P = V_k (|V| x dims), rounded to float32; no 1/sigma scaling,
//     as scikit-learn's TruncatedSVD.transform and gensim's LsiModel: a
//     document's coordinates are U_k Sigma_k, so cosine similarity weights
//     the latent dimensions by their singular values. If the matrix has rank
//     bound min(N, |V|) < dims, the extra dimensions are zero (model.rank
//     says how many are computed).
//
// Output: an LsaModel; its artifact is SerializeLsaModel(model) and its pinned
// hash the sha256 of those bytes. Byte-identical across runs and machines
// with the same LAPACK/BLAS build.
//
// Errors: InvalidArgument for a config with a missing or out-of-range field
// (named, expected vs found), or an empty vocabulary.
#ifndef REPRO_STAGES_RETRIEVAL_LSA_TRAINER_H_
#define REPRO_STAGES_RETRIEVAL_LSA_TRAINER_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/retrieval/retrieval.pb.h"

namespace repro::retrieval {

// Checks that every field is present and in range; `source` names the file.
absl::Status ValidateLsaTrainingConfig(const LsaTrainingConfig& config, absl::string_view source);

absl::StatusOr<LsaModel> TrainLsaModel(const LsaTrainingConfig& config,
                                       const std::vector<std::string>& documents,
                                       absl::string_view training_snapshot_sha256,
                                       absl::string_view chunker);

// The artifact bytes (proto binary serialization, deterministic).
std::string SerializeLsaModel(const LsaModel& model);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_LSA_TRAINER_H_
