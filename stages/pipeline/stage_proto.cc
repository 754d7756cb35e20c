#include "stages/pipeline/stage_proto.h"

#include <optional>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "stages/pipeline/textproto.h"
#include "stages/pipeline/utf8.h"

namespace repro {

absl::Status ReadInputProto(const Stage& stage, absl::string_view role,
                            google::protobuf::Message* message) {
  absl::StatusOr<const Stage::Input*> in = stage.Find(role);
  if (!in.ok()) return in.status();
  absl::StatusOr<std::string> bytes = stage.Read(role);
  if (!bytes.ok()) return bytes.status();
  const std::string& name = (*in)->short_path;
  if (absl::EndsWith(name, ".textproto")) return ParseTextProto(*bytes, name, message);
  if (absl::EndsWith(name, ".json")) {
    absl::Status s = FromJson(*bytes, name, message);
    if (!s.ok()) return absl::InvalidArgumentError(absl::StrCat("input ", role, ": ", s.message()));
    return absl::OkStatus();
  }
  if (!message->ParseFromString(*bytes)) {
    return absl::InvalidArgumentError(
        absl::StrCat("input ", role, " (", name, "): not a binary ", message->GetTypeName()));
  }
  return absl::OkStatus();
}

absl::Status WriteOutputProto(Stage& stage, absl::string_view name,
                              const google::protobuf::Message& message) {
  // The next stage's parser rejects a proto3 string that is not valid UTF-8:
  // stop here, naming the field, rather than write an unreadable artifact.
  if (std::optional<InvalidUtf8Field> bad = FindInvalidUtf8(message)) {
    return absl::InvalidArgumentError(absl::StrCat("output ", name, ": field '", bad->path, "' of ",
                                                   message.GetTypeName(), " is not valid UTF-8"));
  }
  std::string bytes;
  {
    google::protobuf::io::StringOutputStream raw(&bytes);
    google::protobuf::io::CodedOutputStream coded(&raw);
    coded.SetSerializationDeterministic(true);
    if (!message.SerializeToCodedStream(&coded)) {
      return absl::InternalError(absl::StrCat("cannot serialize ", message.GetTypeName()));
    }
  }
  return stage.Write(name, std::move(bytes));
}

}  // namespace repro
