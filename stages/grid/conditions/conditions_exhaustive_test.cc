// The condition table (stages/grid/conditions.bzl) against the C++ validator
// (conditions.h), exhaustively over small experiments: every combination of
// S001 depths, S002 doses and optional kinds that exhaustive_tables.bzl
// renders through the Starlark table. The validator must accept each
// experiment's own table and refuse every other experiment's: it accepts
// exactly the tables the rules render.
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "stages/experiments/experiment.pb.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/grid/conditions/conditions.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {
namespace {

struct Rendered {
  experiments::Experiment experiment;
  ConditionTable table;
  std::string line;
};

// The rendered experiments: each line {"experiment": {...}, "table": {...}}.
std::vector<Rendered> ReadRendered(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFile(path);
  EXPECT_TRUE(text.ok()) << text.status();
  std::vector<Rendered> out;
  for (absl::string_view line : absl::StrSplit(text.value_or(""), '\n', absl::SkipEmpty())) {
    const nlohmann::json j = nlohmann::json::parse(line);
    Rendered r;
    r.line = std::string(line);
    EXPECT_TRUE(
        google::protobuf::util::JsonStringToMessage(j.at("experiment").dump(), &r.experiment).ok())
        << line;
    EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(j.at("table").dump(), &r.table).ok())
        << line;
    out.push_back(std::move(r));
  }
  return out;
}

// The data file: the test's one argument (BUILD: $(rootpath :exhaustive_tables)).
std::string DataPath() {
  const std::vector<std::string> args = ::testing::internal::GetArgvs();
  return args.size() == 2 ? args[1] : "";
}

TEST(ConditionsExhaustive, TheValidatorAcceptsExactlyTheRenderedTables) {
  const std::vector<Rendered> rendered = ReadRendered(DataPath());
  // 7 depth subsets x 7 dose subsets x 4 subsets of the two optional kinds.
  ASSERT_EQ(rendered.size(), 7u * 7u * 4u);
  int refused = 0;
  for (const Rendered& own : rendered) {
    const absl::Status s = ValidateConditions(own.table, own.experiment, "rendered");
    EXPECT_TRUE(s.ok()) << own.line << ": " << s;
    for (const Rendered& other : rendered) {
      if (&other == &own) continue;
      const bool ok = ValidateConditions(own.table, other.experiment, "rendered").ok();
      EXPECT_FALSE(ok) << "the table of " << own.line << " validates against the experiment of "
                       << other.line;
      refused += ok ? 0 : 1;
    }
  }
  EXPECT_EQ(refused, static_cast<int>(rendered.size() * (rendered.size() - 1)));
}

}  // namespace
}  // namespace repro::grid
