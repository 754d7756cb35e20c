// Stage tool: the ChunkSet of a snapshot (chunker.h). Input role: snapshot.
// Output: the binary ChunkSet. Suspect files (parse errors) are listed in
// the artifact and on stderr.
#include <iostream>

#include "stages/corpus/chunker.h"
#include "stages/corpus/snapshot.h"
#include "stages/corpus/stage_io.h"
#include "stages/pipeline/stage.h"

namespace repro {
namespace corpus {
namespace {

absl::Status Run(Stage& stage) {
  Snapshot snapshot;
  absl::Status s = ReadProto(stage, "snapshot", &snapshot);
  if (!s.ok()) return s;
  s = VerifySnapshot(snapshot, /*require_content=*/true);
  if (!s.ok()) return s;
  absl::StatusOr<ChunkSet> chunks = ChunkSnapshot(snapshot);
  if (!chunks.ok()) return chunks.status();
  for (const std::string& f : chunks->suspect_files()) {
    std::cerr << stage.label() << ": suspect file (tree-sitter ERROR/MISSING node): " << f << "\n";
  }
  absl::StatusOr<std::string> out = OnlyOutput(stage);
  if (!out.ok()) return out.status();
  return WriteProto(stage, *out, *chunks);
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
