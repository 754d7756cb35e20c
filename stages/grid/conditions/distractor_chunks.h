// The S002 distractors of a task as the harnesses index them: the files of
// GenerateDistractors (distractors.h), chunked by the corpus stage's own
// chunker (stages/corpus/chunker.h), in file order.
//
// DistractorChunks(files, parser) appends every chunk of every file, read
// by `parser` (the rules of the language the distractors were written in),
// to a new ChunkSet. A file that does not parse is InternalError naming its
// path (every shipped template parses, tested, so this is a bug, never
// skipped).
#ifndef REPRO_STAGES_GRID_CONDITIONS_DISTRACTOR_CHUNKS_H_
#define REPRO_STAGES_GRID_CONDITIONS_DISTRACTOR_CHUNKS_H_

#include <vector>

#include "absl/status/statusor.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/functions.h"
#include "stages/grid/distractors.h"

namespace repro::grid {

absl::StatusOr<corpus::ChunkSet> DistractorChunks(const std::vector<DistractorFile>& files,
                                                  corpus::FunctionParser& parser);

}  // namespace repro::grid

#endif  // REPRO_STAGES_GRID_CONDITIONS_DISTRACTOR_CHUNKS_H_
