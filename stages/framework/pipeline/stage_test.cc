#include "stages/framework/pipeline/stage.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/framework/schemas/provenance.pb.h"

namespace repro {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

bool Exists(const std::string& path) { return access(path.c_str(), F_OK) == 0; }

// A fresh directory under the test's temporary directory.
std::string NewDir(const std::string& name) {
  const std::string dir = absl::StrCat(::testing::TempDir(), "/", name);
  mkdir(dir.c_str(), 0755);
  return dir;
}

schemas::Provenance ReadProvenance(const std::string& path) {
  schemas::Provenance p;
  absl::StatusOr<std::string> json = ReadFile(path);
  EXPECT_TRUE(json.ok()) << json.status();
  if (json.ok()) {
    absl::Status s = FromJson(*json, path, &p);
    EXPECT_TRUE(s.ok()) << s;
  }
  return p;
}

TEST(StageTest, ExceptionsBecomeStatusesNamingThem) {
  absl::Status s =
      StatusFromExceptions([]() -> absl::Status { throw std::out_of_range("number overflow"); });
  EXPECT_EQ(s.code(), absl::StatusCode::kInternal);
  EXPECT_EQ(s.message(), "uncaught exception: number overflow");
  s = StatusFromExceptions([]() -> absl::Status { throw 7; });
  EXPECT_EQ(s.message(), "uncaught exception of a non-standard type");
  EXPECT_TRUE(StatusFromExceptions([] { return absl::OkStatus(); }).ok());
}

TEST(StageTest, ShortPathStripsOutputRoot) {
  EXPECT_EQ(ShortPath("bazel-out/k8-fastbuild/bin/stages/studies/w04/x.json"),
            "stages/studies/w04/x.json");
  EXPECT_EQ(ShortPath("data/w04/rerank.textproto"), "data/w04/rerank.textproto");
}

TEST(StageTest, UnknownRoleListsKnownRoles) {
  Stage stage("//x:y", {{"b", "p2", "p2"}, {"a", "p1", "p1"}}, {{"out.json", "o"}});
  EXPECT_TRUE(IsError(stage.Find("c"), absl::StatusCode::kNotFound,
                      "no input with role 'c'; known roles: a, b"));
  EXPECT_TRUE(IsError(stage.Read("c"), absl::StatusCode::kNotFound, "known roles: a, b"));
  EXPECT_EQ(stage.Roles(), (std::vector<std::string>{"a", "b"}));
}

TEST(StageTest, IndexedRolesInIndexOrderPastTen) {
  std::vector<std::string> roles = {"harness/0", "harness/1", "harness/10", "models/x"};
  for (int i = 2; i < 10; ++i) roles.push_back("harness/" + std::to_string(i));
  std::sort(roles.begin(), roles.end());
  absl::StatusOr<std::vector<std::string>> ordered = IndexedRoles(roles, "harness/");
  ASSERT_TRUE(ordered.ok()) << ordered.status();
  ASSERT_EQ(ordered->size(), 11u);
  for (int i = 0; i < 11; ++i) EXPECT_EQ((*ordered)[i], "harness/" + std::to_string(i));
  EXPECT_TRUE(IndexedRoles({"x"}, "harness/")->empty());
}

TEST(StageTest, IndexedRolesRefuseGapsAndOtherNames) {
  for (const std::vector<std::string>& roles : std::vector<std::vector<std::string>>{
           {"harness/0", "harness/2"}, {"harness/00_H000"}, {"harness/01"}, {"harness/"}}) {
    EXPECT_TRUE(IsError(IndexedRoles(roles, "harness/"), absl::StatusCode::kInvalidArgument,
                        "expected harness/<i>"))
        << roles.back();
  }
}

TEST(StageTest, ReadNamedGivesTheWorkspacePath) {
  const std::string dir = NewDir("read_named");
  ASSERT_TRUE(WriteFileAtomically(dir + "/x.tsv", "a\tb\n").ok());
  Stage stage("//x:y", {{"index", dir + "/x.tsv", "data/x.tsv"}}, {});
  absl::StatusOr<Stage::NamedBytes> in = stage.ReadNamed("index");
  ASSERT_TRUE(in.ok()) << in.status();
  EXPECT_EQ(in->name, "data/x.tsv");
  EXPECT_EQ(in->bytes, "a\tb\n");
  EXPECT_TRUE(IsError(stage.ReadNamed("tree"), absl::StatusCode::kNotFound,
                      "no input with role 'tree'; known roles: index"));
}

TEST(StageTest, InputDigestIsComputedOnceAndNamesUnknownRoles) {
  const std::string dir = NewDir("input_digest");
  ASSERT_TRUE(WriteFileAtomically(dir + "/cache.sqlite", "vectors").ok());
  Stage stage("//x:y", {{"vector_cache", dir + "/cache.sqlite", "ext/cache.sqlite"}}, {});
  absl::StatusOr<Stage::Digest> d = stage.InputDigest("vector_cache");
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->sha256, Sha256Hex("vectors"));
  EXPECT_EQ(d->bytes, 7u);
  // Memoized: the file is not read again (the provenance record reuses it).
  ASSERT_TRUE(WriteFileAtomically(dir + "/cache.sqlite", "changed").ok());
  EXPECT_EQ(stage.InputDigest("vector_cache")->sha256, Sha256Hex("vectors"));
  EXPECT_TRUE(IsError(stage.InputDigest("model"), absl::StatusCode::kNotFound,
                      "no input with role 'model'; known roles: vector_cache"));
}

