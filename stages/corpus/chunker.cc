#include "stages/corpus/chunker.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace corpus {

const char kChunkerRevision[] = "chunker v1";

std::vector<absl::string_view> SplitLines(absl::string_view content) {
  std::vector<absl::string_view> lines;
  size_t pos = 0;
  while (pos < content.size()) {
    size_t nl = content.find('\n', pos);
    size_t end = nl == absl::string_view::npos ? content.size() : nl + 1;
    lines.push_back(content.substr(pos, end - pos));
    pos = end;
  }
  return lines;
}

absl::StatusOr<bool> ChunkFile(FunctionParser& parser, absl::string_view path,
                               absl::string_view content,
                               google::protobuf::RepeatedPtrField<Chunk>* out) {
  absl::StatusOr<FileFunctions> parsed = parser.Parse(content);
  if (!parsed.ok()) {
    return absl::Status(parsed.status().code(),
                        absl::StrCat(path, ": ", parsed.status().message()));
  }
  std::vector<Function> functions = parsed->functions;
  std::stable_sort(functions.begin(), functions.end(), [](const Function& a, const Function& b) {
    return a.start_line < b.start_line;
  });
  const std::vector<absl::string_view> lines = SplitLines(content);
  std::vector<bool> in_function(lines.size() + 1, false);
  for (const Function& f : functions) {
    if (f.start_line < 1 || f.end_line < f.start_line || f.end_line > lines.size()) {
      return absl::InternalError(absl::StrCat(path, ": function ", f.name, " has line range ",
                                              f.start_line, "-", f.end_line, " outside 1-",
                                              lines.size()));
    }
    Chunk* c = out->Add();
    c->set_path(std::string(path));
    c->set_function(f.name);
    c->set_start_line(f.start_line);
    c->set_end_line(f.end_line);
    std::string text;
    for (uint32_t l = f.start_line; l <= f.end_line; ++l) {
      absl::StrAppend(&text, lines[l - 1]);
      in_function[l] = true;
    }
    c->set_text(std::move(text));
  }
  Chunk* rest = out->Add();
  rest->set_path(std::string(path));
  rest->set_start_line(1);
  rest->set_end_line(lines.size());
  std::string text;
  for (size_t l = 1; l <= lines.size(); ++l) {
    if (!in_function[l]) absl::StrAppend(&text, lines[l - 1]);
  }
  rest->set_text(std::move(text));
  return parsed->has_error;
}

absl::StatusOr<ChunkSet> ChunkSnapshot(const Snapshot& snapshot, const LanguageSet& languages) {
  return ChunkSnapshotFiles(snapshot, languages, [](absl::string_view) { return true; });
}

absl::StatusOr<ChunkSet> ChunkSnapshotFiles(const Snapshot& snapshot, const LanguageSet& languages,
                                            const std::function<bool(absl::string_view)>& chunk) {
  ChunkSet set;
  set.set_snapshot_sha256(snapshot.snapshot_sha256());
  std::map<std::string, std::unique_ptr<FunctionParser>> parsers;  // by language
  for (const SourceFile& f : snapshot.files()) {
    const languages::Rules* language = languages.LanguageOf(f.path());
    if (language == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat("snapshot ", snapshot.commit(), ": ", f.path(),
                                                     " is of none of the task set's languages"));
    }
    std::unique_ptr<FunctionParser>& parser = parsers[language->language()];
    if (parser == nullptr) {
      ASSIGN_OR_RETURN(parser, FunctionParser::Create(*language));
    }
    if (!chunk(f.path())) continue;
    if (f.content().size() != f.bytes()) {
      return absl::InvalidArgumentError(
          absl::StrCat("snapshot ", snapshot.commit(), ": ", f.path(),
                       " has no content (a manifest was given, not a snapshot)"));
    }
    ASSIGN_OR_RETURN(const bool suspect,
                     ChunkFile(*parser, f.path(), f.content(), set.mutable_chunks()));
    if (suspect) set.add_suspect_files(f.path());
  }
  std::vector<std::string> grammars;
  for (const languages::Rules& r : languages.rules()) {
    auto it = parsers.find(r.language());
    if (it != parsers.end()) grammars.push_back(it->second->grammar());
  }
  set.set_chunker(absl::StrCat(absl::StrJoin(grammars, ", "), " / ", kChunkerRevision));
  return set;
}

}  // namespace corpus
}  // namespace repro
