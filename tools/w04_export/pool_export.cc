#include "tools/w04_export/pool_export.h"

#include <algorithm>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/text_format.h"
#include "google/protobuf/util/json_util.h"
#include "stages/framework/metrics/trec_export.h"
#include "stages/framework/metrics/trec_read.h"
#include "stages/framework/packing/near_duplicates.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/cells/token_count.h"
#include "stages/studies/w04/packing.h"

namespace repro::w04 {
namespace {

using metrics::TrecTopicQrels;
using metrics::TrecTopicRun;

std::string Directory(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

// The claims of a topic: gold functions, then gold files with none.
std::vector<std::string> Claims(const TrecTopicQrels* files, const TrecTopicQrels* functions) {
  std::vector<std::string> claims;
  std::set<std::string> files_with_function;
  if (functions != nullptr) {
    for (const auto& [id, grade] : functions->judgments) {
      if (grade < 1) continue;
      claims.push_back(id);
      files_with_function.insert(id.substr(0, id.find("::")));
    }
  }
  if (files != nullptr) {
    for (const auto& [id, grade] : files->judgments) {
      if (grade >= 1 && files_with_function.count(id) == 0) claims.push_back(id);
    }
  }
  return claims;
}

// The claims `path` covers: its gold functions, or the file itself.
std::vector<std::string> ClaimsOf(const std::string& path, const std::vector<std::string>& claims) {
  std::vector<std::string> out;
  for (const std::string& c : claims) {
    if (c == path || absl::StartsWith(c, path + "::")) out.push_back(c);
  }
  return out;
}

// The treatment order of `pool`: as the treatment run ranks it, then the rest.
std::vector<std::string> TreatmentOrder(const std::vector<std::string>& pool,
                                        const TrecTopicRun& treatment) {
  const std::set<std::string> members(pool.begin(), pool.end());
  std::vector<std::string> order;
  std::set<std::string> placed;
  for (const metrics::ScoredDoc& d : treatment.docs) {
    if (members.count(d.id) && placed.insert(d.id).second) order.push_back(d.id);
  }
  for (const std::string& id : pool) {
    if (placed.insert(id).second) order.push_back(id);
  }
  return order;
}

absl::StatusOr<std::string> LedgerLines(const std::string& topic,
                                        const std::vector<std::string>& pool,
                                        const std::map<std::string, std::string>& files,
                                        const std::vector<std::string>& claims) {
  // Normalized content -> the group's first id (byte order).
  std::map<std::string, std::string> primary;
  std::vector<std::string> sorted = pool;
  std::sort(sorted.begin(), sorted.end());
  for (const std::string& id : sorted) primary.emplace(packing::NormalizeContent(files.at(id)), id);
  std::string out;
  google::protobuf::util::JsonPrintOptions json;
  json.preserve_proto_field_names = true;
  for (const std::string& id : pool) {
    const std::string& content = files.at(id);
    const std::string& first = primary.at(packing::NormalizeContent(content));
    PoolPassage p;
    p.set_topic(topic);
    p.set_id(id);
    p.set_digest(Sha256Hex(content));
    p.set_cost(grid::CountTokens(content));
    for (const std::string& c : ClaimsOf(id, claims)) p.add_claims(c);
    p.set_dependency_cluster(Directory(first));
    if (first != id) {
      NearDuplicate* r = p.add_near_duplicates();
      r->set_of(first);
      r->set_status(DECLARED);
    }
    std::string line;
    const auto status = google::protobuf::util::MessageToJsonString(p, &line, json);
    if (!status.ok()) return absl::InternalError(std::string(status.message()));
    absl::StrAppend(&out, line, "\n");
  }
  return out;
}

}  // namespace

absl::StatusOr<PoolInputs> ExportPool(const ExportInputs& in, const ExportOptions& o) {
  ASSIGN_OR_RETURN(const std::vector<TrecTopicRun> base,
                   metrics::ParseTrecRun(in.baseline_run.bytes, in.baseline_run.name));
  ASSIGN_OR_RETURN(const std::vector<TrecTopicRun> treat,
                   metrics::ParseTrecRun(in.treatment_run.bytes, in.treatment_run.name));
  ASSIGN_OR_RETURN(const std::vector<TrecTopicQrels> files_qrels,
                   metrics::ParseTrecQrels(in.files_qrels.bytes, in.files_qrels.name));
  ASSIGN_OR_RETURN(const std::vector<TrecTopicQrels> function_qrels,
                   metrics::ParseTrecQrels(in.functions_qrels.bytes, in.functions_qrels.name));
  PoolConfig config;
  config.set_pool_id(o.pool_id);
  config.set_cost_unit("lexical tokens (grid::CountTokens, stages/grid/cells/token_count.h)");
  config.set_budget(o.budget);
  config.set_cutoff(o.cutoff);
  config.add_recall_cutoffs(o.cutoff);
  if (o.depth != o.cutoff) config.add_recall_cutoffs(o.depth);
  config.add_gain_scale("0 = not a gold file");
  config.add_gain_scale("g >= 1 = a gold file holding g - 1 gold functions");
  config.add_single_factor(kRuleRedundant);
  config.set_baseline_name(o.baseline_name);
  config.set_treatment_name(o.treatment_name);
  config.set_source(o.source);
  PoolInputs out;
  int max_gain = 1;
  for (const TrecTopicRun& b : base) {
    const std::string where = absl::StrCat(in.treatment_run.name, ", topic ", b.qid);
    const TrecTopicRun* t = FindTopic(treat, b.qid);
    if (t == nullptr) return PoolInputError(where, "qid", "a ranking of every topic", "none");
    auto snapshot = in.snapshots.find(b.qid);
    if (snapshot == in.snapshots.end()) {
      return PoolInputError(absl::StrCat("snapshots, topic ", b.qid), "snapshot",
                            "the topic's snapshot", "none");
    }
    std::vector<std::string> pool;
    for (size_t i = 0; i < b.docs.size() && static_cast<int>(i) < o.depth; ++i) {
      pool.push_back(b.docs[i].id);
      if (snapshot->second.count(b.docs[i].id) == 0) {
        return PoolInputError(absl::StrCat("snapshot of topic ", b.qid), "files",
                              absl::StrCat("the ranked file ", b.docs[i].id), "none");
      }
    }
    const std::vector<std::string> claims =
        Claims(FindTopic(files_qrels, b.qid), FindTopic(function_qrels, b.qid));
    PoolTopic* topic = config.add_topics();
    topic->set_id(b.qid);
    for (const std::string& c : claims) topic->add_claims(c);
    const TrecTopicQrels* gold = FindTopic(files_qrels, b.qid);
    std::vector<std::pair<std::string, int>> grades;
    for (const std::string& id : pool) {
      bool is_gold = false;
      if (gold != nullptr) {
        for (const auto& [g, grade] : gold->judgments) is_gold |= g == id && grade >= 1;
      }
      const std::vector<std::string> held = ClaimsOf(id, claims);
      const int functions =
          static_cast<int>(std::count_if(held.begin(), held.end(), [](const std::string& c) {
            return absl::StrContains(c, "::");
          }));
      const int grade = is_gold ? 1 + functions : 0;
      max_gain = std::max(max_gain, grade);
      grades.emplace_back(id, grade);
    }
    for (const auto& [run, order, name] :
         {std::make_tuple(&out.baseline_run, pool, o.baseline_name),
          std::make_tuple(&out.treatment_run, TreatmentOrder(pool, *t), o.treatment_name)}) {
      ASSIGN_OR_RETURN(const std::string lines, metrics::TrecRun(b.qid, order, name));
      absl::StrAppend(&run->bytes, lines);
    }
    ASSIGN_OR_RETURN(const std::string qrels, metrics::TrecQrels(b.qid, grades));
    absl::StrAppend(&out.qrels.bytes, qrels);
    ASSIGN_OR_RETURN(const std::string ledger, LedgerLines(b.qid, pool, snapshot->second, claims));
    absl::StrAppend(&out.ledger.bytes, ledger);
  }
  config.set_max_gain(max_gain);
  std::string text;
  google::protobuf::TextFormat::PrintToString(config, &text);
  out.config.bytes = absl::StrCat(
      "# proto-file: stages/studies/w04/w04.proto\n# proto-message: repro.w04.PoolConfig\n"
      "# Written by tools/w04_export (pool_export.h).\n\n",
      text);
  return out;
}

}  // namespace repro::w04
