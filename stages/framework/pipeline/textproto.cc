#include "stages/framework/pipeline/textproto.h"

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/io/tokenizer.h"
#include "google/protobuf/text_format.h"
#include "google/protobuf/util/json_util.h"
#include "stages/framework/pipeline/utf8.h"

namespace repro {
namespace {

class Collector : public google::protobuf::io::ErrorCollector {
 public:
  explicit Collector(absl::string_view file) : file_(file) {}
  void AddError(int line, int column, const std::string& message) override {
    errors_.push_back(absl::StrCat(file_, ":", line + 1, ":", column + 1, ": ", message));
  }
  void AddWarning(int line, int column, const std::string& message) override {
    AddError(line, column, message);
  }
  const std::vector<std::string>& errors() const { return errors_; }

 private:
  std::string file_;
  std::vector<std::string> errors_;
};

}  // namespace

absl::Status ParseTextProto(absl::string_view text, absl::string_view file_name,
                            google::protobuf::Message* message) {
  Collector collector(file_name);
  google::protobuf::TextFormat::Parser parser;
  google::protobuf::TextFormat::ParseInfoTree tree;
  parser.RecordErrorsTo(&collector);
  parser.WriteLocationsTo(&tree);
  if (!parser.ParseFromString(std::string(text), message) || !collector.errors().empty()) {
    return absl::InvalidArgumentError(collector.errors().empty()
                                          ? absl::StrCat(file_name, ": malformed text proto")
                                          : absl::StrJoin(collector.errors(), "\n"));
  }
  // The text parser accepts escapes such as "\377" in string fields; the
  // artifacts' schemas are proto3, whose strings must be valid UTF-8.
  if (std::optional<InvalidUtf8Field> bad = FindInvalidUtf8(*message, &tree)) {
    return absl::InvalidArgumentError(absl::StrCat(
        file_name, ":", bad->line + 1, ":", bad->column + 1, ": field '", bad->path, "' of ",
        message->GetTypeName(), " is not valid UTF-8 (use a bytes field for raw bytes)"));
  }
  return absl::OkStatus();
}

std::string ToJson(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.always_print_primitive_fields = true;
  options.preserve_proto_field_names = true;
  std::string out;
  // Printing fails only on a string field that is not valid UTF-8: every
  // message read by ParseTextProto, ReadInputProto or FromJson is checked.
  if (!google::protobuf::util::MessageToJsonString(message, &out, options).ok()) {
    std::optional<InvalidUtf8Field> bad = FindInvalidUtf8(message);
    std::fprintf(stderr, "ToJson: %s: field '%s' is not valid UTF-8\n",
                 message.GetTypeName().c_str(), bad ? bad->path.c_str() : "?");
    std::abort();  // never a partial or empty artifact
  }
  return out;  // add_whitespace ends the document with a newline.
}

absl::Status FromJson(absl::string_view json, absl::string_view file_name,
                      google::protobuf::Message* message) {
  google::protobuf::util::Status s =
      google::protobuf::util::JsonStringToMessage(std::string(json), message);
  if (!s.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        file_name, ": invalid JSON for ", message->GetTypeName(), ": ", std::string(s.message())));
  }
  return absl::OkStatus();
}

}  // namespace repro
