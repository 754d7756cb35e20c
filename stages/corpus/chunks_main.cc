// Stage tool: the ChunkSet of a snapshot (chunker.h), in its stored form
// (stored_corpus.h): only the files the commit's stored snapshot holds are
// chunked. Input roles: snapshot (the commit's stored snapshot) and
// snapshot@<commit> for each reference down its chain, and rules/<language>
// for each of the task set's languages
// (stages/corpus/languages/<language>/rules.textproto; language_set.h).
// Output: the binary stored ChunkSet. Suspect files (parse errors) among the
// chunked ones are listed in the artifact and on stderr.
#include <iostream>
#include <set>
#include <string>

#include "stages/corpus/chunker.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace corpus {
namespace {

absl::Status Run(Stage& stage) {
  ASSIGN_OR_RETURN(const Snapshot snapshot, ReadSnapshot(StageProtoReader(stage), "snapshot"));
  Snapshot stored;
  RETURN_IF_ERROR(ReadInputProto(stage, "snapshot", &stored));
  std::set<std::string> paths;
  for (const SourceFile& f : stored.files()) paths.insert(f.path());
  const bool all = stored.reference_commit().empty();
  ASSIGN_OR_RETURN(const LanguageSet languages, LanguageSet::FromStage(stage));
  ASSIGN_OR_RETURN(const ChunkSet chunks,
                   ChunkSnapshotFiles(snapshot, languages, [&](absl::string_view path) {
                     return all || paths.count(std::string(path)) > 0;
                   }));
  for (const std::string& f : chunks.suspect_files()) {
    std::cerr << stage.label() << ": suspect file (tree-sitter ERROR/MISSING node): " << f << "\n";
  }
  return WriteOnlyOutputProto(stage, StoredChunks(chunks, stored));
}

}  // namespace
}  // namespace corpus
}  // namespace repro

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::corpus::Run); }
