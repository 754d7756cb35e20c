#include "stages/studies/judge/vicuna_import.h"

#include "stages/framework/pipeline/status_macros.h"
#include "stages/studies/judge/internal/vicuna_checks.h"
#include "stages/studies/judge/internal/vicuna_data.h"
#include "stages/studies/judge/internal/vicuna_loader.h"
#include "stages/studies/judge/internal/vicuna_records.h"
#include "stages/studies/judge/record_util.h"

namespace repro::judge {

using internal::AddVicunaLoaderChecks;
using internal::kVicunaDataset;
using internal::kVicunaReference;
using internal::LoadVicuna;
using internal::RecordBuilder;
using internal::VicunaData;

const std::vector<std::string>& VicunaModels() { return internal::VicunaModelKeys(); }

absl::StatusOr<JudgeDataset> ImportVicuna(const std::map<std::string, std::string>& files,
                                          const std::map<std::string, std::string>& paths) {
  VicunaData data;
  IssueLog log;
  RETURN_IF_ERROR(LoadVicuna(files, paths, &data, &log));
  RecordBuilder records(&data, &log);
  JudgeDataset ds;
  ds.set_dataset(kVicunaDataset);
  ds.set_description(
      "Vicuna-80 (QLoRA, PRD): 80 questions x 8 chat-model answers; 3 MTurk votes per answer "
      "pair; GPT-4 pairwise three-class verdicts in both presentation orders; GPT-4 1-10 scores "
      "of 7 answers against a fixed gpt-3.5 reference");
  ds.add_source_notes("artidoro/qlora at 7f4e95a68dc076bea9b3a413d2b512eca6d004e5 (MIT)");
  ds.add_source_notes("bcdnlp/PRD at 35fb99e5d5c7a2f3535811f1edbe417da7563957 (MIT)");
  ds.add_source_notes(
      "no execution: the ground truth is crowd preference (3 votes per pair), uncertain by "
      "construction; worker ids are not available");
  ds.add_source_notes(
      "neither predicted order is a listwise call: one is derived from pairwise calls, the other "
      "from separate relative-score calls");
  const std::vector<std::string>& all = VicunaModels();
  std::vector<std::string> seven;
  for (const std::string& m : all) {
    if (m != kVicunaReference) seven.push_back(m);
  }
  for (const auto& [q, question] : data.questions) {
    ASSIGN_OR_RETURN(*ds.add_records(), records.PairwiseRecord(q, all));
    ASSIGN_OR_RETURN(*ds.add_records(), records.RelativeRecord(q, seven));
  }
  AddVicunaLoaderChecks(data, &ds);
  log.WriteTo(&ds);
  return ds;
}

}  // namespace repro::judge
