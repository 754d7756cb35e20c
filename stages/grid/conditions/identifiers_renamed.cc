#include "stages/grid/conditions/identifiers_renamed.h"

#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/corpus/functions.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/conditions/file_transform.h"
#include "stages/grid/conditions/transform_registry.h"

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

namespace {

// The chunks of the renamed files, each named as the base chunk of the same
// file at the same place in its chunk list, whose line range must be the
// same: the renaming keeps every line, so the chunker finds the same ranges
// (a function and the rest-of-file chunk may share one), and the gold labels
// at base keep naming their chunks. A file whose chunks differ from the
// base's in number or range is InternalError (the renaming moved a chunk).
absl::Status KeepBaseNames(const corpus::ChunkSet& base_chunks, corpus::ChunkSet* chunks) {
  std::map<std::string, std::vector<const corpus::Chunk*>> base;
  for (const corpus::Chunk& c : base_chunks.chunks()) base[c.path()].push_back(&c);
  std::map<std::string, size_t> next;
  for (corpus::Chunk& c : *chunks->mutable_chunks()) {
    const std::vector<const corpus::Chunk*>& of_file = base[c.path()];
    const size_t i = next[c.path()]++;
    if (i >= of_file.size() || of_file[i]->start_line() != c.start_line() ||
        of_file[i]->end_line() != c.end_line()) {
      return absl::InternalError(absl::StrCat("S004: chunk ", i, " of the renamed ", c.path(),
                                              " (lines ", c.start_line(), "-", c.end_line(),
                                              ") is not at the base chunk's lines"));
    }
    c.set_function(of_file[i]->function());
  }
  for (const auto& [path, n] : next) {
    if (n != base[path].size()) {
      return absl::InternalError(absl::StrCat("S004: the renamed ", path, " has ", n,
                                              " chunks, the base ", base[path].size()));
    }
  }
  return absl::OkStatus();
}

// S004's corpus transform: the snapshot with its identifiers renamed, and
// the chunks of the renamed files under their base names.
absl::StatusOr<TransformedCorpus> RenameIdentifiersInCorpus(const corpus::Snapshot& base,
                                                            const corpus::ChunkSet& base_chunks,
                                                            const corpus::LanguageSet& languages) {
  TransformedCorpus out;
  ASSIGN_OR_RETURN(out.snapshot, RenameIdentifiers(base, languages, &out.changed));
  ASSIGN_OR_RETURN(out.chunks, ChunkChangedFiles(base, out.snapshot, languages));
  RETURN_IF_ERROR(KeepBaseNames(base_chunks, &out.chunks));
  return out;
}

[[maybe_unused]] const bool kRegistered =
    RegisterTransform("identifiers_renamed", &RenameIdentifiersInCorpus);

}  // namespace

}  // namespace repro::grid
