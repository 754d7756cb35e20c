#include "stages/framework/pipeline/strict_json.h"

#include <set>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "stages/framework/pipeline/utf8.h"

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

JsonLines ParseJsonLines(absl::string_view text) {
  JsonLines out;
  std::vector<absl::string_view> lines = absl::StrSplit(text, '\n');
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  for (size_t i = 0; i < lines.size(); ++i) {
    const absl::string_view line = lines[i];
    if (absl::StripAsciiWhitespace(line).empty()) {
      ++out.blank_lines;
      continue;
    }
    try {
      out.values.push_back({static_cast<int>(i + 1), ParseJsonRejectingDuplicates(line)});
    } catch (const DuplicateJsonKey& e) {
      out.malformed.push_back({static_cast<int>(i + 1), Utf8Safe(e.what()), Utf8Excerpt(line, 80)});
    } catch (const nlohmann::json::exception& e) {  // parse_error, out_of_range (1e400), ...
      out.malformed.push_back({static_cast<int>(i + 1), Utf8Safe(e.what()), Utf8Excerpt(line, 80)});
    }
  }
  return out;
}

}  // namespace repro
