// The schemas of the project's authored text protos, read at run time from a
// FileDescriptorSet (the `authored_schemas` target of this package, built
// from the .proto files of the layers below: corpus, experiments, retrieval,
// the studies), so that explain links no study's library.
//
// An authored text proto names its schema in two header comments:
//   # proto-file: stages/corpus/task.proto
//   # proto-message: repro.corpus.TaskSet
// New(text) returns an empty message of that type (a dynamic message, whose
// text format and reflection are those of the generated class), or null when
// either header is missing or names no message of that file in the set.
//
// Load(path) reads the set: a serialized FileDescriptorSet, the same file may
// appear more than once (the concatenation of each proto_library's transitive
// descriptor sets) and must then be identical. Errors: NotFound for a missing
// file, InvalidArgument naming the file for bytes that do not parse or a
// descriptor that does not build (with the proto file's name).
#ifndef REPRO_STAGES_INSPECT_EXPLAIN_AUTHORED_SCHEMAS_H_
#define REPRO_STAGES_INSPECT_EXPLAIN_AUTHORED_SCHEMAS_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/descriptor.pb.h"
#include "google/protobuf/dynamic_message.h"
#include "google/protobuf/message.h"

namespace repro::explain {

class AuthoredSchemas {
 public:
  static absl::StatusOr<std::unique_ptr<AuthoredSchemas>> Load(const std::string& path);
  static absl::StatusOr<std::unique_ptr<AuthoredSchemas>> FromSet(
      const google::protobuf::FileDescriptorSet& set, absl::string_view origin);

  // An empty message of the schema `text`'s header names, or null.
  std::unique_ptr<google::protobuf::Message> New(absl::string_view text) const;

 private:
  AuthoredSchemas() = default;

  google::protobuf::DescriptorPool pool_;
  mutable google::protobuf::DynamicMessageFactory factory_{&pool_};
};

// The value of the header comment "# <name>: <value>" of `text`, or "".
std::string HeaderValue(absl::string_view text, absl::string_view name);

}  // namespace repro::explain

#endif  // REPRO_STAGES_INSPECT_EXPLAIN_AUTHORED_SCHEMAS_H_
