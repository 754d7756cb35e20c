// The token costs of one snapshot's units (token_costs.proto, TokenCosts):
// every file, and every chunk of its chunk set, keyed by the sha256 of its
// text.
//
// SnapshotCosts(snapshot, chunks, pin, count, lexical) collects the distinct
// texts of the units (a file's content, a chunk's text), sorted by sha256,
// counts them with one call of `count` (ids: the sha256; in the stage, the
// pinned tokenizer's program, cost_program.h), and fills each unit's
// `tokens`, and `lexical_tokens` with `lexical` (the grid's lexical count,
// passed in: the corpus library does not link the grid). Files come in the
// snapshot's order and chunks in the chunk set's, so the result is
// deterministic; equal texts get one count. The snapshot must hold content
// and the chunks their text (ReadSnapshot, ReadChunks).
//
// Errors: InvalidArgument when the chunk set is not the snapshot's
// (snapshot_sha256 differs) or a file's sha256 is not that of its content,
// naming the file; whatever `count` returns; DataLoss when `count` returns
// another number of counts than texts.
#ifndef REPRO_STAGES_CORPUS_TOKEN_COSTS_SNAPSHOT_COSTS_H_
#define REPRO_STAGES_CORPUS_TOKEN_COSTS_SNAPSHOT_COSTS_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/token_costs/cost_program.h"
#include "stages/corpus/token_costs/token_costs.pb.h"

namespace repro::corpus {

using CountTexts =
    std::function<absl::StatusOr<std::vector<int64_t>>(const std::vector<CostUnit>& units)>;
using LexicalCount = std::function<int64_t(absl::string_view text)>;

absl::StatusOr<TokenCosts> SnapshotCosts(const Snapshot& snapshot, const ChunkSet& chunks,
                                         const TokenizerPin& pin, const CountTexts& count,
                                         const LexicalCount& lexical);

}  // namespace repro::corpus

#endif  // REPRO_STAGES_CORPUS_TOKEN_COSTS_SNAPSHOT_COSTS_H_
