#include "stages/inspect/explain/source_diff.h"

#include <filesystem>
#include <map>
#include <memory>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/message.h"
#include "google/protobuf/text_format.h"
#include "google/protobuf/util/message_differencer.h"
#include "nlohmann/json.hpp"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/git_command.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/inspect/explain/run_state.h"

namespace repro::explain {
namespace {

namespace fs = std::filesystem;
namespace pb = google::protobuf;
using pb::util::MessageDifferencer;

constexpr size_t kMaxValueChars = 80;

std::string Cut(std::string s) {
  if (s.size() > kMaxValueChars) s = absl::StrCat(s.substr(0, kMaxValueChars), "...");
  return s;
}

// The `id` (else `name`) string field of a message type, or null.
const pb::FieldDescriptor* KeyField(const pb::Descriptor* d) {
  for (const char* name : {"id", "name"}) {
    const pb::FieldDescriptor* f = d->FindFieldByName(name);
    if (f != nullptr && !f->is_repeated() && f->type() == pb::FieldDescriptor::TYPE_STRING)
      return f;
  }
  return nullptr;
}

// Matches every repeated message field with a key field by that key, in the
// whole schema reachable from `d`.
void TreatKeyedAsMaps(const pb::Descriptor* d, MessageDifferencer* differ,
                      std::set<const pb::Descriptor*>* seen) {
  if (!seen->insert(d).second) return;
  for (int i = 0; i < d->field_count(); ++i) {
    const pb::FieldDescriptor* f = d->field(i);
    if (f->cpp_type() != pb::FieldDescriptor::CPPTYPE_MESSAGE || f->is_map()) continue;
    if (f->is_repeated()) {
      if (const pb::FieldDescriptor* key = KeyField(f->message_type())) differ->TreatAsMap(f, key);
    }
    TreatKeyedAsMaps(f->message_type(), differ, seen);
  }
}

// Reports each difference as "<path>: <old> -> <new>", "<path> added: <new>"
// or "<path> removed: <old>". The differencer hands a reporter the innermost
// messages; paths are walked from the two top-level messages kept here.
class LineReporter : public MessageDifferencer::Reporter {
 public:
  LineReporter(const pb::Message& before, const pb::Message& after, std::vector<std::string>* lines)
      : before_(before), after_(after), lines_(lines) {}
  void ReportAdded(const pb::Message&, const pb::Message&,
                   const std::vector<MessageDifferencer::SpecificField>& path) override {
    lines_->push_back(
        absl::StrCat(PathText(after_, path, true), " added: ", ValueText(after_, path, true)));
  }
  void ReportDeleted(const pb::Message&, const pb::Message&,
                     const std::vector<MessageDifferencer::SpecificField>& path) override {
    lines_->push_back(absl::StrCat(PathText(before_, path, false),
                                   " removed: ", ValueText(before_, path, false)));
  }
  void ReportModified(const pb::Message&, const pb::Message&,
                      const std::vector<MessageDifferencer::SpecificField>& path) override {
    if (!path.empty() && path.back().field != nullptr &&
        path.back().field->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE) {
      return;  // its changed fields are reported one by one
    }
    lines_->push_back(absl::StrCat(PathText(after_, path, true), ": ",
                                   ValueText(before_, path, false), " -> ",
                                   ValueText(after_, path, true)));
  }

