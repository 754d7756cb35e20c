#include "stages/retrieval/candidate_pool.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/functions.h"
#include "stages/corpus/testing/languages.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/retrieval/chunk_vectors.h"
#include "stages/retrieval/harness.h"
#include "stages/retrieval/lsa_embedder.h"
#include "stages/retrieval/test_corpus.h"
#include "stages/retrieval/test_harnesses.h"

namespace repro::retrieval {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr char kGold[] = "cache/key.go";
constexpr char kTest[] = "cache/key_test.go";
constexpr char kQuery[] = "cache key checksum of the runner token";

// A gold file, its test (which says the query's words more often than the
// fix's file does, as tests do) and an unrelated file.
corpus::Snapshot KeySnapshot() {
  return testing::MakeSnapshot(
      "unit",
      {
          {kGold,
           "package cache\n\nfunc Key(token string) string {\n\treturn checksum(token)\n}\n"},
          {kTest,
           "package cache\n\nfunc TestKey(t *testing.T) {\n\t// cache key checksum of the runner "
           "token\n\tkey := Key(\"runner token\")\n\tif key != checksum(\"runner token\") {\n"
           "\t\tt.Fatal(\"cache key checksum\")\n\t}\n}\n"},
          {"shells/bash.go",
           "package shells\n\nfunc Write(script string) string {\n\treturn script\n}\n"},
      });
}

struct Pool {
  corpus::Snapshot snapshot = KeySnapshot();
  corpus::ChunkSet chunks = testing::NaiveChunks(snapshot);
  std::vector<RemovedFile> removed;
};

Pool GoldCandidates() {
  Pool p;
  absl::StatusOr<std::vector<RemovedFile>> removed =
      KeepGoldCandidates(corpus::testing::GoLanguages(), &p.snapshot, &p.chunks);
  EXPECT_TRUE(removed.ok()) << removed.status();
  if (removed.ok()) p.removed = *std::move(removed);
  return p;
}

std::vector<std::string> Ranked(const HarnessConfig& config, const corpus::Snapshot& snapshot,
                                const corpus::ChunkSet& chunks) {
  absl::StatusOr<Corpus> corpus = Corpus::Create(snapshot, chunks);
  EXPECT_TRUE(corpus.ok()) << corpus.status();
  if (!corpus.ok()) return {};
  absl::StatusOr<HarnessRun> run = RunHarness(config, *corpus, nullptr, kQuery);
  EXPECT_TRUE(run.ok()) << run.status();
  std::vector<std::string> paths;
  if (run.ok()) {
    for (const RankedFile& f : run->result.files()) paths.push_back(f.path());
  }
  return paths;
}

TEST(CandidatePool, TheTestFileLeavesThePoolWithItsRule) {
  const Pool p = GoldCandidates();
  ASSERT_EQ(p.removed.size(), 1u);
  EXPECT_EQ(p.removed[0].path, kTest);
  EXPECT_EQ(p.removed[0].rule, "go non_gold_basename_globs \"*_test.go\"");
  std::vector<std::string> files, chunk_paths;
  for (const corpus::SourceFile& f : p.snapshot.files()) files.push_back(f.path());
  for (const corpus::Chunk& c : p.chunks.chunks()) chunk_paths.push_back(c.path());
  EXPECT_THAT(files, ElementsAre(kGold, "shells/bash.go"));
  EXPECT_EQ(std::count(chunk_paths.begin(), chunk_paths.end(), kTest), 0);
  // The pool is drawn from the same snapshot: its hash is kept.
  EXPECT_EQ(p.snapshot.snapshot_sha256(), KeySnapshot().snapshot_sha256());
}

TEST(CandidatePool, WithoutTheTestFileTheGoldFileRanksFirst) {
  // Every corpus file: the test outranks the file the fix changes.
  const corpus::Snapshot all = KeySnapshot();
  EXPECT_THAT(Ranked(testing::UnitFilesHarness(), all, testing::NaiveChunks(all)),
              ElementsAre(kTest, kGold));
  // Gold candidates only: the gold file moves from rank 2 to rank 1.
  const Pool p = GoldCandidates();
  EXPECT_THAT(Ranked(testing::UnitFilesHarness(), p.snapshot, p.chunks), ElementsAre(kGold));
}

TEST(CandidatePool, StoredRowsOfThePoolAreItsEmbeddedRowsBitForBit) {
  const corpus::Snapshot all = KeySnapshot();
  const corpus::ChunkSet all_chunks = testing::NaiveChunks(all);
  absl::StatusOr<Corpus> whole = Corpus::Create(all, all_chunks);
  ASSERT_TRUE(whole.ok()) << whole.status();
  absl::StatusOr<std::string> model = testing::TrainUnitLsaModel(*whole);
  ASSERT_TRUE(model.ok()) << model.status();
  absl::StatusOr<std::unique_ptr<LsaEmbedder>> lsa = LsaEmbedder::FromArtifact(*model, "m");
  ASSERT_TRUE(lsa.ok()) << lsa.status();
  absl::StatusOr<ChunkEmbeddings> artifact = EmbedCorpusChunks(*whole, **lsa);
  ASSERT_TRUE(artifact.ok()) << artifact.status();

  const Pool p = GoldCandidates();
  ASSERT_TRUE(DropRowsOfFiles(p.removed, &*artifact).ok());
  absl::StatusOr<Corpus> pool = Corpus::Create(p.snapshot, p.chunks);
  ASSERT_TRUE(pool.ok()) << pool.status();
  absl::StatusOr<ChunkEmbeddings> embedded = EmbedCorpusChunks(*pool, **lsa);
  ASSERT_TRUE(embedded.ok()) << embedded.status();
  EXPECT_EQ(artifact->SerializeAsString(), embedded->SerializeAsString());
  // The hybrid harness reads the cut artifact against the pool.
  absl::StatusOr<std::unique_ptr<StoredChunkVectors>> stored =
      StoredChunkVectors::Create(*std::move(artifact), "emb.pb", **lsa);
  ASSERT_TRUE(stored.ok()) << stored.status();
  absl::StatusOr<HarnessRun> run =
      RunHarness(testing::UnitChunksHarness(), *pool, lsa->get(), kQuery, stored->get());
  ASSERT_TRUE(run.ok()) << run.status();
  ASSERT_GT(run->result.files_size(), 0);
  EXPECT_EQ(run->result.files(0).path(), kGold);
}

TEST(CandidatePool, AFileOfNoLanguageOrAnEmptyPoolIsAnError) {
  corpus::Snapshot snapshot = testing::MakeSnapshot("unit", {{"README.md", "# cache\n"}});
  corpus::ChunkSet chunks;
  const std::string before = snapshot.SerializeAsString();
  absl::StatusOr<std::vector<RemovedFile>> r =
      KeepGoldCandidates(corpus::testing::GoLanguages(), &snapshot, &chunks);
  EXPECT_THAT(r.status().message(),
              HasSubstr("files[0] (README.md): expected a file of the set's languages"));
  EXPECT_EQ(snapshot.SerializeAsString(), before);
  snapshot = testing::MakeSnapshot("unit", {{kTest, "package cache\n"}});
  r = KeepGoldCandidates(corpus::testing::GoLanguages(), &snapshot, &chunks);
  EXPECT_THAT(r.status().message(),
              HasSubstr("expected one or more gold candidates among its 1 files, found none"));
  EXPECT_EQ(snapshot.files_size(), 1);
}

TEST(CandidatePool, OnlyAWholeArtifactIsCut) {
  ChunkEmbeddings a;
  a.set_reference_commit("abc");
  EXPECT_THAT(DropRowsOfFiles({}, &a).message(), HasSubstr("expected a whole artifact"));
  a.clear_reference_commit();
  a.set_dims(2);
  a.set_count(1);
  a.add_chunks()->set_path(kTest);
  EXPECT_THAT(DropRowsOfFiles({}, &a).message(),
              HasSubstr("expected count = 1 rows of 2 floats = 2, found count 1 and 0 floats"));
}

// A stage reading the experiment's CellSpec `spec` (text) and, with
// `rules`, Go's rules and query files, as the grid rules give them.
Stage PoolStage(const std::string& spec, bool rules) {
  const char* dir = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(dir ? dir : "/tmp") + "/cell_spec.textproto";
  std::ofstream(path) << spec;
  std::vector<Stage::Input> inputs = {{"experiment", path, "x/cell_spec.textproto"}};
  if (rules) {
    inputs.push_back({"rules/go", corpus::RulesFile("go"), corpus::RulesFile("go")});
    for (const char* q : {"comments", "identifiers"}) {
      const std::string file = corpus::QueryFile("go", q);
      inputs.push_back({std::string("queries/go/") + q, file, file});
    }
  }
  return Stage("//stages/grid/by_experiment:x/T1_H000_baseline", inputs, {});
}

corpus::Labels GoldLabels(const std::string& gold) {
  corpus::Labels labels;
  labels.set_task_id("T1");
  labels.add_gold_files(gold);
  return labels;
}

TEST(CandidatePool, AStageCutsThePoolItsExperimentDeclares) {
  corpus::Snapshot snapshot = KeySnapshot();
  corpus::ChunkSet chunks = testing::NaiveChunks(snapshot);
  // Every corpus file: nothing is read but the spec, nothing leaves.
  absl::StatusOr<std::vector<RemovedFile>> removed =
      CutStagePool(PoolStage("experiment: \"x\"", false), GoldLabels(kGold), &snapshot, &chunks);
  ASSERT_TRUE(removed.ok()) << removed.status();
  EXPECT_TRUE(removed->empty());
  EXPECT_EQ(snapshot.files_size(), 3);
  // The gold candidates only: the test file leaves, by the stage's rules.
  const Stage gold =
      PoolStage("experiment: \"x\" candidates: CANDIDATES_GOLD_CANDIDATES_ONLY", true);
  removed = CutStagePool(gold, GoldLabels(kGold), &snapshot, &chunks);
  ASSERT_TRUE(removed.ok()) << removed.status();
  ASSERT_EQ(removed->size(), 1u);
  EXPECT_EQ((*removed)[0].path, kTest);
  EXPECT_EQ(snapshot.files_size(), 2);
  // A gold file the rules would remove: the labels read other rules.
  snapshot = KeySnapshot();
  chunks = testing::NaiveChunks(snapshot);
  EXPECT_THAT(CutStagePool(gold, GoldLabels(kTest), &snapshot, &chunks).status().message(),
              HasSubstr("task T1: gold file cache/key_test.go is not a gold candidate (go "
                        "non_gold_basename_globs \"*_test.go\")"));
  // Without the rules the stage cannot cut: it says what it reads.
  EXPECT_THAT(CutStagePool(
                  PoolStage("experiment: \"x\" candidates: CANDIDATES_GOLD_CANDIDATES_ONLY", false),
                  GoldLabels(kGold), &snapshot, &chunks)
                  .status()
                  .message(),
              HasSubstr("no input rules/<language>"));
}

}  // namespace
}  // namespace repro::retrieval
