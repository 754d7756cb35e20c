#include "stages/retrieval/external_protocol.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "google/protobuf/util/json_util.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/utf8.h"
#include "stages/retrieval/external_harness.pb.h"
#include "stages/retrieval/harness_config.h"
#include "stages/retrieval/tokenizer.h"

namespace repro::retrieval {
namespace {

bool IsFiles(const HarnessConfig& config) { return config.document_unit() == DOCUMENT_UNIT_FILES; }

// The `tokens` field: the code tokenizer's tokens joined by single spaces.
std::string JoinedTokens(absl::string_view text) { return absl::StrJoin(Tokenize(text), " "); }

absl::Status AppendJsonLine(const google::protobuf::Message& m, std::string* out) {
  google::protobuf::util::JsonPrintOptions print;
  print.preserve_proto_field_names = true;
  std::string json;
  if (!google::protobuf::util::MessageToJsonString(m, &json, print).ok()) {
    return absl::InternalError(absl::StrCat("cannot print ", m.ShortDebugString(), " as JSON"));
  }
  absl::StrAppend(out, json, "\n");
  return absl::OkStatus();
}

absl::StatusOr<std::string> LanguageOf(const corpus::LanguageSet& languages,
                                       const std::string& path) {
  const corpus::languages::Rules* rules = languages.LanguageOf(path);
  if (rules == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("corpus file ", path, ": expected a path of the task set's languages, found ",
                     "none that reads it"));
  }
  return rules->language();
}

absl::Status BadLine(size_t line, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("run line ", line, ": ", what));
}

// A document id: the decimal position of a document.
absl::StatusOr<uint32_t> DocumentId(absl::string_view id, size_t documents, size_t line) {
  uint32_t n = 0;
  if (!absl::SimpleAtoi(id, &n) || absl::StrCat(n) != id || n >= documents) {
    return BadLine(line, absl::StrCat("expected the id of one of the ", documents,
                                      " documents of corpus.jsonl, found \"", Utf8Safe(id), "\""));
  }
  return n;
}

absl::StatusOr<external::RunRow> TrecRow(absl::string_view text, absl::string_view task_id,
                                         size_t line) {
  const std::vector<absl::string_view> f =
      absl::StrSplit(text, absl::ByAnyChar(" \t"), absl::SkipEmpty());
  int rank = 0;
  double score = 0;
  if (f.size() != 6 || f[1] != "Q0" || !absl::SimpleAtoi(f[3], &rank) ||
      !absl::SimpleAtod(f[4], &score)) {
    return BadLine(line,
                   absl::StrCat("expected \"<query id> Q0 <id> <rank> <score> <tag>\" ",
                                "(TREC) or a JSON object, found \"", Utf8Excerpt(text, 200), "\""));
  }
  if (f[0] != task_id) {
    return BadLine(line,
                   absl::StrCat("expected query id ", task_id, ", found \"", Utf8Safe(f[0]), "\""));
  }
  external::RunRow row;
  row.set_id(std::string(f[2]));
  row.set_score(score);
  return row;
}

absl::StatusOr<external::RunRow> JsonRow(absl::string_view text, size_t line) {
  external::RunRow row;
  const auto status = google::protobuf::util::JsonStringToMessage(std::string(text), &row);
  if (!status.ok()) {
    return BadLine(
        line, absl::StrCat("expected a JSON object {\"id\": ..., \"score\": ...}, ", "found \"",
                           Utf8Excerpt(text, 200), "\" (", status.ToString(), ")"));
  }
  return row;
}

void SortRanked(std::vector<ScoredDocument>* rows) {
  std::sort(rows->begin(), rows->end(), [](const ScoredDocument& a, const ScoredDocument& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.id < b.id;
  });
}

}  // namespace

size_t DocumentCount(const HarnessConfig& config, const Corpus& corpus) {
  return IsFiles(config) ? corpus.files().size() : corpus.chunks().size();
}

absl::StatusOr<std::string> CorpusJsonLines(const HarnessConfig& config, const Corpus& corpus,
                                            const corpus::LanguageSet& languages) {
  std::string out;
  external::Document d;
  for (size_t i = 0; i < DocumentCount(config, corpus); ++i) {
    d.Clear();
    d.set_id(absl::StrCat(i));
    if (IsFiles(config)) {
      const Corpus::File& f = corpus.files()[i];
      d.set_path(f.path);
      d.set_text(Utf8Safe(f.content));
    } else {
      const Corpus::ChunkEntry& c = corpus.chunks()[i];
      d.set_path(corpus.files()[c.file].path);
      d.set_function(c.function);
      d.set_start_line(c.start_line);
      d.set_end_line(c.end_line);
      d.set_text(Utf8Safe(c.text));
    }
    if (config.external().tokens()) {
      d.set_tokens(
          JoinedTokens(IsFiles(config) ? corpus.FileDocument(i) : corpus.ChunkDocument(i)));
    }
    ASSIGN_OR_RETURN(*d.mutable_language(), LanguageOf(languages, d.path()));
    RETURN_IF_ERROR(AppendJsonLine(d, &out));
  }
  return out;
}

