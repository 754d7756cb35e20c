// Agreement of the tree-sitter chunker with a language's independent
// checker: a program named by the language folder's grammar.textproto
// (`checker`; Go: stages/corpus/gocheck, Go's own go/parser; Python:
// languages/python/pycheck.py, Python's own ast module) that lists the
// functions of every file of the language of one commit.
//
// ParseCheck reads the checker's TSV: a header line
// "# check v1 <checker and version>" ("# check v1 go/parser go1.19.8"), then
// records separated by TAB, sorted by path:
//   F <path> ok|error [<first parse error>]   one per present file
//   D <path> <name> <start line> <end line>    one per function, after its F
//   M <path>                                   a blob missing from the clone
//
// CompareWithChecker compares, for one snapshot and one language (the files
// `in_language` accepts: LanguageSet::LanguageOf of the set), the ChunkSet's
// function chunks with the checker's functions:
//   - file sets: present files and missing blobs of the language must be the
//     same on both sides (else "file_set" differences, the path escaped with
//     Utf8Safe); a checker's file whose path is not valid UTF-8 and that the
//     snapshot skipped for it (Snapshot.skipped, the escaped path) is left
//     out, as the snapshot left it out;
//   - per file, functions are matched exactly on (name, start, end); an
//     unmatched pair with the same name and start line is a "line_range"
//     difference, any other leftover is "only_tree_sitter" or
//     "only_checker".
// functions_agreeing counts exact matches; files_agreeing counts files whose
// lists match exactly. Parse errors on either side are listed (suspect files
// on the tree-sitter side) but are differences only through their effect on
// the function lists.
//
// NameSuspects fills agreement->suspects: for each of its suspect_files, the
// line of the first ERROR or MISSING node of the file's content in
// `snapshot` (parsed with `parser`, the language's), that line's text
// (trimmed; Utf8Excerpt of its first 160 bytes: always valid UTF-8), and
// the construct of the first of rules.grammar_gaps whose line_contains is in
// it, or "unknown". InvalidArgument when a suspect file is not in the
// snapshot.
//
// Explain copies the explanation of every difference found in `explained`
// (matched on path, kind and function) and returns how many stay
// unexplained.
#ifndef REPRO_STAGES_CORPUS_AGREEMENT_H_
#define REPRO_STAGES_CORPUS_AGREEMENT_H_

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/functions.h"

namespace repro {
namespace corpus {

struct CheckFile {
  bool parse_ok = true;
  std::string error;
  std::vector<Function> functions;
};

struct CheckOutput {
  std::string checker;  // "go/parser go1.19.8"
  std::map<std::string, CheckFile> files;
  std::vector<std::string> missing;
};

// InvalidArgument "<source>: line <n>: expected ..., found ..." for a
// malformed record, or when the header is absent.
absl::StatusOr<CheckOutput> ParseCheck(absl::string_view tsv, absl::string_view source);

// `manifest`: the snapshot (content not needed); `language` is written into
// the result. InvalidArgument when chunks and manifest are of different
// snapshots, or a chunk's file is not in the manifest.
absl::StatusOr<ChunkerAgreement> CompareWithChecker(
    const Snapshot& manifest, const ChunkSet& chunks, const CheckOutput& check,
    absl::string_view language, const std::function<bool(absl::string_view)>& in_language);

absl::Status NameSuspects(const Snapshot& snapshot, FunctionParser& parser,
                          const languages::Rules& rules, ChunkerAgreement* agreement);

int Explain(const DifferenceExplanations& explained, ChunkerAgreement* agreement);

}  // namespace corpus
}  // namespace repro

#endif  // REPRO_STAGES_CORPUS_AGREEMENT_H_
