#include "stages/framework/pipeline/compact_lineage.h"

#include <algorithm>
#include <string>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro {
namespace {

// A cell reading one snapshot and chunk set, and the stages that wrote them.
constexpr char kGrid[] = R"pb(
  report: "//reports:g"
  stages {
    label: "//stages/grid:g/T01_H000"
    stage: "cell"
    stage_version: "1"
    args: "--task=T01"
    tool { path: "stages/tools/cell" sha256: "cell-sha" bytes: 8 }
    inputs { role: "chunks" path: "sets/commit_a.chunks.pb" sha256: "c" bytes: 1 }
    inputs { role: "snapshot" path: "sets/commit_a.snapshot.pb" sha256: "s" bytes: 1 }
    inputs { role: "tasks" path: "T01.task.pb" sha256: "t" bytes: 1 }
    outputs { path: "stages/grid/g/T01_H000.pb" sha256: "h0" bytes: 2 }
  }
  stages {
    label: "//stages/grid:sets/commit_a_snapshot"
    stage: "snapshot"
    stage_version: "2"
    tool { path: "stages/tools/snapshot" sha256: "snapshot-sha" bytes: 12 }
    inputs { role: "tree" path: "external/h/commits/a/tree.z" sha256: "z" bytes: 1 }
    outputs { path: "sets/commit_a.snapshot.pb" sha256: "s" bytes: 1 }
  }
  stages {
    label: "//stages/grid:sets/commit_a_chunks"
    stage: "chunks"
    stage_version: "1"
    tool { path: "stages/tools/chunks" sha256: "chunks-sha" bytes: 10 }
    inputs { role: "snapshot" path: "sets/commit_a.snapshot.pb" sha256: "s" bytes: 1 }
    outputs { path: "sets/commit_a.chunks.pb" sha256: "c" bytes: 1 }
  }
)pb";

// kGrid and a second cell (another harness) reading the same files.
schemas::Lineage Grid() {
  schemas::Lineage l;
  const absl::Status parsed = ParseTextProto(kGrid, "grid", &l);
  EXPECT_TRUE(parsed.ok()) << parsed;
  schemas::Provenance* h008 = l.add_stages();
  *h008 = l.stages(0);
  h008->set_label("//stages/grid:g/T01_H008");
  h008->mutable_outputs(0)->set_path("stages/grid/g/T01_H008.pb");
  h008->mutable_outputs(0)->set_sha256("h8");
  return l;
}

schemas::Lineage SortedByLabel(schemas::Lineage l) {
  std::sort(l.mutable_stages()->begin(), l.mutable_stages()->end(),
            [](const schemas::Provenance& a, const schemas::Provenance& b) {
              return a.label() < b.label();
            });
  return l;
}

TEST(CompactLineageTest, ExpandsToTheRecordsExactly) {
  const schemas::CompactLineage compact = CompactLineageOf(Grid());
  absl::StatusOr<schemas::Lineage> expanded = ExpandLineage(compact, "lineage.json");
  ASSERT_TRUE(expanded.ok()) << expanded.status();
  EXPECT_EQ(ToJson(*expanded), ToJson(SortedByLabel(Grid())));
}

TEST(CompactLineageTest, ARecordWithoutAToolExpandsWithout) {
  schemas::Lineage l = Grid();
  l.mutable_stages(0)->clear_tool();
  absl::StatusOr<schemas::Lineage> expanded = ExpandLineage(CompactLineageOf(l), "lineage.json");
  ASSERT_TRUE(expanded.ok()) << expanded.status();
  EXPECT_EQ(ToJson(*expanded), ToJson(SortedByLabel(l)));
}

TEST(CompactLineageTest, JsonParsesBackToTheSameTables) {
  const schemas::CompactLineage compact = CompactLineageOf(Grid());
  const std::string json = CompactLineageJson(compact);
  schemas::CompactLineage parsed;
  ASSERT_TRUE(FromJson(json, "lineage.json", &parsed).ok());
  EXPECT_EQ(ToJson(parsed), ToJson(compact));
  // One table entry or stage a line: the report's line, then per table its
  // opening line, its entries (5 dirs, 9 files, 4 bindings, 3 kinds, 4
  // stages) and its closing line.
  EXPECT_EQ(std::count(json.begin(), json.end(), '\n'), 1 + (5 + 9 + 4 + 3 + 4) + 2 * 5);
  EXPECT_EQ(json.back(), '\n');
}

