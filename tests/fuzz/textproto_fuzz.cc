// Fuzz target: the text-proto reader of authored inputs (ParseTextProto,
// stages/framework/pipeline/textproto.h) on arbitrary bytes, parsed as each schema a
// researcher writes by hand: Experiment, ModelPins, HarnessConfig,
// LsaTrainingConfig, TaskSet, DifferenceExplanations and the W04 cases.
// It lives here, not in stages/framework/pipeline, because it spans the stages' schemas.
//
// Properties checked: parsing returns a value or an error naming the file
// (never a crash); a parsed message survives the artifact path: canonical
// JSON (ToJson) is never empty, FromJson reads it back, and the two messages
// serialize to the same deterministic bytes.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/task.pb.h"
#include "stages/experiments/experiment.pb.h"
#include "stages/framework/pipeline/deterministic_proto.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/retrieval/retrieval.pb.h"
#include "stages/studies/w04/w04.pb.h"

namespace {

void Fail(const google::protobuf::Message& m, const char* what) {
  fprintf(stderr, "textproto_fuzz: %s: %s\n", m.GetTypeName().c_str(), what);
  abort();
}

std::vector<std::unique_ptr<google::protobuf::Message>> Schemas() {
  std::vector<std::unique_ptr<google::protobuf::Message>> s;
  s.push_back(std::make_unique<repro::experiments::Experiment>());
  s.push_back(std::make_unique<repro::experiments::ModelPins>());
  s.push_back(std::make_unique<repro::retrieval::HarnessConfig>());
  s.push_back(std::make_unique<repro::retrieval::LsaTrainingConfig>());
  s.push_back(std::make_unique<repro::corpus::TaskSet>());
  s.push_back(std::make_unique<repro::corpus::DifferenceExplanations>());
  s.push_back(std::make_unique<repro::w04::RerankCase>());
  s.push_back(std::make_unique<repro::w04::PackingCase>());
  s.push_back(std::make_unique<repro::w04::ReportText>());
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const auto* schemas =
      new std::vector<std::unique_ptr<google::protobuf::Message>>(Schemas());
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  for (const auto& schema : *schemas) {
    std::unique_ptr<google::protobuf::Message> m(schema->New());
    absl::Status parsed = repro::ParseTextProto(text, "fuzz.textproto", m.get());
    if (!parsed.ok()) {
      if (!absl::StartsWith(parsed.message(), "fuzz.textproto"))
        Fail(*m, "error without file name");
      continue;
    }
    const std::string json = repro::ToJson(*m);
    if (json.empty()) Fail(*m, "ToJson gave no JSON");
    std::unique_ptr<google::protobuf::Message> back(schema->New());
    if (!repro::FromJson(json, "fuzz.json", back.get()).ok()) Fail(*m, "FromJson rejects ToJson");
    if (repro::DeterministicBytes(*m) != repro::DeterministicBytes(*back))
      Fail(*m, "JSON round trip changes the message");
  }
  return 0;
}