TEST(StageTest, UndeclaredOutputIsRejected) {
  Stage stage("//x:y", {}, {{"out.json", "o"}, {"t.volatile.csv", "t"}});
  EXPECT_TRUE(stage.Write("out.json", "{}").ok());
  EXPECT_TRUE(IsError(stage.Write("other.json", "{}"), absl::StatusCode::kInvalidArgument,
                      "output 'other.json' is not declared; declared outputs: out.json, "
                      "t.volatile.csv"));
  EXPECT_EQ(stage.written().count("other.json"), 0u);
}

TEST(StageTest, VolatileOutputs) {
  EXPECT_TRUE(IsVolatile("T01.H000.baseline.volatile.json"));
  EXPECT_FALSE(IsVolatile("T01.H000.baseline.json"));
}

// --- The manifest eval_stage writes ---------------------------------------

TEST(StageFromManifestTest, InputsByRoleOutputsByName) {
  const std::string dir = NewDir("manifest_ok");
  ASSERT_TRUE(WriteFileAtomically(dir + "/m",
                                  "input\tz\tdata/z.textproto\n"
                                  "input\ta/x.pb\tbazel-out/k8-opt/bin/pkg/x.pb\n"
                                  "output\tout.json\tbazel-out/k8-opt/bin/pkg/out.json\n"
                                  "\n")
                  .ok());
  absl::StatusOr<Stage> stage = StageFromManifest("//pkg:s", dir + "/m");
  ASSERT_TRUE(stage.ok()) << stage.status();
  EXPECT_EQ(stage->label(), "//pkg:s");
  ASSERT_EQ(stage->inputs().size(), 2u);
  EXPECT_EQ(stage->inputs()[0].role, "a/x.pb");  // sorted by role
  EXPECT_EQ(stage->inputs()[0].path, "bazel-out/k8-opt/bin/pkg/x.pb");
  EXPECT_EQ(stage->inputs()[0].short_path, "pkg/x.pb");
  EXPECT_EQ(stage->inputs()[1].role, "z");
  EXPECT_EQ(stage->output_paths().at("out.json"), "bazel-out/k8-opt/bin/pkg/out.json");
}

TEST(StageFromManifestTest, BadManifestsNameTheLine) {
  const std::string dir = NewDir("manifest_bad");
  const std::string m = dir + "/m";
  EXPECT_TRUE(IsError(StageFromManifest("//x:y", m), absl::StatusCode::kNotFound, m));
  ASSERT_TRUE(WriteFileAtomically(m, "input\ta\tp\nsource\tb\tq\n").ok());
  EXPECT_TRUE(IsError(StageFromManifest("//x:y", m), absl::StatusCode::kInvalidArgument,
                      absl::StrCat("stage manifest ", m,
                                   " line 2: expected 'input|output<TAB>name<TAB>path', "
                                   "found 'source\tb\tq'")));
  ASSERT_TRUE(WriteFileAtomically(m, "input\ta\tp\ninput\ta\tq\n").ok());
  EXPECT_TRUE(IsError(StageFromManifest("//x:y", m), absl::StatusCode::kInvalidArgument,
                      "line 2: input role 'a' is declared twice"));
  ASSERT_TRUE(WriteFileAtomically(m, "output\to.json\tp\noutput\to.json\tq\n").ok());
  EXPECT_TRUE(IsError(StageFromManifest("//x:y", m), absl::StatusCode::kInvalidArgument,
                      "line 2: output 'o.json' is declared twice"));
}

