#include "stages/framework/pipeline/strict_json.h"

#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

namespace repro {

nlohmann::json ParseJsonRejectingDuplicates(absl::string_view text) {
  using Json = nlohmann::json;
  std::vector<std::set<std::string>> keys;  // of every open object
  Json::parser_callback_t cb = [&keys](int /*depth*/, Json::parse_event_t event, Json& parsed) {
    switch (event) {
      case Json::parse_event_t::object_start:
        keys.emplace_back();
        break;
      case Json::parse_event_t::object_end:
        if (!keys.empty()) keys.pop_back();
        break;
      case Json::parse_event_t::key:
        if (!keys.empty() && !keys.back().insert(parsed.get<std::string>()).second) {
          throw DuplicateJsonKey(
              absl::StrCat("duplicate key '", parsed.get<std::string>(),
                           "' in one object (RFC 8259 leaves its meaning open)"));
        }
        break;
      default:
        break;
    }
    return true;
  };
  return Json::parse(text.begin(), text.end(), cb);
}

absl::StatusOr<nlohmann::json> ParseJsonDocument(absl::string_view text, absl::string_view where) {
  // nlohmann::json reports errors by exception; this is the one place that
  // turns them into a Status.
  try {
    return ParseJsonRejectingDuplicates(text);
  } catch (const DuplicateJsonKey& e) {
    return absl::InvalidArgumentError(absl::StrCat(where, ": invalid JSON: ", e.what()));
  } catch (const nlohmann::json::parse_error& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(where, ": invalid JSON at byte ", e.byte, ": ", e.what()));
  } catch (const nlohmann::json::exception& e) {  // e.g. out_of_range: a number like 1e400
    return absl::InvalidArgumentError(absl::StrCat(where, ": invalid JSON: ", e.what()));
  }
}

}  // namespace repro
