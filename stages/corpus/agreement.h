// Agreement of the tree-sitter chunker with Go's own go/parser.
//
// ParseGoCheck reads the TSV that stages/corpus/gocheck writes (see its
// main.go: "# gocheck v1 <go version>", then F/D/M records).
//
// CompareWithGoParser compares, for one snapshot, the ChunkSet's function
// chunks with go/parser's FuncDecls:
//   - file sets: present files and missing blobs must be the same on both
//     sides (else "file_set" differences);
//   - per file, functions are matched exactly on (name, start, end); an
//     unmatched pair with the same name and start line is a "line_range"
//     difference, any other leftover is "only_tree_sitter" or
//     "only_go_parser".
// functions_agreeing counts exact matches; files_agreeing counts files whose
// lists match exactly. Parse errors on either side are listed (suspect files
// on the tree-sitter side) but are differences only through their effect on
// the function lists.
//
// Explain copies the explanation of every difference found in `explained`
// (matched on path, kind and function) and returns how many stay
// unexplained.
#ifndef REPRO_STAGES_CORPUS_AGREEMENT_H_
#define REPRO_STAGES_CORPUS_AGREEMENT_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/functions.h"

namespace repro {
namespace corpus {

struct GoCheckFile {
  bool parse_ok = true;
  std::string error;
  std::vector<Function> functions;
};

struct GoCheckOutput {
  std::string go_version;
  std::map<std::string, GoCheckFile> files;
  std::vector<std::string> missing;
};

absl::StatusOr<GoCheckOutput> ParseGoCheck(absl::string_view tsv, absl::string_view source);

// `manifest`: the snapshot (content not needed).
absl::StatusOr<ChunkerAgreement> CompareWithGoParser(const Snapshot& manifest,
                                                     const ChunkSet& chunks,
                                                     const GoCheckOutput& go);

int Explain(const DifferenceExplanations& explained, ChunkerAgreement* agreement);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_AGREEMENT_H_
