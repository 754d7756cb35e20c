#include "stages/inspect/lineage/value_path.h"

#include <filesystem>
#include <string>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/framework/schemas/provenance.pb.h"

namespace repro::lineage {
namespace {

namespace fs = std::filesystem;

schemas::FileDigest Digest(const std::string& role, const std::string& path,
                           const std::string& bytes) {
  schemas::FileDigest f;
  f.set_role(role);
  f.set_path(path);
  f.set_sha256(Sha256Hex(bytes));
  f.set_bytes(bytes.size());
  return f;
}

// A two-stage report: //s:compute reads data/case.txt (authored "budget 180")
// and writes metrics.json (ndcg 0.57666664551443869); //s:report reads
// metrics.json and writes report.md ("nDCG 0.576666646, budget 180").
class ExplainTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::path(testing::TempDir()) /
            ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(root_);
    ws_ = root_ / "ws";
    report_ = root_ / "report";
    fs::create_directories(ws_ / "data");
    fs::create_directories(report_);
    const std::string case_text =
        "budget 180\nbase_commit: \"35e0f54624cbba226e569c15855064edcb481ff8\"\n";
    const std::string metrics = "{\"ndcg\": 0.57666664551443869, \"budget\": 180}\n";
    const std::string md = "nDCG 0.576666646, budget 180\n";
    ASSERT_TRUE(WriteFileAtomically((ws_ / "data/case.txt").string(), case_text).ok());
    ASSERT_TRUE(WriteFileAtomically((report_ / "metrics.json").string(), metrics).ok());
    ASSERT_TRUE(WriteFileAtomically((report_ / "report.md").string(), md).ok());
    ASSERT_TRUE(
        WriteFileAtomically((report_ / "t.volatile.json").string(), "{\"ms\": 0.576666646}").ok());

    schemas::Lineage& l = lineage_;
    l.set_report("//r:report");
    schemas::Provenance* compute = l.add_stages();
    compute->set_label("//s:compute");
    compute->set_stage("compute");
    compute->set_stage_version("1");
    *compute->mutable_tool() = Digest("", "s/compute_tool", "tool-bytes");
    *compute->add_inputs() = Digest("case", "data/case.txt", case_text);
    *compute->add_outputs() = Digest("", "s/metrics.json", metrics);
    schemas::Provenance* report = l.add_stages();
    report->set_label("//s:report");
    report->set_stage("report");
    report->set_stage_version("2");
    *report->mutable_tool() = Digest("", "s/report_tool", "other-tool-bytes");
    *report->add_inputs() = Digest("metrics", "s/metrics.json", metrics);
    *report->add_outputs() = Digest("", "s/report.md", md);
    ASSERT_TRUE(WriteFileAtomically((report_ / "lineage.json").string(), ToJson(l)).ok());
    options_.workspace = ws_.string();
  }

  std::string Explain(const std::string& query) {
    absl::StatusOr<std::string> out = TraceValue(report_.string(), query, options_);
    EXPECT_TRUE(out.ok()) << out.status();
    return out.ok() ? *out : "";
  }

  fs::path root_, ws_, report_;
  schemas::Lineage lineage_;
  TraceOptions options_;
};

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_F(ExplainTest, ComputedNumberLeadsToItsSource) {
  const std::string out = Explain("0.576666646");
  EXPECT_TRUE(Has(out, "Lineage of 0.576666646 in //r:report")) << out;
  EXPECT_TRUE(Has(out, "2 artifacts, 2 stage records, 1 volatile files skipped")) << out;
  EXPECT_TRUE(Has(out, "metrics.json  $.ndcg = 0.57666664551443869")) << out;
  EXPECT_TRUE(Has(out, "report.md     line 1: nDCG 0.576666646, budget 180")) << out;
  EXPECT_TRUE(
      Has(out,
          "computed by //s:compute from its inputs (authored inputs: data/case.txt; no input "
          "holds the value)"))
      << out;
  EXPECT_TRUE(Has(out, "carried by  //s:report from s/metrics.json")) << out;
  EXPECT_TRUE(Has(out, "//s:report  stage report, version 2")) << out;
  EXPECT_TRUE(Has(out, "  tool      s/report_tool  sha256 " + Sha256Hex("other-tool-bytes")))
      << out;
  EXPECT_TRUE(Has(out, "(matches the workspace)")) << out;
  EXPECT_TRUE(Has(out, "base_commit (1): 35e0f54624cbba226e569c15855064edcb481ff8")) << out;
  // Downstream first in the stage list, upstream first in the value path.
  EXPECT_LT(out.find("//s:report  stage"), out.find("//s:compute  stage")) << out;
  EXPECT_LT(out.find("computed by"), out.find("carried by")) << out;
}

