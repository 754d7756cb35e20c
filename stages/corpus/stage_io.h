// Small helpers shared by the corpus stage tools (the *_main.cc files). Protos
// are read and written with the pipeline's one reader and writer,
// ReadInputProto and WriteOutputProto (stages/framework/pipeline/stage_proto.h).
//
// OnlyOutput is the name of the single declared output of the stage, or
// InvalidArgument saying how many are declared. WriteOnlyOutput and
// WriteOnlyOutputProto write `bytes` / `message` (as WriteOutputProto) to it.
//
// A commit's snapshot and chunks are read with ReadSnapshot and ReadChunks
// (stored_corpus.h).
//
// CheckHistoryStatus reads a status file written by extract_history.sh or
// history.bzl ("present", "missing<TAB><uses>" or
// "missing<TAB><uses><TAB><reason>"; ids that are not 40-hex never get this
// far: the repository rule rejects them, spec_values.bzl) and turns anything
// but "present" into FailedPrecondition naming the commit, its uses (task and
// field; a use is "<task id>.<field>", split at its last dot, since an id
// may hold dots and a field never does) and the remedy, or the reason when
// the status gives one (an S001 depth past the history's root: the depth and
// the commits available).
//
// Inputs are read with ReadInputProto (stages/framework/pipeline/stage_proto.h), the one
// proto reader.
#ifndef REPRO_STAGES_CORPUS_STAGE_IO_H_
#define REPRO_STAGES_CORPUS_STAGE_IO_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/framework/pipeline/stage.h"

namespace repro {
namespace corpus {

absl::StatusOr<std::string> OnlyOutput(const Stage& stage);

absl::Status WriteOnlyOutput(Stage& stage, std::string bytes);

absl::Status WriteOnlyOutputProto(Stage& stage, const google::protobuf::Message& message);

absl::Status CheckHistoryStatus(absl::string_view status_bytes, absl::string_view what,
                                absl::string_view description, absl::string_view remedy);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_STAGE_IO_H_
