#include "stages/retrieval/randomized_svd.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"

// LAPACK (Fortran ABI; gfortran appends hidden lengths of character arguments).
extern "C" {
void dgeqrf_(const int* m, const int* n, double* a, const int* lda, double* tau, double* work,
             const int* lwork, int* info);
void dorgqr_(const int* m, const int* n, const int* k, double* a, const int* lda, const double* tau,
             double* work, const int* lwork, int* info);
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s,
             double* u, const int* ldu, double* vt, const int* ldvt, double* work, const int* lwork,
             int* iwork, int* info, size_t jobz_len);
void dlarnv_(const int* idist, int* iseed, const int* n, double* x);
}

namespace repro::retrieval {
namespace {

absl::Status LapackError(const char* routine, int info) {
  return absl::InternalError(absl::StrCat("LAPACK ", routine, " failed: info = ", info));
}

// In place: m x n column-major `a` (m >= n) becomes the Q factor of its QR.
absl::Status Orthonormalize(std::vector<double>* a, int m, int n) {
  std::vector<double> tau(static_cast<size_t>(n));
  int info = 0;
  int lwork = -1;
  double query = 0;
  dgeqrf_(&m, &n, a->data(), &m, tau.data(), &query, &lwork, &info);
  if (info != 0) return LapackError("dgeqrf", info);
  lwork = std::max(1, static_cast<int>(query));
  std::vector<double> work(static_cast<size_t>(lwork));
  dgeqrf_(&m, &n, a->data(), &m, tau.data(), work.data(), &lwork, &info);
  if (info != 0) return LapackError("dgeqrf", info);
  lwork = -1;
  dorgqr_(&m, &n, &n, a->data(), &m, tau.data(), &query, &lwork, &info);
  if (info != 0) return LapackError("dorgqr", info);
  lwork = std::max(1, static_cast<int>(query));
  work.assign(static_cast<size_t>(lwork), 0.0);
  dorgqr_(&m, &n, &n, a->data(), &m, tau.data(), work.data(), &lwork, &info);
  if (info != 0) return LapackError("dorgqr", info);
  return absl::OkStatus();
}

// Column-major (rows x cols) -> row-major, i.e. transpose of the layout.
std::vector<double> ColToRow(const std::vector<double>& x, int64_t rows, int64_t cols) {
  std::vector<double> out(x.size());
  for (int64_t c = 0; c < cols; ++c) {
    for (int64_t r = 0; r < rows; ++r) out[r * cols + c] = x[c * rows + r];
  }
  return out;
}

std::vector<double> RowToCol(const std::vector<double>& x, int64_t rows, int64_t cols) {
  std::vector<double> out(x.size());
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) out[c * rows + r] = x[r * cols + c];
  }
  return out;
}

// A (m x n) times X (n x l, column-major) -> m x l column-major.
std::vector<double> Times(const CsrMatrix& a, const std::vector<double>& x, int l) {
  const std::vector<double> xr = ColToRow(x, a.cols, l);
  std::vector<double> yr(static_cast<size_t>(a.rows) * l, 0.0);
  for (int64_t i = 0; i < a.rows; ++i) {
    double* y = &yr[static_cast<size_t>(i) * l];
    for (int64_t p = a.row_ptr[i]; p < a.row_ptr[i + 1]; ++p) {
      const double v = a.val[p];
      const double* xrow = &xr[static_cast<size_t>(a.col[p]) * l];
      for (int r = 0; r < l; ++r) y[r] += v * xrow[r];
    }
  }
  return RowToCol(yr, a.rows, l);
}

// A^T (n x m) times Q (m x l, column-major) -> n x l, returned ROW-major.
std::vector<double> TransposeTimesRowMajor(const CsrMatrix& a, const std::vector<double>& q,
                                           int l) {
  const std::vector<double> qr = ColToRow(q, a.rows, l);
  std::vector<double> zr(static_cast<size_t>(a.cols) * l, 0.0);
  for (int64_t i = 0; i < a.rows; ++i) {
    const double* qrow = &qr[static_cast<size_t>(i) * l];
    for (int64_t p = a.row_ptr[i]; p < a.row_ptr[i + 1]; ++p) {
      const double v = a.val[p];
      double* z = &zr[static_cast<size_t>(a.col[p]) * l];
      for (int r = 0; r < l; ++r) z[r] += v * qrow[r];
    }
  }
  return zr;
}

