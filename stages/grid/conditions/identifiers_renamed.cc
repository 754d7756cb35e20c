#include "stages/grid/conditions/identifiers_renamed.h"

#include "stages/corpus/functions.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/conditions/file_transform.h"

namespace repro::grid {

absl::StatusOr<corpus::Snapshot> RenameIdentifiers(const corpus::Snapshot& snapshot,
                                                   const corpus::LanguageSet& languages,
                                                   int* renamed) {
  int names = 0;
  ASSIGN_OR_RETURN(
      corpus::Snapshot out,
      TransformFiles(snapshot, languages, "S004: renaming the identifiers",
                     [&](const corpus::SourceFile& f,
                         corpus::FunctionParser& parser) -> absl::StatusOr<TransformedText> {
                       ASSIGN_OR_RETURN(corpus::RenamedFile r,
                                        parser.RenameIdentifiers(f.content(), f.path()));
                       names += r.identifiers;
                       return TransformedText{std::move(r.text), r.has_error};
                     }));
  if (renamed != nullptr) *renamed = names;
  return out;
}

}  // namespace repro::grid
