#include "stages/corpus/token_costs/snapshot_costs.h"

#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::corpus {
namespace {

// sha256 -> text, and then sha256 -> count.
struct Texts {
  std::map<std::string, absl::string_view> text;
  std::map<std::string, int64_t> tokens;
};

absl::Status CountAll(const CountTexts& count, Texts& texts) {
  std::vector<CostUnit> units;
  units.reserve(texts.text.size());
  for (const auto& [sha256, text] : texts.text) units.push_back({sha256, std::string(text)});
  ASSIGN_OR_RETURN(const std::vector<int64_t> counts, count(units));
  if (counts.size() != units.size()) {
    return absl::DataLossError(
        absl::StrCat("token costs: ", counts.size(), " counts for ", units.size(), " texts"));
  }
  for (size_t i = 0; i < units.size(); ++i) texts.tokens[units[i].id] = counts[i];
  return absl::OkStatus();
}

UnitCost Cost(const Texts& texts, const std::string& sha256, const LexicalCount& lexical) {
  UnitCost u;
  u.set_sha256(sha256);
  u.set_tokens(texts.tokens.at(sha256));
  u.set_lexical_tokens(lexical(texts.text.at(sha256)));
  return u;
}

}  // namespace

absl::StatusOr<TokenCosts> SnapshotCosts(const Snapshot& snapshot, const ChunkSet& chunks,
                                         const TokenizerPin& pin, const CountTexts& count,
                                         const LexicalCount& lexical) {
  if (chunks.snapshot_sha256() != snapshot.snapshot_sha256()) {
    return absl::InvalidArgumentError(absl::StrCat("token costs: the chunks are of snapshot ",
                                                   chunks.snapshot_sha256(), ", the snapshot is ",
                                                   snapshot.snapshot_sha256()));
  }
  Texts texts;
  for (const SourceFile& f : snapshot.files()) {
    if (Sha256Hex(f.content()) != f.sha256()) {
      return absl::InvalidArgumentError(
          absl::StrCat("token costs: file ", f.path(), ": sha256 is not that of its content"));
    }
    texts.text.emplace(f.sha256(), f.content());
  }
  std::vector<std::string> chunk_sha256;
  for (const Chunk& c : chunks.chunks()) {
    chunk_sha256.push_back(Sha256Hex(c.text()));
    texts.text.emplace(chunk_sha256.back(), c.text());
  }
  RETURN_IF_ERROR(CountAll(count, texts));

  TokenCosts out;
  out.set_commit(snapshot.commit());
  out.set_snapshot_sha256(snapshot.snapshot_sha256());
  out.set_chunker(chunks.chunker());
  out.set_tokenizer(pin.name());
  out.set_vocabulary_sha256(pin.vocabulary_sha256());
  for (const SourceFile& f : snapshot.files()) {
    UnitCost* u = out.add_files();
    *u = Cost(texts, f.sha256(), lexical);
    u->set_path(f.path());
  }
  for (int i = 0; i < chunks.chunks_size(); ++i) {
    const Chunk& c = chunks.chunks(i);
    UnitCost* u = out.add_chunks();
    *u = Cost(texts, chunk_sha256[i], lexical);
    u->set_path(c.path());
    u->set_function(c.function());
    u->set_start_line(c.start_line());
    u->set_end_line(c.end_line());
  }
  return out;
}

}  // namespace repro::corpus
