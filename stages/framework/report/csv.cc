#include "stages/framework/report/csv.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"

namespace repro::report {

std::string CsvField(absl::string_view s) {
  if (s.find_first_of(",\"\r\n") == absl::string_view::npos) return std::string(s);
  return absl::StrCat("\"", absl::StrReplaceAll(s, {{"\"", "\"\""}}), "\"");
}

std::string CsvLine(const std::vector<std::string>& fields) {
  return absl::StrCat(absl::StrJoin(fields, ",",
                                    [](std::string* out, const std::string& f) {
                                      absl::StrAppend(out, CsvField(f));
                                    }),
                      "\n");
}

CsvTable::CsvTable(std::string name, const std::vector<std::string>& header)
    : name_(std::move(name)), columns_(header.size()), text_(CsvLine(header)) {}

absl::Status CsvTable::AddRow(const std::vector<std::string>& fields) {
  ++rows_;
  if (fields.size() != columns_) {
    return absl::InvalidArgumentError(absl::StrCat(name_, ": row ", rows_, ": expected ", columns_,
                                                   " fields (the header's), found ",
                                                   fields.size()));
  }
  absl::StrAppend(&text_, CsvLine(fields));
  return absl::OkStatus();
}

}  // namespace repro::report
