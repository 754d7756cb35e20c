#include "tools/tasks/internal/split_diff.h"

#include <fnmatch.h>

#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "stages/corpus/git_dump.h"
#include "stages/framework/pipeline/git_command.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::tasks::internal {
namespace {

bool Matches(const std::string& glob, const std::string& text) {
  return fnmatch(glob.c_str(), text.c_str(), 0) == 0;
}

// Whether `path` is a test file (split_diff.h).
bool IsTestPath(const corpus::LanguageSet& languages, const std::string& path) {
  const std::string base = path.substr(path.rfind('/') + 1);
  for (const corpus::languages::Rules& r : languages.rules()) {
    for (const std::string& g : r.non_gold_path_globs()) {
      if (Matches(g, path)) return true;
    }
    for (const std::string& g : r.non_gold_basename_globs()) {
      if (Matches(g, base)) return true;
    }
  }
  return false;
}

// `git diff base head` over `pathspecs`; "" for none.
absl::StatusOr<std::string> DiffOf(const std::string& git_dir, const std::string& base,
                                   const std::string& head,
                                   const std::vector<std::string>& pathspecs) {
  if (pathspecs.empty()) return std::string();
  std::vector<std::string> args = {"diff",
                                   "--no-color",
                                   "--no-ext-diff",
                                   "--no-textconv",
                                   "--diff-algorithm=myers",
                                   "--indent-heuristic",
                                   "-M",
                                   "--full-index",
                                   "--src-prefix=a/",
                                   "--dst-prefix=b/",
                                   base,
                                   head,
                                   "--"};
  args.insert(args.end(), pathspecs.begin(), pathspecs.end());
  return RunGit(git_dir, args);
}

}  // namespace

absl::StatusOr<SplitPatch> SplitDiff(const std::string& git_dir,
                                     const corpus::LanguageSet& languages, const std::string& base,
                                     const std::string& head) {
  ASSIGN_OR_RETURN(const std::string name_status,
                   RunGit(git_dir, {"diff-tree", "-r", "-z", "--name-status", "-M", base, head}));
  ASSIGN_OR_RETURN(const std::vector<corpus::NameStatusRow> rows,
                   corpus::ParseNameStatusZ(name_status, "git diff-tree"));
  std::vector<std::string> fix_paths;
  std::vector<std::string> test_paths;
  for (const corpus::NameStatusRow& row : rows) {
    const std::string& path = row.new_path.empty() ? row.path : row.new_path;
    std::vector<std::string>& side = IsTestPath(languages, path) ? test_paths : fix_paths;
    side.push_back(":(literal)" + row.path);
    if (!row.new_path.empty()) side.push_back(":(literal)" + row.new_path);
  }
  SplitPatch out;
  ASSIGN_OR_RETURN(out.patch, DiffOf(git_dir, base, head, fix_paths));
  ASSIGN_OR_RETURN(out.test_patch, DiffOf(git_dir, base, head, test_paths));
  return out;
}

std::string PatchProblem(absl::string_view patch) {
  if (absl::StrContains(patch, "\r\n")) return "crlf";
  bool in_section = false;
  bool mode = false;
  bool hunk = false;
  for (absl::string_view line : absl::StrSplit(patch, '\n')) {
    if (absl::StartsWith(line, "GIT binary patch") ||
        (absl::StartsWith(line, "Binary files ") && absl::EndsWith(line, " differ"))) {
      return "binary";
    }
    if (absl::StartsWith(line, "diff --git ")) {
      if (in_section && mode && !hunk) return "mode-only";
      in_section = true;
      mode = hunk = false;
    } else if (in_section &&
               (absl::StartsWith(line, "old mode ") || absl::StartsWith(line, "new mode "))) {
      mode = true;
    } else if (in_section && absl::StartsWith(line, "@@ ")) {
      hunk = true;
    }
  }
  return in_section && mode && !hunk ? "mode-only" : "";
}

}  // namespace repro::tasks::internal
