#include "stages/retrieval/openai_client.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/retrieval/loopback_http_server.h"
#include "stages/retrieval/openai_api.pb.h"

namespace repro::retrieval {
namespace {

using ::testing::HasSubstr;
using testing::LoopbackHttpServer;

// A fake LM Studio: /v1/models lists `models`; /v1/embeddings returns, for
// each input text t, the unnormalised vector (|t|, count of 'a', 1, 2), with
// the data entries in reverse order (clients must use `index`).
struct FakeServer {
  std::vector<std::string> models = {"text-embedding-test"};
  int dims = 4;
  int embedding_calls = 0;
  // Texts answered with these raw values instead.
  std::map<std::string, std::vector<double>> raw;

  LoopbackHttpServer::Response Handle(const LoopbackHttpServer::Request& req) {
    if (req.method == "GET" && req.path == "/v1/models") {
      std::vector<std::string> items;
      for (const std::string& m : models) {
        items.push_back(
            absl::StrCat("{\"id\": \"", m, "\", \"object\": \"model\", \"owned_by\": \"x\"}"));
      }
      return {200,
              absl::StrCat("{\"object\": \"list\", \"data\": [", absl::StrJoin(items, ", "), "]}")};
    }
    if (req.method == "POST" && req.path == "/v1/embeddings") {
      ++embedding_calls;
      openai::EmbeddingsRequest r;
      if (!google::protobuf::util::JsonStringToMessage(req.body, &r).ok() ||
          r.encoding_format() != "float") {
        return {400, "{\"error\": \"bad request\"}"};
      }
      openai::EmbeddingsResponse resp;
      resp.set_object("list");
      resp.set_model(r.model());
      for (int i = r.input_size() - 1; i >= 0; --i) {
        openai::Embedding* e = resp.add_data();
        e->set_object("embedding");
        e->set_index(i);
        const std::string& t = r.input(i);
        const double v[4] = {static_cast<double>(t.size()),
                             static_cast<double>(std::count(t.begin(), t.end(), 'a')), 1, 2};
        if (auto it = raw.find(t); it != raw.end()) {
          for (double x : it->second) e->add_embedding(x);
          continue;
        }
        for (int j = 0; j < dims; ++j) e->add_embedding(v[j % 4]);
      }
      std::string json;
      google::protobuf::util::JsonPrintOptions p;
      p.preserve_proto_field_names = true;
      (void)google::protobuf::util::MessageToJsonString(resp, &json, p);
      return {200, json};
    }
    return {404, "{\"error\": \"not found\"}"};
  }
};

class OpenAiClientTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto s = LoopbackHttpServer::Start(
        [this](const LoopbackHttpServer::Request& r) { return fake_.Handle(r); });
    ASSERT_TRUE(s.ok()) << s.status();
    server_ = *std::move(s);
  }

  OpenAiClientOptions Options() const {
    OpenAiClientOptions o;
    o.base_url = server_->base_url();
    o.model_id = "text-embedding-test";
    o.model_sha256 = std::string(64, 'b');
    o.dims = 4;
    o.batch_size = 2;
    o.timeout = absl::Seconds(10);
    return o;
  }

  FakeServer fake_;
  std::unique_ptr<LoopbackHttpServer> server_;
};

TEST_F(OpenAiClientTest, EmbedsInInputOrderNormalisedAndBatched) {
  auto client = OpenAiEmbeddingClient::Connect(Options());
  ASSERT_TRUE(client.ok()) << client.status();
  EXPECT_EQ((*client)->model_sha256(), std::string(64, 'b'));
  std::vector<float> out;
  ASSERT_TRUE((*client)->Embed({"aa", "abc", "", "banana", "x"}, &out).ok());
  ASSERT_EQ(out.size(), 20u);
  EXPECT_EQ(fake_.embedding_calls, 3);  // batches of 2, 2, 1
  // "aa" -> (2, 2, 1, 2) / 3.605551...
  const double n = std::sqrt(4.0 + 4 + 1 + 4);
  EXPECT_FLOAT_EQ(out[0], static_cast<float>(2 / n));
  EXPECT_FLOAT_EQ(out[3], static_cast<float>(2 / n));
  // "banana" -> (6, 3, 1, 2)
  const double m = std::sqrt(36.0 + 9 + 1 + 4);
  EXPECT_FLOAT_EQ(out[12], static_cast<float>(6 / m));
  EXPECT_FLOAT_EQ(out[13], static_cast<float>(3 / m));
}

