// Stage tool: the task lock the pipeline derives for a task set
// (DeriveTaskLock, task_lock.h), as the lock file's text and as the Markdown
// table a person reviews before committing it.
//
// Flag: --set_name (the task set's name, e.g. "gitlab_runner"). Inputs
// (roles): tasks (the validated binary TaskSet), labels/<i> for i = 0..n-1
// (the binary Labels of the set's i-th task). Outputs: task_lock.textproto (TaskLockText)
// and task_lock_review.md (TaskLockReview), both written only after every input is read
// and the lock derived. Errors: an empty --set_name; labels roles that are
// not exactly labels/0..labels/<n-1> (IndexedRoles); those of ReadInputProto
// and DeriveTaskLock.
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/task.pb.h"
#include "stages/corpus/task_lock.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"

ABSL_FLAG(std::string, set_name, "", "Name of the task set, e.g. gitlab_runner.");

namespace repro {
namespace corpus {
namespace {

// The labels/<i> inputs, in the order of i.
absl::StatusOr<std::vector<Labels>> ReadLabels(const Stage& stage) {
  ASSIGN_OR_RETURN(const std::vector<std::string> roles,
                   IndexedRoles(stage.Roles("labels/"), "labels/"));
  std::vector<Labels> labels(roles.size());
  for (size_t i = 0; i < roles.size(); ++i) {
    RETURN_IF_ERROR(ReadInputProto(stage, roles[i], &labels[i]));
  }
  return labels;
}

absl::Status Run(Stage& stage) {
  const std::string set_name = absl::GetFlag(FLAGS_set_name);
  if (set_name.empty()) return absl::InvalidArgumentError("flag --set_name is required");
  TaskSet set;
  RETURN_IF_ERROR(ReadInputProto(stage, "tasks", &set));
  ASSIGN_OR_RETURN(const std::vector<Labels> labels, ReadLabels(stage));
  ASSIGN_OR_RETURN(const TaskLock lock, DeriveTaskLock(set, set_name, labels));
  RETURN_IF_ERROR(stage.Write("task_lock.textproto", TaskLockText(lock)));
  return stage.Write("task_lock_review.md", TaskLockReview(lock, labels));
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
