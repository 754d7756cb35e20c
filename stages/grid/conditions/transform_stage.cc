#include "stages/grid/conditions/transform_stage.h"

#include <set>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/language_set.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/conditions/conditions.h"
#include "stages/grid/conditions/transform_registry.h"
#include "stages/grid/grid.pb.h"

namespace repro::grid {
namespace {

// The request's condition, which must index a transformed snapshot.
absl::StatusOr<Condition> TransformedCondition(const Stage& stage, const std::string& suffix) {
  ConditionTable table;
  RETURN_IF_ERROR(ReadInputProto(stage, "conditions", &table));
  ASSIGN_OR_RETURN(const Conditions conditions, Conditions::Create(table));
  ASSIGN_OR_RETURN(const Condition* c, conditions.ByCellSuffix(suffix));
  if (c->snapshot() != kTransformedSnapshot) {
    return absl::InvalidArgumentError(absl::StrCat("condition ", suffix, " indexes snapshot \"",
                                                   c->snapshot(), "\", not a transformed one"));
  }
  return *c;
}

// The transform kept the commit and every path, in order.
absl::Status CheckShape(const corpus::Snapshot& base, const corpus::Snapshot& out,
                        const std::string& where) {
  if (out.commit() != base.commit() || out.files_size() != base.files_size()) {
    return absl::InternalError(absl::StrCat(where,
                                            ": the transform changed the commit or the "
                                            "number of files"));
  }
  for (int i = 0; i < base.files_size(); ++i) {
    if (out.files(i).path() != base.files(i).path()) {
      return absl::InternalError(absl::StrCat(where, ": the transform changed path ",
                                              base.files(i).path(), " to ", out.files(i).path()));
    }
  }
  return absl::OkStatus();
}

// `out` stored against `base` (the same commit and paths): the files whose
// content differs, blob ids kept.
corpus::Snapshot StoredAgainstBase(const corpus::Snapshot& out, const corpus::Snapshot& base) {
  corpus::Snapshot stored = out;
  stored.clear_files();
  stored.set_reference_commit(base.commit());
  for (int i = 0; i < out.files_size(); ++i) {
    if (out.files(i).sha256() != base.files(i).sha256()) *stored.add_files() = out.files(i);
  }
  return stored;
}

absl::Status CheckChunkedFiles(const corpus::ChunkSet& chunks, const corpus::Snapshot& stored,
                               const std::string& where) {
  std::set<std::string> changed;
  for (const corpus::SourceFile& f : stored.files()) changed.insert(f.path());
  for (const corpus::Chunk& c : chunks.chunks()) {
    if (!changed.count(c.path())) {
      return absl::InternalError(absl::StrCat(where, ": the transform returned chunks of ",
                                              c.path(), ", which it did not change"));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> OutputEndingIn(const Stage& stage, absl::string_view suffix) {
  for (const auto& [name, path] : stage.output_paths()) {
    if (absl::EndsWith(name, suffix)) return name;
  }
  return absl::InternalError(absl::StrCat("the transform stage declares no output *", suffix));
}

}  // namespace

absl::Status RunTransform(Stage& stage, const TransformRequest& request) {
  const std::string where = absl::StrCat("task ", request.task, ", condition ", request.condition);
  ASSIGN_OR_RETURN(const Condition condition, TransformedCondition(stage, request.condition));
  ASSIGN_OR_RETURN(const CorpusTransform transform, FindTransform(condition.transform()));
  const corpus::ProtoReader read = corpus::StageProtoReader(stage);
  ASSIGN_OR_RETURN(const corpus::Snapshot base, corpus::ReadSnapshot(read, "snapshot"));
  if (base.commit() != request.base_commit) {
    return absl::InvalidArgumentError(absl::StrCat(where, ": snapshot commit expected ",
                                                   request.base_commit, ", found ", base.commit()));
  }
  ASSIGN_OR_RETURN(const corpus::ChunkSet base_chunks, corpus::ReadChunks(read, "chunks", base));
  ASSIGN_OR_RETURN(const corpus::LanguageSet languages, corpus::LanguageSet::FromStage(stage));
  ASSIGN_OR_RETURN(const TransformedCorpus out, transform(base, base_chunks, languages));
  RETURN_IF_ERROR(CheckShape(base, out.snapshot, where));
  const corpus::Snapshot stored = StoredAgainstBase(out.snapshot, base);
  RETURN_IF_ERROR(CheckChunkedFiles(out.chunks, stored, where));
  ASSIGN_OR_RETURN(const std::string snapshot_out, OutputEndingIn(stage, ".snapshot.pb"));
  ASSIGN_OR_RETURN(const std::string chunks_out, OutputEndingIn(stage, ".chunks.pb"));
  RETURN_IF_ERROR(WriteOutputProto(stage, snapshot_out, stored));
  return WriteOutputProto(stage, chunks_out, corpus::StoredChunks(out.chunks, stored));
}

}  // namespace repro::grid
