// Xapian (libxapian 1.4, Debian) as an independent BM25 reference for bm25.h,
// on the same token streams.
//
// Xapian's BM25Weight (xapian-core weight/bm25weight.cc) with k2 = 0 and
// min_normlen = 0 scores a document, per matching query term t, as
//   xtw(t) * wdf / (k1 * (b * len / avglen + 1 - b) + wdf),
//   xtw(t) = (k1 + 1) * ln(tw'),  tw = (N - df + 0.5) / (df + 0.5),
//   tw' = tw when tw >= 2, else tw / 2 + 1    (Xapian's guard against negative
//                                              weights for common terms)
// times (k3 + 1) wqf / (k3 + wqf) only when k3 != 0 (we set k3 = 0, so the
// query frequency is ignored by Xapian). With len = sum of wdf (we add each
// token's term with its count) the tf-normalisation is exactly Lucene's; the
// only differences from bm25.h are the per-term constants: Xapian's idf
// variant times (k1 + 1), and our query-frequency factor qtf.
//
// Equivalence used for the exact comparison (SearchLuceneFromXapian):
// for each distinct query term t, a single-term Xapian query gives x_t(d) for
// every document containing t; then
//   lucene(d) = sum over t of qtf(t) * x_t(d) * LuceneIdf(N, df(t)) / xtw(t),
// with N and df(t) read from the Xapian database. This checks our postings,
// document lengths, average length and saturation against Xapian's, and our
// idf against its formula. SearchNative runs Xapian's own BM25 ranking
// (OP_OR of the distinct terms) to report how far the two idf variants move
// rankings.
//
// Ties: both orders are score descending then document id ascending
// (Xapian docid = our id + 1, Enquire::ASCENDING).
#ifndef REPRO_STAGES_RETRIEVAL_XAPIAN_REFERENCE_H_
#define REPRO_STAGES_RETRIEVAL_XAPIAN_REFERENCE_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "stages/retrieval/bm25.h"

namespace Xapian {
class WritableDatabase;
}

namespace repro::retrieval {

class XapianBm25Reference {
 public:
  // Documents are added in order; document i gets Xapian docid i + 1.
  XapianBm25Reference(const std::vector<std::vector<std::string>>& documents,
                      const Bm25Params& params);
  ~XapianBm25Reference();

  int64_t num_documents() const;
  double average_length() const;

  // Xapian's own BM25 (k2 = k3 = 0, min_normlen = 0), all matches.
  std::vector<ScoredId> SearchNative(absl::Span<const std::string> query_tokens) const;
  // Lucene BM25 rebuilt from Xapian's per-term weights (see above), all
  // matches, ordered by ScoreThenIdLess.
  std::vector<ScoredId> SearchLuceneFromXapian(absl::Span<const std::string> query_tokens) const;

 private:
  Bm25Params params_;
  std::unique_ptr<Xapian::WritableDatabase> db_;
};

// Agreement of two rankings of the same query.
struct RankingAgreement {
  int64_t size_a = 0;
  int64_t size_b = 0;
  int64_t top_k = 0;          // min(k, sizes)
  int64_t same_position = 0;  // ranks 1..top_k holding the same id
  // Ranks 1..top_k holding different ids whose scores in `a` are equal within
  // 1e-9 relative: a swap of near-ties caused by rounding, not by the formula.
  int64_t near_tie_swaps = 0;
  int64_t top_k_overlap = 0;  // |top-k(a) ∩ top-k(b)|
  double max_abs_diff = 0;    // over ids in both rankings
  double max_rel_diff = 0;    // |a - b| / max(|a|, |b|)
};

RankingAgreement CompareRankings(const std::vector<ScoredId>& a, const std::vector<ScoredId>& b,
                                 int64_t k);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_XAPIAN_REFERENCE_H_
