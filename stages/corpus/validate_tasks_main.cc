// Stage tool: validates a task spec against the extracted history
// (task_spec.h) and writes it as a binary TaskSet for later stages.
//
// Inputs (roles): spec (the text proto), index (index.tsv), and
// tree/<commit> (tree.z) for every base commit of the spec. Flags: --history,
// --remedy (for messages). Every problem is listed, naming task and field.
#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/task_spec.h"
#include "stages/pipeline/stage.h"

ABSL_FLAG(std::string, history, "", "Where the commits come from (for messages).");
ABSL_FLAG(std::string, remedy, "", "What to do when a commit is missing.");

namespace repro {
namespace corpus {
namespace {

absl::Status Run(Stage& stage) {
  absl::StatusOr<const Stage::Input*> spec_in = stage.Find("spec");
  if (!spec_in.ok()) return spec_in.status();
  absl::StatusOr<std::string> spec_text = stage.Read("spec");
  if (!spec_text.ok()) return spec_text.status();
  absl::StatusOr<TaskSet> set = ParseTaskSet(*spec_text, (*spec_in)->short_path);
  if (!set.ok()) return set.status();

  HistoryView history;
  history.description = absl::GetFlag(FLAGS_history);
  history.remedy = absl::GetFlag(FLAGS_remedy);
  absl::StatusOr<const Stage::Input*> index_in = stage.Find("index");
  if (!index_in.ok()) return index_in.status();
  absl::StatusOr<std::string> index_text = stage.Read("index");
  if (!index_text.ok()) return index_text.status();
  absl::StatusOr<std::map<std::string, CommitIndexEntry>> index =
      ParseCommitIndex(*index_text, (*index_in)->short_path);
  if (!index.ok()) return index.status();
  history.index = std::move(*index);

  for (const std::string& role : stage.Roles("tree/")) {
    const std::string commit = role.substr(5);
    absl::StatusOr<const Stage::Input*> in = stage.Find(role);
    absl::StatusOr<std::string> bytes = stage.Read(role);
    if (!bytes.ok()) return bytes.status();
    absl::StatusOr<std::vector<TreeEntry>> tree = ParseLsTree(*bytes, (*in)->short_path);
    if (!tree.ok()) return tree.status();
    std::set<std::string>& paths = history.tree_paths[commit];
    for (const TreeEntry& e : *tree) {
      if (e.type == "blob") paths.insert(e.path);
    }
  }
  absl::Status valid = ValidateTaskSet(*set, (*spec_in)->short_path, history);
  if (!valid.ok()) return valid;
  absl::StatusOr<std::string> out = OnlyOutput(stage);
  if (!out.ok()) return out.status();
  return WriteProto(stage, *out, *set);
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
