#include "stages/grid/conditions/comments_removed.h"

#include <map>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "stages/corpus/functions.h"
#include "stages/corpus/snapshot.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"

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

}  // namespace repro::grid
