#include "stages/corpus/git_dump.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace repro {
namespace corpus {
namespace {

absl::Status Malformed(absl::string_view source, absl::string_view where,
                       absl::string_view expected, absl::string_view found) {
  std::string shown(found.substr(0, 80));
  for (char& c : shown) {
    if (c == '\0') c = '@';
  }
  return absl::InvalidArgumentError(
      absl::StrCat(source, ": ", where, ": expected ", expected, ", found \"", shown, "\""));
}

bool IsHex(absl::string_view s) {
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return !s.empty();
}

}  // namespace

bool IsCommitId(absl::string_view s) { return s.size() == 40 && IsHex(s); }

absl::StatusOr<std::vector<TreeEntry>> ParseLsTree(absl::string_view bytes,
                                                   absl::string_view source) {
  std::vector<TreeEntry> entries;
  size_t pos = 0;
  int record = 0;
  while (pos < bytes.size()) {
    ++record;
    size_t end = bytes.find('\0', pos);
    if (end == absl::string_view::npos) {
      return Malformed(source, absl::StrCat("record ", record), "a NUL-terminated record",
                       bytes.substr(pos));
    }
    absl::string_view rec = bytes.substr(pos, end - pos);
    pos = end + 1;
    size_t tab = rec.find('\t');
    if (tab == absl::string_view::npos) {
      return Malformed(source, absl::StrCat("record ", record), "'<mode> <type> <oid>\\t<path>'",
                       rec);
    }
    std::vector<absl::string_view> meta = absl::StrSplit(rec.substr(0, tab), ' ');
    if (meta.size() != 3 || meta[0].size() != 6 || !IsHex(meta[2]) || meta[2].size() != 40 ||
        tab + 1 >= rec.size()) {
      return Malformed(source, absl::StrCat("record ", record),
                       "'<mode> <type> <40-hex oid>\\t<path>'", rec);
    }
    entries.push_back({std::string(meta[0]), std::string(meta[1]), std::string(meta[2]),
                       std::string(rec.substr(tab + 1))});
  }
  return entries;
}

absl::StatusOr<std::map<std::string, BatchObject>> ParseCatFileBatch(absl::string_view bytes,
                                                                     absl::string_view source) {
  std::map<std::string, BatchObject> objects;
  size_t pos = 0;
  while (pos < bytes.size()) {
    const std::string where = absl::StrCat("byte ", pos);
    size_t nl = bytes.find('\n', pos);
    if (nl == absl::string_view::npos) {
      return Malformed(source, where, "a header line", bytes.substr(pos));
    }
    absl::string_view header = bytes.substr(pos, nl - pos);
    pos = nl + 1;
    std::vector<absl::string_view> f = absl::StrSplit(header, ' ');
    if (f.size() == 2 && f[1] == "missing" && IsHex(f[0])) {
      BatchObject obj;
      obj.missing = true;
      objects[std::string(f[0])] = std::move(obj);
      continue;
    }
    uint64_t size = 0;
    if (f.size() != 3 || f[0].size() != 40 || !IsHex(f[0]) || !absl::SimpleAtoi(f[2], &size)) {
      return Malformed(source, where, "'<oid> <type> <size>' or '<oid> missing'", header);
    }
    if (bytes.size() - pos < size + 1 || bytes[pos + size] != '\n') {
      return Malformed(source, where, absl::StrCat(size, " content bytes and a newline for ", f[0]),
                       "a truncated object");
    }
    BatchObject obj;
    obj.type = std::string(f[1]);
    obj.content = std::string(bytes.substr(pos, size));
    pos += size + 1;
    objects[std::string(f[0])] = std::move(obj);
  }
  return objects;
}

absl::StatusOr<std::vector<NameStatusRow>> ParseNameStatusZ(absl::string_view bytes,
                                                            absl::string_view source) {
  std::vector<absl::string_view> fields = absl::StrSplit(bytes, '\0');
  if (!fields.empty() && fields.back().empty()) fields.pop_back();
  std::vector<NameStatusRow> rows;
  size_t i = 0;
  while (i < fields.size()) {
    const std::string where = absl::StrCat("row ", rows.size() + 1);
    absl::string_view status = fields[i];
    if (status.empty() || !absl::ascii_isupper(status[0])) {
      return Malformed(source, where, "a status letter", status);
    }
    const bool two_paths = status[0] == 'R' || status[0] == 'C';
    const size_t need = two_paths ? 3 : 2;
    if (i + need > fields.size()) {
      return Malformed(source, where, absl::StrCat(need - 1, " path(s) after the status"), status);
    }
    NameStatusRow row;
    row.status = std::string(status);
    row.path = std::string(fields[i + 1]);
    if (two_paths) row.new_path = std::string(fields[i + 2]);
    rows.push_back(std::move(row));
    i += need;
  }
  return rows;
}

absl::StatusOr<std::map<std::string, CommitIndexEntry>> ParseCommitIndex(absl::string_view bytes,
                                                                         absl::string_view source) {
  std::map<std::string, CommitIndexEntry> index;
  int line_no = 0;
  for (absl::string_view line : absl::StrSplit(bytes, '\n')) {
    ++line_no;
    if (line.empty()) continue;
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    const std::string where = absl::StrCat("line ", line_no);
    if (f.size() < 2 || (f[1] != "present" && f[1] != "missing")) {
      return Malformed(source, where, "'<commit>\\t<present|missing>[\\t<parent>]*'", line);
    }
    CommitIndexEntry e;
    e.status = f[1];
    for (size_t i = 2; i < f.size(); ++i) {
      if (!IsCommitId(f[i])) {
        return Malformed(source, where, "a 40-hex parent id", f[i]);
      }
      e.parents.push_back(f[i]);
    }
    if (!index.emplace(f[0], std::move(e)).second) {
      return Malformed(source, where, "each commit once", f[0]);
    }
  }
  return index;
}

}  // namespace corpus
}  // namespace repro
