#include "stages/retrieval/harness_description.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace repro::retrieval {
namespace {

std::string Bm25Part(const Bm25Config& bm25) {
  return absl::StrCat("BM25 (k1 = ", bm25.k1(), ", b = ", bm25.b(), ")");
}

std::string DensePart(const DenseConfig& dense) {
  std::string model = "LSA";
  if (dense.backend() == DENSE_BACKEND_SERVER_CACHE) {
    std::vector<std::string> ids;
    for (const PinnedModel& m : dense.pinned_model()) ids.push_back(m.model_id());
    model = absl::StrCat("server model ", absl::StrJoin(ids, ", "), " from the vector cache");
  }
  return absl::StrCat("dense (", model, ", ", dense.dims(), " dims, FAISS IndexFlatIP)");
}

// What an external or pinned-runs harness ranks.
const char* UnitPart(const HarnessConfig& c) {
  return c.document_unit() == DOCUMENT_UNIT_FILES
             ? " over whole files"
             : " over function chunks; a file scores its best chunk";
}

std::string RankingPart(const HarnessConfig& c) {
  if (c.has_rerank()) {
    const std::string model =
        c.dense().backend() == DENSE_BACKEND_SERVER_CACHE ? "server model" : "LSA";
    const std::string scorer =
        c.rerank().scorer() == RERANK_SCORER_EXTERNAL
            ? absl::StrCat("external program ", c.external().program(), " (the pool as its corpus)")
            : absl::StrCat("the dense model (", model, ", ", c.dense().dims(),
                           " dims; a file scores its best chunk)");
    return absl::StrCat("the top ", c.rerank().k(), " files of ", c.rerank().first_stage(),
                        " reranked by ", scorer, ", ranks below ", c.rerank().k(), " in ",
                        c.rerank().first_stage(), "'s order");
  }
  if (c.has_external()) {
    return absl::StrCat("external program ", c.external().program(), UnitPart(c));
  }
  if (c.has_pinned_runs()) {
    return absl::StrCat("pinned runs of ", c.pinned_runs().system(), " (the run cache)",
                        UnitPart(c));
  }
  if (c.document_unit() == DOCUMENT_UNIT_FILES) {
    return absl::StrCat(Bm25Part(c.bm25()), " over whole files (path + content)");
  }
  return absl::StrCat("hybrid of ", Bm25Part(c.bm25()), " and ", DensePart(c.dense()),
                      " over function chunks, each leg's top ", c.fusion().leg_depth(),
                      " fused by RRF k = ", c.fusion().rrf_k(), "; a file scores its best chunk");
}

}  // namespace

std::string DescribeHarness(const HarnessConfig& config) {
  const char* query = config.query_field() == QUERY_FIELD_REFORMULATION
                          ? "frozen blinded reformulation"
                          : "task query";
  return absl::StrCat(RankingPart(config), "; top ", config.candidate_limit(),
                      " files; query = ", query);
}

}  // namespace repro::retrieval
