#include "stages/retrieval/harness_config.h"

#include <iterator>
#include <string>
#include <utility>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::retrieval {
namespace {

using ::testing::HasSubstr;

constexpr char kH000[] = R"pb(
  name: "H000"
  description: "BM25 over whole files"
  document_unit: DOCUMENT_UNIT_FILES
  query_field: QUERY_FIELD_QUERY
  tokenizer: "code-tokenizer/1"
  bm25 { k1: 0.9 b: 0.4 }
  candidate_limit: 200
)pb";

constexpr char kH008[] = R"pb(
  name: "H008"
  description: "hybrid"
  document_unit: DOCUMENT_UNIT_FUNCTION_CHUNKS
  query_field: QUERY_FIELD_QUERY
  tokenizer: "code-tokenizer/1"
  bm25 { k1: 0.9 b: 0.4 }
  dense {
    backend: DENSE_BACKEND_LSA
    dims: 256
    lsa_model: "//data/harnesses:lsa_code_256.textproto"
  }
  fusion { rrf_k: 60 leg_depth: 1000 }
  candidate_limit: 200
)pb";

// An externally supplied model: pinned by hand, per corpus repository.
constexpr char kServer[] = R"pb(
  name: "S100"
  description: "hybrid with a server model"
  document_unit: DOCUMENT_UNIT_FUNCTION_CHUNKS
  query_field: QUERY_FIELD_QUERY
  tokenizer: "code-tokenizer/1"
  bm25 { k1: 0.9 b: 0.4 }
  dense {
    backend: DENSE_BACKEND_SERVER_CACHE
    dims: 384
    pinned_model {
      corpus_repository: "fixture"
      model_id: "all-minilm-l6-v2"
      sha256: "0000000000000000000000000000000000000000000000000000000000000001"
    }
    pinned_model {
      corpus_repository: "gitlab-runner"
      model_id: "all-minilm-l6-v2"
      sha256: "0000000000000000000000000000000000000000000000000000000000000002"
    }
  }
  fusion { rrf_k: 60 leg_depth: 1000 }
  candidate_limit: 200
)pb";

TEST(HarnessConfigTest, ParsesValidConfigs) {
  absl::StatusOr<HarnessConfig> h0 = ParseHarnessConfig(kH000, "data/H000.textproto");
  ASSERT_TRUE(h0.ok()) << h0.status();
  EXPECT_EQ(h0->bm25().k1(), 0.9);
  absl::StatusOr<HarnessConfig> h8 = ParseHarnessConfig(kH008, "H008.textproto");
  ASSERT_TRUE(h8.ok()) << h8.status();
  EXPECT_EQ(h8->fusion().rrf_k(), 60u);
  EXPECT_EQ(h8->dense().lsa_model(), "//data/harnesses:lsa_code_256.textproto");
  absl::StatusOr<HarnessConfig> server = ParseHarnessConfig(kServer, "S100.textproto");
  ASSERT_TRUE(server.ok()) << server.status();
  absl::StatusOr<PinnedModel> p = PinnedModelFor(*server, "gitlab-runner");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->sha256().back(), '2');
}

TEST(HarnessConfigTest, EveryParameterMustBeWritten) {
  std::string text = kH000;
  text.replace(text.find("b: 0.4"), 6, "");
  absl::StatusOr<HarnessConfig> c = ParseHarnessConfig(text, "H000.textproto");
  EXPECT_TRUE(IsError(c, absl::StatusCode::kInvalidArgument,
                      "H000.textproto: HarnessConfig.bm25.b: expected a value"));
  text = kH008;
  text.replace(text.find("leg_depth: 1000"), 15, "");
  EXPECT_THAT(ParseHarnessConfig(text, "H008.textproto").status().message(),
              HasSubstr("fusion.leg_depth"));
}