// --- The stage's arguments, as the provenance records them ------------------

absl::StatusOr<std::vector<std::string>> ArgsOf(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  return StageArgs(static_cast<int>(argv.size()), argv.data());
}

TEST(StageArgsTest, RuntimeFlagsAreLeftOutTheRestKeptInOrder) {
  absl::StatusOr<std::vector<std::string>> args = ArgsOf({
      "bazel-out/k8-opt-exec/bin/pkg/tool",
      "--stage",
      "grid_cell",
      "--stage_version",
      "2",
      "--label",
      "//pkg:x",
      "--tool_binary",
      "bazel-out/k8-opt-exec/bin/pkg/tool",
      "--manifest",
      "bazel-out/k8-opt/bin/pkg/x.manifest",
      "--provenance=bazel-out/k8-opt/bin/pkg/x.provenance.json",
      "--task=T01",
      "--dose=3",
      "-seed=7",
      "--history=the fixture history built from data/e04/fixture/history.txt",
      "--prefix=fixture/",
      "--",
      "--stage=positional",
  });
  ASSERT_TRUE(args.ok()) << args.status();
  EXPECT_THAT(*args, ElementsAre("--task=T01", "--dose=3", "-seed=7",
                                 "--history=the fixture history built from "
                                 "data/e04/fixture/history.txt",
                                 "--prefix=fixture/", "--", "--stage=positional"));
  EXPECT_THAT(*ArgsOf({"tool"}), ElementsAre());
}

TEST(StageArgsTest, MachinePathsAreRefused) {
  for (const char* bad : {"--data=/home/me/clone", "/tmp/x", "--in=bazel-out/k8-opt/bin/a.pb",
                          "--cache=~/.cache/x"}) {
    EXPECT_TRUE(IsError(ArgsOf({"tool", "--task=T01", bad}), absl::StatusCode::kInvalidArgument,
                        absl::StrCat("argument '", bad,
                                     "' is a machine path; a file is passed as an input by role")))
        << bad;
  }
  // The value of a runtime flag is a path, and is not an argument of the stage.
  EXPECT_TRUE(ArgsOf({"tool", "--manifest", "/abs/m", "--tool_binary=/abs/t"}).ok());
}

// --- Finish: outputs only on success, never a partial set -------------------

struct Fixture {
  std::string dir;
  Stage stage;
  StageRecord record;
};

// A stage with inputs "case" and "timings/t.volatile.csv", and outputs
// "r.json", "w.md" and "q.volatile.json" in `dir`.
Fixture MakeFixture(const std::string& name) {
  const std::string dir = NewDir(name);
  EXPECT_TRUE(WriteFileAtomically(dir + "/case.textproto", "k: 1\n").ok());
  EXPECT_TRUE(WriteFileAtomically(dir + "/t.volatile.csv", "3 ms\n").ok());
  EXPECT_TRUE(WriteFileAtomically(dir + "/tool", "binary").ok());
  Stage stage("//pkg:s",
              {{"timings/t.volatile.csv", dir + "/t.volatile.csv", "pkg/t.volatile.csv"},
               {"case", dir + "/case.textproto", "data/case.textproto"}},
              {{"r.json", dir + "/r.json"},
               {"w.md", dir + "/w.md"},
               {"q.volatile.json", dir + "/q.volatile.json"}});
  StageRecord record{
      "w04_rerank", "3", dir + "/tool", dir + "/s.provenance.json", {"--k=3", "--title=W04"}};
  return {dir, std::move(stage), std::move(record)};
}

void WriteAll(Stage& stage) {
  ASSERT_TRUE(stage.Write("r.json", "{}\n").ok());
  ASSERT_TRUE(stage.Write("w.md", "# W04\n").ok());
  ASSERT_TRUE(stage.Write("q.volatile.json", "{\"ms\": 3}\n").ok());
}

void ExpectNoArtifact(const Fixture& f) {
  for (const char* name : {"r.json", "w.md", "q.volatile.json", "s.provenance.json"}) {
    const std::string path = f.dir + "/" + name;
    EXPECT_FALSE(Exists(path)) << path << " exists after a failing stage";
    EXPECT_FALSE(Exists(path + ".tmp")) << path << ".tmp exists after a failing stage";
  }
}