absl::Status Validate(const CsrMatrix& a, const SvdOptions& o) {
  if (a.rows < 0 || a.cols < 0 || a.row_ptr.size() != static_cast<size_t>(a.rows) + 1 ||
      a.row_ptr.front() != 0 || a.row_ptr.back() != static_cast<int64_t>(a.col.size()) ||
      a.col.size() != a.val.size()) {
    return absl::InvalidArgumentError("RandomizedSvd: malformed CSR matrix");
  }
  for (int64_t i = 0; i < a.rows; ++i) {
    if (a.row_ptr[i] > a.row_ptr[i + 1]) {
      return absl::InvalidArgumentError(
          absl::StrCat("RandomizedSvd: row_ptr decreases at row ", i));
    }
  }
  for (int32_t c : a.col) {
    if (c < 0 || c >= a.cols) {
      return absl::InvalidArgumentError(absl::StrCat("RandomizedSvd: column ", c, " out of range"));
    }
  }
  if (a.rows > (1 << 30) || a.cols > (1 << 30)) {
    return absl::InvalidArgumentError("RandomizedSvd: matrix too large for LAPACK int");
  }
  if (o.rank < 1 || o.oversample < 0 || o.power_iterations < 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "RandomizedSvd: need rank >= 1, oversample >= 0, power_iterations >= 0; found ", o.rank,
        ", ", o.oversample, ", ", o.power_iterations));
  }
  for (int s : o.seed) {
    if (s < 0 || s > 4095) {
      return absl::InvalidArgumentError("RandomizedSvd: seed entries must be in [0, 4095]");
    }
  }
  if (o.seed[3] % 2 == 0) {
    return absl::InvalidArgumentError("RandomizedSvd: seed[3] must be odd (LAPACK dlarnv)");
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<TruncatedSvd> RandomizedSvd(const CsrMatrix& a, const SvdOptions& options) {
  RETURN_IF_ERROR(Validate(a, options));
  TruncatedSvd out;
  const int64_t small = std::min(a.rows, a.cols);
  if (small == 0) return out;
  const int l = static_cast<int>(std::min<int64_t>(options.rank + options.oversample, small));
  const int m = static_cast<int>(a.rows);
  const int n = static_cast<int>(a.cols);

  // Omega: n x l standard normal.
  std::vector<double> omega(static_cast<size_t>(n) * l);
  int iseed[4] = {options.seed[0], options.seed[1], options.seed[2], options.seed[3]};
  const int idist = 3;
  // dlarnv generates at most 2^31-1 values per call; chunk to be safe.
  for (size_t pos = 0; pos < omega.size();) {
    const int count = static_cast<int>(std::min<size_t>(omega.size() - pos, 1 << 20));
    dlarnv_(&idist, iseed, &count, omega.data() + pos);
    pos += static_cast<size_t>(count);
  }

  std::vector<double> q = Times(a, omega, l);
  RETURN_IF_ERROR(Orthonormalize(&q, m, l));
  for (int it = 0; it < options.power_iterations; ++it) {
    std::vector<double> z = RowToCol(TransposeTimesRowMajor(a, q, l), n, l);
    RETURN_IF_ERROR(Orthonormalize(&z, n, l));
    q = Times(a, z, l);
    RETURN_IF_ERROR(Orthonormalize(&q, m, l));
  }

  // B = Q^T A is l x n; its column-major layout is the row-major layout of
  // A^T Q (n x l).
  std::vector<double> b = TransposeTimesRowMajor(a, q, l);
  std::vector<double> sigma(static_cast<size_t>(l));
  std::vector<double> u(static_cast<size_t>(l) * l);
  std::vector<double> vt(static_cast<size_t>(l) * n);
  std::vector<int> iwork(8 * static_cast<size_t>(l));
  int info = 0;
  int lwork = -1;
  double query = 0;
  const char jobz = 'S';
  dgesdd_(&jobz, &l, &n, b.data(), &l, sigma.data(), u.data(), &l, vt.data(), &l, &query, &lwork,
          iwork.data(), &info, 1);
  if (info != 0) return LapackError("dgesdd", info);
  lwork = std::max(1, static_cast<int>(query));
  std::vector<double> work(static_cast<size_t>(lwork));
  dgesdd_(&jobz, &l, &n, b.data(), &l, sigma.data(), u.data(), &l, vt.data(), &l, work.data(),
          &lwork, iwork.data(), &info, 1);
  if (info != 0) return LapackError("dgesdd", info);

  const int k = std::min(options.rank, l);
  out.k = k;
  out.sigma.assign(sigma.begin(), sigma.begin() + k);
  out.v.assign(static_cast<size_t>(n) * k, 0.0);
  for (int j = 0; j < k; ++j) {
    // Row j of VT: vt[j + c * l].
    int best = 0;
    double best_abs = -1;
    for (int c = 0; c < n; ++c) {
      const double x = std::fabs(vt[j + static_cast<size_t>(c) * l]);
      if (x > best_abs) {
        best_abs = x;
        best = c;
      }
    }
    const double sign = vt[j + static_cast<size_t>(best) * l] < 0 ? -1.0 : 1.0;
    for (int c = 0; c < n; ++c) {
      out.v[static_cast<size_t>(c) * k + j] = sign * vt[j + static_cast<size_t>(c) * l];
    }
  }
  return out;
}

absl::StatusOr<std::vector<double>> DenseSingularValues(std::vector<double> a, int rows, int cols) {
  if (rows <= 0 || cols <= 0 || a.size() != static_cast<size_t>(rows) * cols) {
    return absl::InvalidArgumentError("DenseSingularValues: bad shape");
  }
  const int small = std::min(rows, cols);
  std::vector<double> s(static_cast<size_t>(small));
  std::vector<int> iwork(8 * static_cast<size_t>(small));
  const char jobz = 'N';
  int info = 0;
  int lwork = -1;
  double query = 0;
  int one = 1;
  double dummy = 0;
  dgesdd_(&jobz, &rows, &cols, a.data(), &rows, s.data(), &dummy, &one, &dummy, &one, &query,
          &lwork, iwork.data(), &info, 1);
  if (info != 0) return LapackError("dgesdd", info);
  lwork = std::max(1, static_cast<int>(query));
  std::vector<double> work(static_cast<size_t>(lwork));
  dgesdd_(&jobz, &rows, &cols, a.data(), &rows, s.data(), &dummy, &one, &dummy, &one, work.data(),
          &lwork, iwork.data(), &info, 1);
  if (info != 0) return LapackError("dgesdd", info);
  return s;
}

}  // namespace repro::retrieval
