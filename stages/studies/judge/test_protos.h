// Test helper (testonly): a message of type M from text format, failing the
// test (naming the parse error) when the text does not parse.
//
//   const BoundsTables b = ParseProtoOrFail<BoundsTables>(R"pb(tables { n: 3 })pb");
#ifndef REPRO_STAGES_STUDIES_JUDGE_TEST_PROTOS_H_
#define REPRO_STAGES_STUDIES_JUDGE_TEST_PROTOS_H_

#include "absl/status/status.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro::judge {

template <typename M>
M ParseProtoOrFail(const char* text) {
  M m;
  const absl::Status s = ParseTextProto(text, "test", &m);
  EXPECT_TRUE(s.ok()) << s;
  return m;
}

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_TEST_PROTOS_H_
