// explain: why the numbers of a report changed between two runs.
//
//   bazel run //tools/explain -- <old> <new> [--json | --html]
//   bazel run //tools/explain -- --write_state=<file.explain.jsonl> <report> [<task file>...]
//   explain_tool --list_tools <report>     (for since.sh)
//
// <old> and <new> are each a report directory (bazel-bin/reports/<name>, or a
// copy kept anywhere), a report label (//reports:<name>, read from
// bazel-bin) or a frozen state file (<name>.explain.jsonl, written by
// --write_state; `bazel run //reports:<name>_explain` compares the committed
// one with the current report). Relative paths are taken from the directory
// `bazel run` was started in, then from bazel-bin. The old bytes of a changed
// source file are looked up in the workspace, the output base and at the git
// revisions given by --revision (default HEAD; a revision starting with '-' is
// refused), to name the fields that changed. <old> and <new> must be runs of
// one report (their lineage's report label); two reports are refused, naming
// both. What is printed: explanation.h. --write_state also keeps the digest
// of every field of each task file given after the report (run_state.h,
// AuthoredFields), so that a later edit is named even if the old file is
// never committed.
//
// Exit status: 0 nothing changed (nothing printed), 1 something changed,
// 2 bad input or usage (the message names the file, line and field).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/inspect/explain/authored_schemas.h"
#include "stages/inspect/explain/explanation.h"
#include "stages/inspect/explain/run_state.h"
#include "stages/inspect/explain/source_diff.h"
#include "stages/inspect/lineage/report_path.h"

ABSL_FLAG(bool, json, false, "Print JSON instead of text.");
ABSL_FLAG(bool, html, false, "Print a self-contained HTML page instead of text.");
ABSL_FLAG(
    std::string, write_state, "",
    "Write the frozen state of the one report given to this file (name ends in .explain.jsonl).");
ABSL_FLAG(bool, list_tools, false,
          "Print the tool binaries of the one report given, one path a line.");
ABSL_FLAG(
    std::string, tool_sources, "",
    "A file of '<tool path>\\t<source path>' lines: changed sources named with a rebuilt tool.");
ABSL_FLAG(std::string, schemas, "",
          "The authored schemas, a FileDescriptorSet (default: authored_schemas.desc beside this "
          "binary, which Bazel builds with it).");
ABSL_FLAG(std::string, workspace, "", "Workspace root (default: $BUILD_WORKSPACE_DIRECTORY).");
ABSL_FLAG(std::string, before_name, "", "How to name <old> in the output (default: as given).");
ABSL_FLAG(std::string, after_name, "", "How to name <new> in the output (default: as given).");
ABSL_FLAG(std::string, revision, "HEAD",
          "Comma-separated git revisions of the workspace where old source bytes are looked up.");

