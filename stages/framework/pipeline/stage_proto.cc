#include "stages/framework/pipeline/stage_proto.h"

#include <optional>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/deterministic_proto.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/framework/pipeline/utf8.h"

namespace repro {

namespace {

// Parses `bytes` by the kind `name` ends with; errors name `name`.
absl::Status ParseByName(const std::string& bytes, absl::string_view name,
                         google::protobuf::Message* message) {
  if (absl::EndsWith(name, ".textproto")) return ParseTextProto(bytes, name, message);
  if (absl::EndsWith(name, ".json")) return FromJson(bytes, name, message);
  if (!message->ParseFromString(bytes)) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, ": not a binary ", message->GetTypeName()));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ReadInputProto(const Stage& stage, absl::string_view role,
                            google::protobuf::Message* message) {
  ASSIGN_OR_RETURN(const Stage::Input* in, stage.Find(role));
  ASSIGN_OR_RETURN(const std::string bytes, stage.Read(role));
  absl::Status s = ParseByName(bytes, in->short_path, message);
  // A text-format error already reads "<file>:<line>:<col>: ...".
  if (s.ok() || absl::EndsWith(in->short_path, ".textproto")) return s;
  return absl::Status(s.code(), absl::StrCat("input ", role, ": ", s.message()));
}

absl::Status ReadProtoFile(const std::string& path, google::protobuf::Message* message) {
  ASSIGN_OR_RETURN(const std::string bytes, ReadFile(path));
  return ParseByName(bytes, path, message);
}

absl::Status WriteOutputProto(Stage& stage, absl::string_view name,
                              const google::protobuf::Message& message) {
  // The next stage's parser rejects a proto3 string that is not valid UTF-8:
  // stop here, naming the field, rather than write an unreadable artifact.
  if (std::optional<InvalidUtf8Field> bad = FindInvalidUtf8(message)) {
    return absl::InvalidArgumentError(absl::StrCat("output ", name, ": field '", bad->path, "' of ",
                                                   message.GetTypeName(), " is not valid UTF-8"));
  }
  return stage.Write(name, DeterministicBytes(message));
}

}  // namespace repro
