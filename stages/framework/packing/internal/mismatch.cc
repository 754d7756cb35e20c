#include "stages/framework/packing/internal/mismatch.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace repro::packing::internal {

absl::Status Mismatch(const std::string& where, const std::string& field,
                      const std::string& expected, const std::string& found) {
  return absl::InvalidArgumentError(
      absl::StrCat(where, ", field ", field, ": expected ", expected, ", found ", found));
}

std::string UnitAt(const std::string& where, int index, const std::string& id) {
  return absl::StrCat(where, ", unit ", index + 1, " (", id, ")");
}

std::string List(const std::vector<std::string>& items) {
  return absl::StrCat("[", absl::StrJoin(items, ", "), "]");
}

}  // namespace repro::packing::internal
