#include "stages/retrieval/external_harness.h"

#include <stdlib.h>

#include <filesystem>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/retrieval/bounded_process.h"
#include "stages/retrieval/external_protocol.h"
#include "stages/retrieval/harness_config.h"

namespace repro::retrieval {
namespace {

namespace fs = std::filesystem;

constexpr char kRunName[] = "run";

// A private directory, removed with everything in it when destroyed.
class ScratchDir {
 public:
  static absl::StatusOr<ScratchDir> Create() {
    const char* tmp = getenv("TMPDIR");
    std::string pattern =
        absl::StrCat(tmp != nullptr && *tmp ? tmp : "/tmp", "/external_harness.XXXXXX");
    if (mkdtemp(pattern.data()) == nullptr) {
      return absl::InternalError(absl::StrCat("cannot create a directory like ", pattern));
    }
    return ScratchDir(pattern);
  }
  ScratchDir(ScratchDir&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  ScratchDir& operator=(ScratchDir&&) = delete;
  ~ScratchDir() {
    if (path_.empty()) return;
    std::error_code ec;
    fs::permissions(path_ + "/input", fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path_, ec);
  }
  std::string Sub(absl::string_view name) const { return absl::StrCat(path_, "/", name); }

 private:
  explicit ScratchDir(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

struct Files {
  std::string corpus, queries;
};

absl::Status WriteInputs(const ScratchDir& dir, const Files& files) {
  for (const char* sub : {"input", "output", "home", "tmp"}) {
    std::error_code ec;
    if (!fs::create_directory(dir.Sub(sub), ec)) {
      return absl::InternalError(absl::StrCat("cannot create ", dir.Sub(sub), ": ", ec.message()));
    }
  }
  RETURN_IF_ERROR(WriteFileAtomically(dir.Sub("input/corpus.jsonl"), files.corpus));
  RETURN_IF_ERROR(WriteFileAtomically(dir.Sub("input/queries.jsonl"), files.queries));
  std::error_code ec;
  for (const char* f : {"input/corpus.jsonl", "input/queries.jsonl"}) {
    fs::permissions(dir.Sub(f), fs::perms::owner_read | fs::perms::group_read, ec);
  }
  fs::permissions(dir.Sub("input"), fs::perms::owner_read | fs::perms::owner_exec, ec);
  return absl::OkStatus();
}

ProcessRequest Request(const HarnessConfig& config, const ScratchDir& dir,
                       const std::string& program) {
  const ExternalProgram& e = config.external();
  ProcessRequest r;
  r.argv = {
      fs::absolute(program).string(),
      absl::StrCat("--corpus=", dir.Sub("input/corpus.jsonl")),
      absl::StrCat("--queries=", dir.Sub("input/queries.jsonl")),
      absl::StrCat("--run=", dir.Sub(absl::StrCat("output/", kRunName))),
      absl::StrCat("--candidate_limit=", config.candidate_limit()),
      absl::StrCat("--document_unit=",
                   config.document_unit() == DOCUMENT_UNIT_FILES ? "files" : "function_chunks")};
  r.env = {"PATH=/usr/bin:/bin",
           absl::StrCat("HOME=", dir.Sub("home")),
           absl::StrCat("TMPDIR=", dir.Sub("tmp")),
           "LC_ALL=C.UTF-8",
           "LANG=C.UTF-8",
           "TZ=UTC",
           "PYTHONHASHSEED=0",
           "PYTHONDONTWRITEBYTECODE=1"};
  r.cwd = dir.Sub("output");
  r.stdout_path = dir.Sub("home/stdout");
  r.stderr_path = dir.Sub("home/stderr");
  r.timeout = absl::Seconds(e.timeout_seconds());
  r.memory_bytes = uint64_t{e.memory_mb()} << 20;
  return r;
}

// How the program ended, when badly.
std::string Ending(const HarnessConfig& config, const ProcessResult& p) {
  if (p.timed_out) {
    return absl::StrCat("ran longer than timeout_seconds = ", config.external().timeout_seconds(),
                        " and was killed");
  }
  if (p.signal != 0) {
    return absl::StrCat("was ended by signal ", p.signal,
                        " (memory_mb = ", config.external().memory_mb(), ")");
  }
  return absl::StrCat("exited with status ", p.exit_code, ", expected 0");
}

// output/ holds the run and nothing else; the inputs are as written.
absl::StatusOr<std::string> ReadRun(const ScratchDir& dir, const Files& files) {
  std::vector<std::string> others;
  bool run = false;
  for (const fs::directory_entry& e : fs::directory_iterator(dir.Sub("output"))) {
    const std::string name = e.path().filename().string();
    if (name == kRunName && e.is_regular_file()) {
      run = true;
    } else {
      others.push_back(name);
    }
  }
  if (!others.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat("wrote outside its run file: output/ holds ", absl::StrJoin(others, ", ")));
  }
  if (!run) {
    return absl::FailedPreconditionError(
        absl::StrCat("wrote no run file (--run=output/", kRunName, ")"));
  }
  const std::pair<const char*, const std::string*> inputs[] = {
      {"input/corpus.jsonl", &files.corpus}, {"input/queries.jsonl", &files.queries}};
  for (const auto& [name, bytes] : inputs) {
    absl::StatusOr<std::string> now = ReadFile(dir.Sub(name));
    if (!now.ok() || *now != *bytes) {
      return absl::FailedPreconditionError(absl::StrCat("changed its input ", name));
    }
  }
  return ReadFile(dir.Sub(absl::StrCat("output/", kRunName)));
}

}  // namespace

absl::StatusOr<HarnessRun> RunExternalHarness(const HarnessConfig& config, const Corpus& corpus,
                                              const corpus::LanguageSet& languages,
                                              const ExternalCell& cell) {
  const std::string where =
      absl::StrCat(cell.context, ": external program ", config.external().program(), " ");
  auto fail = [&](absl::string_view what) {
    return absl::FailedPreconditionError(absl::StrCat(where, what));
  };
  const absl::Time t0 = absl::Now();
  Files files;
  ASSIGN_OR_RETURN(files.corpus, CorpusJsonLines(config, corpus, languages));
  ASSIGN_OR_RETURN(files.queries, QueryJsonLines(config, cell.task_id, cell.query));
  ASSIGN_OR_RETURN(ScratchDir dir, ScratchDir::Create());
  RETURN_IF_ERROR(WriteInputs(dir, files));
  const absl::Time t1 = absl::Now();
  absl::StatusOr<ProcessResult> p = RunBoundedProcess(Request(config, dir, cell.program));
  if (!p.ok()) return fail(p.status().message());
  if (!p->ok()) {
    return fail(
        absl::StrCat(Ending(config, *p), "; the tail of its standard error:\n", p->stderr_tail));
  }
  const absl::StatusOr<std::string> run = ReadRun(dir, files);
  if (!run.ok()) return fail(run.status().message());
  absl::StatusOr<std::vector<ScoredDocument>> rows =
      ParseRun(*run, cell.task_id, DocumentCount(config, corpus), config.candidate_limit());
  if (!rows.ok()) return fail(absl::StrCat("wrote a bad run: ", rows.status().message()));
  HarnessRun out;
  out.result = ExternalResult(config, corpus, *rows, cell.query);
  out.build_time = t1 - t0;
  out.query_time = absl::Now() - t1;
  return out;
}

}  // namespace repro::retrieval