TEST(HarnessConfigTest, NameMustMatchFile) {
  absl::StatusOr<HarnessConfig> c = ParseHarnessConfig(kH000, "data/H010.textproto");
  EXPECT_TRUE(
      IsError(c, absl::StatusCode::kInvalidArgument,
              "HarnessConfig.name: expected \"H010\" (the file's base name), found \"H000\""));
}

TEST(HarnessConfigTest, RejectsInconsistentBlocks) {
  std::string text = std::string(kH000) + "fusion { rrf_k: 60 leg_depth: 10 }";
  EXPECT_THAT(ParseHarnessConfig(text, "H000.textproto").status().message(),
              HasSubstr("fusion: expected absent for DOCUMENT_UNIT_FILES"));
  text = kH000;
  text.replace(text.find("code-tokenizer/1"), 16, "code-tokenizer/0");
  EXPECT_THAT(ParseHarnessConfig(text, "H000.textproto").status().message(),
              HasSubstr("tokenizer: expected \"code-tokenizer/1\""));
  text = kServer;
  text.replace(text.find("0000000000000000000000000000000000000000000000000000000000000001"), 64,
               "abc");
  EXPECT_THAT(ParseHarnessConfig(text, "S100.textproto").status().message(),
              HasSubstr("dense.pinned_model[0].sha256: expected 64 lower-case hex digits"));
  EXPECT_THAT(ParseHarnessConfig("name: \"H000\" bogus: 1", "H000.textproto").status().message(),
              HasSubstr("H000.textproto:1:"));
}

TEST(HarnessConfigTest, EnumNumbersThatAreNotValuesAreNamed) {
  std::string text = kH000;
  text.replace(text.find("DOCUMENT_UNIT_FILES"), 19, "7");
  absl::Status s = ParseHarnessConfig(text, "H000.textproto").status();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(s.message(),
              HasSubstr("H000.textproto: HarnessConfig.document_unit: expected "
                        "DOCUMENT_UNIT_FILES or DOCUMENT_UNIT_FUNCTION_CHUNKS, found 7"));
  text = kH000;
  text.replace(text.find("QUERY_FIELD_QUERY"), 17, "9");
  EXPECT_THAT(ParseHarnessConfig(text, "H000.textproto").status().message(),
              HasSubstr("HarnessConfig.query_field: expected QUERY_FIELD_QUERY or "
                        "QUERY_FIELD_REFORMULATION, found 9"));
  text = kH008;
  text.replace(text.find("DENSE_BACKEND_LSA"), 17, "5");
  EXPECT_THAT(ParseHarnessConfig(text, "H008.textproto").status().message(),
              HasSubstr("HarnessConfig.dense.backend: expected DENSE_BACKEND_LSA or "
                        "DENSE_BACKEND_SERVER_CACHE, found 5"));
}

TEST(HarnessConfigTest, Bm25ParametersMustBeFiniteAndSane) {
  for (const char* k1 : {"inf", "1e308", "0", "-1", "nan", "10.5"}) {
    std::string text = kH000;
    text.replace(text.find("k1: 0.9"), 7, std::string("k1: ") + k1);
    absl::Status s = ParseHarnessConfig(text, "H000.textproto").status();
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << k1;
    EXPECT_THAT(s.message(),
                HasSubstr("H000.textproto: HarnessConfig.bm25.k1: expected a finite value "
                          "in (0, 10], found"))
        << k1;
  }
  std::string b = kH000;
  b.replace(b.find("b: 0.4"), 6, "b: nan");
  EXPECT_THAT(ParseHarnessConfig(b, "H000.textproto").status().message(),
              HasSubstr("HarnessConfig.bm25.b: expected in [0, 1], found nan"));
}

