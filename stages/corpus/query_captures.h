// One capture function over tree-sitter's query API (Debian's libtree-sitter
// 0.20.7, tree_sitter/api.h): the per-language data of a perturbation is a
// query file in the grammar repositories' own queries/*.scm shape
// (stages/corpus/languages/<language>/queries/<name>.scm), and a transform
// reads the nodes it captures.
//
//   Query::Compile(language, file, text, known_captures)  compiles `text`
//       for the grammar (ts_query_new). InvalidArgument naming `file`, the
//       line and column (1-based) and the byte offset ts_query_new reports
//       and its error type ("syntax error", "unknown node type", ...) when
//       it does not compile; InvalidArgument naming `file`, the capture's
//       line and column and the capture name when the query has a capture
//       that is not one of `known_captures` (a typo would silently capture
//       nothing of what the transform reads).
//   Query::Run(root)  every node the query captures in `root`'s tree,
//       by capture name: in document order (start byte ascending, then the
//       outer node first), a node captured by several patterns once. Every
//       known capture name has an entry, empty when nothing matched.
//
// A Query is immutable once compiled and may be shared across threads; a
// captured node is valid while its tree is.
#ifndef REPRO_STAGES_CORPUS_QUERY_CAPTURES_H_
#define REPRO_STAGES_CORPUS_QUERY_CAPTURES_H_

#include <tree_sitter/api.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro::corpus {

// A captured node and its byte range [start, end).
struct CapturedNode {
  uint32_t start = 0;
  uint32_t end = 0;
  TSNode node;
};

using Captures = std::map<std::string, std::vector<CapturedNode>>;

class Query {
 public:
  static absl::StatusOr<std::unique_ptr<Query>> Compile(const TSLanguage* language,
                                                        absl::string_view file,
                                                        absl::string_view text,
                                                        const std::vector<std::string>& known);
  ~Query();
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;

  Captures Run(TSNode root) const;

 private:
  Query(TSQuery* query, std::vector<std::string> known) : query_(query), known_(std::move(known)) {}

  TSQuery* query_;
  std::vector<std::string> known_;
};

}  // namespace repro::corpus

#endif  // REPRO_STAGES_CORPUS_QUERY_CAPTURES_H_
