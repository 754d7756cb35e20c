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
//
// ParseJsonLines(text): the one JSON Lines splitter of the pipeline (the
// task files, the judge's data sets). One JSON value per line, each parsed
// as above. A line that does not parse (syntax, a repeated key, a number
// out of range such as 1e400) is not fatal: it is returned in `malformed`
// with its 1-based line number, the parser message and an excerpt, and the
// caller decides (a task file stops; a judge importer records bad input).
// Lines of only whitespace are skipped and counted in `blank_lines`, except
// a single trailing newline at the end of the text.
#ifndef REPRO_STAGES_FRAMEWORK_PIPELINE_STRICT_JSON_H_
#define REPRO_STAGES_FRAMEWORK_PIPELINE_STRICT_JSON_H_

#include <stdexcept>
#include <string>
#include <vector>

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

struct JsonLine {
  int line = 0;
  nlohmann::json value;
};

struct MalformedLine {
  int line = 0;
  std::string message;
  std::string excerpt;  // first 80 bytes of the line (Utf8Excerpt: always valid UTF-8)
};

struct JsonLines {
  std::vector<JsonLine> values;
  std::vector<MalformedLine> malformed;
  int blank_lines = 0;
};

JsonLines ParseJsonLines(absl::string_view text);

}  // namespace repro

#endif  // REPRO_STAGES_FRAMEWORK_PIPELINE_STRICT_JSON_H_
