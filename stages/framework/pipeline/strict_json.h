// JSON that means one thing: nlohmann::json (RFC 8259) with repeated keys
// rejected. RFC 8259 leaves the meaning of an object with a repeated key open
// and nlohmann::json keeps the last value, which would silently replace an
// input value; every reader of authored or external JSON in the pipeline
// parses through here instead.
//
// ParseJsonRejectingDuplicates(text) returns the value, or throws
// DuplicateJsonKey ("duplicate key '<k>' in one object (RFC 8259 leaves its
// meaning open)") or nlohmann::json's own exceptions (parse_error with the
// byte offset; out_of_range for a number such as 1e400). For callers that
// keep going after a bad record (JSON Lines readers).
//
// ParseJsonDocument(text, where) is the same as a Status, naming `where`
// (a file, or "file:line"): "<where>: invalid JSON at byte <n>: <parser
// message>" or "<where>: invalid JSON: <message>" (InvalidArgument).
#ifndef REPRO_STAGES_FRAMEWORK_PIPELINE_STRICT_JSON_H_
#define REPRO_STAGES_FRAMEWORK_PIPELINE_STRICT_JSON_H_

#include <stdexcept>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "nlohmann/json.hpp"

namespace repro {

class DuplicateJsonKey : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

nlohmann::json ParseJsonRejectingDuplicates(absl::string_view text);

absl::StatusOr<nlohmann::json> ParseJsonDocument(absl::string_view text, absl::string_view where);

}  // namespace repro

#endif  // REPRO_STAGES_FRAMEWORK_PIPELINE_STRICT_JSON_H_