namespace {

constexpr char kUsage[] =
    "usage: explain <old> <new> [--json | --html] [--revision=REV]\n"
    "       explain --write_state=<file.explain.jsonl> <report> [<task file>...]\n"
    "each side a report directory, a //reports:<name> label or a <name>.explain.jsonl state file\n";

int Fail(const absl::Status& s) {
  std::cerr << "explain: " << s.message() << "\n";
  return 2;
}

// The field digests of each task file (workspace-relative paths), sorted by
// path; InvalidArgument naming a file that cannot be read or is no task file.
absl::StatusOr<std::vector<repro::explain::AuthoredFields>> TaskFileDigests(
    const repro::explain::AuthoredSchemas& schemas, const std::vector<std::string>& paths) {
  std::vector<repro::explain::AuthoredFields> out;
  for (const std::string& path : paths) {
    absl::StatusOr<std::string> bytes = repro::ReadFile(path);
    if (!bytes.ok()) return bytes.status();
    std::optional<repro::explain::AuthoredFields> fields =
        repro::explain::AuthoredFieldDigests(schemas, path, *bytes);
    if (!fields) {
      return absl::InvalidArgumentError(
          absl::StrCat(path,
                       ": expected a task file (a repro.corpus.TaskSet text proto or JSON Lines "
                       "records with an \"id\"), found one that does not parse as either"));
    }
    out.push_back(*std::move(fields));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  return out;
}

// The --schemas file, else authored_schemas.desc beside this binary.
absl::StatusOr<std::unique_ptr<repro::explain::AuthoredSchemas>> LoadSchemas() {
  std::string path = absl::GetFlag(FLAGS_schemas);
  if (path.empty()) {
    std::error_code error;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error) return absl::InternalError(absl::StrCat("/proc/self/exe: ", error.message()));
    path = (self.parent_path() / "authored_schemas.desc").string();
  }
  return repro::explain::AuthoredSchemas::Load(path);
}

int WriteState(const std::vector<char*>& args, const std::string& bin,
               const std::string& state_out) {
  absl::StatusOr<std::unique_ptr<repro::explain::AuthoredSchemas>> schemas = LoadSchemas();
  if (!schemas.ok()) return Fail(schemas.status());
  absl::StatusOr<repro::explain::RunState> state =
      repro::explain::LoadReportDir(repro::lineage::ResolveReport(args[1], bin));
  if (!state.ok()) return Fail(state.status());
  absl::StatusOr<std::vector<repro::explain::AuthoredFields>> authored =
      TaskFileDigests(**schemas, std::vector<std::string>(args.begin() + 2, args.end()));
  if (!authored.ok()) return Fail(authored.status());
  state->authored = *std::move(authored);
  absl::Status written =
      repro::WriteFileAtomically(state_out, repro::explain::StateFileText(*state));
  return written.ok() ? 0 : Fail(written);
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(kUsage);
  std::vector<char*> args = absl::ParseCommandLine(argc, argv);
  const std::string workspace = repro::lineage::WorkspaceDir(absl::GetFlag(FLAGS_workspace));
  const std::string bin = repro::lineage::BinDir(workspace);
  const std::string state_out = absl::GetFlag(FLAGS_write_state);
  if (!state_out.empty()) {
    if (args.size() < 2) {
      std::cerr << kUsage;
      return 2;
    }
    return WriteState(args, bin, state_out);
  }
  if (absl::GetFlag(FLAGS_list_tools)) {
    if (args.size() != 2) {
      std::cerr << kUsage;
      return 2;
    }
    absl::StatusOr<repro::explain::RunState> state =
        repro::explain::LoadRunState(repro::lineage::ResolveReport(args[1], bin));
    if (!state.ok()) return Fail(state.status());
    std::set<std::string> tools;
    for (const repro::explain::StageRecord& s : state->stages) tools.insert(s.tool_path);
    for (const std::string& t : tools) std::cout << t << "\n";
    return 0;
  }
  if (args.size() != 3) {
    std::cerr << kUsage;
    return 2;
  }
  absl::StatusOr<std::vector<std::string>> revisions =
      repro::explain::ParseRevisions(absl::GetFlag(FLAGS_revision));
  if (!revisions.ok()) return Fail(revisions.status());
  repro::explain::ToolSources tool_sources;
  if (const std::string path = absl::GetFlag(FLAGS_tool_sources); !path.empty()) {
    absl::StatusOr<std::string> text = repro::ReadFile(path);
    if (!text.ok()) return Fail(text.status());
    for (absl::string_view line : absl::StrSplit(*text, '\n', absl::SkipEmpty())) {
      std::vector<std::string> f = absl::StrSplit(line, '\t');
      if (f.size() != 2)
        return Fail(absl::InvalidArgumentError(
            absl::StrCat(path, ": expected '<tool>\\t<source>', found '", line, "'")));
      tool_sources[f[0]].push_back(f[1]);
    }
  }
  absl::StatusOr<repro::explain::RunState> before =
      repro::explain::LoadRunState(repro::lineage::ResolveReport(args[1], bin));
  if (!before.ok()) return Fail(before.status());
  absl::StatusOr<repro::explain::RunState> after =
      repro::explain::LoadRunState(repro::lineage::ResolveReport(args[2], bin));
  if (!after.ok()) return Fail(after.status());
  const std::string before_name =
      absl::GetFlag(FLAGS_before_name).empty() ? args[1] : absl::GetFlag(FLAGS_before_name);
  const std::string after_name =
      absl::GetFlag(FLAGS_after_name).empty() ? args[2] : absl::GetFlag(FLAGS_after_name);
  if (absl::Status same = repro::explain::CheckSameReport(*before, before_name, *after, after_name);
      !same.ok())
    return Fail(same);
  absl::StatusOr<std::unique_ptr<repro::explain::AuthoredSchemas>> schemas = LoadSchemas();
  if (!schemas.ok()) return Fail(schemas.status());
  const repro::explain::SourceBytes sources(workspace, repro::lineage::ExternalDir(bin), *revisions,
                                            **schemas);
  repro::explain::Explanation e = repro::explain::Explain(*before, *after, sources, tool_sources);
  e.before_name = before_name;
  e.after_name = after_name;
  if (absl::GetFlag(FLAGS_json)) {
    std::cout << repro::explain::ToJson(e);
  } else if (absl::GetFlag(FLAGS_html)) {
    std::cout << repro::explain::ToHtml(e);
  } else {
    std::cout << repro::explain::ToText(e);
  }
  return e.changed() ? 1 : 0;
}
