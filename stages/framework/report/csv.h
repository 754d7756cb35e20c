// CSV with RFC 4180 quoting, for report tables (cells.csv, judge_tasks.csv,
// timings.volatile.csv).
//
// CsvField(s) returns `s` unchanged unless it holds a comma, a double quote,
// a CR or an LF; then it returns `s` in double quotes with every double quote
// doubled (RFC 4180 section 2, rules 5 to 7).
//
// CsvLine(fields) joins CsvField of each field with ',' and ends the record
// with "\n" (the project's files end records with LF, not the RFC's CRLF;
// readers accept both).
//
// CsvTable(header) starts a table with its header record. AddRow(fields)
// appends one record; a row with another number of fields than the header is
// InvalidArgument naming the table, the row number (1 = first data row) and
// expected vs found field counts, and is not appended. text() is the header
// and every appended row, in order.
#ifndef REPRO_STAGES_FRAMEWORK_REPORT_CSV_H_
#define REPRO_STAGES_FRAMEWORK_REPORT_CSV_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace repro::report {

std::string CsvField(absl::string_view s);

std::string CsvLine(const std::vector<std::string>& fields);

class CsvTable {
 public:
  // `name` (e.g. "cells.csv") names the table in errors.
  CsvTable(std::string name, const std::vector<std::string>& header);
  absl::Status AddRow(const std::vector<std::string>& fields);
  const std::string& text() const { return text_; }

 private:
  std::string name_;
  size_t columns_;
  int rows_ = 0;
  std::string text_;
};

}  // namespace repro::report

#endif  // REPRO_STAGES_FRAMEWORK_REPORT_CSV_H_
