// The files of an external harness's protocol (docs/external_harness.md),
// as pure functions: what the cell writes for the program and how it reads
// the program's run back. external_harness.h runs the program.
//
//   CorpusJsonLines(config, corpus, languages)  corpus.jsonl: one Document
//       (external_harness.proto) a line, in id order: for DOCUMENT_UNIT_FILES
//       every file of `corpus` (distractors included) with its content; for
//       DOCUMENT_UNIT_FUNCTION_CHUNKS every chunk (the rest-of-file chunks
//       included) with its function, lines and text. `language` is the
//       language set's language of the path; a path with none is
//       InvalidArgument naming it. With config.external().tokens(), each
//       document also carries `tokens`: Tokenize(path + "\n" + text) over
//       the raw bytes (what the built-in harness indexes), joined by spaces.
//   QueryJsonLines(config, task_id, query)  queries.jsonl: one Query line
//       (with `tokens`, Tokenize(query) joined by spaces, under the option).
//   ParseRun(text, task_id, documents, candidate_limit)  the run the program
//       wrote: JSON Lines of RunRow when its first non-blank byte is '{',
//       else TREC lines "<task id> Q0 <id> <rank> <score> <tag>". Empty text
//       is an empty run. InvalidArgument naming the line (1-based) and what
//       was found: a malformed line, another query id, an id that is not a
//       document, an id given twice, a NaN or infinite score, more rows than
//       candidate_limit. The rows come back ranked: score descending, then
//       document id ascending (the corpus order, as the built-in harnesses
//       break ties); the program's own order and rank column are not used.
//   RankedResult(config, corpus, rows)  the HarnessResult the grid measures:
//       FILES: the ranked files; each file's function chunks (rest-of-file
//       excluded) in line order after it, with the file's score.
//       FUNCTION_CHUNKS: a file scores its best chunk (its first in the
//       ranking) and files come in the order of their best chunks; the
//       functions are the ranked function chunks in ranked order.
#ifndef REPRO_STAGES_RETRIEVAL_EXTERNAL_PROTOCOL_H_
#define REPRO_STAGES_RETRIEVAL_EXTERNAL_PROTOCOL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/language_set.h"
#include "stages/retrieval/retrieval.pb.h"
#include "stages/retrieval/retrieval_corpus.h"

namespace repro::retrieval {

struct ScoredDocument {
  uint32_t id = 0;  // position in the corpus order of the document unit
  double score = 0;
};

absl::StatusOr<std::string> CorpusJsonLines(const HarnessConfig& config, const Corpus& corpus,
                                            const corpus::LanguageSet& languages);

absl::StatusOr<std::string> QueryJsonLines(const HarnessConfig& config, absl::string_view task_id,
                                           absl::string_view query);

absl::StatusOr<std::vector<ScoredDocument>> ParseRun(absl::string_view text,
                                                     absl::string_view task_id, size_t documents,
                                                     uint32_t candidate_limit);

HarnessResult RankedResult(const HarnessConfig& config, const Corpus& corpus,
                           const std::vector<ScoredDocument>& rows);

// RankedResult with the result's identity (harness, config sha256, corpus
// repository, snapshot sha256, query) and index statistics (files, chunks,
// documents of the unit): what an external or pinned-runs cell measures.
HarnessResult ExternalResult(const HarnessConfig& config, const Corpus& corpus,
                             const std::vector<ScoredDocument>& rows, absl::string_view query);

// The documents of the config's unit: files or chunks.
size_t DocumentCount(const HarnessConfig& config, const Corpus& corpus);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_EXTERNAL_PROTOCOL_H_
