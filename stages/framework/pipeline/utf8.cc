#include "stages/framework/pipeline/utf8.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/stubs/common.h"

namespace repro {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;
using google::protobuf::TextFormat;

// Whether `field` holds text (string, not bytes).
bool IsText(const FieldDescriptor* field) { return field->type() == FieldDescriptor::TYPE_STRING; }

std::string Path(absl::string_view prefix, const FieldDescriptor* field, int index) {
  std::string p = prefix.empty() ? field->name() : absl::StrCat(prefix, ".", field->name());
  if (index >= 0) absl::StrAppend(&p, "[", index, "]");
  return p;
}

void Locate(const TextFormat::ParseInfoTree* tree, const FieldDescriptor* field, int index,
            InvalidUtf8Field* out) {
  if (tree == nullptr) return;
  const google::protobuf::TextFormat::ParseLocation loc =
      tree->GetLocation(field, field->is_repeated() ? index : -1);
  out->line = loc.line;
  out->column = loc.column;
}

std::optional<InvalidUtf8Field> Find(const Message& m, const TextFormat::ParseInfoTree* tree,
                                     const std::string& prefix) {
  const Reflection* r = m.GetReflection();
  std::vector<const FieldDescriptor*> fields;
  r->ListFields(m, &fields);  // set fields, in field number order
  for (const FieldDescriptor* f : fields) {
    const int n = f->is_repeated() ? r->FieldSize(m, f) : 1;
    for (int i = 0; i < n; ++i) {
      const int index = f->is_repeated() ? i : -1;
      if (IsText(f)) {
        std::string scratch;
        const std::string& v = f->is_repeated() ? r->GetRepeatedStringReference(m, f, i, &scratch)
                                                : r->GetStringReference(m, f, &scratch);
        if (!IsValidUtf8(v)) {
          InvalidUtf8Field out{Path(prefix, f, index)};
          Locate(tree, f, index, &out);
          return out;
        }
      } else if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
        const Message& sub =
            f->is_repeated() ? r->GetRepeatedMessage(m, f, i) : r->GetMessage(m, f);
        const TextFormat::ParseInfoTree* subtree =
            tree == nullptr ? nullptr : tree->GetTreeForNested(f, f->is_repeated() ? i : -1);
        if (std::optional<InvalidUtf8Field> found = Find(sub, subtree, Path(prefix, f, index))) {
          return found;
        }
      }
    }
  }
  return std::nullopt;
}

}  // namespace

bool IsValidUtf8(absl::string_view s) {
  return google::protobuf::internal::IsStructurallyValidUTF8(s.data(), static_cast<int>(s.size()));
}

std::string Utf8Safe(absl::string_view s) {
  std::string out;
  while (!s.empty()) {
    const int valid = google::protobuf::internal::UTF8SpnStructurallyValid(
        google::protobuf::StringPiece(s.data(), s.size()));
    absl::StrAppend(&out, s.substr(0, valid));
    s.remove_prefix(valid);
    if (s.empty()) break;
    absl::StrAppendFormat(&out, "\\x%02x", static_cast<unsigned char>(s.front()));
    s.remove_prefix(1);
  }
  return out;
}

std::string Utf8Excerpt(absl::string_view s, size_t max_bytes) {
  if (s.size() <= max_bytes) return Utf8Safe(s);
  size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return absl::StrCat(Utf8Safe(s.substr(0, cut)), "...");
}

std::optional<InvalidUtf8Field> FindInvalidUtf8(const Message& message,
                                                const TextFormat::ParseInfoTree* tree) {
  return Find(message, tree, "");
}

}  // namespace repro