TEST(HarnessConfigTest, UnsignedFieldsAreRangeCheckedAsWritten) {
  const struct {
    const char* text;     // in kH008
    const char* written;  // replacement
    const char* message;
  } cases[] = {
      {"rrf_k: 60", "rrf_k: 4294967295",
       "H008.textproto: HarnessConfig.fusion.rrf_k: expected an integer in [1, 1000000], found "
       "4294967295"},
      {"rrf_k: 60", "rrf_k: 2147483648",
       "HarnessConfig.fusion.rrf_k: expected an integer in [1, 1000000], found 2147483648"},
      {"rrf_k: 60", "rrf_k: 0",
       "HarnessConfig.fusion.rrf_k: expected an integer in [1, 1000000], found 0"},
      {"leg_depth: 1000", "leg_depth: 4294967295",
       "HarnessConfig.fusion.leg_depth: expected an integer in [1, 1000000], found 4294967295"},
      {"candidate_limit: 200", "candidate_limit: 4294967295",
       "H008.textproto: HarnessConfig.candidate_limit: expected an integer in [1, 1000000], found "
       "4294967295"},
      {"candidate_limit: 200", "candidate_limit: 2147483647",
       "HarnessConfig.candidate_limit: expected an integer in [1, 1000000], found 2147483647"},
      {"candidate_limit: 200", "candidate_limit: 0",
       "HarnessConfig.candidate_limit: expected an integer in [1, 1000000], found 0"},
      {"dims: 256", "dims: 4294967295",
       "HarnessConfig.dense.dims: expected an integer in [1, 65536], found 4294967295"},
      {"dims: 256", "dims: 65537",
       "HarnessConfig.dense.dims: expected an integer in [1, 65536], found 65537"},
  };
  for (const auto& c : cases) {
    std::string text = kH008;
    text.replace(text.find(c.text), std::string(c.text).size(), c.written);
    EXPECT_TRUE(IsError(ParseHarnessConfig(text, "H008.textproto"),
                        absl::StatusCode::kInvalidArgument, c.message))
        << c.written;
  }
  // The largest values in range are accepted.
  std::string text = kH008;
  text.replace(text.find("rrf_k: 60"), 9, "rrf_k: 1000000");
  text.replace(text.find("dims: 256"), 9, "dims: 65536");
  text.replace(text.find("candidate_limit: 200"), 20, "candidate_limit: 1000000");
  absl::StatusOr<HarnessConfig> max = ParseHarnessConfig(text, "H008.textproto");
  ASSERT_TRUE(max.ok()) << max.status();
  EXPECT_EQ(max->fusion().rrf_k(), 1000000u);
  // A value past uint32 does not parse: the parser names the line.
  text = kH008;
  text.replace(text.find("rrf_k: 60"), 9, "rrf_k: 4294967296");
  EXPECT_THAT(ParseHarnessConfig(text, "H008.textproto").status().message(),
              HasSubstr("H008.textproto:"));
}