absl::StatusOr<std::string> QueryJsonLines(const HarnessConfig& config, absl::string_view task_id,
                                           absl::string_view query) {
  external::Query q;
  q.set_id(std::string(task_id));
  q.set_text(Utf8Safe(query));
  if (config.external().tokens()) q.set_tokens(JoinedTokens(query));
  std::string out;
  RETURN_IF_ERROR(AppendJsonLine(q, &out));
  return out;
}

absl::StatusOr<std::vector<ScoredDocument>> ParseRun(absl::string_view text,
                                                     absl::string_view task_id, size_t documents,
                                                     uint32_t candidate_limit) {
  const bool json = absl::StartsWith(absl::StripLeadingAsciiWhitespace(text), "{");
  std::vector<ScoredDocument> rows;
  std::vector<size_t> line_of(documents, 0);  // the line that gave a document, 0: none
  size_t line = 0;
  for (absl::string_view l : absl::StrSplit(text, '\n')) {
    ++line;
    if (absl::StripAsciiWhitespace(l).empty()) continue;
    ASSIGN_OR_RETURN(const external::RunRow row,
                     json ? JsonRow(l, line) : TrecRow(l, task_id, line));
    ASSIGN_OR_RETURN(const uint32_t id, DocumentId(row.id(), documents, line));
    if (line_of[id] != 0) {
      return BadLine(line,
                     absl::StrCat("id ", row.id(), " appears twice (also line ", line_of[id], ")"));
    }
    if (!std::isfinite(row.score())) {
      return BadLine(
          line, absl::StrCat("expected a finite score for id ", row.id(), ", found ", row.score()));
    }
    if (rows.size() == candidate_limit) {
      return BadLine(line, absl::StrCat("expected at most candidate_limit = ", candidate_limit,
                                        " rows, found more"));
    }
    line_of[id] = line;
    rows.push_back({id, row.score()});
  }
  SortRanked(&rows);
  return rows;
}

HarnessResult RankedResult(const HarnessConfig& config, const Corpus& corpus,
                           const std::vector<ScoredDocument>& rows) {
  HarnessResult out;
  auto add_function = [&](uint32_t chunk, double score) {
    const Corpus::ChunkEntry& c = corpus.chunks()[chunk];
    if (c.function.empty()) return;
    RankedFunction* fn = out.add_functions();
    fn->set_path(corpus.files()[c.file].path);
    fn->set_function(c.function);
    fn->set_start_line(c.start_line);
    fn->set_end_line(c.end_line);
    fn->set_score(score);
  };
  // FILES: each file's chunks in line order (key order within a line).
  std::vector<std::vector<uint32_t>> chunks_of(IsFiles(config) ? corpus.files().size() : 0);
  for (uint32_t i = 0; IsFiles(config) && i < corpus.chunks().size(); ++i) {
    chunks_of[corpus.chunks()[i].file].push_back(i);
  }
  for (std::vector<uint32_t>& chunks : chunks_of) {
    std::stable_sort(chunks.begin(), chunks.end(), [&](uint32_t a, uint32_t b) {
      return corpus.chunks()[a].start_line < corpus.chunks()[b].start_line;
    });
  }
  std::vector<bool> seen(corpus.files().size(), false);
  for (const ScoredDocument& r : rows) {
    const uint32_t file = IsFiles(config) ? r.id : corpus.chunks()[r.id].file;
    if (!seen[file]) {
      seen[file] = true;
      RankedFile* f = out.add_files();
      f->set_path(corpus.files()[file].path);
      f->set_score(r.score);
    }
    if (!IsFiles(config)) {
      add_function(r.id, r.score);
      continue;
    }
    for (uint32_t c : chunks_of[file]) add_function(c, r.score);
  }
  return out;
}

HarnessResult ExternalResult(const HarnessConfig& config, const Corpus& corpus,
                             const std::vector<ScoredDocument>& rows, absl::string_view query) {
  HarnessResult result = RankedResult(config, corpus, rows);
  result.set_harness(config.name());
  result.set_config_sha256(HarnessConfigSha256(config));
  result.set_corpus_repository(corpus.repository());
  result.set_snapshot_sha256(corpus.snapshot_sha256());
  result.set_query(std::string(query));
  IndexStats* st = result.mutable_index_stats();
  st->set_files(corpus.files().size());
  st->set_chunks(corpus.chunks().size());
  st->set_documents(DocumentCount(config, corpus));
  return result;
}

}  // namespace repro::retrieval
