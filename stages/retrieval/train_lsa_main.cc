// Stage tool: trains the LSA dense model (lsa_trainer.h) on the chunks of the
// pinned training snapshot.
//
// Inputs (roles): config (LsaTrainingConfig text proto), snapshot (binary
// Snapshot with content), chunks (binary ChunkSet of that snapshot).
// Outputs (declared names, in this order in the BUILD file): the model
// artifact (*.pb) and its summary (*.json, LsaModelSummary, with the sha256
// to pin in the harness configs).
// Flag --training_commit: the task set's lsa_training_commit; the stage stops
// unless the snapshot is of that commit. The authored config leaves
// training_repository and training_commit out; the stage sets them from the
// snapshot before training, so the artifact records where it was trained.
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/retrieval/lsa_trainer.h"
#include "stages/retrieval/retrieval.pb.h"
#include "stages/retrieval/retrieval_corpus.h"

ABSL_FLAG(std::string, training_commit, "", "The task set's lsa_training_commit (40 hex).");

namespace repro::retrieval {
namespace {

absl::Status Run(Stage& stage) {
  ASSIGN_OR_RETURN(const Stage::Input* config_input, stage.Find("config"));
  ASSIGN_OR_RETURN(std::string text, stage.Read("config"));
  LsaTrainingConfig config;
  const std::string& source = config_input->short_path;
  RETURN_IF_ERROR(ParseTextProto(text, source, &config));
  if (config.has_training_repository() || config.has_training_commit()) {
    return absl::InvalidArgumentError(absl::StrCat(
        source,
        ": LsaTrainingConfig.training_repository/training_commit: expected none (the task "
        "set's lsa_training_commit decides where the model is trained), found ",
        config.training_repository(), "@", config.training_commit()));
  }

  const corpus::ProtoReader read = corpus::StageProtoReader(stage);
  ASSIGN_OR_RETURN(const corpus::Snapshot snapshot, corpus::ReadSnapshot(read, "snapshot"));
  ASSIGN_OR_RETURN(const corpus::ChunkSet chunks, corpus::ReadChunks(read, "chunks", snapshot));
  const std::string expected = absl::GetFlag(FLAGS_training_commit);
  if (snapshot.commit() != expected) {
    return absl::FailedPreconditionError(
        absl::StrCat("training snapshot: expected the task set's lsa_training_commit ", expected,
                     ", found ", snapshot.repository(), "@", snapshot.commit()));
  }
  config.set_training_repository(snapshot.repository());
  config.set_training_commit(snapshot.commit());
  RETURN_IF_ERROR(ValidateLsaTrainingConfig(config, source));
  ASSIGN_OR_RETURN(Corpus corpus, Corpus::Create(snapshot, chunks));
  ASSIGN_OR_RETURN(LsaModel model, TrainLsaModel(config, corpus.ChunkDocuments(),
                                                 corpus.snapshot_sha256(), corpus.chunker()));
  const std::string bytes = SerializeLsaModel(model);

  LsaModelSummary summary;
  summary.set_model_id(config.model_id());
  summary.set_sha256(Sha256Hex(bytes));
  summary.set_artifact_bytes(bytes.size());
  summary.set_tokenizer(config.tokenizer());
  summary.set_training_repository(config.training_repository());
  summary.set_training_commit(config.training_commit());
  summary.set_training_snapshot_sha256(model.training_snapshot_sha256());
  summary.set_chunker(model.chunker());
  summary.set_training_documents(model.training_documents());
  summary.set_vocabulary(static_cast<uint64_t>(model.vocabulary_size()));
  summary.set_dims(config.dims());
  summary.set_rank(model.rank());
  *summary.mutable_singular_values() = model.singular_values();

  std::string pb_name, json_name;
  for (const auto& [name, path] : stage.output_paths()) {
    if (absl::EndsWith(name, ".pb")) pb_name = name;
    if (absl::EndsWith(name, ".json")) json_name = name;
  }
  if (pb_name.empty() || json_name.empty()) {
    return absl::InvalidArgumentError("train_lsa: declare one *.pb and one *.json output");
  }
  RETURN_IF_ERROR(stage.Write(pb_name, bytes));
  return stage.Write(json_name, ToJson(summary));
}

}  // namespace
}  // namespace repro::retrieval

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::retrieval::Run); }
