// Stage w04_pool_export: a multi-topic W04 pool from a grid's runs
// (pool_export.h). Inputs: "baseline" and "treatment" (the two harnesses'
// TREC file runs of one condition), "files_qrels", "functions_qrels" (the
// grid's TREC export) and "snapshot/<topic>" (each topic's snapshot, with its
// chain: stages/corpus/stored_corpus.h). Outputs: pool.textproto,
// baseline.run, treatment.run, pool.qrels, ledger.jsonl.
#include <map>
#include <string>

#include "absl/flags/flag.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/studies/w04/pool_stage_io.h"
#include "tools/w04_export/pool_export.h"

ABSL_FLAG(std::string, pool_id, "", "the pool's id");
ABSL_FLAG(std::string, baseline_name, "", "the baseline harness");
ABSL_FLAG(std::string, treatment_name, "", "the treatment harness");
ABSL_FLAG(int, depth, 10, "pool size per topic: the baseline's top files");
ABSL_FLAG(int, budget, 0, "the packing budget, in lexical tokens");
ABSL_FLAG(int, cutoff, 3, "k of nDCG@k");
ABSL_FLAG(std::string, source, "", "where the runs come from (report prose)");

namespace repro::w04 {
namespace {

absl::Status Run(Stage& stage) {
  ExportInputs in;
  ASSIGN_OR_RETURN(in.baseline_run, ReadPoolFile(stage, "baseline"));
  ASSIGN_OR_RETURN(in.treatment_run, ReadPoolFile(stage, "treatment"));
  ASSIGN_OR_RETURN(in.files_qrels, ReadPoolFile(stage, "files_qrels"));
  ASSIGN_OR_RETURN(in.functions_qrels, ReadPoolFile(stage, "functions_qrels"));
  const std::string prefix = "snapshot/";
  for (const std::string& role : stage.Roles(prefix)) {
    ASSIGN_OR_RETURN(const corpus::Snapshot snapshot,
                     corpus::ReadSnapshot(corpus::StageProtoReader(stage), role));
    std::map<std::string, std::string>& files = in.snapshots[role.substr(prefix.size())];
    for (const corpus::SourceFile& f : snapshot.files()) files[f.path()] = f.content();
  }
  ExportOptions o;
  o.pool_id = absl::GetFlag(FLAGS_pool_id);
  o.baseline_name = absl::GetFlag(FLAGS_baseline_name);
  o.treatment_name = absl::GetFlag(FLAGS_treatment_name);
  o.depth = absl::GetFlag(FLAGS_depth);
  o.budget = absl::GetFlag(FLAGS_budget);
  o.cutoff = absl::GetFlag(FLAGS_cutoff);
  o.source = absl::GetFlag(FLAGS_source);
  ASSIGN_OR_RETURN(PoolInputs out, ExportPool(in, o));
  RETURN_IF_ERROR(stage.Write("pool.textproto", std::move(out.config.bytes)));
  RETURN_IF_ERROR(stage.Write("baseline.run", std::move(out.baseline_run.bytes)));
  RETURN_IF_ERROR(stage.Write("treatment.run", std::move(out.treatment_run.bytes)));
  RETURN_IF_ERROR(stage.Write("pool.qrels", std::move(out.qrels.bytes)));
  return stage.Write("ledger.jsonl", std::move(out.ledger.bytes));
}

}  // namespace
}  // namespace repro::w04

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::w04::Run); }
