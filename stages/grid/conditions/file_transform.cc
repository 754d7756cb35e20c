#include "stages/grid/conditions/file_transform.h"

#include <map>
#include <memory>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "stages/corpus/chunker.h"
#include "stages/corpus/snapshot.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::grid {
namespace {

// The same length, and a clean parse when the original's was clean.
absl::Status Check(const corpus::SourceFile& file, const TransformedText& t,
                   absl::string_view commit, absl::string_view what,
                   corpus::FunctionParser& parser) {
  const std::string where = absl::StrCat(what, " of ", file.path(), " at ", commit);
  if (t.text.size() != file.content().size()) {
    return absl::InternalError(absl::StrCat(where, " changed its length from ",
                                            file.content().size(), " to ", t.text.size(), " (",
                                            parser.grammar(), ")"));
  }
  ASSIGN_OR_RETURN(const corpus::FileFunctions after, parser.Parse(t.text));
  if (after.has_error && !t.had_error) {
    return absl::InternalError(absl::StrCat(where, " broke its parse (line ",
                                            after.first_error_line, "; ", parser.grammar(), ")"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<corpus::Snapshot> TransformFiles(const corpus::Snapshot& snapshot,
                                                const corpus::LanguageSet& languages,
                                                absl::string_view what,
                                                const FileTransform& transform) {
  corpus::Snapshot out = snapshot;
  std::map<std::string, std::unique_ptr<corpus::FunctionParser>> parsers;  // by language
  for (corpus::SourceFile& f : *out.mutable_files()) {
    const corpus::languages::Rules* language = languages.LanguageOf(f.path());
    if (language == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat("snapshot ", snapshot.commit(), ": ", f.path(),
                                                     " is of none of the task set's languages"));
    }
    std::unique_ptr<corpus::FunctionParser>& parser = parsers[language->language()];
    if (parser == nullptr) {
      ASSIGN_OR_RETURN(parser, corpus::FunctionParser::Create(*language));
    }
    ASSIGN_OR_RETURN(TransformedText t, transform(f, *parser));
    RETURN_IF_ERROR(Check(f, t, snapshot.commit(), what, *parser));
    f.set_sha256(Sha256Hex(t.text));
    f.set_content(std::move(t.text));
  }
  out.set_snapshot_sha256(corpus::SnapshotSha256(out));
  return out;
}

absl::StatusOr<corpus::ChunkSet> ChunkChangedFiles(const corpus::Snapshot& base,
                                                   const corpus::Snapshot& out,
                                                   const corpus::LanguageSet& languages) {
  std::set<std::string> changed;
  for (int i = 0; i < base.files_size() && i < out.files_size(); ++i) {
    if (out.files(i).sha256() != base.files(i).sha256()) changed.insert(out.files(i).path());
  }
  return corpus::ChunkSnapshotFiles(
      out, languages, [&](absl::string_view path) { return changed.count(std::string(path)) > 0; });
}

}  // namespace repro::grid
