// UTF-8 validity of the text that enters artifacts.
//
// Every string field of a proto3 schema must hold valid UTF-8: protobuf's
// parser rejects a binary message whose string field does not (so a stage
// that writes one breaks the next stage), and its JSON printer fails on it.
// The check used here is protobuf's own (internal::IsStructurallyValidUTF8),
// so "valid" means exactly what the parser of the next stage accepts.
//
//   IsValidUtf8(s)          whether `s` is structurally valid UTF-8.
//   Utf8Safe(s)             `s` with each byte that is not part of a valid
//                           UTF-8 sequence written as the four characters
//                           \xNN (hex, lower case); valid input is unchanged.
//   Utf8Excerpt(s, n)       the first n bytes of `s`, cut back to a UTF-8
//                           sequence boundary, with "..." appended when cut,
//                           then Utf8Safe: always valid UTF-8.
//   FindInvalidUtf8(m, t)   the first string field (depth first, in field
//                           number order, repeated fields by index) of `m`
//                           whose value is not valid UTF-8, as a path
//                           "outer.inner[2].name"; with the ParseInfoTree of
//                           a text-format parse, also its 0-based line and
//                           column (-1 when unknown). nullopt if every string
//                           is valid. Bytes fields and unknown fields are not
//                           checked.
#ifndef REPRO_STAGES_FRAMEWORK_PIPELINE_UTF8_H_
#define REPRO_STAGES_FRAMEWORK_PIPELINE_UTF8_H_

#include <cstddef>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"
#include "google/protobuf/text_format.h"

namespace repro {

bool IsValidUtf8(absl::string_view s);
std::string Utf8Safe(absl::string_view s);
std::string Utf8Excerpt(absl::string_view s, size_t max_bytes);

struct InvalidUtf8Field {
  std::string path;
  int line = -1;
  int column = -1;
};

std::optional<InvalidUtf8Field> FindInvalidUtf8(
    const google::protobuf::Message& message,
    const google::protobuf::TextFormat::ParseInfoTree* tree = nullptr);

}  // namespace repro

#endif  // REPRO_STAGES_FRAMEWORK_PIPELINE_UTF8_H_
