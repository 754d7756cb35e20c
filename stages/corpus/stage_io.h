// Small helpers shared by the corpus stage tools (the *_main.cc files).
//
// ReadProto and WriteProto are the pipeline's ReadInputProto and
// WriteOutputProto (stages/pipeline/stage_proto.h): binary, JSON for ".json",
// text format for ".textproto"; deterministic binary output.
// OnlyOutput is the name of the single declared output of the stage.
// CheckHistoryStatus reads a status file written by extract_history.sh
// ("present", or "missing<TAB><uses>"; ids that are not 40-hex never get
// this far: the repository rule rejects them, spec_values.bzl) and turns anything but
// "present" into FailedPrecondition naming the commit, its uses (task and
// field) and the remedy.
#ifndef REPRO_STAGES_CORPUS_STAGE_IO_H_
#define REPRO_STAGES_CORPUS_STAGE_IO_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"
#include "stages/pipeline/stage.h"

namespace repro {
namespace corpus {

absl::Status ReadProto(const Stage& stage, absl::string_view role,
                       google::protobuf::Message* message);

absl::Status WriteProto(Stage& stage, absl::string_view name,
                        const google::protobuf::Message& message);

absl::StatusOr<std::string> OnlyOutput(const Stage& stage);

absl::Status CheckHistoryStatus(absl::string_view status_bytes, absl::string_view what,
                                absl::string_view description, absl::string_view remedy);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_STAGE_IO_H_
