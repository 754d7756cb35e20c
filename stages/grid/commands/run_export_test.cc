#include "stages/grid/commands/run_export.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro::grid {
namespace {

TEST(RunExportTest, TheManifestRoundTrips) {
  std::vector<ManifestRow> rows(2);
  rows[0] = {{"P000", std::string(64, 'a'), std::string(64, 'b')},
             "F01",
             "baseline",
             41,
             200,
             "P000/F01/baseline"};
  rows[1] = {{"P000", std::string(64, 'c'), std::string(64, 'b')},
             "F01",
             "s002_d1",
             42,
             200,
             "P000/F01/s002_d1"};
  const std::string text = ManifestText(rows);
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "# harness\ttask\tcondition\tcorpus_sha256\tqueries_sha256\tdocuments\t"
            "candidate_limit\tdirectory");
  absl::StatusOr<std::vector<ManifestRow>> parsed = ParseManifest(text, "m.tsv");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  ASSERT_EQ(parsed->size(), 2u);
  EXPECT_EQ((*parsed)[1].key, rows[1].key);
  EXPECT_EQ((*parsed)[1].documents, 42u);
  EXPECT_EQ((*parsed)[1].directory, "P000/F01/s002_d1");
}

TEST(RunExportTest, AMalformedManifestNamesTheLine) {
  EXPECT_TRUE(IsError(ParseManifest("# header\nP000\tF01\n", "m.tsv"),
                      absl::StatusCode::kInvalidArgument,
                      "m.tsv line 2: expected 8 tab-separated fields, found 2"));
  EXPECT_TRUE(
      IsError(ParseManifest("P000\tF01\tbaseline\ta\tb\tx\t200\tP000/F01/baseline\n", "m.tsv"),
              absl::StatusCode::kInvalidArgument, "m.tsv line 1: expected documents"));
  EXPECT_TRUE(IsError(ParseManifest("P000\tF01\tbaseline\ta\tb\t1\t200\t../../etc\n", "m.tsv"),
                      absl::StatusCode::kInvalidArgument, "found \"1\", \"200\", \"../../etc\""));
}

}  // namespace
}  // namespace repro::grid
