#include "stages/inspect/explain/authored_schemas.h"

#include <map>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::explain {

namespace pb = google::protobuf;

absl::StatusOr<std::unique_ptr<AuthoredSchemas>> AuthoredSchemas::Load(const std::string& path) {
  ASSIGN_OR_RETURN(const std::string bytes, ReadFile(path));
  pb::FileDescriptorSet set;
  if (!set.ParseFromString(bytes)) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": not a serialized FileDescriptorSet (the authored schemas)"));
  }
  return FromSet(set, path);
}

absl::StatusOr<std::unique_ptr<AuthoredSchemas>> AuthoredSchemas::FromSet(
    const pb::FileDescriptorSet& set, absl::string_view origin) {
  std::unique_ptr<AuthoredSchemas> schemas(new AuthoredSchemas());
  std::map<std::string, std::string> built;  // file name -> its serialized descriptor
  for (const pb::FileDescriptorProto& file : set.file()) {
    const std::string bytes = file.SerializeAsString();
    auto [it, added] = built.emplace(file.name(), bytes);
    if (!added) {
      if (it->second == bytes) continue;
      return absl::InvalidArgumentError(
          absl::StrCat(origin, ": two different descriptors of ", file.name()));
    }
    if (schemas->pool_.BuildFile(file) == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat(origin, ": the descriptor of ", file.name(), " does not build"));
    }
  }
  return schemas;
}

std::unique_ptr<pb::Message> AuthoredSchemas::New(absl::string_view text) const {
  const pb::FileDescriptor* file = pool_.FindFileByName(HeaderValue(text, "proto-file"));
  if (file == nullptr) return nullptr;
  const pb::Descriptor* d = pool_.FindMessageTypeByName(HeaderValue(text, "proto-message"));
  if (d == nullptr || d->file() != file) return nullptr;
  return std::unique_ptr<pb::Message>(factory_.GetPrototype(d)->New());
}

std::string HeaderValue(absl::string_view text, absl::string_view name) {
  const std::string prefix = absl::StrCat("# ", name, ":");
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    if (absl::ConsumePrefix(&line, prefix)) return std::string(absl::StripAsciiWhitespace(line));
  }
  return "";
}

}  // namespace repro::explain
