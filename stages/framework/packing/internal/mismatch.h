// Private to stages/framework/packing: the one error shape of the packing
// libraries, "<where>, field <field>: expected <expected>, found <found>"
// (InvalidArgument), and the place of a unit, "<where>, unit <rank> (<id>)".
#ifndef REPRO_STAGES_FRAMEWORK_PACKING_INTERNAL_MISMATCH_H_
#define REPRO_STAGES_FRAMEWORK_PACKING_INTERNAL_MISMATCH_H_

#include <string>
#include <vector>

#include "absl/status/status.h"

namespace repro::packing::internal {

absl::Status Mismatch(const std::string& where, const std::string& field,
                      const std::string& expected, const std::string& found);

// `index` is 0-based; the text gives the 1-based rank.
std::string UnitAt(const std::string& where, int index, const std::string& id);

// "[a, b]".
std::string List(const std::vector<std::string>& items);

}  // namespace repro::packing::internal

#endif  // REPRO_STAGES_FRAMEWORK_PACKING_INTERNAL_MISMATCH_H_
