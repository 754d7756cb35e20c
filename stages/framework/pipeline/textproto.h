// Parsing authored text-format protos with errors that name the file, line and
// column, and printing messages as deterministic JSON.
#ifndef REPRO_STAGES_FRAMEWORK_PIPELINE_TEXTPROTO_H_
#define REPRO_STAGES_FRAMEWORK_PIPELINE_TEXTPROTO_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"

namespace repro {

// Parses `text` (the contents of `file_name`) into `message`. Unknown fields,
// syntax errors and a string field that is not valid UTF-8 (utf8.h; "\377"
// escapes parse, proto3 strings reject them) give InvalidArgument
// "<file_name>:<line>:<col>: <what>".
absl::Status ParseTextProto(absl::string_view text, absl::string_view file_name,
                            google::protobuf::Message* message);

// Canonical JSON of `message`: proto field names, default values printed,
// two-space indentation, trailing newline. Schemas used with it must not have
// map fields (map order is not part of the contract). Every string field must
// be valid UTF-8 (as every message from ParseTextProto, FromJson or a binary
// parse is); otherwise the process aborts naming the field, rather than write
// an empty artifact.
std::string ToJson(const google::protobuf::Message& message);

// Parses JSON written by ToJson (or any proto3 JSON) into `message`; errors
// name `file_name`.
absl::Status FromJson(absl::string_view json, absl::string_view file_name,
                      google::protobuf::Message* message);

}  // namespace repro

#endif  // REPRO_STAGES_FRAMEWORK_PIPELINE_TEXTPROTO_H_
