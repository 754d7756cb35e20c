// Truncated SVD of a sparse matrix by randomized subspace iteration, on LAPACK.
//
// Source: Halko, Martinsson & Tropp 2011, "Finding structure with randomness",
// SIAM Review 53(2): Algorithm 4.4 (randomized subspace iteration) for the
// range, then Algorithm 5.1 (direct SVD of the small matrix B = Q^T A).
//
//   l = min(rank + oversample, rows, cols)
//   Omega = cols x l standard normal, LAPACK dlarnv(idist = 3, iseed = seed)
//   Q = qr(A Omega)                                   (dgeqrf + dorgqr)
//   repeat power_iterations times: Q = qr(A qr(A^T Q))
//   B = Q^T A  (l x cols);  B = U S V^T               (dgesdd, jobz = 'S')
//
// The result keeps the first k = min(rank, l) singular values (descending)
// and right singular vectors. Sign convention (as scikit-learn's svd_flip):
// each right singular vector is flipped so that its entry of largest absolute
// value (first such on ties) is positive.
//
// Determinism: the random matrix comes from LAPACK's own generator with a
// fixed seed and every product runs in a fixed order, so the output is
// bit-identical across runs with the same LAPACK/BLAS build (Debian's
// reference netlib builds here).
//
// Shapes: CsrMatrix is row-major compressed sparse rows, column indices
// ascending within a row. `v` is cols x k, row-major (v[c * k + j]).
// Errors: InvalidArgument for a malformed matrix or options, Internal when a
// LAPACK routine reports info != 0.
#ifndef REPRO_STAGES_RETRIEVAL_RANDOMIZED_SVD_H_
#define REPRO_STAGES_RETRIEVAL_RANDOMIZED_SVD_H_

#include <array>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"

namespace repro::retrieval {

struct CsrMatrix {
  int64_t rows = 0;
  int64_t cols = 0;
  std::vector<int64_t> row_ptr;  // rows + 1 entries
  std::vector<int32_t> col;      // nnz
  std::vector<double> val;       // nnz
};

struct SvdOptions {
  int rank = 0;
  int oversample = 10;
  int power_iterations = 4;
  std::array<int, 4> seed = {0, 0, 0, 1};  // dlarnv iseed: in [0, 4095], last odd
};

struct TruncatedSvd {
  int k = 0;                  // singular triplets kept
  std::vector<double> sigma;  // k, descending
  std::vector<double> v;      // cols x k, row-major
};

absl::StatusOr<TruncatedSvd> RandomizedSvd(const CsrMatrix& a, const SvdOptions& options);

// Singular values of a small dense matrix (rows x cols, column-major) by
// dgesdd; for tests and checks.
absl::StatusOr<std::vector<double>> DenseSingularValues(std::vector<double> a, int rows, int cols);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_RANDOMIZED_SVD_H_
