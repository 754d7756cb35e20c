// BM25 (Lucene's BM25Similarity) over an in-memory inverted index.
//
// Formula (Robertson & Zaragoza 2009, "The Probabilistic Relevance Framework:
// BM25 and Beyond"; as implemented by Lucene >= 8, BM25Similarity):
//
//   score(q, d) = sum over query tokens t (with multiplicity) of
//                 idf(t) * tf(t,d) / (tf(t,d) + k1 * (1 - b + b * dl(d) / avgdl))
//   idf(t)      = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))
//
//   N = documents in the index, df(t) = documents containing t, tf(t,d) =
//   occurrences of t in d, dl(d) = tokens of d, avgdl = (sum of dl) / N.
//   Defaults k1 = 0.9, b = 0.4 (Anserini/Pyserini's BM25 defaults; the
//   harness configs state them explicitly).
//
// Decisions, each a documented difference from some implementation:
//  - No (k1 + 1) factor in the numerator: Lucene dropped it in 8.0; Lucene 7,
//    Xapian and the textbook formula have it. It scales every score by the
//    same constant and changes no ranking.
//  - Exact document lengths. Lucene stores dl lossily in one byte
//    (SmallFloat.intToByte4: exact below 24 tokens, about 3 significant bits
//    above) and counts tokens stacked at the same position (our kept whole
//    identifiers) only without discountOverlaps. Here dl is the exact number
//    of tokens emitted by the tokenizer, whole identifiers included; Xapian
//    uses the same exact length (sum of wdf), so the reference comparison is
//    exact.
//  - Query term frequency: Lucene's query parser makes one SHOULD clause per
//    query token occurrence and sums their scores, so a token occurring qtf
//    times contributes qtf * w(t, d). We compute exactly that product.
//  - Arithmetic in double; per-document sums visit query terms in byte order
//    of the term, so scores are bit-identical across runs.
//  - Only documents containing at least one query token are scored (idf > 0
//    and tf > 0 make every such score positive). A query without any indexed
//    token returns an empty ranking; so does an empty index.
//  - Ties: score descending, then document id ascending. Callers add documents
//    in key order (path, or path/function/start line for chunks), so ties are
//    broken by key ascending.
#ifndef REPRO_STAGES_RETRIEVAL_BM25_H_
#define REPRO_STAGES_RETRIEVAL_BM25_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace repro::retrieval {

struct Bm25Params {
  double k1 = 0.9;
  double b = 0.4;
};

// ln(1 + (n - df + 0.5) / (df + 0.5)); requires 0 < df <= n.
double LuceneIdf(int64_t n, int64_t df);

// One term's contribution for one occurrence in the query:
// idf * tf / (tf + k1 * (1 - b + b * dl / avgdl)).
double Bm25TermScore(double idf, int64_t tf, int64_t dl, double avgdl, const Bm25Params& params);

struct ScoredId {
  uint32_t id = 0;
  double score = 0;
};

// Orders by score descending, then id ascending.
bool ScoreThenIdLess(const ScoredId& a, const ScoredId& b);

// Size of an index. `bytes` is the size of a compact encoding, computed from
// the counts (not from allocator capacity, so it is deterministic):
// 8 per posting (uint32 document, uint32 tf), 4 per document (length), and
// per term its bytes plus 8 (uint32 id, uint32 postings offset).
struct Bm25Stats {
  int64_t documents = 0;
  int64_t vocabulary = 0;
  int64_t postings = 0;
  int64_t tokens = 0;
  int64_t bytes = 0;
};

class Bm25Index {
 public:
  // Adds documents in id order (0, 1, ...), then Build().
  class Builder {
   public:
    explicit Builder(Bm25Params params = {}) : params_(params) {}
    // Tokenizes `text` with the code tokenizer and adds it. Returns its id.
    uint32_t AddText(absl::string_view text);
    // Adds an already tokenized document. Returns its id.
    uint32_t AddTokens(absl::Span<const std::string> tokens);
    Bm25Index Build() &&;

   private:
    void AddTermId(uint32_t term);
    uint32_t FinishDocument();
    uint32_t TermId(absl::string_view token);

    Bm25Params params_;
    absl::flat_hash_map<std::string, uint32_t> terms_;
    std::vector<std::vector<uint32_t>> term_postings_;  // per term: doc, tf, ...
    std::vector<uint32_t> doc_terms_;                   // current document
    std::vector<uint32_t> lengths_;
  };

  Bm25Index() = default;

  const Bm25Params& params() const { return params_; }
  const Bm25Stats& stats() const { return stats_; }
  int64_t num_documents() const { return stats_.documents; }
  double average_length() const { return avgdl_; }
  uint32_t length(uint32_t doc) const { return lengths_[doc]; }
  // Documents containing `term`, 0 if unknown.
  int64_t DocumentFrequency(absl::string_view term) const;
  // Lucene idf of `term`; 0 if the term is not indexed.
  double Idf(absl::string_view term) const;

  // Scores every document containing at least one of `query_tokens` (each
  // occurrence counts), ordered by ScoreThenIdLess, at most `limit` results
  // (0 = all). Unknown tokens contribute nothing.
  std::vector<ScoredId> Search(absl::Span<const std::string> query_tokens, size_t limit = 0) const;
  // Tokenizes `query` with the code tokenizer, then Search.
  std::vector<ScoredId> SearchText(absl::string_view query, size_t limit = 0) const;

 private:
  Bm25Params params_;
  Bm25Stats stats_;
  double avgdl_ = 0;
  absl::flat_hash_map<std::string, uint32_t> terms_;
  std::vector<uint64_t> offsets_;   // per term, into postings_ (pairs)
  std::vector<uint32_t> postings_;  // doc, tf, doc, tf, ... by term then doc
  std::vector<uint32_t> lengths_;
  std::vector<double> norm_;  // per doc: k1 * (1 - b + b * dl / avgdl)
};

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_BM25_H_