 private:
  static int Index(const MessageDifferencer::SpecificField& f, bool after) {
    return after ? f.new_index : f.index;
  }
  // The message holding the last field of `path`.
  static const pb::Message* Parent(const pb::Message& root,
                                   const std::vector<MessageDifferencer::SpecificField>& path,
                                   bool after) {
    const pb::Message* m = &root;
    for (size_t i = 0; i + 1 < path.size(); ++i) {
      const pb::FieldDescriptor* f = path[i].field;
      if (f == nullptr) return nullptr;
      const pb::Reflection* r = m->GetReflection();
      m = f->is_repeated() ? &r->GetRepeatedMessage(*m, f, Index(path[i], after))
                           : &r->GetMessage(*m, f);
    }
    return m;
  }
  static std::string PathText(const pb::Message& root,
                              const std::vector<MessageDifferencer::SpecificField>& path,
                              bool after) {
    std::string out;
    const pb::Message* m = &root;
    for (const MessageDifferencer::SpecificField& sf : path) {
      if (sf.field == nullptr)
        return absl::StrCat(out, out.empty() ? "" : ".", sf.unknown_field_number);
      absl::StrAppend(&out, out.empty() ? "" : ".", sf.field->name());
      if (!sf.field->is_repeated()) {
        if (sf.field->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE) {
          m = &m->GetReflection()->GetMessage(*m, sf.field);
        }
        continue;
      }
      const int index = Index(sf, after);
      if (sf.field->cpp_type() != pb::FieldDescriptor::CPPTYPE_MESSAGE) {
        absl::StrAppend(&out, "[", index, "]");
        continue;
      }
      m = &m->GetReflection()->GetRepeatedMessage(*m, sf.field, index);
      const pb::FieldDescriptor* key = KeyField(sf.field->message_type());
      absl::StrAppend(&out, "[",
                      key ? m->GetReflection()->GetString(*m, key) : std::to_string(index), "]");
    }
    return out;
  }
  static std::string ValueText(const pb::Message& root,
                               const std::vector<MessageDifferencer::SpecificField>& path,
                               bool after) {
    const pb::Message* parent = Parent(root, path, after);
    const MessageDifferencer::SpecificField& last = path.back();
    if (parent == nullptr || last.field == nullptr) return "?";
    std::string text;
    pb::TextFormat::Printer printer;
    printer.SetSingleLineMode(true);
    printer.PrintFieldValueToString(*parent, last.field,
                                    last.field->is_repeated() ? Index(last, after) : -1, &text);
    return Cut(std::string(absl::StripAsciiWhitespace(text)));
  }
  const pb::Message& before_;
  const pb::Message& after_;
  std::vector<std::string>* lines_;
};

std::vector<std::string> DescribeTextProto(const AuthoredSchemas& schemas,
                                           absl::string_view old_bytes,
                                           absl::string_view new_bytes) {
  std::unique_ptr<pb::Message> before = schemas.New(new_bytes);
  if (before == nullptr) return {};
  std::unique_ptr<pb::Message> after(before->New());
  const pb::Descriptor* d = before->GetDescriptor();
  if (!pb::TextFormat::ParseFromString(std::string(old_bytes), before.get()) ||
      !pb::TextFormat::ParseFromString(std::string(new_bytes), after.get())) {
    return {};
  }
  std::vector<std::string> lines;
  LineReporter reporter(*before, *after, &lines);
  MessageDifferencer differ;
  std::set<const pb::Descriptor*> seen;
  TreatKeyedAsMaps(d, &differ, &seen);
  differ.ReportDifferencesTo(&reporter);
  differ.Compare(*before, *after);
  return lines;
}

// id -> record of a JSON Lines file; nullopt when a line is not an object
// with a string "id".
std::optional<std::map<std::string, nlohmann::json>> Records(absl::string_view text) {
  std::map<std::string, nlohmann::json> records;
  for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipWhitespace())) {
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("id") || !j["id"].is_string())
      return std::nullopt;
    records[j["id"].get<std::string>()] = j;
  }
  return records;
}

std::vector<std::string> DescribeJsonLines(absl::string_view old_bytes,
                                           absl::string_view new_bytes) {
  auto before = Records(old_bytes);
  auto after = Records(new_bytes);
  if (!before || !after) return {};
  std::vector<std::string> lines;
  for (const auto& [id, rec] : *before) {
    if (!after->count(id)) lines.push_back(absl::StrCat("task ", id, " removed"));
  }
  for (const auto& [id, rec] : *after) {
    auto old = before->find(id);
    if (old == before->end()) {
      lines.push_back(absl::StrCat("task ", id, " added"));
      continue;
    }
    std::set<std::string> keys;
    for (const auto& [k, v] : old->second.items()) keys.insert(k);
    for (const auto& [k, v] : rec.items()) keys.insert(k);
    for (const std::string& k : keys) {
      const nlohmann::json o = old->second.value(k, nlohmann::json());
      const nlohmann::json n = rec.value(k, nlohmann::json());
      if (o == n) continue;
      lines.push_back(absl::StrCat("task ", id, " ", k, ": ",
                                   o.is_null() ? "(none)" : Cut(o.dump()), " -> ",
                                   n.is_null() ? "(none)" : Cut(n.dump())));
    }
  }
  return lines;
}

using FieldMap = std::map<std::string, std::string>;  // field -> digest

