#include "stages/retrieval/xapian_reference.h"

#include <xapian.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "absl/container/flat_hash_map.h"

namespace repro::retrieval {
namespace {

// Xapian's BM25 term weight with k3 = 0 (bm25weight.cc, no relevance set).
double XapianTermWeight(double n, double df, double k1) {
  double tw = (n - df + 0.5) / (df + 0.5);
  if (tw < 2) tw = tw * 0.5 + 1;
  return std::log(tw) * (k1 + 1);
}

std::vector<ScoredId> Run(const Xapian::Database& db, const Xapian::Query& query,
                          const Bm25Params& p) {
  Xapian::Enquire enquire(db);
  enquire.set_query(query);
  enquire.set_weighting_scheme(Xapian::BM25Weight(p.k1, 0.0, 0.0, p.b, 0.0));
  enquire.set_docid_order(Xapian::Enquire::ASCENDING);
  Xapian::MSet mset = enquire.get_mset(0, db.get_doccount() + 1);
  std::vector<ScoredId> out;
  for (Xapian::MSetIterator it = mset.begin(); it != mset.end(); ++it) {
    out.push_back({static_cast<uint32_t>(*it - 1), it.get_weight()});
  }
  std::sort(out.begin(), out.end(), ScoreThenIdLess);
  return out;
}

}  // namespace

XapianBm25Reference::XapianBm25Reference(const std::vector<std::vector<std::string>>& documents,
                                         const Bm25Params& params)
    : params_(params),
      db_(std::make_unique<Xapian::WritableDatabase>(std::string(), Xapian::DB_BACKEND_INMEMORY)) {
  for (const std::vector<std::string>& tokens : documents) {
    std::map<std::string, Xapian::termcount> counts;
    for (const std::string& t : tokens) ++counts[t];
    Xapian::Document doc;
    for (const auto& [term, wdf] : counts) doc.add_term(term, wdf);
    db_->add_document(doc);
  }
  db_->commit();
}

XapianBm25Reference::~XapianBm25Reference() = default;

int64_t XapianBm25Reference::num_documents() const {
  return static_cast<int64_t>(db_->get_doccount());
}

double XapianBm25Reference::average_length() const { return db_->get_avlength(); }

std::vector<ScoredId> XapianBm25Reference::SearchNative(
    absl::Span<const std::string> query_tokens) const {
  std::map<std::string, int> qtf;
  for (const std::string& t : query_tokens) ++qtf[t];
  std::vector<Xapian::Query> terms;
  for (const auto& [t, n] : qtf) terms.emplace_back(t, static_cast<Xapian::termcount>(n));
  if (terms.empty() || db_->get_doccount() == 0) return {};
  return Run(*db_, Xapian::Query(Xapian::Query::OP_OR, terms.begin(), terms.end()), params_);
}

std::vector<ScoredId> XapianBm25Reference::SearchLuceneFromXapian(
    absl::Span<const std::string> query_tokens) const {
  std::map<std::string, int> qtf;
  for (const std::string& t : query_tokens) ++qtf[t];
  const double n = static_cast<double>(db_->get_doccount());
  absl::flat_hash_map<uint32_t, double> acc;
  for (const auto& [term, count] : qtf) {
    const Xapian::doccount df = db_->get_termfreq(term);
    if (df == 0) continue;
    const double scale =
        LuceneIdf(static_cast<int64_t>(n), df) / XapianTermWeight(n, df, params_.k1);
    for (const ScoredId& s : Run(*db_, Xapian::Query(term), params_)) {
      acc[s.id] += static_cast<double>(count) * (s.score * scale);
    }
  }
  std::vector<ScoredId> out;
  out.reserve(acc.size());
  for (const auto& [id, score] : acc) out.push_back({id, score});
  std::sort(out.begin(), out.end(), ScoreThenIdLess);
  return out;
}

RankingAgreement CompareRankings(const std::vector<ScoredId>& a, const std::vector<ScoredId>& b,
                                 int64_t k) {
  RankingAgreement r;
  r.size_a = static_cast<int64_t>(a.size());
  r.size_b = static_cast<int64_t>(b.size());
  r.top_k = std::min({k, r.size_a, r.size_b});
  absl::flat_hash_map<uint32_t, double> score_b;
  for (const ScoredId& s : b) score_b[s.id] = s.score;
  for (const ScoredId& s : a) {
    auto it = score_b.find(s.id);
    if (it == score_b.end()) continue;
    const double diff = std::fabs(s.score - it->second);
    const double scale = std::max(std::fabs(s.score), std::fabs(it->second));
    r.max_abs_diff = std::max(r.max_abs_diff, diff);
    if (scale > 0) r.max_rel_diff = std::max(r.max_rel_diff, diff / scale);
  }
  absl::flat_hash_map<uint32_t, double> score_a;
  for (const ScoredId& s : a) score_a[s.id] = s.score;
  for (int64_t i = 0; i < r.top_k; ++i) {
    if (a[i].id == b[i].id) continue;
    auto it = score_a.find(b[i].id);
    if (it == score_a.end()) continue;
    const double scale = std::max(std::fabs(a[i].score), std::fabs(it->second));
    if (std::fabs(a[i].score - it->second) <= 1e-9 * scale) ++r.near_tie_swaps;
  }
  absl::flat_hash_map<uint32_t, bool> top_b;
  for (int64_t i = 0; i < std::min(k, r.size_b); ++i) top_b[b[i].id] = true;
  for (int64_t i = 0; i < std::min(k, r.size_a); ++i) {
    if (i < r.top_k && a[i].id == b[i].id) ++r.same_position;
    if (top_b.count(a[i].id)) ++r.top_k_overlap;
  }
  return r;
}

}  // namespace repro::retrieval
