// Stage tool: the ChunkSet of a snapshot (chunker.h). Input roles:
// snapshot, and rules/<language> for each of the task set's languages
// (stages/corpus/languages/<language>/rules.textproto; language_set.h).
// Output: the binary ChunkSet. Suspect files (parse errors) are listed in
// the artifact and on stderr.
#include <iostream>

#include "stages/corpus/chunker.h"
#include "stages/corpus/stage_io.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace corpus {
namespace {

absl::Status Run(Stage& stage) {
  ASSIGN_OR_RETURN(const Snapshot snapshot, ReadVerifiedSnapshot(stage, "snapshot"));
  ASSIGN_OR_RETURN(const LanguageSet languages, LanguageSet::FromStage(stage));
  ASSIGN_OR_RETURN(const ChunkSet chunks, ChunkSnapshot(snapshot, languages));
  for (const std::string& f : chunks.suspect_files()) {
    std::cerr << stage.label() << ": suspect file (tree-sitter ERROR/MISSING node): " << f << "\n";
  }
  return WriteOnlyOutputProto(stage, chunks);
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
