#include "stages/corpus/task_id.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro::corpus {
namespace {

using ::testing::HasSubstr;

TEST(TaskIdTest, TheBenchmarksIdsAreAccepted) {
  for (const char* id : {"T01", "F02", "X03", "pytest-dev__pytest-10051", "django__django-11099",
                         "psf__requests-2317", "mui__material-ui-38167", "chartjs__Chart.js-11116",
                         "scikit-learn__scikit-learn-25747", "0abc"}) {
    EXPECT_EQ(TaskIdProblem(id), "") << id;
  }
  EXPECT_EQ(TaskIdProblem(std::string(kMaxTaskIdBytes, 'a')), "");
}

TEST(TaskIdTest, WhatCannotNameATargetOrAFileIsRefused) {
  for (const char* id : {"", ".", "..", ".T01", "-T01", "_T01", "__T01", "a/b", "../T01", "T 01",
                         "a:b", "a,b", "a+b", "a@b", "t\xc3\xa9", "a\nb"}) {
    EXPECT_THAT(TaskIdProblem(id),
                HasSubstr("expected 1-64 characters of [A-Za-z0-9_.-] starting with a letter or "
                          "digit, found"))
        << id;
  }
  EXPECT_THAT(TaskIdProblem(std::string(kMaxTaskIdBytes + 1, 'a')), HasSubstr("expected 1-64"));
  EXPECT_THAT(TaskIdProblem("a\nb"), HasSubstr("found \"a\\nb\""));
}

}  // namespace
}  // namespace repro::corpus
