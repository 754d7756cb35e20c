#include "stages/retrieval/openai_client.h"

#include <curl/curl.h>

#include <algorithm>
#include <mutex>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "google/protobuf/util/json_util.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/openai_api.pb.h"

namespace repro::retrieval {
namespace {

size_t Append(char* data, size_t size, size_t n, void* user) {
  static_cast<std::string*>(user)->append(data, size * n);
  return size * n;
}

void GlobalInit() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

absl::Status ParseJson(const std::string& body, const std::string& url,
                       google::protobuf::Message* message) {
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  const auto status = google::protobuf::util::JsonStringToMessage(body, message, options);
  if (!status.ok()) {
    return absl::DataLossError(
        absl::StrCat(url, ": unexpected JSON (", status.ToString(), "): ", body.substr(0, 200)));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::string> OpenAiEmbeddingClient::Http(const std::string& path,
                                                        const std::string* post_body) const {
  GlobalInit();
  const std::string url = absl::StrCat(absl::StripSuffix(options_.base_url, "/"), path);
  CURL* curl = curl_easy_init();
  if (curl == nullptr) return absl::InternalError("curl_easy_init failed");
  std::string body;
  curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_PROXY, "");
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS,
                   static_cast<long>(absl::ToInt64Milliseconds(options_.connect_timeout)));
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS,
                   static_cast<long>(absl::ToInt64Milliseconds(options_.timeout)));
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, Append);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  if (post_body != nullptr) {
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, post_body->data());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(post_body->size()));
  }
  const CURLcode rc = curl_easy_perform(curl);
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  curl_slist_free_all(headers);
  curl_easy_cleanup(curl);
  if (rc != CURLE_OK) {
    return absl::UnavailableError(absl::StrCat(url, ": ", curl_easy_strerror(rc)));
  }
  if (status != 200) {
    return absl::UnavailableError(absl::StrCat(url, ": HTTP ", status, ": ", body.substr(0, 200)));
  }
  return body;
}

absl::StatusOr<std::unique_ptr<OpenAiEmbeddingClient>> OpenAiEmbeddingClient::Connect(
    const OpenAiClientOptions& options) {
  if (options.base_url.empty() || options.model_id.empty() || options.dims < 1 ||
      options.batch_size < 1) {
    return absl::InvalidArgumentError(
        "OpenAiEmbeddingClient: base_url, model_id, dims >= 1 and batch_size >= 1 are required");
  }
  std::unique_ptr<OpenAiEmbeddingClient> client(new OpenAiEmbeddingClient(options));
  ASSIGN_OR_RETURN(std::string body, client->Http("/v1/models", nullptr));
  openai::ModelList list;
  RETURN_IF_ERROR(ParseJson(body, options.base_url + "/v1/models", &list));
  std::vector<std::string> ids;
  for (const openai::Model& m : list.data()) ids.push_back(m.id());
  std::sort(ids.begin(), ids.end());
  if (ids.size() != 1 || ids[0] != options.model_id) {
    return absl::FailedPreconditionError(absl::StrCat(
        options.base_url, ": refusing to start: the pinned embedding model \"", options.model_id,
        "\" must be the only loaded model; loaded models: [", absl::StrJoin(ids, ", "), "]"));
  }
  return client;
}

absl::Status OpenAiEmbeddingClient::Embed(absl::Span<const std::string> texts,
                                          std::vector<float>* out) {
  const size_t dims = static_cast<size_t>(options_.dims);
  std::vector<float> result(texts.size() * dims, 0.0f);
  const std::string url = options_.base_url + "/v1/embeddings";
  for (size_t begin = 0; begin < texts.size(); begin += static_cast<size_t>(options_.batch_size)) {
    const size_t end = std::min(texts.size(), begin + static_cast<size_t>(options_.batch_size));
    openai::EmbeddingsRequest request;
    request.set_model(options_.model_id);
    request.set_encoding_format("float");
    for (size_t i = begin; i < end; ++i) request.add_input(texts[i]);
    std::string json;
    google::protobuf::util::JsonPrintOptions print;
    print.preserve_proto_field_names = true;
    if (!google::protobuf::util::MessageToJsonString(request, &json, print).ok()) {
      return absl::InternalError("cannot print the embeddings request as JSON");
    }
    ASSIGN_OR_RETURN(std::string body, Http("/v1/embeddings", &json));
    openai::EmbeddingsResponse response;
    RETURN_IF_ERROR(ParseJson(body, url, &response));
    const size_t n = end - begin;
    if (response.data_size() != static_cast<int>(n)) {
      return absl::DataLossError(
          absl::StrCat(url, ": expected ", n, " embeddings, found ", response.data_size()));
    }
    std::vector<bool> seen(n, false);
    for (const openai::Embedding& e : response.data()) {
      if (e.index() < 0 || static_cast<size_t>(e.index()) >= n || seen[e.index()]) {
        return absl::DataLossError(
            absl::StrCat(url, ": bad or repeated embedding index ", e.index()));
      }
      seen[e.index()] = true;
      if (static_cast<size_t>(e.embedding_size()) != dims) {
        return absl::DataLossError(absl::StrCat(url, ": embedding ", e.index(), " has ",
                                                e.embedding_size(), " dims, expected ", dims));
      }
      const absl::Span<float> row =
          absl::MakeSpan(result.data() + (begin + e.index()) * dims, dims);
      NormalizeServerEmbedding(absl::MakeConstSpan(e.embedding().data(), dims), row);
      if (absl::Status bad = CheckEmbeddingRow(row, dims); !bad.ok()) {
        return absl::DataLossError(absl::StrCat(url, ": embedding ", e.index(), " (text sha256 ",
                                                Sha256Hex(texts[begin + e.index()]),
                                                "): ", bad.message()));
      }
    }
  }
  out->insert(out->end(), result.begin(), result.end());
  return absl::OkStatus();
}

}  // namespace repro::retrieval
