#include "stages/retrieval/vector_cache_fill.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/retrieval/dense_backend.h"
#include "stages/retrieval/harness.h"
#include "stages/retrieval/loopback_http_server.h"
#include "stages/retrieval/openai_api.pb.h"
#include "stages/retrieval/openai_client.h"
#include "stages/retrieval/retrieval_corpus.h"
#include "stages/retrieval/test_corpus.h"
#include "stages/retrieval/tokenizer.h"

namespace repro::retrieval {
namespace {

using testing::LoopbackHttpServer;

constexpr int kDims = 8;
const char kModel[] = "text-embedding-fake";

// A deterministic fake embedding server: the vector of t is the first 8
// bytes of sha256(t), centred; times 1e300 for a text that starts with
// "huge", all zeros for "zero vector".
LoopbackHttpServer::Response Handle(const LoopbackHttpServer::Request& req, int* calls) {
  if (req.path == "/v1/models") {
    return {200, absl::StrCat("{\"object\":\"list\",\"data\":[{\"id\":\"", kModel, "\"}]}")};
  }
  ++*calls;
  openai::EmbeddingsRequest r;
  if (!google::protobuf::util::JsonStringToMessage(req.body, &r).ok()) return {400, "{}"};
  openai::EmbeddingsResponse resp;
  for (int i = 0; i < r.input_size(); ++i) {
    openai::Embedding* e = resp.add_data();
    e->set_index(i);
    const std::string h = Sha256Hex(r.input(i));
    const double scale = r.input(i) == "zero vector"            ? 0
                         : absl::StartsWith(r.input(i), "huge") ? 1e300
                                                                : 1;
    for (int j = 0; j < kDims; ++j) {
      e->add_embedding(scale * (std::stoi(h.substr(2 * j, 2), nullptr, 16) - 127.5));
    }
  }
  std::string json;
  (void)google::protobuf::util::MessageToJsonString(resp, &json);
  return {200, json};
}

std::string TempPath(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/" + name;
}

HarnessConfig ServerConfig() {
  HarnessConfig c;
  c.set_name("H008");
  c.set_description("server cache variant");
  c.set_document_unit(DOCUMENT_UNIT_FUNCTION_CHUNKS);
  c.set_query_field(QUERY_FIELD_QUERY);
  c.set_tokenizer(std::string(kTokenizerVersion));
  c.mutable_bm25()->set_k1(0.9);
  c.mutable_bm25()->set_b(0.4);
  c.mutable_dense()->set_backend(DENSE_BACKEND_SERVER_CACHE);
  c.mutable_dense()->set_dims(kDims);
  PinnedModel* p = c.mutable_dense()->add_pinned_model();
  p->set_corpus_repository("unit");
  p->set_model_id(kModel);
  p->set_sha256(std::string(64, 'c'));
  c.mutable_fusion()->set_rrf_k(60);
  c.mutable_fusion()->set_leg_depth(1000);
  c.set_candidate_limit(200);
  return c;
}

// The fake server on a loopback port, and a client connected to it.
class VectorCacheFillTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto server = LoopbackHttpServer::Start(
        [this](const LoopbackHttpServer::Request& r) { return Handle(r, &calls_); });
    ASSERT_TRUE(server.ok());
    server_ = *std::move(server);
    OpenAiClientOptions o;
    o.base_url = server_->base_url();
    o.model_id = kModel;
    o.model_sha256 = std::string(64, 'c');
    o.dims = kDims;
    auto client = OpenAiEmbeddingClient::Connect(o);
    ASSERT_TRUE(client.ok()) << client.status();
    client_ = *std::move(client);
  }

  int calls_ = 0;
  std::unique_ptr<LoopbackHttpServer> server_;
  std::unique_ptr<OpenAiEmbeddingClient> client_;
};

