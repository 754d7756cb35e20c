#include "stages/retrieval/external_harness.h"

#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "gtest/gtest.h"
#include "stages/corpus/testing/languages.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/retrieval/test_corpus.h"

namespace repro::retrieval {
namespace {

// The docs page's example program, from the test's runfiles.
constexpr char kExample[] = "data/harnesses/external/bm25_example";

HarnessConfig External(DocumentUnit unit, uint32_t candidate_limit = 200) {
  HarnessConfig c;
  c.set_name("X001");
  c.set_description("an external harness");
  c.set_document_unit(unit);
  c.set_query_field(QUERY_FIELD_QUERY);
  c.set_candidate_limit(candidate_limit);
  c.mutable_external()->set_program("//data/harnesses/external:bm25_example");
  c.mutable_external()->set_timeout_seconds(60);
  c.mutable_external()->set_memory_mb(1024);
  return c;
}

class ExternalHarnessTest : public ::testing::Test {
 protected:
  absl::StatusOr<HarnessRun> Run(const HarnessConfig& config, const std::string& program) {
    const corpus::Snapshot s = testing::SmallGoSnapshot();
    const Corpus corpus = corpus::testing::OrDie(Corpus::Create(s, testing::NaiveChunks(s)));
    return RunExternalHarness(config, corpus, languages_,
                              {"harness X001, task T01, condition S002 dose 1", "T01",
                               "s3 client insecure scheme", program});
  }

  // A /bin/sh program: `body` runs with $run set to the --run file.
  static std::string Program(const std::string& name, const std::string& body) {
    const char* tmp = std::getenv("TEST_TMPDIR");
    const std::string path = std::string(tmp != nullptr ? tmp : "/tmp") + "/" + name;
    std::ofstream(path) << "#!/bin/sh\nfor a; do case $a in --run=*) run=${a#--run=};; esac; "
                           "done\n"
                        << body << "\n";
    chmod(path.c_str(), 0755);
    return path;
  }

  const corpus::LanguageSet languages_ = corpus::testing::GoLanguages();
};

TEST_F(ExternalHarnessTest, TheExampleRanksFiles) {
  absl::StatusOr<HarnessRun> r = Run(External(DOCUMENT_UNIT_FILES), kExample);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_GE(r->result.files_size(), 1);
  EXPECT_EQ(r->result.files(0).path(), "cache/s3/client.go");
  EXPECT_EQ(r->result.functions(0).path(), "cache/s3/client.go");
  EXPECT_EQ(r->result.index_stats().documents(), 5u);
}

TEST_F(ExternalHarnessTest, TheExampleRanksChunksAndAFileScoresItsBestChunk) {
  absl::StatusOr<HarnessRun> r = Run(External(DOCUMENT_UNIT_FUNCTION_CHUNKS), kExample);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_GE(r->result.functions_size(), 1);
  EXPECT_EQ(r->result.files(0).path(), r->result.functions(0).path());
  EXPECT_EQ(r->result.files(0).score(), r->result.functions(0).score());
}

// Determinism is checked: two runs on one input give the same bytes.
TEST_F(ExternalHarnessTest, TheExampleGivesEqualBytesTwice) {
  for (DocumentUnit unit : {DOCUMENT_UNIT_FILES, DOCUMENT_UNIT_FUNCTION_CHUNKS}) {
    absl::StatusOr<HarnessRun> first = Run(External(unit), kExample);
    absl::StatusOr<HarnessRun> second = Run(External(unit), kExample);
    ASSERT_TRUE(first.ok() && second.ok()) << first.status() << second.status();
    EXPECT_EQ(first->result.SerializeAsString(), second->result.SerializeAsString());
  }
}

TEST_F(ExternalHarnessTest, BadProgramsStopTheCellNamingWhatWasFound) {
  const std::string where =
      "harness X001, task T01, condition S002 dose 1: external program "
      "//data/harnesses/external:bm25_example ";
  const std::pair<std::string, std::string> cases[] = {
      {"echo first >&2; echo 'bad input: no corpus' >&2; exit 2",
       "exited with status 2, expected 0; the tail of its standard error:\nfirst\nbad input: "
       "no corpus\n"},
      {"echo 'T01 Q0 99 1 1.5 x' > \"$run\"",
       "wrote a bad run: run line 1: expected the id of "
       "one of the 5 documents of corpus.jsonl, found "
       "\"99\""},
      {"printf 'T01 Q0 1 1 2 x\\nT01 Q0 1 2 1 x\\n' > \"$run\"",
       "wrote a bad run: run line 2: id 1 appears twice (also line 1)"},
      {"echo '{\"id\": \"3\", \"score\": \"NaN\"}' > \"$run\"",
       "wrote a bad run: run line 1: expected a finite score for id 3, found nan"},
      {"printf 'T01 Q0 0 1 3 x\\nT01 Q0 1 2 2 x\\nT01 Q0 2 3 1 x\\n' > \"$run\"",
       "wrote a bad run: run line 3: expected at most candidate_limit = 2 rows, found more"},
      {"true", "wrote no run file (--run=output/run)"},
      {"touch \"$run\" notes.txt", "wrote outside its run file: output/ holds notes.txt"},
  };
  int i = 0;
  for (const auto& [body, message] : cases) {
    const std::string program = Program("bad" + std::to_string(i++), body);
    EXPECT_TRUE(IsError(Run(External(DOCUMENT_UNIT_FILES, 2), program),
                        absl::StatusCode::kFailedPrecondition, where + message))
        << body;
  }
}

TEST_F(ExternalHarnessTest, ATimeoutKillsTheProgram) {
  HarnessConfig config = External(DOCUMENT_UNIT_FILES);
  config.mutable_external()->set_timeout_seconds(1);
  EXPECT_TRUE(IsError(Run(config, Program("slow", "echo started >&2; sleep 30")),
                      absl::StatusCode::kFailedPrecondition,
                      "ran longer than timeout_seconds = 1 and was killed; the tail of its "
                      "standard error:\nstarted\n"));
}

TEST_F(ExternalHarnessTest, AMissingProgramIsNamed) {
  EXPECT_TRUE(IsError(Run(External(DOCUMENT_UNIT_FILES), "data/harnesses/external/absent"),
                      absl::StatusCode::kFailedPrecondition,
                      "external program //data/harnesses/external:bm25_example program "));
}

}  // namespace
}  // namespace repro::retrieval