TEST_F(OpenAiClientTest, RefusesWhenASecondModelIsLoaded) {
  fake_.models = {"text-embedding-test", "qwen2.5-7b-instruct"};
  auto client = OpenAiEmbeddingClient::Connect(Options());
  ASSERT_FALSE(client.ok());
  EXPECT_EQ(client.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(
      client.status().message(),
      HasSubstr("refusing to start: the pinned embedding model \"text-embedding-test\" must "
                "be the only loaded model; loaded models: [qwen2.5-7b-instruct, "
                "text-embedding-test]"));
  EXPECT_EQ(fake_.embedding_calls, 0);
}

TEST_F(OpenAiClientTest, RefusesWhenThePinnedModelIsNotLoaded) {
  fake_.models = {"other-embedding"};
  EXPECT_THAT(OpenAiEmbeddingClient::Connect(Options()).status().message(),
              HasSubstr("loaded models: [other-embedding]"));
  fake_.models = {};
  EXPECT_THAT(OpenAiEmbeddingClient::Connect(Options()).status().message(),
              HasSubstr("loaded models: []"));
}

TEST_F(OpenAiClientTest, WrongDimensionIsAnError) {
  fake_.dims = 3;
  auto client = OpenAiEmbeddingClient::Connect(Options());
  ASSERT_TRUE(client.ok());
  std::vector<float> out;
  absl::Status s = (*client)->Embed({"abc"}, &out);
  EXPECT_THAT(s.message(), HasSubstr("has 3 dims, expected 4"));
  EXPECT_TRUE(out.empty());
}

TEST_F(OpenAiClientTest, HugeAndTinyVectorsNormaliseZeroAndNonFiniteOnesAreErrors) {
  fake_.raw["huge"] = {1e300, -1e300, 1e300, 1e300};
  fake_.raw["tiny"] = {3e-300, 0, -4e-300, 0};
  fake_.raw["zero"] = {0, 0, 0, 0};
  fake_.raw["nan"] = {1, std::nan(""), 0, 0};
  fake_.raw["inf"] = {1, 0, 0, -HUGE_VAL};
  auto client = OpenAiEmbeddingClient::Connect(Options());
  ASSERT_TRUE(client.ok());
  std::vector<float> out;
  ASSERT_TRUE((*client)->Embed({"huge", "tiny"}, &out).ok());
  EXPECT_EQ(out, (std::vector<float>{0.5f, -0.5f, 0.5f, 0.5f, 0.6f, 0.0f, -0.8f, 0.0f}));
  out.clear();
  const std::string url = server_->base_url() + "/v1/embeddings";
  EXPECT_TRUE(IsError(
      (*client)->Embed({"abc", "huge", "zero"}, &out), absl::StatusCode::kDataLoss,
      url + ": embedding 0 (text sha256 " + Sha256Hex("zero") + "): every value is 0 (L2 norm 0)"));
  EXPECT_TRUE(IsError((*client)->Embed({"nan"}, &out), absl::StatusCode::kDataLoss,
                      "embedding 0 (text sha256 " + Sha256Hex("nan") + "): value 1 of 4 is nan"));
  EXPECT_TRUE(IsError((*client)->Embed({"x", "inf"}, &out), absl::StatusCode::kDataLoss,
                      "embedding 1 (text sha256 " + Sha256Hex("inf") + "): value 3 of 4 is -inf"));
  EXPECT_TRUE(out.empty());
}

TEST_F(OpenAiClientTest, HttpErrorsNameTheUrl) {
  OpenAiClientOptions o = Options();
  o.base_url += "/nope";
  absl::Status s = OpenAiEmbeddingClient::Connect(o).status();
  EXPECT_THAT(s.message(), HasSubstr("/nope/v1/models: HTTP 404"));
}

TEST(OpenAiClientNoServerTest, ConnectionRefusedFailsFast) {
  int port = 0;
  {
    // Take a free port, then close the server so nothing listens there.
    auto s = LoopbackHttpServer::Start(
        [](const LoopbackHttpServer::Request&) { return LoopbackHttpServer::Response{}; });
    ASSERT_TRUE(s.ok());
    port = (*s)->port();
  }
  OpenAiClientOptions o;
  o.base_url = absl::StrCat("http://127.0.0.1:", port);
  o.model_id = "m";
  o.dims = 4;
  o.connect_timeout = absl::Seconds(2);
  o.timeout = absl::Seconds(3);
  auto client = OpenAiEmbeddingClient::Connect(o);
  EXPECT_TRUE(IsError(client, absl::StatusCode::kUnavailable, o.base_url + "/v1/models: "));
}

}  // namespace
}  // namespace repro::retrieval
