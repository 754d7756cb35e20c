#include "tools/tasks/internal/fix_labels.h"

#include <set>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "stages/corpus/chunker.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/labels.h"
#include "stages/corpus/task.pb.h"
#include "stages/corpus/unified_diff.h"
#include "stages/framework/pipeline/git_command.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::tasks::internal {
namespace {

// Lowercased words of a text: runs of [A-Za-z0-9_].
std::set<std::string> Words(absl::string_view text) {
  std::set<std::string> words;
  std::string w;
  for (char c : text) {
    if (absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_') {
      w += absl::ascii_tolower(static_cast<unsigned char>(c));
    } else if (!w.empty()) {
      words.insert(w);
      w.clear();
    }
  }
  if (!w.empty()) words.insert(w);
  return words;
}

// The names the leak filter looks for (see fix_labels.h).
std::set<std::string> LeakTerms(const corpus::Labels& labels) {
  std::set<std::string> terms;
  auto add = [&terms](absl::string_view t) {
    if (t.size() >= 3) terms.insert(absl::AsciiStrToLower(t));
  };
  for (const std::string& file : labels.gold_files()) {
    for (absl::string_view part : absl::StrSplit(file, '/')) add(part);
    const absl::string_view base = file.substr(file.rfind('/') + 1);
    add(base.substr(0, base.find('.')));
  }
  for (const corpus::GoldFunction& g : labels.gold_functions()) {
    for (absl::string_view part : absl::StrSplit(g.function(), '.')) add(part);
  }
  return terms;
}

}  // namespace

absl::StatusOr<corpus::Labels> FixLabels(const std::string& git_dir,
                                         const corpus::LanguageSet& languages,
                                         const std::string& base, const std::string& fix) {
  ASSIGN_OR_RETURN(const std::string name_status,
                   RunGit(git_dir, {"diff-tree", "-r", "-z", "--name-status", "-M", base, fix}));
  ASSIGN_OR_RETURN(const std::vector<corpus::NameStatusRow> rows,
                   corpus::ParseNameStatusZ(name_status, "git diff-tree"));
  corpus::Snapshot snapshot;
  std::string diff;
  for (const corpus::NameStatusRow& row : rows) {
    if (row.status != "M" || !languages.IsGoldCandidatePath(row.path)) continue;
    corpus::SourceFile* f = snapshot.add_files();
    f->set_path(row.path);
    ASSIGN_OR_RETURN(*f->mutable_content(),
                     RunGit(git_dir, {"cat-file", "blob", base + ":" + row.path}));
    f->set_bytes(f->content().size());
    // The options of extract_history.sh, so the hunks are the pipeline's.
    ASSIGN_OR_RETURN(const std::string d,
                     RunGit(git_dir, {"diff", "-U0", "--no-color", "--no-ext-diff", "--no-textconv",
                                      "--diff-algorithm=myers", "--indent-heuristic",
                                      "--full-index", "--src-prefix=a/", "--dst-prefix=b/", base,
                                      fix, "--", ":(literal)" + row.path}));
    diff += d;
  }
  if (snapshot.files_size() == 0) return corpus::Labels();
  ASSIGN_OR_RETURN(const corpus::ChunkSet chunks, corpus::ChunkSnapshot(snapshot, languages));
  ASSIGN_OR_RETURN(const auto changes, corpus::ParseZeroContextDiff(diff, "git diff -U0"));
  corpus::Task task;
  task.set_id("mined");
  task.set_base_commit(base);
  task.set_fix_commit(fix);
  ASSIGN_OR_RETURN(const corpus::DerivedLabels derived,
                   corpus::DeriveLabels(task, rows, changes, chunks, {}, languages));
  return derived.labels;
}

bool NamesAChangedLocation(absl::string_view text, const corpus::Labels& labels) {
  const std::set<std::string> words = Words(text);
  for (const std::string& t : LeakTerms(labels)) {
    if (words.count(t) > 0) return true;
  }
  const std::string lower_text = absl::AsciiStrToLower(text);
  for (const std::string& file : labels.gold_files()) {  // "s3.go", "cache/key.go"
    const std::string lower = absl::AsciiStrToLower(file);
    if (absl::StrContains(lower_text, lower.substr(lower.rfind('/') + 1))) return true;
  }
  return false;
}

}  // namespace repro::tasks::internal
