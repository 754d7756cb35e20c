// The two records of one Vicuna-80 question (vicuna_import.h gives their
// contents), built from VicunaData:
//  - PairwiseRecord: "gpt-4/pairwise-threeclass" over the 8 answers, its 56
//    calls and the order Copeland derives from them;
//  - RelativeRecord: "gpt-4/relative-to-gpt-3.5" over the 7 answers other than
//    the reference, each scored by the mean of its parsed orders.
// Both take the ground order from the human majorities over the record's own
// candidates. Missing votes, calls or reviews and inconsistent reviewer ids
// are added to the log; an error only when Copeland or the majority fails.
#ifndef REPRO_STAGES_STUDIES_JUDGE_INTERNAL_VICUNA_RECORDS_H_
#define REPRO_STAGES_STUDIES_JUDGE_INTERNAL_VICUNA_RECORDS_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "stages/studies/judge/internal/vicuna_data.h"
#include "stages/studies/judge/judge.pb.h"
#include "stages/studies/judge/record_util.h"

namespace repro::judge::internal {

class RecordBuilder {
 public:
  RecordBuilder(VicunaData* data, IssueLog* log) : data_(*data), log_(*log) {}

  absl::StatusOr<JudgeRecord> PairwiseRecord(int q, const std::vector<std::string>& all);
  absl::StatusOr<JudgeRecord> RelativeRecord(int q, const std::vector<std::string>& seven);

 private:
  JudgeRecord BaseRecord(int q, const std::vector<std::string>& models,
                         const std::string& judge_id);
  absl::Status SetHumanGround(JudgeRecord* r, int q, const std::vector<std::string>& models);
  void RelativeJudgement(int q, const std::string& m, const std::string& task_id,
                         CandidateJudgement* j);
  void SetGpt4Protocol(const std::string& judge_id, int prompt,
                       const std::map<int, std::string>& prompt_hashes,
                       const std::string& prompt_file, JudgeProtocol* jp) const;

  VicunaData& data_;
  IssueLog& log_;
};

}  // namespace repro::judge::internal

#endif  // REPRO_STAGES_STUDIES_JUDGE_INTERNAL_VICUNA_RECORDS_H_
