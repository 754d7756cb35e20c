// A stage tool for stage_test.cc: RunStage end to end, the way eval_stage runs
// a tool. Reads the input "in", writes "a.txt" (its bytes), then by --behavior:
//   ok              also writes "b.txt" and "b.volatile.txt"; succeeds
//   fail            returns FailedPrecondition "the input says no"
//   throw           throws std::out_of_range("number overflow")
//   undeclared      writes "other.txt", which is not declared
//   missing_output  returns OK without writing "b.txt" and "b.volatile.txt"
#include <stdexcept>
#include <string>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"

ABSL_FLAG(std::string, behavior, "ok", "What the body does (see the header comment).");

int main(int argc, char** argv) {
  return repro::RunStage(argc, argv, [](repro::Stage& stage) -> absl::Status {
    const std::string behavior = absl::GetFlag(FLAGS_behavior);
    ASSIGN_OR_RETURN(std::string in, stage.Read("in"));
    RETURN_IF_ERROR(stage.Write("a.txt", std::move(in)));
    if (behavior == "fail") return absl::FailedPreconditionError("the input says no");
    if (behavior == "throw") throw std::out_of_range("number overflow");
    if (behavior == "undeclared") return stage.Write("other.txt", "x");
    if (behavior == "missing_output") return absl::OkStatus();
    RETURN_IF_ERROR(stage.Write("b.volatile.txt", "12 ms"));
    return stage.Write("b.txt", "b");
  });
}
