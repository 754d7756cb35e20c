#include "stages/retrieval/harness_description.h"

#include "gtest/gtest.h"
#include "stages/retrieval/retrieval.pb.h"

namespace repro::retrieval {
namespace {

HarnessConfig Hybrid() {
  HarnessConfig c;
  c.set_document_unit(DOCUMENT_UNIT_FUNCTION_CHUNKS);
  c.set_query_field(QUERY_FIELD_QUERY);
  c.mutable_bm25()->set_k1(0.9);
  c.mutable_bm25()->set_b(0.4);
  c.mutable_dense()->set_backend(DENSE_BACKEND_LSA);
  c.mutable_dense()->set_dims(256);
  c.mutable_fusion()->set_rrf_k(60);
  c.mutable_fusion()->set_leg_depth(1000);
  c.set_candidate_limit(200);
  c.set_description("hybrid BM25 + dense, RRF k = 60");  // authored: never used here
  return c;
}

TEST(DescribeHarnessTest, FilesHarness) {
  HarnessConfig c;
  c.set_document_unit(DOCUMENT_UNIT_FILES);
  c.set_query_field(QUERY_FIELD_QUERY);
  c.mutable_bm25()->set_k1(1.2);
  c.mutable_bm25()->set_b(0.75);
  c.set_candidate_limit(100);
  EXPECT_EQ(DescribeHarness(c),
            "BM25 (k1 = 1.2, b = 0.75) over whole files (path + content); top 100 files; "
            "query = task query");
}

TEST(DescribeHarnessTest, ExternalHarness) {
  HarnessConfig c;
  c.set_document_unit(DOCUMENT_UNIT_FUNCTION_CHUNKS);
  c.set_query_field(QUERY_FIELD_REFORMULATION);
  c.set_candidate_limit(50);
  c.mutable_external()->set_program("//data/harnesses/external:bm25_example");
  EXPECT_EQ(DescribeHarness(c),
            "external program //data/harnesses/external:bm25_example over function chunks; a "
            "file scores its best chunk; top 50 files; query = frozen blinded reformulation");
}

TEST(DescribeHarnessTest, Reranker) {
  HarnessConfig c = Hybrid();
  c.set_document_unit(DOCUMENT_UNIT_FILES);
  c.mutable_rerank()->set_first_stage("H000");
  c.mutable_rerank()->set_k(100);
  EXPECT_EQ(DescribeHarness(c),
            "the top 100 files of H000 reranked by the dense model (LSA, 256 dims; a file scores "
            "its best chunk), ranks below 100 in H000's order; top 200 files; query = task query");
}

TEST(DescribeHarnessTest, RerankerWithAnExternalScorer) {
  HarnessConfig c;
  c.set_document_unit(DOCUMENT_UNIT_FILES);
  c.set_query_field(QUERY_FIELD_QUERY);
  c.set_candidate_limit(200);
  c.mutable_external()->set_program("//data/harnesses/external:rerank_example");
  c.mutable_rerank()->set_first_stage("H000");
  c.mutable_rerank()->set_k(100);
  c.mutable_rerank()->set_scorer(RERANK_SCORER_EXTERNAL);
  EXPECT_EQ(DescribeHarness(c),
            "the top 100 files of H000 reranked by external program "
            "//data/harnesses/external:rerank_example (the pool as its corpus), ranks below 100 in "
            "H000's order; top 200 files; query = task query");
}

TEST(DescribeHarnessTest, HybridHarness) {
  EXPECT_EQ(DescribeHarness(Hybrid()),
            "hybrid of BM25 (k1 = 0.9, b = 0.4) and dense (LSA, 256 dims, FAISS IndexFlatIP) over "
            "function chunks, each leg's top 1000 fused by RRF k = 60; a file scores its best "
            "chunk; top 200 files; query = task query");
}

TEST(DescribeHarnessTest, ChangedRrfKChangesTheDescription) {
  HarnessConfig c = Hybrid();
  c.mutable_fusion()->set_rrf_k(30);
  const std::string d = DescribeHarness(c);
  EXPECT_NE(d.find("RRF k = 30"), std::string::npos) << d;
  EXPECT_EQ(d.find("k = 60"), std::string::npos) << d;
}

TEST(DescribeHarnessTest, ServerModelAndReformulation) {
  HarnessConfig c = Hybrid();
  c.set_query_field(QUERY_FIELD_REFORMULATION);
  c.mutable_dense()->set_backend(DENSE_BACKEND_SERVER_CACHE);
  c.mutable_dense()->set_dims(384);
  c.mutable_dense()->add_pinned_model()->set_model_id("all-MiniLM-L6-v2");
  const std::string d = DescribeHarness(c);
  EXPECT_NE(d.find("dense (server model all-MiniLM-L6-v2 from the vector cache, 384 dims"),
            std::string::npos)
      << d;
  EXPECT_NE(d.find("query = frozen blinded reformulation"), std::string::npos) << d;
}

}  // namespace
}  // namespace repro::retrieval