TEST_F(VectorCacheFillTest, FillThenRunTheHarnessFromThePinnedCache) {
  corpus::Snapshot snapshot = testing::SmallGoSnapshot();
  corpus::ChunkSet chunks = testing::NaiveChunks(snapshot);
  std::vector<std::string> texts = ChunkTexts(chunks);
  const std::string query = "windows volume drive letter";
  texts.push_back(query);
  texts.push_back(query);  // duplicates are embedded once

  const std::string path = TempPath("fill.sqlite");
  {
    auto cache = VectorCacheWriter::Open(path);
    ASSERT_TRUE(cache.ok());
    std::vector<int64_t> progress;
    absl::StatusOr<FillStats> s =
        FillVectorCache(texts, *client_, **cache, 4, [&progress, &texts](const FillProgress& p) {
          EXPECT_EQ(p.missing, static_cast<int64_t>(texts.size()) - 1);
          progress.push_back(p.embedded);
        });
    ASSERT_TRUE(s.ok()) << s.status();
    ASSERT_FALSE(progress.empty());  // one call per stored batch of 4
    EXPECT_EQ(progress.front(), 4);
    EXPECT_EQ(progress.back(), s->embedded);
    EXPECT_EQ(progress.size(), static_cast<size_t>((s->embedded + 3) / 4));
    EXPECT_EQ(s->texts, static_cast<int64_t>(texts.size()));
    EXPECT_EQ(s->unique, static_cast<int64_t>(texts.size()) - 1);
    EXPECT_EQ(s->embedded, s->unique);
    const int calls_after_first = calls_;
    s = FillVectorCache(texts, *client_, **cache, 4);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->embedded, 0);
    EXPECT_EQ(s->present, s->unique);
    EXPECT_EQ(calls_, calls_after_first);  // nothing asked of the server
  }

  absl::StatusOr<std::string> file_sha = Sha256File(path);
  ASSERT_TRUE(file_sha.ok());
  absl::StatusOr<Corpus> corpus = Corpus::Create(snapshot, chunks);
  ASSERT_TRUE(corpus.ok());
  HarnessConfig config = ServerConfig();
  absl::StatusOr<std::unique_ptr<EmbeddingBackend>> cached =
      OpenPinnedBackend(config, "unit", path, {"", *file_sha, ""});
  ASSERT_TRUE(cached.ok()) << cached.status();
  absl::StatusOr<HarnessRun> from_cache = RunHarness(config, *corpus, cached->get(), query);
  ASSERT_TRUE(from_cache.ok()) << from_cache.status();
  // The same harness straight from the server gives byte-identical results.
  absl::StatusOr<HarnessRun> from_server = RunHarness(config, *corpus, client_.get(), query);
  ASSERT_TRUE(from_server.ok()) << from_server.status();
  EXPECT_EQ(from_cache->result.SerializeAsString(), from_server->result.SerializeAsString());
  EXPECT_EQ(from_cache->result.index_stats().dense_dim(), static_cast<uint32_t>(kDims));

  // A query that was never filled: a clear error, not a silent BM25-only run.
  absl::StatusOr<HarnessRun> unfilled = RunHarness(config, *corpus, cached->get(), "unseen query");
  EXPECT_TRUE(IsError(unfilled, absl::StatusCode::kNotFound, "fill_vector_cache"));

  // A cache file other than the pinned one stops before anything runs.
  absl::StatusOr<std::unique_ptr<EmbeddingBackend>> wrong =
      OpenPinnedBackend(config, "unit", path, {"", std::string(64, '0'), ""});
  EXPECT_TRUE(IsError(wrong, absl::StatusCode::kFailedPrecondition,
                      "harness H008: " + path + ": vector cache sha256 mismatch: expected " +
                          std::string(64, '0')));
  // A digest the caller already computed from the file (Stage::InputDigest)
  // stands for the file's: checked against the pin, the file not hashed again.
  EXPECT_TRUE(
      IsError(OpenPinnedBackend(config, "unit", path, {"", *file_sha, std::string(64, '1')}),
              absl::StatusCode::kFailedPrecondition, "found " + std::string(64, '1')));
  EXPECT_TRUE(OpenPinnedBackend(config, "unit", path, {"", *file_sha, *file_sha}).ok());
  // And without a pin it is not opened at all.
  EXPECT_TRUE(IsError(OpenPinnedBackend(config, "unit", path, {}),
                      absl::StatusCode::kInvalidArgument, "opened only against its pin"));
}

TEST_F(VectorCacheFillTest, AZeroVectorStopsTheFillAndHugeOnesNormalise) {
  auto cache = VectorCacheWriter::Open(TempPath("fill_bad_vectors.sqlite"));
  ASSERT_TRUE(cache.ok());
  auto key = [](const std::string& text) {
    return CacheKey{kModel, std::string(64, 'c'), Sha256Hex(text)};
  };
  // Components near 1e300 (sum of squares: inf) are normalised, not zeroed.
  absl::StatusOr<FillStats> s = FillVectorCache({"huge text", "plain text"}, *client_, **cache);
  ASSERT_TRUE(s.ok()) << s.status();
  absl::StatusOr<std::optional<std::vector<float>>> huge = (*cache)->Get(key("huge text"), kDims);
  absl::StatusOr<std::optional<std::vector<float>>> plain = (*cache)->Get(key("plain text"), kDims);
  ASSERT_TRUE(huge.ok() && huge->has_value()) << huge.status();
  ASSERT_TRUE(plain.ok() && plain->has_value()) << plain.status();
  // A zero vector stops the fill naming the text; nothing of its batch is stored.
  s = FillVectorCache({"other text", "zero vector"}, *client_, **cache);
  EXPECT_TRUE(IsError(s, absl::StatusCode::kDataLoss,
                      "(text sha256 " + Sha256Hex("zero vector") + "): every value is 0"));
  EXPECT_FALSE((*cache)->Get(key("zero vector"), kDims)->has_value());
  EXPECT_FALSE((*cache)->Get(key("other text"), kDims)->has_value());
}

TEST(SampleTextsTest, DistinctTextsInSha256OrderThenTheFirstLimit) {
  const std::vector<std::string> texts = {"b", "a", "c", "a", "d"};
  std::vector<std::pair<std::string, std::string>> all;
  for (const std::string t : {"a", "b", "c", "d"}) all.emplace_back(Sha256Hex(t), t);
  std::sort(all.begin(), all.end());
  EXPECT_EQ(SampleTexts(texts, 0), all);
  EXPECT_EQ(SampleTexts(texts, 9), all);
  const std::vector<std::pair<std::string, std::string>> first_two(all.begin(), all.begin() + 2);
  EXPECT_EQ(SampleTexts(texts, 2), first_two);
  EXPECT_TRUE(SampleTexts({}, 3).empty());
}

TEST(ProgressLineTest, BarRateAndEta) {
  EXPECT_EQ(ProgressLine({350, 1000}, 10.0),
            "[#######.............]  350/1000 texts  35.0 texts/s  ETA 19s");
  EXPECT_EQ(ProgressLine({1000, 1000}, 20.0),
            "[####################] 1000/1000 texts  50.0 texts/s  ETA 0s");
  EXPECT_EQ(ProgressLine({1, 10000}, 1.0),
            "[....................]     1/10000 texts  1.0 texts/s  ETA 2h46m39s");
  EXPECT_EQ(ProgressLine({60, 180}, 60.0),
            "[######..............]  60/180 texts  1.0 texts/s  ETA 2m00s");
  EXPECT_EQ(ProgressLine({0, 5}, 0.0), "[....................] 0/5 texts  0.0 texts/s  ETA ?");
}

}  // namespace
}  // namespace repro::retrieval
