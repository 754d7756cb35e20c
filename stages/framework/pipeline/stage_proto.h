// Reading and writing a stage's inputs and outputs as protocol buffers.
//
// ReadInputProto parses the input with `role` by its file name: text format
// for "*.textproto" (errors name file:line:col, see textproto.h), proto3 JSON
// for "*.json", binary otherwise. Errors name the role, the file and the
// message type. WriteOutputProto serializes deterministically (binary) to the
// declared output `name`; a string field that is not valid UTF-8 (utf8.h) is
// InvalidArgument naming the output and the field, and nothing is written.
//
// ReadProtoFile is the same reader for a file that is not a stage input (a
// `bazel run` tool reading runfiles): the kind by `path`'s name, as above;
// errors name `path` (NotFound when it cannot be read, InvalidArgument
// "<path>:<line>:<col>: ..." for text format, "<path>: invalid JSON for
// <type>: ..." for JSON, "<path>: not a binary <type>" otherwise).
#ifndef REPRO_STAGES_FRAMEWORK_PIPELINE_STAGE_PROTO_H_
#define REPRO_STAGES_FRAMEWORK_PIPELINE_STAGE_PROTO_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"
#include "stages/framework/pipeline/stage.h"

namespace repro {

absl::Status ReadInputProto(const Stage& stage, absl::string_view role,
                            google::protobuf::Message* message);

absl::Status ReadProtoFile(const std::string& path, google::protobuf::Message* message);

absl::Status WriteOutputProto(Stage& stage, absl::string_view name,
                              const google::protobuf::Message& message);

}  // namespace repro

#endif  // REPRO_STAGES_FRAMEWORK_PIPELINE_STAGE_PROTO_H_
