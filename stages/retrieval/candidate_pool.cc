#include "stages/retrieval/candidate_pool.h"

#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "stages/experiments/experiment.pb.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::retrieval {
namespace {

std::string Where(const corpus::Snapshot& s) {
  return absl::StrCat("snapshot ", s.repository(), "@", s.commit());
}

absl::flat_hash_set<std::string> PathsOf(const std::vector<RemovedFile>& removed) {
  absl::flat_hash_set<std::string> paths;
  for (const RemovedFile& f : removed) paths.insert(f.path);
  return paths;
}

// The snapshot's files that are not gold candidates, in path order.
absl::StatusOr<std::vector<RemovedFile>> NonCandidates(const corpus::LanguageSet& languages,
                                                       const corpus::Snapshot& snapshot) {
  std::vector<RemovedFile> removed;
  for (int i = 0; i < snapshot.files_size(); ++i) {
    const std::string& path = snapshot.files(i).path();
    if (!languages.IsCorpusPath(path)) {
      return absl::InvalidArgumentError(absl::StrCat(
          Where(snapshot), ", files[", i, "] (", path,
          "): expected a file of the set's languages (the rules the pool is cut by), found none"));
    }
    std::string rule = languages.NonGoldRule(path);
    if (!rule.empty()) removed.push_back({path, std::move(rule)});
  }
  if (removed.size() == static_cast<size_t>(snapshot.files_size())) {
    return absl::InvalidArgumentError(
        absl::StrCat(Where(snapshot), ": expected one or more gold candidates among its ",
                     snapshot.files_size(), " files, found none"));
  }
  return removed;
}

// The elements of `items` for which keep(item) holds, in order.
template <typename Repeated, typename Keep>
void KeepIf(Repeated* items, Keep keep) {
  Repeated kept;
  for (auto& item : *items) {
    if (keep(item)) *kept.Add() = std::move(item);
  }
  items->Swap(&kept);
}

}  // namespace

absl::StatusOr<std::vector<RemovedFile>> KeepGoldCandidates(const corpus::LanguageSet& languages,
                                                            corpus::Snapshot* snapshot,
                                                            corpus::ChunkSet* chunks) {
  ASSIGN_OR_RETURN(std::vector<RemovedFile> removed, NonCandidates(languages, *snapshot));
  const absl::flat_hash_set<std::string> paths = PathsOf(removed);
  KeepIf(snapshot->mutable_files(),
         [&](const corpus::SourceFile& f) { return !paths.contains(f.path()); });
  KeepIf(chunks->mutable_chunks(),
         [&](const corpus::Chunk& c) { return !paths.contains(c.path()); });
  return removed;
}

absl::Status DropRowsOfFiles(const std::vector<RemovedFile>& removed, ChunkEmbeddings* artifact) {
  const ChunkEmbeddings& a = *artifact;
  const uint64_t rows = static_cast<uint64_t>(a.chunks_size());
  if (!a.reference_commit().empty() || a.shared_size() > 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "ChunkEmbeddings.reference_commit: expected a whole artifact (\"\", no shared rows), "
        "found \"",
        a.reference_commit(), "\" and ", a.shared_size(), " shared rows"));
  }
  if (a.count() != rows || static_cast<uint64_t>(a.vectors_size()) != rows * a.dims()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "ChunkEmbeddings.vectors: expected count = ", rows, " rows of ", a.dims(), " floats = ",
        rows * a.dims(), ", found count ", a.count(), " and ", a.vectors_size(), " floats"));
  }
  const absl::flat_hash_set<std::string> paths = PathsOf(removed);
  const size_t dims = a.dims();
  google::protobuf::RepeatedPtrField<ChunkKey> chunks;
  google::protobuf::RepeatedField<float> vectors;
  chunks.Swap(artifact->mutable_chunks());
  vectors.Swap(artifact->mutable_vectors());
  for (int r = 0; r < chunks.size(); ++r) {
    if (paths.contains(chunks[r].path())) continue;
    *artifact->add_chunks() = std::move(chunks[r]);
    const float* row = vectors.data() + static_cast<size_t>(r) * dims;
    artifact->mutable_vectors()->Add(row, row + dims);
  }
  artifact->set_count(static_cast<uint64_t>(artifact->chunks_size()));
  return absl::OkStatus();
}

absl::StatusOr<std::vector<RemovedFile>> CutStagePool(const Stage& stage,
                                                      const corpus::Labels& labels,
                                                      corpus::Snapshot* snapshot,
                                                      corpus::ChunkSet* chunks) {
  experiments::CellSpec spec;
  RETURN_IF_ERROR(ReadInputProto(stage, "experiment", &spec));
  switch (spec.candidates()) {
    case experiments::CANDIDATES_ALL_CORPUS_FILES:
      return std::vector<RemovedFile>();
    case experiments::CANDIDATES_GOLD_CANDIDATES_ONLY:
      break;
    default:
      return absl::InvalidArgumentError(absl::StrCat("experiment ", spec.experiment(),
                                                     ", field candidates: unknown value ",
                                                     spec.candidates()));
  }
  ASSIGN_OR_RETURN(const corpus::LanguageSet languages, corpus::LanguageSet::FromStage(stage));
  ASSIGN_OR_RETURN(std::vector<RemovedFile> removed,
                   KeepGoldCandidates(languages, snapshot, chunks));
  const absl::flat_hash_set<std::string> gold(labels.gold_files().begin(),
                                              labels.gold_files().end());
  for (const RemovedFile& r : removed) {
    if (gold.contains(r.path)) {
      return absl::FailedPreconditionError(absl::StrCat(
          "task ", labels.task_id(), ": gold file ", r.path, " is not a gold candidate (", r.rule,
          "): the labels were made with other rules than inputs rules/<language>"));
    }
  }
  return removed;
}

}  // namespace repro::retrieval