TEST(HarnessConfigTest, CompareWithNamesOtherHarnessesOnce) {
  std::string text = std::string(kH008) + "compare_with: \"H000\"";
  absl::StatusOr<HarnessConfig> ok = ParseHarnessConfig(text, "H008.textproto");
  ASSERT_TRUE(ok.ok()) << ok.status();
  EXPECT_EQ(ok->compare_with(0), "H000");
  absl::Status self =
      ParseHarnessConfig(std::string(kH008) + "compare_with: \"H008\"", "H008.textproto").status();
  EXPECT_EQ(self.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(self.message(),
              HasSubstr("H008.textproto: HarnessConfig.compare_with[0]: expected the "
                        "name of another harness, found \"H008\""));
  absl::Status twice =
      ParseHarnessConfig(text + " compare_with: \"H000\"", "H008.textproto").status();
  EXPECT_THAT(twice.message(), HasSubstr("compare_with[1]: expected unique names (also "
                                         "compare_with[0]), found \"H000\""));
}

TEST(HarnessConfigTest, ServerCacheBackendPinsItsModelNotTheCacheFile) {
  // The cache file is the experiment's (ModelPins.vector_cache): the old
  // per-config field is reserved, so a config still carrying it fails to parse.
  std::string text = kServer;
  text.replace(
      text.find("sha256: \"0000000000000000000000000000000000000000000000000000000000000001\""), 0,
      "vector_cache_sha256: \"x\"\n");
  EXPECT_THAT(ParseHarnessConfig(text, "S100.textproto").status().message(),
              HasSubstr("vector_cache_sha256"));
  std::string bad_sha = kServer;
  bad_sha.replace(bad_sha.find("0000000000000000000000000000000000000000000000000000000000000001"),
                  64, "abc");
  EXPECT_THAT(ParseHarnessConfig(bad_sha, "S100.textproto").status().message(),
              HasSubstr("dense.pinned_model[0].sha256: expected 64 lower-case hex"));
  std::string with_lsa = std::string(kServer);
  with_lsa.replace(with_lsa.find("dims: 384"), 0, "lsa_model: \"//x:y.textproto\"\n");
  EXPECT_THAT(ParseHarnessConfig(with_lsa, "S100.textproto").status().message(),
              HasSubstr("dense.lsa_model: expected absent for DENSE_BACKEND_SERVER_CACHE"));
}

TEST(HarnessConfigTest, LsaBackendNamesItsModelAndPinsNothingItself) {
  std::string text = kH008;
  text.replace(text.find("lsa_model: \"//data/harnesses:lsa_code_256.textproto\""),
               std::string("lsa_model: \"//data/harnesses:lsa_code_256.textproto\"").size(), "");
  absl::Status missing = ParseHarnessConfig(text, "H008.textproto").status();
  EXPECT_EQ(missing.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(missing.message(),
              HasSubstr("H008.textproto: HarnessConfig.dense.lsa_model: expected a value"));
  std::string pinned = kH008;
  pinned.replace(pinned.find("dims: 256"), 0,
                 "pinned_model { corpus_repository: \"fixture\" model_id: \"m\" sha256: \"" +
                     std::string(64, '0') + "\" }\n");
  EXPECT_THAT(
      ParseHarnessConfig(pinned, "H008.textproto").status().message(),
      HasSubstr("dense.pinned_model: expected none for DENSE_BACKEND_LSA (the pipeline's own "
                "models are pinned per experiment"));
}

TEST(HarnessConfigTest, UnpinnedRepository) {
  absl::StatusOr<HarnessConfig> server = ParseHarnessConfig(kServer, "S100.textproto");
  ASSERT_TRUE(server.ok());
  absl::StatusOr<PinnedModel> p = PinnedModelFor(*server, "other");
  EXPECT_TRUE(IsError(p, absl::StatusCode::kFailedPrecondition,
                      "no dense model pinned for corpus repository \"other\" (pinned for: "
                      "fixture, gitlab-runner)"));
}

TEST(HarnessConfigTest, HashIgnoresLayoutAndSelectQuery) {
  absl::StatusOr<HarnessConfig> a = ParseHarnessConfig(kH000, "H000.textproto");
  absl::StatusOr<HarnessConfig> b =
      ParseHarnessConfig(std::string("# a comment\n") + kH000, "H000.textproto");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(HarnessConfigSha256(*a), HarnessConfigSha256(*b));
  EXPECT_EQ(*SelectQuery(*a, "T1", "q", ""), "q");
  HarnessConfig c = *a;
  c.set_query_field(QUERY_FIELD_REFORMULATION);
  EXPECT_EQ(*SelectQuery(c, "T1", "q", "r"), "r");
  EXPECT_EQ(SelectQuery(c, "T1", "q", "").status().message(),
            "harness " + c.name() +
                " searches with query_field REFORMULATION, but task T1 has no reformulation: "
                "expected a non-empty field reformulation in the task file, found none");
  EXPECT_NE(HarnessConfigSha256(c), HarnessConfigSha256(*a));
}

constexpr char kExternal[] = R"pb(
  name: "X001"
  description: "BM25 in Python"
  document_unit: DOCUMENT_UNIT_FILES
  query_field: QUERY_FIELD_QUERY
  candidate_limit: 200
  external { program: "//data/harnesses/external:bm25_example" timeout_seconds: 60 memory_mb: 1024 }
)pb";

TEST(HarnessConfigTest, AnExternalHarnessNamesItsProgramAndBounds) {
  absl::StatusOr<HarnessConfig> c = ParseHarnessConfig(kExternal, "X001.textproto");
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->external().program(), "//data/harnesses/external:bm25_example");
  const std::pair<std::string, std::string> bad[] = {
      {"program: \"//data/harnesses/external:bm25_example\"", "program: \"@x//:y\""},
      {"program: \"//data/harnesses/external:bm25_example\"", "program: \"//a/../b:c\""},
      {"timeout_seconds: 60", "timeout_seconds: 0"},
      {"memory_mb: 1024", "memory_mb: 16"},
      {"memory_mb: 1024", ""},
  };
  const std::string messages[] = {
      "X001.textproto: HarnessConfig.external.program: expected a label of an executable target "
      "of the workspace, such as \"//data/harnesses/external:bm25_example\", found \"@x//:y\"",
      "found \"//a/../b:c\"",
      "HarnessConfig.external.timeout_seconds: expected an integer in [1, 3600], found 0",
      "HarnessConfig.external.memory_mb: expected an integer in [64, 65536], found 16",
      "HarnessConfig.external.memory_mb: expected a value, found none",
  };
  for (size_t i = 0; i < std::size(bad); ++i) {
    std::string text = kExternal;
    text.replace(text.find(bad[i].first), bad[i].first.size(), bad[i].second);
    EXPECT_TRUE(IsError(ParseHarnessConfig(text, "X001.textproto"),
                        absl::StatusCode::kInvalidArgument, messages[i]))
        << text;
  }
  EXPECT_TRUE(IsError(
      ParseHarnessConfig(std::string(kExternal) + "bm25 { k1: 0.9 b: 0.4 }", "X001.textproto"),
      absl::StatusCode::kInvalidArgument,
      "HarnessConfig.bm25: expected absent for an external harness (the program "
      "ranks), found a bm25 value"));
}

