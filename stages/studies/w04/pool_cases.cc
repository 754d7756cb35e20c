#include "stages/studies/w04/pool_cases.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "stages/framework/metrics/trec_read.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro::w04 {
namespace {

using metrics::TrecTopicQrels;
using metrics::TrecTopicRun;

std::string Quoted(const std::string& s) { return absl::StrCat("'", s, "'"); }

absl::Status CheckConfig(const PoolConfig& c, const std::string& file) {
  if (c.budget() < 1) return PoolInputError(file, "budget", ">= 1", absl::StrCat(c.budget()));
  if (c.single_factor_size() != 1) {
    return PoolInputError(
        file, "single_factor", "exactly one rule (the one manipulated factor)",
        absl::StrCat(c.single_factor_size(), " (", absl::StrJoin(c.single_factor(), ", "), ")"));
  }
  if (c.topics().empty()) return PoolInputError(file, "topics", "at least one topic", "none");
  std::set<std::string> seen;
  for (const PoolTopic& t : c.topics()) {
    const std::string where = absl::StrCat(file, ", topic ", Quoted(t.id()));
    if (t.id().empty() || !seen.insert(t.id()).second) {
      return PoolInputError(where, "topics.id", "a unique non-empty topic id", Quoted(t.id()));
    }
    if (t.claims().empty())
      return PoolInputError(where, "topics.claims", "at least one claim", "none");
  }
  return absl::OkStatus();
}

// The ledger, topic -> unit id -> (line, passage).
using TopicLedger = std::map<std::string, std::pair<int, PoolPassage>>;
using Ledger = std::map<std::string, TopicLedger>;

std::string LineWhere(const std::string& file, int line, const PoolPassage& p) {
  return absl::StrCat(file, ":", line, " (topic ", p.topic(), ", unit ", p.id(), ")");
}

absl::Status CheckPassage(const PoolPassage& p, const PoolTopic& topic, const std::string& where) {
  if (p.id().empty()) return PoolInputError(where, "id", "a unit id", "empty");
  if (p.digest().empty()) return PoolInputError(where, "digest", "a content digest", "empty");
  if (p.dependency_cluster().empty()) {
    return PoolInputError(where, "dependency_cluster", "a cluster", "empty");
  }
  if (!p.has_cost())
    return PoolInputError(where, "cost", "the unit's cost", "none (costs missing)");
  if (p.cost() < 0) return PoolInputError(where, "cost", ">= 0", absl::StrCat(p.cost()));
  const std::set<std::string> declared(topic.claims().begin(), topic.claims().end());
  for (const std::string& claim : p.claims()) {
    if (declared.count(claim) == 0) {
      return PoolInputError(where, "claims", "a claim the topic declares", Quoted(claim));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<Ledger> ReadLedger(const PoolFile& f,
                                  const std::map<std::string, PoolTopic>& topics) {
  Ledger ledger;
  int line = 0;
  for (absl::string_view text : absl::StrSplit(f.bytes, '\n')) {
    ++line;
    if (absl::StripAsciiWhitespace(text).empty()) continue;
    PoolPassage p;
    RETURN_IF_ERROR(FromJson(text, absl::StrCat(f.name, ":", line), &p));
    const std::string where = LineWhere(f.name, line, p);
    auto topic = topics.find(p.topic());
    if (topic == topics.end())
      return PoolInputError(where, "topic", "a topic of the config", Quoted(p.topic()));
    RETURN_IF_ERROR(CheckPassage(p, topic->second, where));
    auto [it, inserted] = ledger[p.topic()].emplace(p.id(), std::make_pair(line, p));
    if (!inserted) {
      return PoolInputError(
          where, "id", "each unit once per topic",
          absl::StrCat("a second line for it (first: line ", it->second.first, ")"));
    }
  }
  return ledger;
}

// The ledger's ids must be the run's: every ranked unit has a line, every
// line is a ranked unit.
absl::Status CheckLedgerIds(const TopicLedger& ledger, const TrecTopicRun& run,
                            const std::string& ledger_file, const std::string& run_file) {
  std::set<std::string> ranked;
  for (const metrics::ScoredDoc& d : run.docs) {
    ranked.insert(d.id);
    if (ledger.count(d.id) == 0) {
      return PoolInputError(
          absl::StrCat(ledger_file, ", topic ", run.qid), "id",
          absl::StrCat("a line for every unit ", run_file, " ranks"),
          absl::StrCat("none for ", Quoted(d.id), " (costs missing for a ranked unit)"));
    }
  }
  for (const auto& [id, entry] : ledger) {
    if (ranked.count(id) == 0) {
      return PoolInputError(LineWhere(ledger_file, entry.first, entry.second), "id",
                            absl::StrCat("a unit that ", run_file, " ranks for this topic"),
                            Quoted(id));
    }
  }
  return absl::OkStatus();
}

// The stop condition of the reranking comparison: both runs rank the same
// candidate ids (the core proves it again, with digests and gains).
absl::Status CheckSamePool(const TrecTopicRun& base, const TrecTopicRun& treat,
                           const std::string& base_file, const std::string& treat_file) {
  std::set<std::string> b, t;
  for (const metrics::ScoredDoc& d : base.docs) b.insert(d.id);
  for (const metrics::ScoredDoc& d : treat.docs) t.insert(d.id);
  for (const auto& [only, other, file] :
       {std::make_tuple(&t, &b, &treat_file), std::make_tuple(&b, &t, &base_file)}) {
    for (const std::string& id : *only) {
      if (other->count(id) == 0) {
        return PoolInputError(absl::StrCat(*file, ", topic ", base.qid), "docno",
                              "the same candidate ids in both runs (a fixed pool)",
                              absl::StrCat(Quoted(id), " in this run only"));
      }
    }
  }
  return absl::OkStatus();
}

// Relations name units of the pool (not themselves) with a status, and
// form no cycle.
absl::Status CheckRelations(const TopicLedger& ledger, const std::string& file) {
  for (const auto& [id, entry] : ledger) {
    const std::string where = LineWhere(file, entry.first, entry.second);
    for (const NearDuplicate& r : entry.second.near_duplicates()) {
      if (ledger.count(r.of()) == 0 || r.of() == id) {
        return PoolInputError(where, "near_duplicates.of", "another unit of the topic's pool",
                              Quoted(r.of()));
      }
      if (r.status() == REDUNDANCY_STATUS_UNSPECIFIED) {
        return PoolInputError(where, "near_duplicates.status", "DECLARED or UNRESOLVED", "none");
      }
    }
  }
  // Depth-first search; state 1 = on the current path, 2 = done.
  std::map<std::string, int> state;
  std::vector<std::string> path;
  std::function<absl::Status(const std::string&)> visit = [&](const std::string& id) {
    state[id] = 1;
    path.push_back(id);
    const auto& entry = ledger.at(id);
    for (const NearDuplicate& r : entry.second.near_duplicates()) {
      if (state[r.of()] == 1) {
        auto start = std::find(path.begin(), path.end(), r.of());
        std::vector<std::string> cycle(start, path.end());
        cycle.push_back(r.of());
        return PoolInputError(LineWhere(file, entry.first, entry.second), "near_duplicates.of",
                              "no cycle of near duplicates",
                              absl::StrCat("the cycle ", absl::StrJoin(cycle, " -> ")));
      }
      if (state[r.of()] == 0) RETURN_IF_ERROR(visit(r.of()));
    }
    path.pop_back();
    state[id] = 2;
    return absl::OkStatus();
  };
  for (const auto& [id, entry] : ledger) {
    if (state[id] == 0) RETURN_IF_ERROR(visit(id));
  }
  return absl::OkStatus();
}

absl::Status CheckBudget(const TopicLedger& ledger, int budget, const std::string& config_file,
                         const std::string& ledger_file, const std::string& topic) {
  int64_t total = 0;
  for (const auto& [id, entry] : ledger) {
    if (entry.second.cost() > budget) {
      return PoolInputError(LineWhere(ledger_file, entry.first, entry.second), "cost",
                            absl::StrCat("at most the budget ", budget, " (", config_file, ")"),
                            absl::StrCat(entry.second.cost(), ": a unit larger than every budget"));
    }
    total += entry.second.cost();
  }
  if (budget >= total) {
    return PoolInputError(absl::StrCat(config_file, ", topic ", topic), "budget",
                          absl::StrCat("less than the topic's pool cost ", total,
                                       " (else every unit fits and the rules cannot differ)"),
                          absl::StrCat(budget, ": beyond the pool"));
  }
  return absl::OkStatus();
}

absl::StatusOr<RankingCondition> MakeCondition(const std::string& name, const TrecTopicRun& run,
                                               const TopicLedger& ledger,
                                               const std::map<std::string, int>& grades,
                                               const PoolConfig& config, const PoolFile& qrels) {
  RankingCondition c;
  c.set_name(name);
  for (const metrics::ScoredDoc& d : run.docs) {
    auto grade = grades.find(d.id);
    const std::string where = absl::StrCat(qrels.name, ", topic ", run.qid);
    if (grade == grades.end()) {
      return PoolInputError(where, "grade",
                            absl::StrCat("a judgment of ranked unit ", Quoted(d.id)),
                            "none (every pool member needs a grade)");
    }
    if (grade->second > config.max_gain()) {
      return PoolInputError(absl::StrCat(where, ", unit ", d.id), "grade",
                            absl::StrCat("0..", config.max_gain(), " (max_gain)"),
                            absl::StrCat(grade->second));
    }
    CandidateRecord* r = c.add_records();
    r->set_candidate_id(d.id);
    r->set_version_hash(ledger.at(d.id).second.digest());
    r->set_gain(grade->second);
    r->set_score(d.score);
  }
  return c;
}

// The packing condition: the ledger in `order`, each relation given to the
// later unit of its pair.
PackingCondition MakePacking(const std::string& name, const std::vector<std::string>& order,
                             const TopicLedger& ledger, int budget,
                             const google::protobuf::RepeatedPtrField<std::string>& rules) {
  std::map<std::string, size_t> position;
  for (size_t i = 0; i < order.size(); ++i) position[order[i]] = i;
  // later unit -> (earlier unit, status), from both directions of each relation.
  std::map<std::string, std::set<std::pair<std::string, RedundancyStatus>>> relation;
  for (const auto& [id, entry] : ledger) {
    for (const NearDuplicate& r : entry.second.near_duplicates()) {
      const bool id_later = position.at(id) > position.at(r.of());
      relation[id_later ? id : r.of()].insert({id_later ? r.of() : id, r.status()});
    }
  }
  PackingCondition c;
  c.set_name(name);
  c.set_budget(budget);
  *c.mutable_rules() = rules;
  for (const std::string& id : order) {
    const PoolPassage& p = ledger.at(id).second;
    LedgerPassage* out = c.add_passages();
    out->set_candidate_id(id);
    out->set_cost(static_cast<int>(p.cost()));
    *out->mutable_claims() = p.claims();
    out->set_origin(p.dependency_cluster());
    out->set_dependency_cluster(p.dependency_cluster());
    out->set_redundancy_status(DECLARED);
    for (const auto& [earlier, status] : relation[id]) {
      if (status == DECLARED) {
        out->add_near_duplicate_of(earlier);
      } else {
        out->add_unresolved_duplicate_of(earlier);
      }
    }
  }
  return c;
}

template <typename Topic>
absl::Status CheckTopicsKnown(const std::vector<Topic>& topics,
                              const std::map<std::string, PoolTopic>& declared,
                              const std::string& file, const std::string& config_file) {
  for (const Topic& t : topics) {
    if (declared.count(t.qid) == 0) {
      return PoolInputError(absl::StrCat(file, ", topic ", t.qid), "qid",
                            absl::StrCat("a topic of ", config_file), Quoted(t.qid));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status PoolInputError(const std::string& where, const std::string& field,
                            const std::string& expected, const std::string& found) {
  return absl::InvalidArgumentError(
      absl::StrCat(where, ", field ", field, ": expected ", expected, ", found ", found));
}

absl::StatusOr<PoolCases> ReadPoolCases(const PoolInputs& in) {
  PoolCases out;
  const PoolConfig& config = out.config;
  RETURN_IF_ERROR(ParseTextProto(in.config.bytes, in.config.name, &out.config));
  RETURN_IF_ERROR(CheckConfig(config, in.config.name));
  std::map<std::string, PoolTopic> topics;
  for (const PoolTopic& t : config.topics()) topics[t.id()] = t;

  ASSIGN_OR_RETURN(const std::vector<TrecTopicRun> base,
                   metrics::ParseTrecRun(in.baseline_run.bytes, in.baseline_run.name));
  ASSIGN_OR_RETURN(const std::vector<TrecTopicRun> treat,
                   metrics::ParseTrecRun(in.treatment_run.bytes, in.treatment_run.name));
  ASSIGN_OR_RETURN(const std::vector<TrecTopicQrels> qrels,
                   metrics::ParseTrecQrels(in.qrels.bytes, in.qrels.name));
  RETURN_IF_ERROR(CheckTopicsKnown(base, topics, in.baseline_run.name, in.config.name));
  RETURN_IF_ERROR(CheckTopicsKnown(treat, topics, in.treatment_run.name, in.config.name));
  RETURN_IF_ERROR(CheckTopicsKnown(qrels, topics, in.qrels.name, in.config.name));
  ASSIGN_OR_RETURN(Ledger ledger, ReadLedger(in.ledger, topics));

  for (const PoolTopic& topic : config.topics()) {
    const TrecTopicRun* b = FindTopic(base, topic.id());
    const TrecTopicRun* t = FindTopic(treat, topic.id());
    for (const auto& [run, file] :
         {std::make_pair(b, &in.baseline_run.name), std::make_pair(t, &in.treatment_run.name)}) {
      if (run == nullptr) {
        return PoolInputError(absl::StrCat(*file, ", topic ", topic.id()), "qid",
                              "a ranking for every topic of the config", "none");
      }
    }
    const TopicLedger& units = ledger[topic.id()];
    RETURN_IF_ERROR(CheckSamePool(*b, *t, in.baseline_run.name, in.treatment_run.name));
    RETURN_IF_ERROR(CheckLedgerIds(units, *b, in.ledger.name, in.baseline_run.name));
    RETURN_IF_ERROR(CheckRelations(units, in.ledger.name));
    RETURN_IF_ERROR(
        CheckBudget(units, config.budget(), in.config.name, in.ledger.name, topic.id()));
    std::map<std::string, int> grades;
    if (const TrecTopicQrels* q = FindTopic(qrels, topic.id())) {
      grades.insert(q->judgments.begin(), q->judgments.end());
    }

    TopicCases tc;
    tc.topic = topic.id();
    tc.where =
        absl::StrCat(in.baseline_run.name, " and ", in.treatment_run.name, ", topic ", topic.id());
    RerankCase& rc = tc.rerank;
    rc.set_pool_id(absl::StrCat(config.pool_id(), "/", topic.id()));
    rc.set_question(topic.question());
    rc.set_cutoff(config.cutoff());
    *rc.mutable_recall_cutoffs() = config.recall_cutoffs();
    rc.set_max_gain(config.max_gain());
    *rc.mutable_gain_scale() = config.gain_scale();
    ASSIGN_OR_RETURN(*rc.mutable_baseline(),
                     MakeCondition(config.baseline_name(), *b, units, grades, config, in.qrels));
    ASSIGN_OR_RETURN(*rc.mutable_treatment(),
                     MakeCondition(config.treatment_name(), *t, units, grades, config, in.qrels));

    PackingCase& pc = tc.packing;
    pc.set_declared_rule(config.single_factor(0));
    for (const std::string& claim : topic.claims()) pc.add_claims()->set_id(claim);
    // The order the rerank core gives the treatment (metrics::OrderByScore).
    ASSIGN_OR_RETURN(const metrics::Run order, metrics::OrderByScore(t->docs));
    *pc.mutable_baseline() =
        MakePacking("baseline", order, units, config.budget(), config.baseline_rules());
    google::protobuf::RepeatedPtrField<std::string> rules = config.baseline_rules();
    *rules.Add() = config.single_factor(0);
    *pc.mutable_treatment() = MakePacking("treatment", order, units, config.budget(), rules);
    out.topics.push_back(std::move(tc));
  }
  return out;
}
}  // namespace repro::w04
