#include "stages/grid/grid_spec.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro::grid {
namespace {

using ::testing::HasSubstr;

constexpr char kSource[] = "data/experiments/x.textproto";

GridSpec Valid() {
  GridSpec spec;
  spec.set_source(kSource);
  experiments::Experiment* e = spec.mutable_experiment();
  e->set_name("x");
  e->set_title("the fixture");
  experiments::TaskSetRef* ts = e->add_task_set();
  ts->set_name("fixture");
  ts->set_tasks("//data/x:tasks.textproto");
  for (const char* h : {"H000", "H001"}) {
    e->add_harnesses(std::string("//data/h:") + h + ".textproto");
    spec.add_harnesses()->set_name(h);
  }
  spec.mutable_harnesses(1)->add_compare_with("H000");
  e->add_s001_depths(1);
  for (int d : {1, 5, 10}) e->add_s002_doses(d);
  e->mutable_bootstrap()->set_resamples(10000);
  e->mutable_bootstrap()->set_seed(20260704);
  spec.mutable_pins()->set_task_set("fixture");
  spec.mutable_pins()->set_file("data/experiments/x.pins.textproto");
  spec.mutable_pins()->set_refreeze_command("bazel run //reports:x_pins_refreeze");
  return spec;
}

std::string Error(const GridSpec& spec) { return std::string(ValidateGridSpec(spec).message()); }

TEST(GridSpec, AResolvedExperimentIsValid) { EXPECT_TRUE(ValidateGridSpec(Valid()).ok()); }

TEST(GridSpec, TitleRequired) {
  GridSpec spec = Valid();
  spec.mutable_experiment()->clear_title();
  EXPECT_EQ(Error(spec), std::string(kSource) +
                             ", field title: expected the title shown in the report, found none");
}

TEST(GridSpec, DosesAscendingAndInRange) {
  GridSpec spec = Valid();
  spec.mutable_experiment()->set_s002_doses(2, 5);
  EXPECT_EQ(Error(spec), std::string(kSource) +
                             ", field s002_doses[2]: expected ascending values, found 5 after 5");
  spec.mutable_experiment()->set_s002_doses(2, 1001);
  EXPECT_EQ(Error(spec),
            std::string(kSource) + ", field s002_doses[2]: expected 1..1000, found 1001");
  spec.mutable_experiment()->clear_s002_doses();
  EXPECT_EQ(Error(spec),
            std::string(kSource) + ", field s002_doses: expected one or more, found none");
}

TEST(GridSpec, DepthsAscendingFromOne) {
  GridSpec spec = Valid();
  spec.mutable_experiment()->set_s001_depths(0, 0);
  EXPECT_EQ(Error(spec),
            std::string(kSource) + ", field s001_depths[0]: expected 1..100000, found 0");
  spec.mutable_experiment()->set_s001_depths(0, 4);
  spec.mutable_experiment()->add_s001_depths(2);
  EXPECT_EQ(Error(spec), std::string(kSource) +
                             ", field s001_depths[1]: expected ascending values, found 2 after 4");
}

TEST(GridSpec, ResamplesAsWrittenSeedZeroLegal) {
  GridSpec spec = Valid();
  spec.mutable_experiment()->mutable_bootstrap()->set_seed(0);
  EXPECT_TRUE(ValidateGridSpec(spec).ok());
  spec.mutable_experiment()->mutable_bootstrap()->set_resamples(0);
  EXPECT_EQ(Error(spec),
            std::string(kSource) + ", field bootstrap.resamples: expected 1..1000000, found 0");
  spec.mutable_experiment()->mutable_bootstrap()->set_resamples(1000001);
  EXPECT_THAT(Error(spec), HasSubstr("found 1000001"));
  spec.mutable_experiment()->mutable_bootstrap()->clear_resamples();
  EXPECT_THAT(Error(spec), HasSubstr("bootstrap.resamples: expected 1..1000000, found none"));
}

TEST(GridSpec, CompareWithNamesAnotherHarnessOfTheExperiment) {
  GridSpec spec = Valid();
  spec.mutable_harnesses(1)->set_compare_with(0, "H009");
  EXPECT_EQ(Error(spec),
            "//data/h:H001.textproto: HarnessConfig.compare_with: expected another harness of "
            "experiment x (H000, H001), found 'H009'");
}

TEST(GridSpec, HarnessesOncePerExperimentAndOneConfigEach) {
  GridSpec spec = Valid();
  spec.mutable_harnesses(1)->set_name("H000");
  spec.mutable_harnesses(1)->clear_compare_with();
  EXPECT_EQ(Error(spec),
            std::string(kSource) +
                ", field harnesses[1]: expected each harness once, found 'H000' also at "
                "harnesses[0]");
  spec = Valid();
  spec.mutable_harnesses()->RemoveLast();
  EXPECT_EQ(Error(spec), std::string(kSource) + ", field harnesses: expected 2 configs, found 1");
}

TEST(GridSpec, PinsOfTheExperimentsTaskSet) {
  GridSpec spec = Valid();
  spec.mutable_pins()->set_task_set("other");
  EXPECT_THAT(Error(spec), HasSubstr("pins source: expected task set 'fixture'"));
  spec = Valid();
  spec.mutable_pins()->clear_refreeze_command();
  EXPECT_THAT(Error(spec), HasSubstr("a file and a command"));
}

TEST(GridSpec, CellPartHoldsOnlyWhatCellsRead) {
  const experiments::CellSpec part = CellPart(Valid());
  EXPECT_EQ(part.experiment(), "x");
  EXPECT_EQ(part.pins().task_set(), "fixture");
  EXPECT_EQ(part.pins().file(), "data/experiments/x.pins.textproto");
  EXPECT_EQ(part.pins().refreeze_command(), "bazel run //reports:x_pins_refreeze");
  // The default distractor vocabulary (the query) is the zero value: a
  // cell_spec.pb that does not write it keeps its bytes.
  EXPECT_EQ(part.distractor_vocabulary(), experiments::DISTRACTOR_VOCABULARY_QUERY);
  EXPECT_EQ(part.ByteSizeLong(), CellPart(Valid()).ByteSizeLong());
  GridSpec both = Valid();
  both.mutable_experiment()->set_distractor_vocabulary(
      experiments::DISTRACTOR_VOCABULARY_QUERY_AND_REFORMULATION);
  EXPECT_EQ(CellPart(both).distractor_vocabulary(),
            experiments::DISTRACTOR_VOCABULARY_QUERY_AND_REFORMULATION);
}

TEST(GridSpec, CandidatesAKnownValueCopiedToTheCells) {
  // The default, every corpus file, is the zero value: cell_spec.pb keeps its
  // bytes.
  const std::string all_files = CellPart(Valid()).SerializeAsString();
  GridSpec spec = Valid();
  spec.mutable_experiment()->set_candidates(experiments::CANDIDATES_ALL_CORPUS_FILES);
  EXPECT_EQ(CellPart(spec).SerializeAsString(), all_files);
  spec.mutable_experiment()->set_candidates(experiments::CANDIDATES_GOLD_CANDIDATES_ONLY);
  EXPECT_TRUE(ValidateGridSpec(spec).ok());
  EXPECT_EQ(CellPart(spec).candidates(), experiments::CANDIDATES_GOLD_CANDIDATES_ONLY);
  spec.mutable_experiment()->set_candidates(static_cast<experiments::Candidates>(7));
  EXPECT_EQ(Error(spec), std::string(kSource) +
                             ", field candidates: expected CANDIDATES_ALL_CORPUS_FILES or "
                             "CANDIDATES_GOLD_CANDIDATES_ONLY, found 7");
}

}  // namespace
}  // namespace repro::grid
