#include "stages/grid/aggregate/corpus_shard.h"

#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/language_set.h"
#include "stages/corpus/stage_io.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::grid {
namespace {

// One task's base files and chunks per language of `languages`, in its order.
absl::Status CountCorpus(const Stage& stage, const corpus::LanguageSet& languages,
                         const std::string& task_id, CorpusShard* shard) {
  corpus::Snapshot base;
  RETURN_IF_ERROR(ReadInputProto(stage, "base/" + task_id, &base));
  ASSIGN_OR_RETURN(
      const corpus::ChunkSet chunks,
      corpus::ReadChunkRanges(corpus::StageProtoReader(stage), "base_chunks/" + task_id, base));
  std::map<std::string, CorpusCount> counts;
  auto count = [&](const std::string& path) -> absl::StatusOr<CorpusCount*> {
    const corpus::languages::Rules* r = languages.LanguageOf(path);
    if (r == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat("task ", task_id, ": base snapshot path ",
                                                     path, " is of none of the set's languages"));
    }
    return &counts[r->language()];
  };
  for (const corpus::SourceFile& f : base.files()) {
    ASSIGN_OR_RETURN(CorpusCount * c, count(f.path()));
    c->set_files(c->files() + 1);
  }
  for (const corpus::Chunk& chunk : chunks.chunks()) {
    ASSIGN_OR_RETURN(CorpusCount * c, count(chunk.path()));
    c->set_chunks(c->chunks() + 1);
  }
  for (const corpus::languages::Rules& r : languages.rules()) {
    CorpusCount* c = shard->add_corpus_counts();
    *c = counts[r.language()];
    c->set_task_id(task_id);
    c->set_language(r.language());
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<StalenessDose> EffectiveDose(const Stage& stage, const std::string& task_id,
                                            const std::string& stale_role, int depth) {
  corpus::Snapshot base, stale;
  corpus::Labels labels;
  RETURN_IF_ERROR(ReadInputProto(stage, "base/" + task_id, &base));
  RETURN_IF_ERROR(ReadInputProto(stage, stale_role + task_id, &stale));
  RETURN_IF_ERROR(ReadInputProto(stage, "labels/" + task_id, &labels));
  std::map<std::string, std::string> before, after;  // path -> blob id
  for (const corpus::SourceFile& f : stale.files()) before[f.path()] = f.blob_id();
  for (const corpus::SourceFile& f : base.files()) after[f.path()] = f.blob_id();
  StalenessDose dose;
  dose.set_task_id(task_id);
  dose.set_depth(depth);
  dose.set_stale_commit(stale.commit());
  for (const auto& [path, blob] : after) {
    auto it = before.find(path);
    if (it == before.end()) {
      dose.set_files_added(dose.files_added() + 1);
    } else if (it->second != blob) {
      dose.set_files_changed(dose.files_changed() + 1);
    }
  }
  for (const auto& [path, blob] : before) {
    if (!after.count(path)) dose.set_files_removed(dose.files_removed() + 1);
  }
  dose.set_gold_files(labels.gold_files_size());
  for (const std::string& g : labels.gold_files()) {
    auto b = before.find(g);
    auto a = after.find(g);
    if (b == before.end()) dose.set_gold_missing(dose.gold_missing() + 1);
    if (b == before.end() || a == after.end() || b->second != a->second)
      dose.set_gold_changed(true);
  }
  return dose;
}

absl::StatusOr<CorpusShard> BuildCorpusShard(const Stage& stage,
                                             const std::vector<std::string>& task_ids,
                                             const std::vector<int>& depths) {
  ASSIGN_OR_RETURN(const corpus::LanguageSet languages, corpus::LanguageSet::FromStage(stage));
  CorpusShard shard;
  for (const std::string& id : task_ids) {
    RETURN_IF_ERROR(CountCorpus(stage, languages, id, &shard));
    for (const int depth : depths) {
      ASSIGN_OR_RETURN(*shard.add_staleness_doses(),
                       EffectiveDose(stage, id, absl::StrCat("stale_k", depth, "/"), depth));
    }
  }
  return shard;
}

}  // namespace repro::grid