constexpr char kPinnedRuns[] = R"pb(
  name: "P000"
  description: "an LLM localizer's runs"
  document_unit: DOCUMENT_UNIT_FILES
  query_field: QUERY_FIELD_QUERY
  candidate_limit: 200
  pinned_runs { system: "the docs page's BM25 example, run outside the build" }
)pb";

TEST(HarnessConfigTest, APinnedRunsHarnessDescribesItsSystemAndNothingElse) {
  absl::StatusOr<HarnessConfig> c = ParseHarnessConfig(kPinnedRuns, "P000.textproto");
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_TRUE(c->has_pinned_runs());
  const std::pair<std::string, std::string> bad[] = {
      {"system: \"the docs page's BM25 example, run outside the build\"", ""},
      {"candidate_limit: 200", ""},
      {"candidate_limit: 200",
       "candidate_limit: 200 external { program: \"//a:b\" timeout_seconds: 1 memory_mb: 64 }"},
      {"candidate_limit: 200", "candidate_limit: 200 tokenizer: \"x\""},
  };
  const std::string messages[] = {
      "P000.textproto: HarnessConfig.pinned_runs.system: expected a value, found none",
      "HarnessConfig.candidate_limit: expected a value, found none",
      "HarnessConfig.external: expected absent for a pinned-runs harness (its runs are cached), "
      "found an external block",
      "HarnessConfig.tokenizer: expected absent for a pinned-runs harness (its runs are cached), "
      "found a tokenizer value",
  };
  for (size_t i = 0; i < std::size(bad); ++i) {
    std::string text = kPinnedRuns;
    text.replace(text.find(bad[i].first), bad[i].first.size(), bad[i].second);
    EXPECT_TRUE(IsError(ParseHarnessConfig(text, "P000.textproto"),
                        absl::StatusCode::kInvalidArgument, messages[i]))
        << text;
  }
}

}  // namespace
}  // namespace repro::retrieval
