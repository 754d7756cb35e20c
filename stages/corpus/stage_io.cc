#include "stages/corpus/stage_io.h"

#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "stages/corpus/snapshot.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace corpus {

absl::StatusOr<std::string> OnlyOutput(const Stage& stage) {
  if (stage.output_paths().size() != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("this stage writes one output; ", stage.output_paths().size(), " declared"));
  }
  return stage.output_paths().begin()->first;
}

absl::Status WriteOnlyOutput(Stage& stage, std::string bytes) {
  ASSIGN_OR_RETURN(const std::string name, OnlyOutput(stage));
  return stage.Write(name, std::move(bytes));
}

absl::Status WriteOnlyOutputProto(Stage& stage, const google::protobuf::Message& message) {
  ASSIGN_OR_RETURN(const std::string name, OnlyOutput(stage));
  return WriteOutputProto(stage, name, message);
}

absl::Status CheckHistoryStatus(absl::string_view status_bytes, absl::string_view what,
                                absl::string_view description, absl::string_view remedy) {
  absl::string_view line = absl::StripSuffix(status_bytes, "\n");
  if (line == "present") return absl::OkStatus();
  std::vector<std::string> f = absl::StrSplit(line, absl::MaxSplits('\t', 2));
  if (f.size() < 2 || f[0] != "missing") {
    return absl::InvalidArgumentError(
        absl::StrCat("status of ", what,
                     ": expected \"present\" or \"missing<TAB><uses>\", "
                     "found \"",
                     line, "\""));
  }
  std::vector<std::string> uses;
  for (absl::string_view use : absl::StrSplit(f[1], ',', absl::SkipEmpty())) {
    // "<task id>.<field>": an id may hold dots (benchmark ids), a field never.
    const size_t dot = use.rfind('.');
    uses.push_back(dot == absl::string_view::npos ? absl::StrCat("field ", use)
                                                  : absl::StrCat("task ", use.substr(0, dot),
                                                                 ", field ", use.substr(dot + 1)));
  }
  const std::string used_by = absl::StrJoin(uses, "; ");
  if (f.size() == 3 && !f[2].empty())
    return absl::FailedPreconditionError(absl::StrCat(used_by, ": ", what, ": ", f[2]));
  return absl::FailedPreconditionError(
      absl::StrCat(used_by, ": ", what, " is not in ", description, "; ", remedy));
}

}  // namespace corpus
}  // namespace repro
