#include "stages/grid/conditions/comments_removed.h"

#include <map>
#include <memory>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "stages/corpus/chunker.h"
#include "stages/corpus/functions.h"
#include "stages/corpus/snapshot.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/conditions/transform_registry.h"

namespace repro::grid {

absl::StatusOr<corpus::Snapshot> RemoveComments(const corpus::Snapshot& snapshot,
                                                const corpus::LanguageSet& languages,
                                                int* comments) {
  corpus::Snapshot out = snapshot;
  std::map<std::string, std::unique_ptr<corpus::FunctionParser>> parsers;  // by language
  int blanked = 0;
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
    ASSIGN_OR_RETURN(const corpus::BlankedFile b, parser->BlankComments(f.content()));
    ASSIGN_OR_RETURN(const corpus::FileFunctions after, parser->Parse(b.text));
    if (after.has_error && !b.has_error) {
      return absl::InternalError(absl::StrCat("S003: blanking the comments of ", f.path(), " at ",
                                              snapshot.commit(), " broke its parse (",
                                              parser->grammar(), ")"));
    }
    blanked += b.comments;
    f.set_sha256(Sha256Hex(b.text));
    f.set_content(b.text);
  }
  out.set_snapshot_sha256(corpus::SnapshotSha256(out));
  if (comments != nullptr) *comments = blanked;
  return out;
}

namespace {

// S003's corpus transform: the snapshot with its comments blanked, and the
// chunks of the files that had comments.
absl::StatusOr<TransformedCorpus> RemoveCommentsFromCorpus(const corpus::Snapshot& base,
                                                           const corpus::ChunkSet& /*base_chunks*/,
                                                           const corpus::LanguageSet& languages) {
  TransformedCorpus out;
  ASSIGN_OR_RETURN(out.snapshot, RemoveComments(base, languages, &out.changed));
  std::set<std::string> changed;
  for (int i = 0; i < base.files_size(); ++i) {
    if (out.snapshot.files(i).sha256() != base.files(i).sha256()) {
      changed.insert(base.files(i).path());
    }
  }
  ASSIGN_OR_RETURN(out.chunks,
                   corpus::ChunkSnapshotFiles(out.snapshot, languages, [&](absl::string_view path) {
                     return changed.count(std::string(path)) > 0;
                   }));
  return out;
}

[[maybe_unused]] const bool kRegistered =
    RegisterTransform(CONDITION_KIND_COMMENTS_REMOVED, &RemoveCommentsFromCorpus);

}  // namespace

}  // namespace repro::grid
