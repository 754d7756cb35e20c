// Stage tool: splits the validated TaskSet into one TaskSet per task
// ("<id>.task.pb", holding the set's header fields and that one task), so that
// a change to one task's spec reruns only the stages of that task.
//
// Inputs (roles): tasks (task_set.pb) and, for the specs the grid reads,
// lock_check (the task lock check's line, lock_check_main.cc: its presence
// orders this stage, and so every grid stage, after the lock check; the
// labels read a split without it). Outputs: "<id>.task.pb" for exactly the
// task ids of the set; a declared output without a task, or a task without a
// declared output, is an error naming it.
#include <set>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "stages/corpus/task.pb.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace corpus {
namespace {

constexpr char kSuffix[] = ".task.pb";

absl::Status Run(Stage& stage) {
  TaskSet set;
  RETURN_IF_ERROR(ReadInputProto(stage, "tasks", &set));
  if (!stage.Roles("lock_check").empty()) {
    ASSIGN_OR_RETURN(const std::string lock_check, stage.Read("lock_check"));
    if (lock_check.empty()) return absl::InvalidArgumentError("lock_check: empty input");
  }
  std::set<std::string> declared;
  for (const auto& [name, path] : stage.output_paths()) {
    if (!absl::EndsWith(name, kSuffix)) {
      return absl::InvalidArgumentError(absl::StrCat("output '", name, "' is not <id>", kSuffix));
    }
    declared.insert(name.substr(0, name.size() - sizeof(kSuffix) + 1));
  }
  for (const Task& task : set.tasks()) {
    if (declared.erase(task.id()) == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("task ", task.id(), " has no declared output ", task.id(), kSuffix));
    }
    TaskSet one = set;
    one.clear_tasks();
    *one.add_tasks() = task;
    RETURN_IF_ERROR(WriteOutputProto(stage, task.id() + kSuffix, one));
  }
  if (!declared.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("declared output ", *declared.begin(), kSuffix, " names no task of the set"));
  }
  return absl::OkStatus();
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
