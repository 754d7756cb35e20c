#include "stages/inspect/lineage/lineage_graph.h"

#include "gtest/gtest.h"
#include "stages/framework/pipeline/compact_lineage.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro::lineage {
namespace {

schemas::FileDigest File(const std::string& role, const std::string& path, const std::string& sha) {
  schemas::FileDigest f;
  f.set_role(role);
  f.set_path(path);
  f.set_sha256(sha);
  f.set_bytes(1);
  return f;
}

// The W04 shape: rerank <- pack <- report, report also reads rerank.
schemas::Lineage W04Shape() {
  schemas::Lineage l;
  l.set_report("//reports:w04");
  schemas::Provenance* report = l.add_stages();
  report->set_label("//stages/studies/w04:w04_report");
  *report->add_inputs() = File("packing", "stages/studies/w04/packing.json", "p");
  *report->add_inputs() = File("rerank/rerank.json", "stages/studies/w04/rerank.json", "r");
  *report->add_inputs() = File("text", "data/w04/report.textproto", "t");
  *report->add_outputs() = File("", "stages/studies/w04/w04.md", "m");
  schemas::Provenance* rerank = l.add_stages();
  rerank->set_label("//stages/studies/w04:w04_rerank");
  *rerank->add_inputs() = File("case", "data/w04/rerank.textproto", "c");
  *rerank->add_outputs() = File("", "stages/studies/w04/rerank.json", "r");
  schemas::Provenance* pack = l.add_stages();
  pack->set_label("//stages/studies/w04:w04_pack");
  *pack->add_inputs() = File("case", "data/w04/packing.textproto", "k");
  *pack->add_inputs() = File("rerank/rerank.json", "stages/studies/w04/rerank.json", "r");
  *pack->add_outputs() = File("", "stages/studies/w04/packing.json", "p");
  return l;
}

TEST(LineageGraphTest, ProducersAndUpstream) {
  absl::StatusOr<LineageGraph> g = LineageGraph::FromLineage(W04Shape(), "lineage.json");
  ASSERT_TRUE(g.ok()) << g.status();
  // Sorted by label: pack, report, rerank.
  ASSERT_EQ(g->size(), 3);
  EXPECT_EQ(g->stage(0).label(), "//stages/studies/w04:w04_pack");
  EXPECT_EQ(g->stage(1).label(), "//stages/studies/w04:w04_report");
  EXPECT_EQ(g->stage(2).label(), "//stages/studies/w04:w04_rerank");
  EXPECT_EQ(g->ProducerOfPath("stages/studies/w04/rerank.json"), 2);
  EXPECT_EQ(g->ProducerOfPath("data/w04/rerank.textproto"), -1);
  EXPECT_EQ(g->ProducersOfSha256("m"), std::vector<int>{1});
  EXPECT_TRUE(g->ProducersOfSha256("zz").empty());
  EXPECT_EQ(g->Upstream(1), (std::vector<int>{0, 2}));
  EXPECT_TRUE(g->Upstream(2).empty());
}

TEST(LineageGraphTest, ClosureListsDownstreamFirst) {
  absl::StatusOr<LineageGraph> g = LineageGraph::FromLineage(W04Shape(), "lineage.json");
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g->Closure({1}), (std::vector<int>{1, 0, 2}));  // report, pack, rerank
  EXPECT_EQ(g->Closure({0}), (std::vector<int>{0, 2}));
  EXPECT_EQ(g->Closure({2, 1}), (std::vector<int>{1, 0, 2}));
}

TEST(LineageGraphTest, LoadsLineageOrProvenanceJson) {
  absl::StatusOr<LineageGraph> g = LineageGraph::FromJson(ToJson(W04Shape()), "lineage.json");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->size(), 3);
  EXPECT_EQ(g->lineage().report(), "//reports:w04");
  absl::StatusOr<LineageGraph> one =
      LineageGraph::FromJson(ToJson(W04Shape().stages(1)), "w04_rerank.provenance.json");
  ASSERT_TRUE(one.ok()) << one.status();
  EXPECT_EQ(one->size(), 1);
  absl::StatusOr<LineageGraph> bad = LineageGraph::FromJson("{\"x\": 1}", "f.json");
  EXPECT_TRUE(IsError(bad, absl::StatusCode::kInvalidArgument,
                      "f.json: neither a lineage (compact or expanded) nor a Provenance"));
}

std::string CompactJson(const schemas::Lineage& lineage) {
  return CompactLineageJson(CompactLineageOf(lineage));
}

// A report's lineage.json (the compact form) loads as the records it encodes.
TEST(LineageGraphTest, LoadsCompactLineageJson) {
  absl::StatusOr<LineageGraph> g = LineageGraph::FromJson(CompactJson(W04Shape()), "lineage.json");
  ASSERT_TRUE(g.ok()) << g.status();
  absl::StatusOr<LineageGraph> expanded = LineageGraph::FromLineage(W04Shape(), "lineage.json");
  ASSERT_TRUE(expanded.ok());
  EXPECT_EQ(ToJson(g->lineage()), ToJson(expanded->lineage()));
  EXPECT_EQ(g->Closure({1}), (std::vector<int>{1, 0, 2}));
  absl::StatusOr<LineageGraph> bad_index =
      LineageGraph::FromJson(R"({"stages": [{"label": "//p:a", "kind": 3}]})", "lineage.json");
  EXPECT_TRUE(IsError(bad_index, absl::StatusCode::kInvalidArgument,
                      "lineage.json: stage '//p:a', field kind: expected an index below 0"));
}

// A stage that read other bytes than its producer wrote refers, in the compact
// form, to another file entry of the same path: loading still names both.
TEST(LineageGraphTest, CompactLineageKeepsContradictions) {
  schemas::Lineage stale = W04Shape();
  stale.mutable_stages(2)->mutable_inputs(1)->set_sha256("old");
  absl::StatusOr<LineageGraph> g = LineageGraph::FromJson(CompactJson(stale), "lineage.json");
  EXPECT_TRUE(
      IsError(g, absl::StatusCode::kInvalidArgument,
              "lineage.json: //stages/studies/w04:w04_pack read stages/studies/w04/rerank.json "
              "with sha256 old but //stages/studies/w04:w04_rerank wrote sha256 r"));
}

TEST(LineageGraphTest, RejectsContradictoryRecords) {
  schemas::Lineage twice = W04Shape();
  *twice.mutable_stages(0)->add_outputs() = File("", "stages/studies/w04/rerank.json", "r");
  absl::StatusOr<LineageGraph> g = LineageGraph::FromLineage(twice, "lineage.json");
  EXPECT_TRUE(IsError(g, absl::StatusCode::kInvalidArgument,
                      "stages/studies/w04/rerank.json is written by both"));

  schemas::Lineage stale = W04Shape();
  stale.mutable_stages(2)->mutable_inputs(1)->set_sha256("old");
  g = LineageGraph::FromLineage(stale, "lineage.json");
  EXPECT_TRUE(IsError(g, absl::StatusCode::kInvalidArgument,
                      "read stages/studies/w04/rerank.json with sha256 old"));
}

}  // namespace
}  // namespace repro::lineage
