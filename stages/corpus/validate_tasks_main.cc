// Stage tool: reads a task file (text proto or JSON Lines), derives the base
// and stale commits and validates it against the extracted history
// (task_spec.h), and writes it as a binary TaskSet for later stages.
//
// Inputs (roles): spec (the task file), index (index.tsv), patches
// (patches.tsv, for a set with a task given as a patch), and
// tree/<commit> (tree.z) for every base commit of the set. Flags: --history,
// --remedy (for messages); --repository and --lsa_training_commit, the
// set-level values the repository rule resolved (task_spec.h SetDefaults).
// Every problem is listed, naming task and field.
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/history_flags.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/task_spec.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"

ABSL_FLAG(std::string, repository, "", "The set's logical repository name, as resolved.");
ABSL_FLAG(std::string, lsa_training_commit, "", "The LSA training commit, as resolved.");

namespace repro {
namespace corpus {
namespace {

// The history the spec is checked against: the messages from the flags, the
// commit index, and the blob paths of every tree/<commit> input (its corpus records:
// extract_history.sh keeps only those).
absl::StatusOr<HistoryView> ReadHistory(const Stage& stage) {
  HistoryView history;
  ASSIGN_OR_RETURN(const HistoryMessages messages, HistoryFromFlags());
  history.description = messages.description;
  history.remedy = messages.remedy;
  ASSIGN_OR_RETURN(const Stage::NamedBytes index, stage.ReadNamed("index"));
  ASSIGN_OR_RETURN(history.index, ParseCommitIndex(index.bytes, index.name));
  if (!stage.Roles("patches").empty()) {
    ASSIGN_OR_RETURN(const Stage::NamedBytes patches, stage.ReadNamed("patches"));
    ASSIGN_OR_RETURN(history.patch_trees, ParsePatchTrees(patches.bytes, patches.name));
  }
  for (const std::string& role : stage.Roles("tree/")) {
    ASSIGN_OR_RETURN(const Stage::NamedBytes in, stage.ReadNamed(role));
    ASSIGN_OR_RETURN(const std::vector<TreeEntry> tree, ParseLsTree(in.bytes, in.name));
    std::set<std::string>& paths = history.tree_paths[role.substr(5)];
    for (const TreeEntry& e : tree) {
      if (e.type == "blob") paths.insert(e.path);
    }
  }
  return history;
}

absl::Status Run(Stage& stage) {
  ASSIGN_OR_RETURN(const Stage::NamedBytes spec, stage.ReadNamed("spec"));
  ASSIGN_OR_RETURN(TaskSet authored, ParseTaskSet(spec.bytes, spec.name));
  ASSIGN_OR_RETURN(const HistoryView history, ReadHistory(stage));
  const SetDefaults defaults{absl::GetFlag(FLAGS_repository),
                             absl::GetFlag(FLAGS_lsa_training_commit)};
  ASSIGN_OR_RETURN(const TaskSet set,
                   ValidateTaskSet(std::move(authored), spec.name, history, defaults));
  return WriteOnlyOutputProto(stage, set);
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