TEST(CompactLineageTest, SharedFilesAndInputsAreWrittenOnce) {
  const schemas::CompactLineage c = CompactLineageOf(Grid());
  // Files: 3 tools, the 3 files the cells read, tree.z and 2 cell outputs;
  // the snapshot and chunk set, written once and read thrice, are one entry each.
  EXPECT_EQ(c.files_size(), 9);
  // (role, file): chunks, snapshot (read by cells and by chunks), tasks, tree.
  EXPECT_EQ(c.bindings_size(), 4);
  EXPECT_EQ(c.kinds_size(), 3);
  EXPECT_EQ(c.dirs_size(), 5);  // "", external/h/commits/a/, sets/, stages/grid/g/, stages/tools/
  EXPECT_EQ(c.dirs(0), "");
  EXPECT_EQ(c.stages(0).label(), "//stages/grid:g/T01_H000");
}

TEST(CompactLineageTest, BytesDoNotDependOnRecordOrder) {
  schemas::Lineage reversed = Grid();
  std::reverse(reversed.mutable_stages()->begin(), reversed.mutable_stages()->end());
  EXPECT_EQ(CompactLineageJson(CompactLineageOf(reversed)),
            CompactLineageJson(CompactLineageOf(Grid())));
}

TEST(CompactLineageTest, TablesAreSorted) {
  const schemas::CompactLineage c = CompactLineageOf(Grid());
  for (int i = 1; i < c.dirs_size(); ++i) EXPECT_LT(c.dirs(i - 1), c.dirs(i));
  for (int i = 1; i < c.bindings_size(); ++i) {
    EXPECT_LE(c.bindings(i - 1).role(), c.bindings(i).role());
  }
  for (int i = 1; i < c.kinds_size(); ++i) EXPECT_LT(c.kinds(i - 1).stage(), c.kinds(i).stage());
  absl::StatusOr<schemas::Lineage> expanded = ExpandLineage(c, "lineage.json");
  ASSERT_TRUE(expanded.ok());
  std::string previous;
  for (const schemas::FileDigest& f : expanded->stages(0).inputs()) {
    EXPECT_LT(previous, f.role());  // the record's own (role) order is kept
    previous = f.role();
  }
}

TEST(CompactLineageTest, AnIndexOutOfItsTableNamesStageFieldAndSize) {
  schemas::CompactLineage c = CompactLineageOf(Grid());
  c.mutable_stages(1)->set_inputs(2, 99);
  EXPECT_TRUE(IsError(ExpandLineage(c, "r/lineage.json"), absl::StatusCode::kInvalidArgument,
                      "r/lineage.json: stage '//stages/grid:g/T01_H008', field inputs[2]: "
                      "expected an index below 4 (4 bindings), found 99"));
  c = CompactLineageOf(Grid());
  c.mutable_stages(0)->add_outputs(9);
  EXPECT_TRUE(IsError(ExpandLineage(c, "lineage.json"), absl::StatusCode::kInvalidArgument,
                      "stage '//stages/grid:g/T01_H000', field outputs[1]: expected an index below "
                      "9 (9 files), found 9"));
  c = CompactLineageOf(Grid());
  c.mutable_files(0)->set_dir(5);
  EXPECT_TRUE(IsError(ExpandLineage(c, "lineage.json"), absl::StatusCode::kInvalidArgument,
                      "files[0], field dir: expected an index below 5 (5 dirs), found 5"));
  c = CompactLineageOf(Grid());
  c.mutable_bindings(0)->set_file(10);
  EXPECT_TRUE(IsError(ExpandLineage(c, "lineage.json"), absl::StatusCode::kInvalidArgument,
                      "field file: expected an index below 9"));
}

}  // namespace
}  // namespace repro
