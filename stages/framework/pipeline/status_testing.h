// Test helper (testonly): an error status must have the expected code and a
// message that contains the expected text, so that a test of bad input also
// checks that the message names what is wrong.
//
//   EXPECT_TRUE(IsError(Parse("x"), absl::StatusCode::kInvalidArgument, "line 3"));
//
// Takes an absl::Status or an absl::StatusOr<T>; on failure the message says
// which part differs and shows the actual status.
#ifndef REPRO_STAGES_FRAMEWORK_PIPELINE_STATUS_TESTING_H_
#define REPRO_STAGES_FRAMEWORK_PIPELINE_STATUS_TESTING_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"

namespace repro {

inline const absl::Status& StatusOf(const absl::Status& s) { return s; }
template <typename T>
const absl::Status& StatusOf(const absl::StatusOr<T>& s) {
  return s.status();
}

template <typename S>
::testing::AssertionResult IsError(const S& result, absl::StatusCode code,
                                   absl::string_view message_part) {
  const absl::Status& s = StatusOf(result);
  if (s.ok()) return ::testing::AssertionFailure() << "expected an error, got OK";
  if (s.code() != code) {
    return ::testing::AssertionFailure()
           << "expected code " << absl::StatusCodeToString(code) << ", got " << s;
  }
  if (s.message().find(message_part) == absl::string_view::npos) {
    return ::testing::AssertionFailure()
           << "expected a message containing '" << message_part << "', got " << s;
  }
  return ::testing::AssertionSuccess();
}

}  // namespace repro

#endif  // REPRO_STAGES_FRAMEWORK_PIPELINE_STATUS_TESTING_H_
