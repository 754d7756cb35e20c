#include "stages/framework/pipeline/status_macros.h"

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro {
namespace {

absl::StatusOr<int> Half(int n) {
  if (n % 2 != 0) return absl::InvalidArgumentError("odd");
  return n / 2;
}

absl::Status CheckEven(int n) { return Half(n).status(); }

absl::Status Both(int a, int b, int* calls) {
  ++*calls;
  RETURN_IF_ERROR(CheckEven(a));
  ++*calls;
  RETURN_IF_ERROR(CheckEven(b));
  ++*calls;
  return absl::OkStatus();
}

absl::StatusOr<int> Quarter(int n) {
  ASSIGN_OR_RETURN(int half, Half(n));
  ASSIGN_OR_RETURN(int quarter, Half(half));
  return quarter;
}

absl::StatusOr<std::unique_ptr<std::string>> Boxed(bool ok) {
  if (!ok) return absl::NotFoundError("no box");
  return std::make_unique<std::string>("box");
}

absl::StatusOr<std::string> Unbox(bool ok) {
  std::unique_ptr<std::string> box;  // an existing variable as the target
  ASSIGN_OR_RETURN(box, Boxed(ok));  // move-only value
  return *box;
}

TEST(StatusMacrosTest, ReturnIfErrorStopsAtTheFirstError) {
  int calls = 0;
  EXPECT_TRUE(Both(2, 4, &calls).ok());
  EXPECT_EQ(calls, 3);
  calls = 0;
  EXPECT_TRUE(IsError(Both(2, 3, &calls), absl::StatusCode::kInvalidArgument, "odd"));
  EXPECT_EQ(calls, 2);
}

TEST(StatusMacrosTest, AssignOrReturnPassesValueOrStatus) {
  ASSERT_TRUE(Quarter(8).ok());
  EXPECT_EQ(*Quarter(8), 2);
  EXPECT_TRUE(IsError(Quarter(6), absl::StatusCode::kInvalidArgument, "odd"));
}

TEST(StatusMacrosTest, AssignOrReturnMovesIntoAnExistingVariable) {
  ASSERT_TRUE(Unbox(true).ok());
  EXPECT_EQ(*Unbox(true), "box");
  EXPECT_TRUE(IsError(Unbox(false), absl::StatusCode::kNotFound, "no box"));
}

}  // namespace
}  // namespace repro
