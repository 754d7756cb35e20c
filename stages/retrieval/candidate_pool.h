// The candidate pool: the files of a snapshot that a harness indexes
// (experiment.proto: Candidates; docs/experiments.md, "Candidates").
//
// With every corpus file (CANDIDATES_ALL_CORPUS_FILES, the default) the pool
// is the snapshot as it is, tests included, and nothing here runs. With the
// gold candidates only (CANDIDATES_GOLD_CANDIDATES_ONLY), as localization
// studies define their candidates, the files the language rules mark non-gold
// (a path matching one of its language's non_gold_path_globs, or a basename
// one of its non_gold_basename_globs: tests, mocks, generated and vendored
// files, documentation; LanguageSet::NonGoldRule) leave the pool:
//
//   KeepGoldCandidates(languages, snapshot, chunks) removes them from a whole
//     snapshot (a reader's, stored_corpus.h) and their chunks from its chunk
//     set, in memory; the stored artifacts are never rewritten. The snapshot
//     keeps its snapshot_sha256 (the snapshot the pool is drawn from), so the
//     chunk embeddings of that snapshot still match it. Returns the removed
//     files in path order, each with the rule that removed it.
//   DropRowsOfFiles(removed, artifact) removes the rows of those files'
//     chunks from a whole ChunkEmbeddings artifact of the same snapshot, so
//     that its rows are the pool's chunks in id order (StoredChunkVectors,
//     chunk_vectors.h), and keeps every other row bit for bit.
//   CutStagePool(stage, labels, snapshot, chunks) is what a stage that indexes
//     a task's snapshot calls (the grid cell, the harness baseline): it reads
//     the experiment's CellSpec (input "experiment") and, with the gold
//     candidates only, KeepGoldCandidates by the languages of the stage's
//     inputs "rules/<language>" (LanguageSet::FromStage); with every corpus
//     file it changes nothing and returns no file.
//
// The labels read the same rules (a gold file is never a non-gold path), so
// no gold file leaves the pool: CutStagePool checks it, and a gold file of
// `labels` among the removed is FailedPrecondition naming the task, the file
// and the rule. An unknown Candidates value is InvalidArgument naming the
// experiment and the field.
// S002's distractors are added after the cut, as extra files
// (retrieval_corpus.h): they are never removed.
//
// Errors (InvalidArgument; nothing is changed): a snapshot file of no
// language of the set (the snapshot was not read with these rules), naming
// the snapshot and the file; a pool left without any file; an artifact that
// is not whole (reference_commit or shared rows), whose count or vectors do
// not match its rows, naming the field with expected vs found.
#ifndef REPRO_STAGES_RETRIEVAL_CANDIDATE_POOL_H_
#define REPRO_STAGES_RETRIEVAL_CANDIDATE_POOL_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/language_set.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/retrieval/chunk_embeddings.pb.h"

namespace repro::retrieval {

// A file left out of the pool, and why: its language's rule that matched,
// as `go non_gold_basename_globs "*_test.go"`.
struct RemovedFile {
  std::string path;
  std::string rule;
};

absl::StatusOr<std::vector<RemovedFile>> KeepGoldCandidates(const corpus::LanguageSet& languages,
                                                            corpus::Snapshot* snapshot,
                                                            corpus::ChunkSet* chunks);

absl::Status DropRowsOfFiles(const std::vector<RemovedFile>& removed, ChunkEmbeddings* artifact);

absl::StatusOr<std::vector<RemovedFile>> CutStagePool(const Stage& stage,
                                                      const corpus::Labels& labels,
                                                      corpus::Snapshot* snapshot,
                                                      corpus::ChunkSet* chunks);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_CANDIDATE_POOL_H_
