#include "tools/tasks/benchmark_records.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "stages/corpus/authored_text.h"
#include "stages/corpus/git_dump.h"
#include "stages/corpus/task_id.h"
#include "stages/corpus/task_spec.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/strict_json.h"
#include "stages/framework/pipeline/utf8.h"

namespace repro::tasks {
namespace {

using nlohmann::json;

// The benchmark's names of the fields a task's values come from, for
// messages.
struct Fields {
  const char* id;
  const char* base;
  const char* patch;
  const char* query;
};

constexpr Fields kSweBenchFields = {"instance_id", "base_commit", "patch", "problem_statement"};
constexpr Fields kMultiSweBenchFields = {"org, repo and number", "base.sha", "fix_patch",
                                         "resolved_issues"};

absl::Status FieldError(const RawRecord& r, absl::string_view field, absl::string_view expected,
                        absl::string_view found) {
  return absl::InvalidArgumentError(
      absl::StrCat(r.where, ": field ", field, ": expected ", expected, ", found ", found));
}

// A JSON value as a message names it: "a number (17)", "null", "an array".
std::string Found(const json& v) {
  switch (v.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::object:
      return "an object";
    case json::value_t::array:
      return "an array";
    case json::value_t::string:
      return "a string";
    case json::value_t::boolean:
      return absl::StrCat("a boolean (", v.dump(), ")");
    default:
      return absl::StrCat("a number (", v.dump(), ")");
  }
}

// object[key] (`field` names it in messages): a string; "" when absent and
// not `required`.
absl::StatusOr<std::string> StringField(const RawRecord& r, const json& object,
                                        absl::string_view field, const char* key, bool required) {
  const auto it = object.find(key);
  if (it == object.end()) {
    if (!required) return std::string();
    return FieldError(r, field, "a string", "none (the field is missing)");
  }
  if (!it->is_string()) return FieldError(r, field, "a string", Found(*it));
  return it->get<std::string>();
}

absl::StatusOr<std::string> Required(const RawRecord& r, const char* key) {
  return StringField(r, r.value, key, key, true);
}

absl::StatusOr<const json*> ObjectField(const RawRecord& r, const json& object,
                                        absl::string_view field, const char* key) {
  const auto it = object.find(key);
  if (it == object.end()) return FieldError(r, field, "an object", "none (the field is missing)");
  if (!it->is_object()) return FieldError(r, field, "an object", Found(*it));
  return &*it;
}

absl::Status CheckText(const RawRecord& r, absl::string_view field, absl::string_view text) {
  const std::string bad = corpus::ForbiddenCharacter(text);
  if (bad.empty()) return absl::OkStatus();
  return FieldError(r, field, "text a task file may hold (docs/tasks.md)", bad);
}

// The checks every format shares, on the values a task takes.
absl::Status CheckTaskValues(const RawRecord& r, const Fields& f, const BenchmarkRecord& b) {
  if (const std::string bad = corpus::TaskIdProblem(b.id); !bad.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(r.where, ": field ", f.id, ": ", bad));
  }
  if (!corpus::IsCommitId(b.base_commit)) {
    return FieldError(r, f.base, "a commit id of 40 lowercase hex characters",
                      absl::StrCat("\"", Utf8Excerpt(b.base_commit, 80), "\""));
  }
  if (b.patch.empty()) return FieldError(r, f.patch, "a unified diff", "an empty string");
  if (b.query.empty()) return FieldError(r, f.query, "the issue's text", "an empty string");
  if (b.query.size() > corpus::kMaxQueryBytes) {
    return FieldError(r, f.query, absl::StrCat("at most ", corpus::kMaxQueryBytes, " bytes"),
                      absl::StrCat(b.query.size(), " bytes"));
  }
  RETURN_IF_ERROR(CheckText(r, f.query, b.query));
  RETURN_IF_ERROR(CheckText(r, f.patch, b.patch));
  return CheckText(r, "test_patch", b.test_patch);
}

std::string WithLfLineEnds(absl::string_view text) {
  return absl::StrReplaceAll(text, {{"\r\n", "\n"}});
}

std::vector<std::string> Unread(const json& object, const std::set<std::string>& read) {
  std::vector<std::string> out;
  for (const auto& [key, value] : object.items()) {
    if (read.count(key) == 0) out.push_back(key);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// SWE-bench and SWE-PolyBench: the same fields, named the same.
absl::StatusOr<BenchmarkRecord> ReadSweBench(const RawRecord& r) {
  BenchmarkRecord b;
  ASSIGN_OR_RETURN(b.id, Required(r, "instance_id"));
  ASSIGN_OR_RETURN(b.repo, Required(r, "repo"));
  ASSIGN_OR_RETURN(b.base_commit, Required(r, "base_commit"));
  ASSIGN_OR_RETURN(b.patch, Required(r, "patch"));
  ASSIGN_OR_RETURN(b.test_patch, StringField(r, r.value, "test_patch", "test_patch", false));
  ASSIGN_OR_RETURN(const std::string statement, Required(r, "problem_statement"));
  b.query = WithLfLineEnds(statement);
  b.unread = Unread(
      r.value, {"instance_id", "repo", "base_commit", "patch", "test_patch", "problem_statement"});
  RETURN_IF_ERROR(CheckTaskValues(r, kSweBenchFields, b));
  return b;
}

// One resolved issue of a Multi-SWE-bench record: its title, and its body
// after a blank line when it has one (null or "": none).
absl::StatusOr<std::string> IssueText(const RawRecord& r, const json& issue, size_t i) {
  const std::string field = absl::StrCat("resolved_issues[", i, "]");
  if (!issue.is_object()) return FieldError(r, field, "an object {title, body}", Found(issue));
  ASSIGN_OR_RETURN(const std::string title, StringField(r, issue, field + ".title", "title", true));
  const auto body = issue.find("body");
  if (body == issue.end() || body->is_null()) return title;
  if (!body->is_string()) return FieldError(r, field + ".body", "a string or null", Found(*body));
  const std::string text = body->get<std::string>();
  return text.empty() ? title : absl::StrCat(title, "\n\n", text);
}

absl::StatusOr<std::string> ResolvedIssuesText(const RawRecord& r) {
  const auto it = r.value.find("resolved_issues");
  if (it == r.value.end() || !it->is_array() || it->empty()) {
    return FieldError(r, "resolved_issues", "an array of one or more issues",
                      it == r.value.end() ? "none (the field is missing)"
                      : it->is_array()    ? "an empty array"
                                          : Found(*it));
  }
  std::vector<std::string> texts;
  for (size_t i = 0; i < it->size(); ++i) {
    ASSIGN_OR_RETURN(std::string text, IssueText(r, (*it)[i], i));
    texts.push_back(std::move(text));
  }
  return WithLfLineEnds(absl::StrJoin(texts, "\n\n"));
}

absl::StatusOr<std::string> PullRequestNumber(const RawRecord& r) {
  const auto it = r.value.find("number");
  if (it == r.value.end()) {
    return FieldError(r, "number", "a pull request number", "none (the field is missing)");
  }
  if (!it->is_number_unsigned())
    return FieldError(r, "number", "a pull request number", Found(*it));
  return absl::StrCat(it->get<uint64_t>());
}

absl::StatusOr<BenchmarkRecord> ReadMultiSweBench(const RawRecord& r) {
  BenchmarkRecord b;
  ASSIGN_OR_RETURN(const std::string org, Required(r, "org"));
  ASSIGN_OR_RETURN(const std::string name, Required(r, "repo"));
  ASSIGN_OR_RETURN(const std::string number, PullRequestNumber(r));
  b.id = absl::StrCat(org, "__", name, "-", number);
  b.repo = absl::StrCat(org, "/", name);
  ASSIGN_OR_RETURN(const json* base, ObjectField(r, r.value, "base", "base"));
  ASSIGN_OR_RETURN(b.base_commit, StringField(r, *base, "base.sha", "sha", true));
  ASSIGN_OR_RETURN(b.patch, Required(r, "fix_patch"));
  ASSIGN_OR_RETURN(b.test_patch, StringField(r, r.value, "test_patch", "test_patch", false));
  ASSIGN_OR_RETURN(b.query, ResolvedIssuesText(r));
  b.unread = Unread(
      r.value, {"org", "repo", "number", "base", "fix_patch", "test_patch", "resolved_issues"});
  RETURN_IF_ERROR(CheckTaskValues(r, kMultiSweBenchFields, b));
  return b;
}

// The 1-based line of byte `offset` of `text`.
int LineOf(absl::string_view text, size_t offset) {
  offset = std::min(offset, text.size());
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n'));
}

absl::Status NotARecord(absl::string_view where, const json& v) {
  return absl::InvalidArgumentError(
      absl::StrCat(where, ": expected a JSON object (a record), found ", Found(v)));
}

absl::StatusOr<std::vector<RawRecord>> ReadArray(absl::string_view text,
                                                 absl::string_view file_name) {
  json all;
  try {
    all = ParseJsonRejectingDuplicates(text);
  } catch (const json::parse_error& e) {
    return absl::InvalidArgumentError(absl::StrCat(
        file_name, ":", LineOf(text, e.byte == 0 ? 0 : e.byte - 1),
        ": expected JSON (an array of records), found invalid JSON: ", Utf8Safe(e.what())));
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat(
        file_name,
        ": expected JSON (an array of records), found invalid JSON: ", Utf8Safe(e.what())));
  }
  std::vector<RawRecord> out;
  for (size_t i = 0; i < all.size(); ++i) {
    const std::string position = absl::StrCat("records[", i, "]");
    RawRecord r{absl::StrCat(file_name, ": ", position), position, std::move(all[i])};
    if (!r.value.is_object()) return NotARecord(r.where, r.value);
    out.push_back(std::move(r));
  }
  return out;
}

absl::StatusOr<std::vector<RawRecord>> ReadLines(absl::string_view text,
                                                 absl::string_view file_name) {
  JsonLines lines = ParseJsonLines(text);
  std::vector<std::string> errors;
  for (const MalformedLine& m : lines.malformed) {
    errors.push_back(absl::StrCat(file_name, ":", m.line,
                                  ": expected JSON (a record a line), found invalid JSON: ",
                                  m.message, " (the line begins \"", m.excerpt, "\")"));
  }
  std::vector<RawRecord> out;
  for (JsonLine& line : lines.values) {
    RawRecord r{absl::StrCat(file_name, ":", line.line), absl::StrCat("line ", line.line),
                std::move(line.value)};
    if (!r.value.is_object()) errors.push_back(std::string(NotARecord(r.where, r.value).message()));
    out.push_back(std::move(r));
  }
  if (!errors.empty()) return absl::InvalidArgumentError(absl::StrJoin(errors, "\n"));
  return out;
}

}  // namespace

absl::StatusOr<RecordFormat> ParseRecordFormat(absl::string_view name) {
  for (RecordFormat f :
       {RecordFormat::kSweBench, RecordFormat::kMultiSweBench, RecordFormat::kSwePolyBench}) {
    if (name == FormatName(f)) return f;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("--format: expected one of swe-bench (SWE-bench, Lite, Verified), "
                   "multi-swe-bench, swe-polybench, found \"",
                   Utf8Safe(name), "\""));
}

std::string FormatName(RecordFormat format) {
  switch (format) {
    case RecordFormat::kSweBench:
      return "swe-bench";
    case RecordFormat::kMultiSweBench:
      return "multi-swe-bench";
    case RecordFormat::kSwePolyBench:
      return "swe-polybench";
  }
  return "";
}

absl::StatusOr<std::vector<RawRecord>> ReadRecords(absl::string_view text,
                                                   absl::string_view file_name) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  ASSIGN_OR_RETURN(std::vector<RawRecord> records,
                   first != absl::string_view::npos && text[first] == '['
                       ? ReadArray(text, file_name)
                       : ReadLines(text, file_name));
  if (records.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(file_name, ": expected one or more records, found none"));
  }
  return records;
}

absl::StatusOr<std::string> RecordRepo(const RawRecord& record, RecordFormat format) {
  if (format != RecordFormat::kMultiSweBench) return Required(record, "repo");
  ASSIGN_OR_RETURN(const std::string org, Required(record, "org"));
  ASSIGN_OR_RETURN(const std::string name, Required(record, "repo"));
  return absl::StrCat(org, "/", name);
}

absl::StatusOr<BenchmarkRecord> ReadRecord(const RawRecord& record, RecordFormat format) {
  return format == RecordFormat::kMultiSweBench ? ReadMultiSweBench(record) : ReadSweBench(record);
}

}  // namespace repro::tasks