TEST_F(ExplainTest, AuthoredNumberIsTakenFromTheSource) {
  const std::string out = Explain("180");
  EXPECT_TRUE(Has(
      out, "taken by    //s:compute from the source data/case.txt (the value is written there)"))
      << out;
  EXPECT_TRUE(Has(out, "  * data/case.txt  sha256 ")) << out;
}

TEST_F(ExplainTest, FormattedValueTracesEachNumberInside) {
  const std::string out = Explain("0.576666646, budget 180");
  EXPECT_TRUE(Has(out, "computed by //s:report from its inputs (no input holds the value)")) << out;
  EXPECT_TRUE(Has(out,
                  "Numbers inside the value:\n  0.576666646  (in 2 artifacts)\n"
                  "    computed by //s:compute from its inputs (authored inputs: data/case.txt"))
      << out;
  EXPECT_TRUE(Has(
      out, "  180  (in 2 artifacts)\n    taken by    //s:compute from the source data/case.txt"))
      << out;
}

TEST_F(ExplainTest, EditedSourceAndMissingBytesAreFlagged) {
  ASSERT_TRUE(WriteFileAtomically((ws_ / "data/case.txt").string(), "budget 200\n").ok());
  const std::string out = Explain("0.576666646");
  EXPECT_TRUE(Has(out, "DIFFERS from the workspace copy (now sha256 " + Sha256Hex("budget 200\n")))
      << out;
  // The recorded bytes of the source are gone: it may or may not hold the value.
  EXPECT_TRUE(Has(out, "  input   ? case  data/case.txt")) << out;
  EXPECT_TRUE(Has(out, "the bytes of inputs marked '?' were not found")) << out;
}

// A stage input from an external repository (a task set's history) is
// looked up in the output base's external/, not reported as missing from
// the workspace (once about 60 "(not in the workspace)" lines a report).
TEST_F(ExplainTest, ExternalRepositoryInputsAreReadFromTheOutputBase) {
  const std::string index = "35e0f54624cbba226e569c15855064edcb481ff8\tpresent\n";
  *lineage_.mutable_stages(0)->add_inputs() =
      Digest("index", "external/e_history/index.tsv", index);
  ASSERT_TRUE(WriteFileAtomically((report_ / "lineage.json").string(), ToJson(lineage_)).ok());

  std::string out = Explain("0.576666646");
  EXPECT_TRUE(Has(out, "external/e_history/index.tsv  sha256 " + Sha256Hex(index))) << out;
  EXPECT_TRUE(Has(out, "(an external repository's file)")) << out;
  EXPECT_FALSE(Has(out, "not in the workspace")) << out;

  const fs::path external = root_ / "output_base_external";
  options_.external_dir = external.string();
  out = Explain("0.576666646");
  EXPECT_TRUE(Has(out, "(an external repository's file, not in the output base: refetched")) << out;

  fs::create_directories(external / "e_history");
  ASSERT_TRUE(WriteFileAtomically((external / "e_history/index.tsv").string(), index).ok());
  out = Explain("0.576666646");
  EXPECT_TRUE(Has(out, "index.tsv  sha256 " + Sha256Hex(index) + "  " +
                           std::to_string(index.size()) + " bytes  (matches the output base)"))
      << out;
  // Its bytes are read there: the commit id it holds is listed.
  EXPECT_TRUE(Has(out, "35e0f54624cbba226e569c15855064edcb481ff8")) << out;

  ASSERT_TRUE(WriteFileAtomically((external / "e_history/index.tsv").string(), "x\n").ok());
  out = Explain("0.576666646");
  EXPECT_TRUE(Has(out, "DIFFERS from the output base's copy (now sha256 " + Sha256Hex("x\n") +
                           "): refetched since the report"))
      << out;
}

TEST_F(ExplainTest, ErrorsNameWhatIsMissing) {
  absl::StatusOr<std::string> none = TraceValue(report_.string(), "0.123456", options_);
  EXPECT_TRUE(IsError(
      none, absl::StatusCode::kNotFound,
      "0.123456 appears in none of the 2 artifacts of //r:report: metrics.json, report.md"));
  absl::StatusOr<std::string> no_lineage = TraceValue(ws_.string(), "1", options_);
  EXPECT_TRUE(IsError(no_lineage, absl::StatusCode::kNotFound, "lineage.json: not found"));
}

}  // namespace
}  // namespace repro::lineage
