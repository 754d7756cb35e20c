#include "stages/corpus/index/set_index.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/corpus/index/artifact_index.pb.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::corpus {

absl::StatusOr<SetIndex> ReadSetIndex(const std::string& path) {
  ArtifactIndex proto;
  RETURN_IF_ERROR(ReadProtoFile(path, &proto));
  SetIndex index;
  index.name = proto.name();
  index.not_configured = proto.not_configured();
  index.lock_file = proto.lock_file();
  for (int i = 0; i < proto.artifacts_size(); ++i) {
    const Artifact& a = proto.artifacts(i);
    for (const auto& [field, value] :
         {std::pair<const char*, const std::string*>{"task", &a.task()},
          {"role", &a.role()},
          {"path", &a.path()}}) {
      if (value->empty()) {
        return absl::InvalidArgumentError(
            absl::StrCat(path, ": artifacts[", i, "].", field, ": expected a value, found none"));
      }
    }
    if (!index.paths.emplace(std::make_pair(a.task(), a.role()), a.path()).second) {
      return absl::InvalidArgumentError(absl::StrCat(path, ": artifacts[", i, "]: task ", a.task(),
                                                     " role ", a.role(), " is given twice"));
    }
    if (a.task() != "-" &&
        std::find(index.tasks.begin(), index.tasks.end(), a.task()) == index.tasks.end()) {
      index.tasks.push_back(a.task());
    }
  }
  return index;
}

absl::StatusOr<SetIndex> LoadSet(const std::vector<std::string>& index_files,
                                 const std::string& set) {
  std::vector<std::string> known;
  for (const std::string& path : index_files) {
    ASSIGN_OR_RETURN(SetIndex index, ReadSetIndex(path));
    if (index.name != set) {
      known.push_back(index.name);
      continue;
    }
    if (!index.not_configured.empty()) {
      return absl::FailedPreconditionError(
          absl::StrCat("set ", set, " is not available: ", index.not_configured));
    }
    return index;
  }
  return absl::NotFoundError(
      absl::StrCat("unknown experiment \"", set, "\"; experiments: ", absl::StrJoin(known, ", ")));
}

absl::StatusOr<std::string> PathOf(const SetIndex& index, const std::string& task,
                                   const std::string& role) {
  auto it = index.paths.find({task, role});
  if (it == index.paths.end()) {
    return absl::NotFoundError(absl::StrCat("set ", index.name, ": no ", role,
                                            task == "-" ? "" : absl::StrCat(" for task ", task)));
  }
  return it->second;
}

absl::StatusOr<std::vector<std::string>> HarnessPaths(const SetIndex& index) {
  std::vector<std::string> roles;
  for (const auto& [key, path] : index.paths) {
    if (key.first == "-") roles.push_back(key.second);
  }
  ASSIGN_OR_RETURN(const std::vector<std::string> ordered, IndexedRoles(roles, "harness/"));
  std::vector<std::string> paths;
  for (const std::string& role : ordered) paths.push_back(index.paths.at({"-", role}));
  return paths;
}

absl::Status ReadBinaryProto(const std::string& path, google::protobuf::Message* message) {
  ASSIGN_OR_RETURN(std::string bytes, ReadFile(path));
  if (!message->ParseFromString(bytes)) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": not a binary ", message->GetTypeName()));
  }
  return absl::OkStatus();
}

absl::StatusOr<TaskSet> LoadTaskSet(const SetIndex& index) {
  ASSIGN_OR_RETURN(std::string path, PathOf(index, "-", "task_set"));
  TaskSet set;
  RETURN_IF_ERROR(ReadBinaryProto(path, &set));
  return set;
}

ProtoReader IndexProtoReader(const SetIndex& index, const std::string& task) {
  return [&index, task](absl::string_view role, google::protobuf::Message* m) -> absl::Status {
    const std::string r(role);
    const bool own = index.paths.count({task, r}) > 0;
    ASSIGN_OR_RETURN(const std::string path, PathOf(index, own ? task : "-", r));
    return ReadBinaryProto(path, m);
  };
}

absl::StatusOr<TaskCorpus> LoadTaskCorpus(const SetIndex& index, const std::string& task) {
  TaskCorpus t;
  const ProtoReader read = IndexProtoReader(index, task);
  ASSIGN_OR_RETURN(t.snapshot, ReadSnapshot(read, "base_snapshot"));
  ASSIGN_OR_RETURN(t.chunks, ReadChunks(read, "base_chunks", t.snapshot));
  RETURN_IF_ERROR(read("labels", &t.labels));
  return t;
}

}  // namespace repro::corpus