std::string ValueDigest(absl::string_view text) { return ShortDigest(Sha256Hex(text)); }

// The set fields of one message: name -> digest of their text-format values.
FieldMap MessageFieldDigests(const pb::Message& m) {
  FieldMap out;
  std::vector<const pb::FieldDescriptor*> fields;
  m.GetReflection()->ListFields(m, &fields);
  for (const pb::FieldDescriptor* f : fields) {
    const int n = f->is_repeated() ? m.GetReflection()->FieldSize(m, f) : 1;
    std::string text;
    for (int i = 0; i < n; ++i) {
      std::string value;
      pb::TextFormat::PrintFieldValueToString(m, f, f->is_repeated() ? i : -1, &value);
      absl::StrAppend(&text, value, "\n");
    }
    out[f->name()] = ValueDigest(text);
  }
  return out;
}

// The task set schema (stages/corpus/task.proto): its tasks, each named by its id.
constexpr absl::string_view kTaskSet = "repro.corpus.TaskSet";

std::optional<AuthoredFields> TaskSetFieldDigests(const AuthoredSchemas& schemas,
                                                  absl::string_view bytes) {
  if (HeaderValue(bytes, "proto-message") != kTaskSet) return std::nullopt;
  std::unique_ptr<pb::Message> set = schemas.New(bytes);
  if (set == nullptr || !pb::TextFormat::ParseFromString(std::string(bytes), set.get()))
    return std::nullopt;
  const pb::Reflection* r = set->GetReflection();
  const pb::FieldDescriptor* tasks = set->GetDescriptor()->FindFieldByName("tasks");
  if (tasks == nullptr || !tasks->is_repeated() ||
      tasks->cpp_type() != pb::FieldDescriptor::CPPTYPE_MESSAGE)
    return std::nullopt;
  AuthoredFields out;
  for (int i = 0; i < r->FieldSize(*set, tasks); ++i) {
    const pb::Message& task = r->GetRepeatedMessage(*set, tasks, i);
    const pb::FieldDescriptor* id = task.GetDescriptor()->FindFieldByName("id");
    out.fields[absl::StrCat("task ", task.GetReflection()->GetString(task, id))] =
        MessageFieldDigests(task);
  }
  r->ClearField(set.get(), tasks);
  if (FieldMap rest = MessageFieldDigests(*set); !rest.empty()) out.fields[""] = std::move(rest);
  return out;
}

std::optional<AuthoredFields> JsonLinesFieldDigests(absl::string_view bytes) {
  auto records = Records(bytes);
  if (!records) return std::nullopt;
  AuthoredFields out;
  for (const auto& [id, record] : *records) {
    FieldMap& fields = out.fields[absl::StrCat("task ", id)];
    for (const auto& [key, value] : record.items()) fields[key] = ValueDigest(value.dump());
  }
  return out;
}

// "task G10 query" or, outside every task, "query".
std::string FieldName(const std::string& record, const std::string& field) {
  return record.empty() ? field : absl::StrCat(record, " ", field);
}

void DescribeRecordChanges(const std::string& record, const FieldMap& before, const FieldMap& after,
                           std::vector<std::string>* lines) {
  for (const auto& [field, digest] : before) {
    if (!after.count(field)) lines->push_back(FieldName(record, field) + " removed");
  }
  for (const auto& [field, digest] : after) {
    auto old = before.find(field);
    if (old == before.end()) {
      lines->push_back(FieldName(record, field) + " added");
    } else if (old->second != digest) {
      lines->push_back(FieldName(record, field) + " changed");
    }
  }
}

std::optional<std::string> ReadIf(const fs::path& p) {
  absl::StatusOr<std::string> bytes = ReadFile(p.string());
  if (!bytes.ok()) return std::nullopt;
  return *std::move(bytes);
}

bool HasDigest(const std::string& bytes, const std::string& digest) {
  return ShortDigest(Sha256Hex(bytes)) == digest;
}

}  // namespace

bool IsPlainRelativePath(absl::string_view path) {
  if (path.empty() || path[0] == '/' || path[0] == '-') return false;
  for (absl::string_view part : absl::StrSplit(path, '/')) {
    if (part.empty() || part == "." || part == "..") return false;
  }
  for (char c : path) {
    if (!absl::ascii_isalnum(static_cast<unsigned char>(c)) &&
        std::string_view("_./@+=-").find(c) == std::string_view::npos) {
      return false;
    }
  }
  return true;
}

