#include "stages/grid/reports/cells_accuracy.h"

#include <optional>
#include <string>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::grid {
namespace {

using Record = std::vector<std::string>;

absl::Status CsvError(int line, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("cells.csv: line ", line, ": ", what));
}

// The records of an RFC 4180 text (LF or CRLF ends; a quoted field may hold
// commas, quotes doubled and line breaks); `lines` gets each record's first
// line number.
absl::StatusOr<std::vector<Record>> CsvRecords(absl::string_view text, std::vector<int>* lines) {
  std::vector<Record> records;
  Record record;
  std::string field;
  int line = 1, record_line = 1;
  bool quoted = false, any = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        line += c == '\n';
        field += c;
      }
    } else if (c == '"') {
      quoted = any = true;
    } else if (c == ',') {
      record.push_back(std::move(field));
      field.clear();
      any = true;
    } else if (c == '\n' || (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) {
      i += c == '\r';
      record.push_back(std::move(field));
      field.clear();
      records.push_back(std::move(record));
      record.clear();
      lines->push_back(record_line);
      record_line = ++line;
      any = false;
    } else {
      field += c;
      any = true;
    }
  }
  if (quoted) return CsvError(record_line, "a quoted field without its closing quote");
  if (any || !field.empty()) {
    record.push_back(std::move(field));
    records.push_back(std::move(record));
    lines->push_back(record_line);
  }
  return records;
}

// A unit's Acc@k field: 0 or 1.
absl::StatusOr<double> AccuracyValue(const std::string& text, int line, const std::string& column) {
  double v = 0;
  if (!absl::SimpleAtod(text, &v) || (v != 0 && v != 1)) {
    return CsvError(line, absl::StrCat(column, ": '", text,
                                       "', expected 0 or 1 (a unit's Acc@k: all gold or not)"));
  }
  return v;
}

// The columns of `metric` at each cutoff (metric(k) names them), by index.
absl::StatusOr<std::vector<std::pair<std::string, size_t>>> CutoffColumns(
    const Record& header, std::string (*metric)(int)) {
  std::vector<std::pair<std::string, size_t>> out;
  for (int k : kAccuracyCutoffs) {
    const std::string name = metric(k);
    size_t at = 0;
    while (at < header.size() && header[at] != name) ++at;
    if (at == header.size()) return CsvError(1, absl::StrCat("no column '", name, "'"));
    out.emplace_back(name, at);
  }
  return out;
}

// One row's Acc@k at every cutoff; nullopt when `may_be_undefined` and every
// field is empty.
absl::StatusOr<std::optional<AccuracyRow>> RowAccuracy(
    const Record& row, int line, const std::vector<std::pair<std::string, size_t>>& columns,
    bool may_be_undefined) {
  size_t empty = 0;
  for (const auto& [name, at] : columns) empty += row[at].empty();
  if (empty == columns.size() && may_be_undefined) return std::nullopt;
  AccuracyRow values{};
  for (size_t i = 0; i < columns.size(); ++i) {
    const auto& [name, at] = columns[i];
    if (row[at].empty()) {
      return CsvError(line,
                      absl::StrCat(name, ": empty, while ",
                                   may_be_undefined ? "other cutoffs of it are set"
                                                    : "a unit's file Acc@k is always defined"));
    }
    ASSIGN_OR_RETURN(values[i], AccuracyValue(row[at], line, name));
  }
  return values;
}

}  // namespace

absl::StatusOr<std::vector<UnitAccuracy>> ReadCellsAccuracy(const GridReport& report,
                                                            absl::string_view cells_csv) {
  std::vector<int> lines;
  ASSIGN_OR_RETURN(const std::vector<Record> records, CsvRecords(cells_csv, &lines));
  if (records.empty()) return CsvError(1, "empty, expected a header");
  const Record& header = records.front();
  size_t unit_id = 0;
  while (unit_id < header.size() && header[unit_id] != "unit_id") ++unit_id;
  if (unit_id == header.size()) return CsvError(1, "no column 'unit_id'");
  ASSIGN_OR_RETURN(const auto file_columns, CutoffColumns(header, FileAccuracyMetric));
  ASSIGN_OR_RETURN(const auto function_columns, CutoffColumns(header, FunctionAccuracyMetric));
  if (records.size() - 1 != static_cast<size_t>(report.units_size())) {
    return CsvError(lines.back(), absl::StrCat(records.size() - 1, " rows, report.json has ",
                                               report.units_size(), " units"));
  }
  std::vector<UnitAccuracy> out;
  for (size_t i = 1; i < records.size(); ++i) {
    const Record& row = records[i];
    if (row.size() != header.size()) {
      return CsvError(lines[i],
                      absl::StrCat(row.size(), " fields, the header has ", header.size()));
    }
    const std::string& expected = report.units(static_cast<int>(i - 1)).unit_id();
    if (row[unit_id] != expected) {
      return CsvError(lines[i], absl::StrCat("unit_id '", row[unit_id], "', report.json's unit ", i,
                                             " is '", expected, "'"));
    }
    UnitAccuracy a;
    ASSIGN_OR_RETURN(const std::optional<AccuracyRow> file,
                     RowAccuracy(row, lines[i], file_columns, /*may_be_undefined=*/false));
    a.file = *file;
    ASSIGN_OR_RETURN(a.function,
                     RowAccuracy(row, lines[i], function_columns, /*may_be_undefined=*/true));
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace repro::grid