TEST(FinishTest, WritesOutputsAndTheProvenanceRecord) {
  Fixture f = MakeFixture("finish_ok");
  WriteAll(f.stage);
  ASSERT_TRUE(Finish(f.stage, f.record).ok());
  EXPECT_EQ(*ReadFile(f.dir + "/r.json"), "{}\n");
  EXPECT_EQ(*ReadFile(f.dir + "/w.md"), "# W04\n");
  EXPECT_EQ(*ReadFile(f.dir + "/q.volatile.json"), "{\"ms\": 3}\n");
  const schemas::Provenance p = ReadProvenance(f.dir + "/s.provenance.json");
  EXPECT_EQ(p.stage(), "w04_rerank");
  EXPECT_EQ(p.stage_version(), "3");
  EXPECT_EQ(p.label(), "//pkg:s");
  EXPECT_THAT(p.args(), ElementsAre("--k=3", "--title=W04"));
  EXPECT_EQ(p.tool().sha256(), Sha256Hex("binary"));
  // Volatile inputs and outputs are not hashed.
  ASSERT_EQ(p.inputs_size(), 1);
  EXPECT_EQ(p.inputs(0).role(), "case");
  EXPECT_EQ(p.inputs(0).path(), "data/case.textproto");
  EXPECT_EQ(p.inputs(0).sha256(), Sha256Hex("k: 1\n"));
  EXPECT_EQ(p.inputs(0).bytes(), 5u);
  ASSERT_EQ(p.outputs_size(), 2);
  EXPECT_EQ(p.outputs(0).path(), f.dir + "/r.json");  // not under bazel-out: kept as given
  EXPECT_EQ(p.outputs(0).sha256(), Sha256Hex("{}\n"));
  EXPECT_EQ(p.outputs(1).path(), f.dir + "/w.md");
  // The record is canonical JSON: the same run gives the same bytes.
  const std::string first = *ReadFile(f.dir + "/s.provenance.json");
  ASSERT_TRUE(Finish(f.stage, f.record).ok());
  EXPECT_EQ(*ReadFile(f.dir + "/s.provenance.json"), first);
}

TEST(FinishTest, AnUnwrittenOutputWritesNothing) {
  Fixture f = MakeFixture("finish_unwritten");
  ASSERT_TRUE(f.stage.Write("r.json", "{}\n").ok());
  ASSERT_TRUE(f.stage.Write("q.volatile.json", "{}\n").ok());
  EXPECT_TRUE(IsError(Finish(f.stage, f.record), absl::StatusCode::kInternal,
                      "stage did not write its declared output 'w.md'"));
  ExpectNoArtifact(f);
}

TEST(FinishTest, AnUnreadableInputWritesNothing) {
  Fixture f = MakeFixture("finish_unreadable");
  WriteAll(f.stage);
  ASSERT_EQ(std::remove((f.dir + "/case.textproto").c_str()), 0);
  EXPECT_TRUE(IsError(Finish(f.stage, f.record), absl::StatusCode::kNotFound, "case.textproto"));
  ExpectNoArtifact(f);
  f = MakeFixture("finish_no_tool");
  WriteAll(f.stage);
  f.record.tool_binary = f.dir + "/no_such_tool";
  EXPECT_TRUE(IsError(Finish(f.stage, f.record), absl::StatusCode::kNotFound, "no_such_tool"));
  ExpectNoArtifact(f);
}

TEST(FinishTest, AFailedWriteRemovesTheOutputsWrittenBeforeIt) {
  // Outputs are written in name order: q.volatile.json, r.json, then w.md,
  // which cannot be written (its directory does not exist).
  Fixture f = MakeFixture("finish_write_fails");
  Stage stage("//pkg:s", {{"case", f.dir + "/case.textproto", "data/case.textproto"}},
              {{"q.volatile.json", f.dir + "/q.volatile.json"},
               {"r.json", f.dir + "/r.json"},
               {"w.md", f.dir + "/no_such_dir/w.md"}});
  WriteAll(stage);
  EXPECT_FALSE(Finish(stage, f.record).ok());
  ExpectNoArtifact(f);
  EXPECT_FALSE(Exists(f.dir + "/no_such_dir/w.md"));
}