std::vector<std::string> DescribeChange(const AuthoredSchemas& schemas, absl::string_view path,
                                        absl::string_view old_bytes, absl::string_view new_bytes) {
  if (absl::EndsWith(path, ".jsonl")) return DescribeJsonLines(old_bytes, new_bytes);
  if (absl::EndsWith(path, ".textproto")) return DescribeTextProto(schemas, old_bytes, new_bytes);
  return {};
}

std::optional<AuthoredFields> AuthoredFieldDigests(const AuthoredSchemas& schemas,
                                                   absl::string_view path,
                                                   absl::string_view bytes) {
  std::optional<AuthoredFields> out;
  if (absl::EndsWith(path, ".jsonl")) out = JsonLinesFieldDigests(bytes);
  if (absl::EndsWith(path, ".textproto")) out = TaskSetFieldDigests(schemas, bytes);
  if (out) {
    out->path = std::string(path);
    out->sha256 = ValueDigest(bytes);
  }
  return out;
}

std::vector<std::string> DescribeFieldChanges(const AuthoredFields& before,
                                              const AuthoredFields& after) {
  std::vector<std::string> lines;
  static const FieldMap kNone;
  for (const auto& [record, fields] : before.fields) {
    if (after.fields.count(record)) continue;
    if (record.empty()) {
      DescribeRecordChanges(record, fields, kNone, &lines);
    } else {
      lines.push_back(FieldName(record, "removed"));
    }
  }
  for (const auto& [record, fields] : after.fields) {
    auto old = before.fields.find(record);
    if (old == before.fields.end() && !record.empty()) {
      lines.push_back(FieldName(record, "added"));
      continue;
    }
    DescribeRecordChanges(record, old == before.fields.end() ? kNone : old->second, fields, &lines);
  }
  return lines;
}

absl::StatusOr<std::vector<std::string>> ParseRevisions(absl::string_view flag_value) {
  std::vector<std::string> revisions = absl::StrSplit(flag_value, ',', absl::SkipEmpty());
  for (const std::string& rev : revisions) {
    if (absl::StartsWith(rev, "-")) {
      return absl::InvalidArgumentError(
          absl::StrCat("--revision: '", rev,
                       "' starts with '-'; expected a git revision (a commit, a branch, a tag)"));
    }
  }
  return revisions;
}

std::optional<std::string> SourceBytes::InWorkspace(const std::string& path) const {
  if (workspace_.empty() || !IsPlainRelativePath(path) || absl::StartsWith(path, "external/")) {
    return std::nullopt;
  }
  return ReadIf(fs::path(workspace_) / path);
}

std::optional<std::string> SourceBytes::AtRevision(const std::string& path) const {
  if (workspace_.empty() || !IsPlainRelativePath(path) || absl::StartsWith(path, "external/")) {
    return std::nullopt;
  }
  for (const std::string& rev : revisions_) {
    absl::StatusOr<std::string> bytes =
        RunGit((fs::path(workspace_) / ".git").string(),
               {"show", "--end-of-options", absl::StrCat(rev, ":", path)});
    if (bytes.ok()) return *std::move(bytes);
  }
  return std::nullopt;
}

std::optional<std::string> SourceBytes::Find(const std::string& path,
                                             const std::string& digest) const {
  if (!IsPlainRelativePath(path)) return std::nullopt;
  absl::string_view rest = path;
  if (absl::ConsumePrefix(&rest, "external/")) {
    if (external_dir_.empty()) return std::nullopt;
    std::optional<std::string> bytes = ReadIf(fs::path(external_dir_) / std::string(rest));
    if (bytes && HasDigest(*bytes, digest)) return bytes;
    return std::nullopt;
  }
  if (std::optional<std::string> bytes = InWorkspace(path); bytes && HasDigest(*bytes, digest))
    return bytes;
  for (const std::string& rev : revisions_) {
    absl::StatusOr<std::string> bytes =
        RunGit((fs::path(workspace_) / ".git").string(),
               {"show", "--end-of-options", absl::StrCat(rev, ":", path)});
    if (bytes.ok() && HasDigest(*bytes, digest)) return *std::move(bytes);
  }
  return std::nullopt;
}

}  // namespace repro::explain
