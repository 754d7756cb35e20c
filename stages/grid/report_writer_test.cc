#include "stages/grid/report_writer.h"

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "stages/grid/aggregate.h"

namespace repro::e04 {
namespace {

E04Report Small() {
  GridInput in;
  in.grid = "test";
  in.task_ids = {"T1", "T2"};
  in.harnesses = {"H000", "H008", "H010"};
  in.resamples = 100;
  in.seed = 20260704;
  in.doses = {1, 5, 10};
  in.s001_depths = {1};
  for (const std::string& t : in.task_ids) {
    for (const std::string& h : in.harnesses) {
      for (const char* cond : {"baseline", "S001", "S002", "S002", "S002"}) {
        static int dose_index = 0;
        ConditionOutcome o;
        o.set_task_id(t);
        o.set_harness(h);
        o.set_condition(cond);
        o.set_candidate_limit(200);
        if (std::string(cond) == "S002") o.set_dose(in.doses[dose_index++ % 3]);
        if (std::string(cond) == "S001") o.set_shared_key(t + "/" + h);
        o.set_mrr(0.5);
        o.set_first_gold_rank(2);
        o.set_first_gold_observed(true);
        in.outcomes.push_back(o);
      }
    }
  }
  in.s001_doses.resize(2);
  in.s001_doses[0].set_task_id("T1");
  in.s001_doses[1].set_task_id("T2");
  return *Aggregate(in);
}

TEST(E04ReportWriterTest, CsvHasThreeRowsPerCell) {
  E04Report r = Small();
  absl::StatusOr<RenderedE04> rendered = RenderE04(r);
  ASSERT_TRUE(rendered.ok()) << rendered.status();
  const RenderedE04& out = *rendered;
  std::vector<std::string> lines = absl::StrSplit(out.cells_csv, '\n', absl::SkipEmpty());
  EXPECT_EQ(lines.size(), 1 + 3 * static_cast<size_t>(r.cells_size()));
}

TEST(E04ReportWriterTest, TokensAppearInTheMarkdown) {
  absl::StatusOr<RenderedE04> rendered = RenderE04(Small());
  ASSERT_TRUE(rendered.ok()) << rendered.status();
  const RenderedE04& out = *rendered;
  ASSERT_FALSE(out.tokens.empty());
  for (const auto& [key, value] : out.tokens) {
    EXPECT_NE(out.markdown.find(value), std::string::npos) << key;
  }
  EXPECT_NE(out.markdown.find("## What E04 does not evaluate"), std::string::npos);
  EXPECT_NE(out.markdown.find("a null S001 effect is expected by construction"), std::string::npos);
  EXPECT_NE(out.dose_response_svg.find("<svg"), std::string::npos);
  EXPECT_EQ(RenderE04(Small())->rank_displacement_svg, out.rank_displacement_svg);
}

TEST(E04ReportWriterTest, CsvRowsHaveTheHeaderColumns) {
  absl::StatusOr<RenderedE04> out = RenderE04(Small());
  ASSERT_TRUE(out.ok()) << out.status();
  std::vector<std::string> lines = absl::StrSplit(out->cells_csv, '\n', absl::SkipEmpty());
  for (const std::string& line : lines) {
    EXPECT_EQ(std::vector<std::string>(absl::StrSplit(line, ',')).size(), 28u) << line;
  }
}

}  // namespace
}  // namespace repro::e04
