#include "stages/retrieval/set_index.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::retrieval {

absl::StatusOr<SetIndex> ReadSetIndex(const std::string& path) {
  ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  SetIndex index;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipEmpty())) {
    ++line_number;
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    if (f.size() == 2 && f[0] == "# set") {
      index.name = f[1];
    } else if (f.size() == 2 && f[0] == "# not_configured") {
      index.not_configured = f[1];
    } else if (f.size() == 2 && f[0] == "# lock_file") {
      index.lock_file = f[1];
    } else if (f.size() == 3 && !absl::StartsWith(f[0], "#")) {
      if (f[0] != "-" &&
          std::find(index.tasks.begin(), index.tasks.end(), f[0]) == index.tasks.end()) {
        index.tasks.push_back(f[0]);
      }
      index.paths[{f[0], f[1]}] = f[2];
    } else {
      return absl::InvalidArgumentError(absl::StrCat(
          path, ":", line_number,
          ": expected \"# set\t<name>\", \"# not_configured\t<why>\", \"# lock_file\t<path>\" "
          "or \"<task or ->\t<role>\t<path>\", found \"",
          absl::CHexEscape(line), "\""));
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

absl::StatusOr<corpus::TaskSet> LoadTaskSet(const SetIndex& index) {
  ASSIGN_OR_RETURN(std::string path, PathOf(index, "-", "task_set"));
  corpus::TaskSet set;
  RETURN_IF_ERROR(ReadBinaryProto(path, &set));
  return set;
}

corpus::ProtoReader IndexProtoReader(const SetIndex& index, const std::string& task) {
  return [&index, task](absl::string_view role, google::protobuf::Message* m) -> absl::Status {
    const std::string r(role);
    const bool own = index.paths.count({task, r}) > 0;
    ASSIGN_OR_RETURN(const std::string path, PathOf(index, own ? task : "-", r));
    return ReadBinaryProto(path, m);
  };
}

absl::StatusOr<TaskCorpus> LoadTaskCorpus(const SetIndex& index, const std::string& task) {
  TaskCorpus t;
  const corpus::ProtoReader read = IndexProtoReader(index, task);
  ASSIGN_OR_RETURN(t.snapshot, corpus::ReadSnapshot(read, "base_snapshot"));
  ASSIGN_OR_RETURN(t.chunks, corpus::ReadChunks(read, "base_chunks", t.snapshot));
  RETURN_IF_ERROR(read("labels", &t.labels));
  return t;
}

}  // namespace repro::retrieval
