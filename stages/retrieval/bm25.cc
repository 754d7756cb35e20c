#include "stages/retrieval/bm25.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "stages/retrieval/tokenizer.h"

namespace repro::retrieval {

double LuceneIdf(int64_t n, int64_t df) {
  return std::log(1.0 + (static_cast<double>(n - df) + 0.5) / (static_cast<double>(df) + 0.5));
}

namespace {
inline double Norm(int64_t dl, double avgdl, const Bm25Params& p) {
  return p.k1 * (1.0 - p.b + p.b * static_cast<double>(dl) / avgdl);
}
inline double TermScore(double idf, double tf, double norm) { return idf * tf / (tf + norm); }
}  // namespace

double Bm25TermScore(double idf, int64_t tf, int64_t dl, double avgdl, const Bm25Params& params) {
  return TermScore(idf, static_cast<double>(tf), Norm(dl, avgdl, params));
}

bool ScoreThenIdLess(const ScoredId& a, const ScoredId& b) {
  if (a.score != b.score) return a.score > b.score;
  return a.id < b.id;
}

uint32_t Bm25Index::Builder::TermId(absl::string_view token) {
  auto it = terms_.find(token);
  if (it != terms_.end()) return it->second;
  const uint32_t id = static_cast<uint32_t>(term_postings_.size());
  terms_.emplace(std::string(token), id);
  term_postings_.emplace_back();
  return id;
}

uint32_t Bm25Index::Builder::FinishDocument() {
  const uint32_t doc = static_cast<uint32_t>(lengths_.size());
  lengths_.push_back(static_cast<uint32_t>(doc_terms_.size()));
  std::sort(doc_terms_.begin(), doc_terms_.end());
  for (size_t i = 0; i < doc_terms_.size();) {
    size_t j = i;
    while (j < doc_terms_.size() && doc_terms_[j] == doc_terms_[i]) ++j;
    std::vector<uint32_t>& list = term_postings_[doc_terms_[i]];
    list.push_back(doc);
    list.push_back(static_cast<uint32_t>(j - i));
    i = j;
  }
  doc_terms_.clear();
  return doc;
}

uint32_t Bm25Index::Builder::AddText(absl::string_view text) {
  ForEachToken(text, [this](absl::string_view t) { doc_terms_.push_back(TermId(t)); });
  return FinishDocument();
}

uint32_t Bm25Index::Builder::AddTokens(absl::Span<const std::string> tokens) {
  for (const std::string& t : tokens) doc_terms_.push_back(TermId(t));
  return FinishDocument();
}

Bm25Index Bm25Index::Builder::Build() && {
  Bm25Index index;
  index.params_ = params_;
  const size_t num_terms = term_postings_.size();
  size_t total = 0;
  for (const auto& list : term_postings_) total += list.size();
  index.postings_.reserve(total);
  index.offsets_.reserve(num_terms + 1);
  for (auto& list : term_postings_) {
    index.offsets_.push_back(index.postings_.size());
    index.postings_.insert(index.postings_.end(), list.begin(), list.end());
    std::vector<uint32_t>().swap(list);
  }
  index.offsets_.push_back(index.postings_.size());
  index.lengths_ = std::move(lengths_);
  int64_t tokens = 0;
  for (uint32_t dl : index.lengths_) tokens += dl;
  int64_t term_bytes = 0;
  for (const auto& [term, id] : terms_) term_bytes += static_cast<int64_t>(term.size());
  index.terms_ = std::move(terms_);

  Bm25Stats& s = index.stats_;
  s.documents = static_cast<int64_t>(index.lengths_.size());
  s.vocabulary = static_cast<int64_t>(num_terms);
  s.postings = static_cast<int64_t>(total / 2);
  s.tokens = tokens;
  s.bytes = 8 * s.postings + 4 * s.documents + term_bytes + 8 * s.vocabulary;

  index.avgdl_ =
      s.documents == 0 ? 0.0 : static_cast<double>(tokens) / static_cast<double>(s.documents);
  index.norm_.resize(index.lengths_.size());
  for (size_t d = 0; d < index.lengths_.size(); ++d) {
    index.norm_[d] = Norm(index.lengths_[d], index.avgdl_, params_);
  }
  return index;
}

int64_t Bm25Index::DocumentFrequency(absl::string_view term) const {
  auto it = terms_.find(term);
  if (it == terms_.end()) return 0;
  return static_cast<int64_t>((offsets_[it->second + 1] - offsets_[it->second]) / 2);
}

double Bm25Index::Idf(absl::string_view term) const {
  const int64_t df = DocumentFrequency(term);
  return df == 0 ? 0.0 : LuceneIdf(stats_.documents, df);
}

std::vector<ScoredId> Bm25Index::Search(absl::Span<const std::string> query_tokens,
                                        size_t limit) const {
  std::vector<ScoredId> out;
  if (stats_.documents == 0 || query_tokens.empty()) return out;
  // Query terms in byte order with their frequency.
  std::map<absl::string_view, int> qtf;
  for (const std::string& t : query_tokens) ++qtf[t];

  // `touched` lists every document with a posting of a query term once, in
  // first-touch order; a score of 0.0 is a score, not "untouched" (a k1 of
  // inf makes every term score 0).
  std::vector<double> acc(static_cast<size_t>(stats_.documents), 0.0);
  std::vector<bool> seen(static_cast<size_t>(stats_.documents), false);
  std::vector<uint32_t> touched;
  for (const auto& [term, count] : qtf) {
    auto it = terms_.find(term);
    if (it == terms_.end()) continue;
    const uint64_t begin = offsets_[it->second];
    const uint64_t end = offsets_[it->second + 1];
    const double idf = LuceneIdf(stats_.documents, static_cast<int64_t>((end - begin) / 2));
    const double q = static_cast<double>(count);
    for (uint64_t p = begin; p < end; p += 2) {
      const uint32_t doc = postings_[p];
      const double s = TermScore(idf, static_cast<double>(postings_[p + 1]), norm_[doc]);
      if (!seen[doc]) {
        seen[doc] = true;
        touched.push_back(doc);
      }
      acc[doc] += count == 1 ? s : q * s;
    }
  }
  out.reserve(touched.size());
  for (uint32_t doc : touched) out.push_back({doc, acc[doc]});
  if (limit != 0 && limit < out.size()) {
    std::partial_sort(out.begin(), out.begin() + static_cast<long>(limit), out.end(),
                      ScoreThenIdLess);
    out.resize(limit);
  } else {
    std::sort(out.begin(), out.end(), ScoreThenIdLess);
  }
  return out;
}

std::vector<ScoredId> Bm25Index::SearchText(absl::string_view query, size_t limit) const {
  return Search(Tokenize(query), limit);
}

}  // namespace repro::retrieval
