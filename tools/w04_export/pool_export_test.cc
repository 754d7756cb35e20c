#include "tools/w04_export/pool_export.h"

#include <string>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/studies/w04/pool.h"
#include "stages/studies/w04/pool_cases.h"

namespace repro::w04 {
namespace {

ExportInputs Inputs() {
  ExportInputs in;
  in.baseline_run = {"H000.run",
                     "T1 Q0 a/x.go 1 4 H000\nT1 Q0 b/y.go 2 3 H000\nT1 Q0 v/x.go 3 2 H000\n"
                     "T1 Q0 c/z.go 4 1 H000\n"};
  in.treatment_run = {"H008.run", "T1 Q0 c/z.go 1 9 H008\nT1 Q0 b/y.go 2 8 H008\n"};
  in.files_qrels = {"files.qrels", "T1 0 b/y.go 1\nT1 0 c/z.go 1\n"};
  in.functions_qrels = {"functions.qrels", "T1 0 b/y.go::F 1\nT1 0 b/y.go::G 1\n"};
  in.snapshots["T1"] = {{"a/x.go", "func A() {\n\treturn\n}\n"},
                        {"v/x.go", "func A() { return }"},
                        {"b/y.go", "func F() {}\nfunc G() {}\n"},
                        {"c/z.go", "package c\n"}};
  return in;
}

ExportOptions Options() {
  ExportOptions o;
  o.pool_id = "test_pool";
  o.baseline_name = "H000";
  o.treatment_name = "H008";
  o.depth = 3;
  o.budget = 20;
  return o;
}

TEST(PoolExportTest, WritesTheFiveInputs) {
  absl::StatusOr<PoolInputs> out = ExportPool(Inputs(), Options());
  ASSERT_TRUE(out.ok()) << out.status();
  // Depth 3: c/z.go is outside the pool; H008 ranks b/y.go of it first.
  EXPECT_EQ(out->baseline_run.bytes,
            "T1 Q0 a/x.go 1 3 H000\nT1 Q0 b/y.go 2 2 H000\nT1 Q0 v/x.go 3 1 H000\n");
  EXPECT_EQ(out->treatment_run.bytes,
            "T1 Q0 b/y.go 1 3 H008\nT1 Q0 a/x.go 2 2 H008\nT1 Q0 v/x.go 3 1 H008\n");
  EXPECT_EQ(out->qrels.bytes, "T1 0 a/x.go 0\nT1 0 b/y.go 3\nT1 0 v/x.go 0\n");
  // v/x.go is a/x.go with other white space: declared, in a/x.go's cluster.
  EXPECT_NE(out->ledger.bytes.find(R"("id":"v/x.go","digest":)"), std::string::npos)
      << out->ledger.bytes;
  EXPECT_NE(
      out->ledger.bytes.find(
          R"("dependency_cluster":"a","near_duplicates":[{"of":"a/x.go","status":"DECLARED"}])"),
      std::string::npos)
      << out->ledger.bytes;
  EXPECT_NE(out->ledger.bytes.find(R"("cost":"12","claims":["b/y.go::F","b/y.go::G"])"),
            std::string::npos)
      << out->ledger.bytes;
  // c/z.go is a gold file without a gold function: a claim of its own.
  EXPECT_NE(out->config.bytes.find(R"(claims: "c/z.go")"), std::string::npos) << out->config.bytes;
}

TEST(PoolExportTest, TheInstrumentReadsTheExport) {
  absl::StatusOr<PoolInputs> out = ExportPool(Inputs(), Options());
  ASSERT_TRUE(out.ok()) << out.status();
  out->config.name = "pool.textproto";
  out->baseline_run.name = "baseline.run";
  out->treatment_run.name = "treatment.run";
  out->qrels.name = "pool.qrels";
  out->ledger.name = "ledger.jsonl";
  absl::StatusOr<PoolCases> cases = ReadPoolCases(*out);
  ASSERT_TRUE(cases.ok()) << cases.status();
  absl::StatusOr<PoolResult> result = EvaluatePool(*cases);
  ASSERT_TRUE(result.ok()) << result.status();
  // Treatment order b/y.go (12), a/x.go (7), v/x.go (7) under 20: the rule
  // skips v/x.go, a copy of the packed a/x.go that adds no claim.
  const PackingRun& t = result->topics(0).packing().treatment();
  EXPECT_EQ(t.decisions(2).reason(), "R-REDUNDANT-NO-NEW-CLAIM");
  EXPECT_EQ(result->topics(0).packing().baseline().redundant_pairs_size(), 0);
}

TEST(PoolExportTest, AFileMissingFromTheSnapshotStops) {
  ExportInputs in = Inputs();
  in.snapshots["T1"].erase("b/y.go");
  EXPECT_TRUE(IsError(ExportPool(in, Options()), absl::StatusCode::kInvalidArgument,
                      "snapshot of topic T1, field files: expected the ranked file b/y.go"));
}

}  // namespace
}  // namespace repro::w04
