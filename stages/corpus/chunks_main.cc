// Stage tool: the ChunkSet of a snapshot (chunker.h). Input roles:
// snapshot, and rules (the Rules of the snapshot's language,
// stages/corpus/languages/<language>/rules.textproto; functions.h).
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
  languages::Rules rules;
  RETURN_IF_ERROR(ReadInputProto(stage, "rules", &rules));
  ASSIGN_OR_RETURN(const std::unique_ptr<FunctionParser> parser, FunctionParser::Create(rules));
  ASSIGN_OR_RETURN(const ChunkSet chunks, ChunkSnapshot(snapshot, *parser));
  for (const std::string& f : chunks.suspect_files()) {
    std::cerr << stage.label() << ": suspect file (tree-sitter ERROR/MISSING node): " << f << "\n";
  }
  return WriteOnlyOutputProto(stage, chunks);
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