TEST(FinishTest, AFailedProvenanceWriteRemovesEveryOutput) {
  Fixture f = MakeFixture("finish_provenance_fails");
  WriteAll(f.stage);
  f.record.provenance = f.dir + "/no_such_dir/s.provenance.json";
  EXPECT_FALSE(Finish(f.stage, f.record).ok());
  ExpectNoArtifact(f);
}

// --- RunStage end to end: stage_test_tool run as eval_stage runs it ---------

struct ToolRun {
  int exit_code;
  std::string err;
};

// Runs stage_test_tool over a manifest with input "in" and outputs "a.txt",
// "b.txt" and "b.volatile.txt" in `dir`, with `flags` after the runtime flags.
ToolRun RunTool(const std::string& dir, const std::string& flags) {
  EXPECT_TRUE(WriteFileAtomically(dir + "/in.txt", "input bytes").ok());
  EXPECT_TRUE(WriteFileAtomically(dir + "/m", absl::StrCat("input\tin\t", dir,
                                                           "/in.txt\n"
                                                           "output\ta.txt\t",
                                                           dir,
                                                           "/a.txt\n"
                                                           "output\tb.txt\t",
                                                           dir,
                                                           "/b.txt\n"
                                                           "output\tb.volatile.txt\t",
                                                           dir, "/b.volatile.txt\n"))
                  .ok());
  const std::string tool = "stages/framework/pipeline/stage_test_tool";
  const std::string command =
      absl::StrCat(tool, " --stage test_stage --stage_version=1 --label=//t:s --tool_binary=", tool,
                   " --manifest=", dir, "/m --provenance ", dir, "/s.provenance.json ", flags,
                   " 2>", dir, "/err");
  const int status = std::system(command.c_str());
  absl::StatusOr<std::string> err = ReadFile(dir + "/err");
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, err.ok() ? *err : ""};
}

void ExpectNothingWritten(const std::string& dir) {
  for (const char* name : {"a.txt", "b.txt", "b.volatile.txt", "s.provenance.json"}) {
    EXPECT_FALSE(Exists(dir + "/" + name)) << name << " exists after a failing stage";
  }
}

TEST(RunStageTest, SuccessWritesEveryOutputAndRecordsTheStageArguments) {
  const std::string dir = NewDir("run_ok");
  const ToolRun run = RunTool(dir, "--behavior=ok");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(*ReadFile(dir + "/a.txt"), "input bytes");
  EXPECT_EQ(*ReadFile(dir + "/b.txt"), "b");
  EXPECT_EQ(*ReadFile(dir + "/b.volatile.txt"), "12 ms");
  const schemas::Provenance p = ReadProvenance(dir + "/s.provenance.json");
  EXPECT_EQ(p.stage(), "test_stage");
  EXPECT_EQ(p.stage_version(), "1");
  EXPECT_EQ(p.label(), "//t:s");
  EXPECT_THAT(p.args(), ElementsAre("--behavior=ok"));
  EXPECT_EQ(p.tool().path(), "stages/framework/pipeline/stage_test_tool");
  ASSERT_EQ(p.outputs_size(), 2);  // b.volatile.txt is not hashed
}

TEST(RunStageTest, FailuresNameTheStageAndWriteNothing) {
  const struct {
    const char* flags;
    const char* message;
  } cases[] = {
      {"--behavior=fail", "//t:s: stage test_stage failed: the input says no\n"},
      {"--behavior=throw", "//t:s: stage test_stage failed: uncaught exception: number overflow\n"},
      {"--behavior=undeclared",
       "//t:s: stage test_stage failed: output 'other.txt' is not declared; declared outputs: "
       "a.txt, b.txt, b.volatile.txt\n"},
      {"--behavior=missing_output",
       "//t:s: stage test_stage failed: stage did not write its declared output 'b.txt'\n"},
      {"--behavior=/var/cache/x",
       "//t:s: stage test_stage failed: argument '--behavior=/var/cache/x' is a machine path"},
  };
  int i = 0;
  for (const auto& c : cases) {
    const std::string dir = NewDir(absl::StrCat("run_fails_", i++));
    const ToolRun run = RunTool(dir, c.flags);
    EXPECT_EQ(run.exit_code, 1) << c.flags;
    EXPECT_THAT(run.err, HasSubstr(c.message)) << c.flags;
    ExpectNothingWritten(dir);
  }
}

}  // namespace
}  // namespace repro
