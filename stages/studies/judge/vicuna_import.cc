#include "stages/studies/judge/vicuna_import.h"

#include <algorithm>
#include <optional>
#include <set>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/studies/judge/copeland.h"
#include "stages/studies/judge/json_input.h"
#include "stages/studies/judge/output_parse.h"
#include "stages/studies/judge/policies.h"
#include "stages/studies/judge/record_util.h"
#include "stages/studies/judge/shortuuid.h"

namespace repro::judge {
namespace {

constexpr char kDataset[] = "vicuna80_qlora_prd";
constexpr char kReference[] = "gpt35";
constexpr char kChatMarker[] = "A chat between a curious human and an artificial intelligence";

bool IsGuanaco(const std::string& m) { return absl::StartsWith(m, "guanaco-"); }
std::string Size(const std::string& m) { return m.substr(8); }  // "guanaco-7b" -> "7b"

std::string PairwiseStem(const std::string& m) {
  return IsGuanaco(m) ? absl::StrCat(Size(m), "-guanaco-vicuna-generations-topp0.9-temp0.7")
                      : absl::StrCat("answer-", m);
}
std::string RelativeStem(const std::string& m) {
  return IsGuanaco(m) ? absl::StrCat(Size(m), "-guanaco-vicuna-generations-topp0.9-temp0.7") : m;
}
std::string HumanStem(const std::string& m) {
  return absl::StrCat("answer_", m == "guanaco-30b" ? "guanaco-33b" : m);
}
std::string GenerationFile(const std::string& m) {
  return IsGuanaco(m) ? absl::StrCat(Size(m), "-guanaco-vicuna-generations-topp0.9-temp0.7.jsonl")
                      : absl::StrCat("answer_", m, ".jsonl");
}

std::string F3(double v) { return absl::StrFormat("%.3f", v); }
std::string Pct(double v) { return absl::StrFormat("%.1f%%", 100 * v); }

struct Question {
  std::string text;
  std::string category;
};

struct Answer {
  std::string version;
  std::string answer_id;  // from the generation file ("" for Guanaco)
};

struct RawCall {
  Call call;
  std::string ref;
  std::string last_line;
  std::string sha;
  int reviewer_id = 0;
};

struct Votes {
  int a = 0, b = 0, tie = 0;
  std::string ref;
};

class Importer {
 public:
  Importer(const std::map<std::string, std::string>& files,
           const std::map<std::string, std::string>& paths)
      : files_(files), paths_(paths) {}

  absl::StatusOr<JudgeDataset> Run();

 private:
  absl::StatusOr<std::pair<JsonLines, std::string>> Lines(const std::string& name) {
    ASSIGN_OR_RETURN(const InputFile f, FindInputFile(files_, paths_, kDataset, name));
    JsonLines jl = ParseJsonLines(*f.bytes);
    for (const MalformedLine& m : jl.malformed) {
      log_.Add("malformed_json_line", f.path, m.line, "", "",
               absl::StrCat(m.excerpt, " (", m.message, ")"));
    }
    return std::make_pair(std::move(jl), f.path);
  }

  // Whether question `q` exists; an unknown one is logged (unknown_task_id).
  bool KnownQuestion(long long q, const std::string& file, int line) {
    if (questions_.count(q)) return true;
    log_.Add("unknown_task_id", file, line, absl::StrCat("vicuna80/q", q), "question_id",
             "no such question");
    return false;
  }

  // f(a, b) for every ordered pair of distinct models, stopping at an error.
  template <typename F>
  static absl::Status ForEachOrderedPair(F f) {
    for (const std::string& a : VicunaModels()) {
      for (const std::string& b : VicunaModels()) {
        if (a != b) RETURN_IF_ERROR(f(a, b));
      }
    }
    return absl::OkStatus();
  }

  // Which presentation order a review row used, from its answer ids (never
  // from the file name): 0 = `a` first, 1 = `b` first (the ids are swapped
  // against the file name; recorded), -1 = an id names neither answer
  // (recorded as unknown_candidate_id).
  int Orientation(int q, const std::string& a, const std::string& b, const std::string& id1,
                  const std::string& id2, const std::string& file, int line) {
    const std::string& ia = answers_[{q, a}].answer_id;
    const std::string& ib = answers_[{q, b}].answer_id;
    const std::string task = absl::StrCat("vicuna80/q", q);
    if (id1 == ia && id2 == ib) return 0;
    if (id1 == ib && id2 == ia) {
      log_.Add("file_orientation_mismatch", file, line, task, absl::StrCat(a, " vs ", b),
               absl::StrCat("answer ids show ", b, " as Assistant 1 although the file name puts ",
                            a, " first; the ids are used"));
      return 1;
    }
    log_.Add("unknown_candidate_id", file, line, task, "answer1_id/answer2_id",
             absl::StrCat("ids ", id1, ", ", id2, " are not the answers of ", a, " (", ia, ") and ",
                          b, " (", ib, ")"));
    return -1;
  }

  absl::Status LoadQuestions();
  absl::Status LoadPrompts();
  absl::Status LoadGenerations();
  absl::Status LoadHuman();
  // The human votes of one file (a shown first in its name).
  absl::Status LoadHumanPair(const std::string& a, const std::string& b);
  absl::Status LoadPairwise();
  // The GPT-4 pairwise reviews of one file (a shown first in its name).
  absl::Status LoadPairwisePair(const std::string& a, const std::string& b);
  absl::Status LoadRelative();
  JudgeRecord BaseRecord(int q, const std::vector<std::string>& models,
                         const std::string& judge_id);
  absl::Status SetHumanGround(JudgeRecord* r, int q, const std::vector<std::string>& models);
  absl::StatusOr<JudgeRecord> PairwiseRecord(int q, const std::vector<std::string>& all);
  absl::StatusOr<JudgeRecord> RelativeRecord(int q, const std::vector<std::string>& seven);
  void RelativeJudgement(int q, const std::string& m, const std::string& task_id,
                         CandidateJudgement* j);
  void SetGpt4Protocol(const std::string& judge_id, int prompt,
                       const std::map<int, std::string>& prompt_hashes,
                       const std::string& prompt_file, JudgeProtocol* jp) const;
  void LoaderChecks(JudgeDataset* ds);

  const std::map<std::string, std::string>& files_;
  const std::map<std::string, std::string>& paths_;
  IssueLog log_;
  std::map<int, Question> questions_;
  std::map<int, std::string> prompt_hash_threeclass_, prompt_hash_relative_;
  std::map<int, std::string> reviewer_temperature_;
  std::map<std::pair<int, std::string>, Answer> answers_;
  // (q, a, b) with a < b -> votes oriented as (a, b).
  std::map<std::tuple<int, std::string, std::string>, Votes> votes_;
  std::map<int, std::vector<RawCall>> calls_;
  // (q, model) -> per-order parsed score of the model (first: model shown
  // first; second: shown second), with refs.
  struct Relative {
    std::optional<double> as_first, as_second;
    bool seen_first = false, seen_second = false;
    std::vector<std::string> refs;
    std::vector<std::string> excerpts;
  };
  std::map<std::pair<int, std::string>, Relative> relative_;
  int relative_unparsed_ = 0;
  std::map<long long, int> question_line_;  // question_id -> line in vicuna_questions.jsonl
  std::map<int, int> j1_score_counts_;
};

absl::Status Importer::LoadQuestions() {
  ASSIGN_OR_RETURN(const auto jl, Lines("vicuna_questions.jsonl"));
  for (const JsonLine& l : jl.first.values) {
    const std::string where = absl::StrCat(jl.second, ":", l.line);
    absl::StatusOr<long long> id = GetInt(l.value, "question_id", where);
    absl::StatusOr<std::string> text = GetString(l.value, "text", where);
    absl::StatusOr<std::string> cat = GetString(l.value, "category", where);
    if (!id.ok() || !text.ok() || !cat.ok()) {
      log_.Add("invalid_field", jl.second, l.line, "", "question_id/text/category",
               (!id.ok()     ? id.status()
                : !text.ok() ? text.status()
                             : cat.status())
                   .message());
      continue;
    }
    auto [it, inserted] = question_line_.emplace(*id, l.line);
    if (!inserted) {
      return absl::InvalidArgumentError(absl::StrCat(where, ": field question_id: duplicate ", *id,
                                                     " (first at line ", it->second,
                                                     "); one line per question"));
    }
    questions_[*id] = {*text, *cat};
  }
  if (questions_.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(jl.second, ": no valid question"));
  }
  return absl::OkStatus();
}

absl::Status Importer::LoadPrompts() {
  ASSIGN_OR_RETURN(const auto rev, Lines("reviewer.jsonl"));
  std::map<int, std::string> reviewer_line;
  for (const JsonLine& l : rev.first.values) {
    absl::StatusOr<long long> id = GetInt(l.value, "prompt_id", rev.second);
    if (!id.ok()) {
      log_.Add("invalid_field", rev.second, l.line, "", "prompt_id", id.status().message());
      continue;
    }
    reviewer_line[*id] = l.value.dump();
    if (l.value.contains("metadata") && l.value["metadata"].contains("temperature")) {
      reviewer_temperature_[*id] = l.value["metadata"]["temperature"].dump();
    }
  }
  for (auto [name, out] : std::vector<std::pair<std::string, std::map<int, std::string>*>>{
           {"vicuna_prompt_threeclass.jsonl", &prompt_hash_threeclass_},
           {"vicuna_prompt_relative.jsonl", &prompt_hash_relative_}}) {
    ASSIGN_OR_RETURN(const auto pl, Lines(name));
    for (const JsonLine& l : pl.first.values) {
      absl::StatusOr<long long> id = GetInt(l.value, "prompt_id", pl.second);
      if (!id.ok()) {
        log_.Add("invalid_field", pl.second, l.line, "", "prompt_id", id.status().message());
        continue;
      }
      // Hash of the prompt record plus its sampling record (nlohmann's dump
      // is canonical: keys sorted, no whitespace).
      (*out)[*id] = absl::StrCat(Sha256Ref(absl::StrCat(l.value.dump(), "\n", reviewer_line[*id])),
                                 " (", name, " + reviewer.jsonl, prompt_id ", *id, ")");
    }
  }
  return absl::OkStatus();
}

absl::Status Importer::LoadGenerations() {
  for (const std::string& m : VicunaModels()) {
    ASSIGN_OR_RETURN(const auto jl, Lines(GenerationFile(m)));
    for (const JsonLine& l : jl.first.values) {
      const std::string where = absl::StrCat(jl.second, ":", l.line);
      absl::StatusOr<long long> q = GetInt(l.value, "question_id", where);
      if (!q.ok()) {
        log_.Add("invalid_field", jl.second, l.line, "", "question_id", q.status().message());
        continue;
      }
      if (!KnownQuestion(*q, jl.second, l.line)) continue;
      Answer a;
      if (IsGuanaco(m)) {
        absl::StatusOr<std::string> g = GetString(l.value, "generation_truncated", where);
        if (!g.ok()) {
          log_.Add("invalid_field", jl.second, l.line, absl::StrCat("vicuna80/q", *q),
                   "generation_truncated", g.status().message());
          continue;
        }
        const size_t cut = g->find(kChatMarker);
        const std::string shown = cut == std::string::npos ? *g : g->substr(0, cut);
        a.version = Sha256Ref(shown);
        // eval_gpt_review.py names these answers shortuuid.uuid(shown text).
        a.answer_id = ShortUuid(shown);
      } else {
        absl::StatusOr<std::string> t = GetString(l.value, "text", where);
        absl::StatusOr<std::string> id = GetString(l.value, "answer_id", where);
        if (!t.ok() || !id.ok()) {
          log_.Add("invalid_field", jl.second, l.line, absl::StrCat("vicuna80/q", *q),
                   "text/answer_id", (!t.ok() ? t.status() : id.status()).message());
          continue;
        }
        a.version = Sha256Ref(*t);
        a.answer_id = *id;
      }
      answers_[{static_cast<int>(*q), m}] = a;
    }
  }
  return absl::OkStatus();
}

absl::Status Importer::LoadHuman() {
  return ForEachOrderedPair(
      [this](const std::string& a, const std::string& b) { return LoadHumanPair(a, b); });
}

absl::Status Importer::LoadHumanPair(const std::string& a, const std::string& b) {
  ASSIGN_OR_RETURN(const auto jl, Lines(absl::StrCat(HumanStem(a), "-vs-", HumanStem(b),
                                                     "-human-reviewer_threeclass.jsonl")));
  std::map<int, Votes> here;
  for (const JsonLine& l : jl.first.values) {
    const std::string where = absl::StrCat(jl.second, ":", l.line);
    absl::StatusOr<long long> q = GetInt(l.value, "question_id", where);
    absl::StatusOr<long long> score = GetInt(l.value, "score", where);
    if (!q.ok() || !score.ok()) {
      log_.Add("invalid_field", jl.second, l.line, "", "question_id/score",
               (!q.ok() ? q.status() : score.status()).message());
      continue;
    }
    if (!KnownQuestion(*q, jl.second, l.line)) continue;
    Votes& v = here[*q];
    v.ref = absl::StrCat(jl.second, " (question ", *q, ")");
    if (*score == 1)
      ++v.a;
    else if (*score == 2)
      ++v.b;
    else if (*score == 3)
      ++v.tie;
    else
      log_.Add("invalid_field", jl.second, l.line, absl::StrCat("vicuna80/q", *q), "score",
               absl::StrCat("expected 1, 2 or 3, found ", *score));
  }
  for (const auto& [q, v] : here) {
    if (v.a + v.b + v.tie != 3) {
      log_.Add("unexpected_vote_count", jl.second, 0, absl::StrCat("vicuna80/q", q),
               absl::StrCat(a, " vs ", b), absl::StrCat(v.a + v.b + v.tie, " votes, expected 3"));
    }
    const bool ordered = a < b;
    const auto key = std::make_tuple(q, ordered ? a : b, ordered ? b : a);
    Votes oriented = v;
    if (!ordered) std::swap(oriented.a, oriented.b);
    auto [it, inserted] = votes_.emplace(key, oriented);
    if (!inserted) {
      log_.Add("pair_in_both_orientations", jl.second, 0, absl::StrCat("vicuna80/q", q),
               absl::StrCat(a, " vs ", b), "votes also in the other orientation file; merged");
      it->second.a += oriented.a;
      it->second.b += oriented.b;
      it->second.tie += oriented.tie;
      it->second.ref += "; " + oriented.ref;
    }
  }
  return absl::OkStatus();
}

absl::Status Importer::LoadPairwise() {
  return ForEachOrderedPair(
      [this](const std::string& a, const std::string& b) { return LoadPairwisePair(a, b); });
}

absl::Status Importer::LoadPairwisePair(const std::string& a, const std::string& b) {
  ASSIGN_OR_RETURN(const auto jl, Lines(absl::StrCat(PairwiseStem(a), "-vs-", PairwiseStem(b),
                                                     "-gpt-4-reviewer-threeclass.jsonl")));
  std::set<int> seen;
  for (const JsonLine& l : jl.first.values) {
    const std::string where = absl::StrCat(jl.second, ":", l.line);
    absl::StatusOr<long long> q = GetInt(l.value, "question_id", where);
    absl::StatusOr<long long> score = GetInt(l.value, "score", where);
    absl::StatusOr<std::string> text = GetString(l.value, "text", where);
    absl::StatusOr<std::string> id1 = GetString(l.value, "answer1_id", where);
    absl::StatusOr<std::string> id2 = GetString(l.value, "answer2_id", where);
    absl::StatusOr<long long> reviewer = GetInt(l.value, "reviewer_id", where);
    for (const absl::Status& s : {q.status(), score.status(), text.status(), id1.status(),
                                  id2.status(), reviewer.status()}) {
      if (!s.ok()) {
        log_.Add("invalid_field", jl.second, l.line, "", "", s.message());
        break;
      }
    }
    if (!q.ok() || !score.ok() || !text.ok() || !id1.ok() || !id2.ok() || !reviewer.ok()) continue;
    if (!KnownQuestion(*q, jl.second, l.line)) continue;
    const std::string task = absl::StrCat("vicuna80/q", *q);
    if (!seen.insert(*q).second) {
      log_.Add("duplicate_judge_output", jl.second, l.line, task, "question_id",
               "second review of this ordered pair; the first is kept");
      continue;
    }
    const int orient = Orientation(*q, a, b, *id1, *id2, jl.second, l.line);
    if (orient < 0) continue;
    ++j1_score_counts_[*score];
    RawCall rc;
    rc.call.first = orient == 0 ? a : b;
    rc.call.second = orient == 0 ? b : a;
    rc.ref = where;
    rc.last_line = ParseVerdictLine(*text).last_line;
    rc.sha = Sha256Ref(*text);
    rc.reviewer_id = *reviewer;
    if (*score == 1)
      rc.call.verdict = Verdict::kFirstBetter;
    else if (*score == 2)
      rc.call.verdict = Verdict::kSecondBetter;
    else if (*score == 3)
      rc.call.verdict = Verdict::kTie;
    else {
      rc.call.verdict = Verdict::kUnparsed;
      log_.Add("unparsable_judge_output", jl.second, l.line, task, "score",
               absl::StrCat("score ", *score, "; last line '", Excerpt(rc.last_line, 60), "'"));
    }
    calls_[*q].push_back(rc);
  }
  return absl::OkStatus();
}

absl::Status Importer::LoadRelative() {
  for (const std::string& m : VicunaModels()) {
    if (m == kReference) continue;
    for (bool model_first : {true, false}) {
      const std::string name =
          model_first ? absl::StrCat(RelativeStem(m), "-vs-gpt-3.5-gpt4-reviewer.jsonl")
                      : absl::StrCat("gpt-3.5-vs-", RelativeStem(m), "-gpt4-reviewer.jsonl");
      ASSIGN_OR_RETURN(const auto jl, Lines(name));
      for (const JsonLine& l : jl.first.values) {
        const std::string where = absl::StrCat(jl.second, ":", l.line);
        absl::StatusOr<long long> q = GetInt(l.value, "question_id", where);
        absl::StatusOr<std::string> text = GetString(l.value, "text", where);
        absl::StatusOr<std::string> id1 = GetString(l.value, "answer1_id", where);
        absl::StatusOr<std::string> id2 = GetString(l.value, "answer2_id", where);
        if (!q.ok() || !text.ok() || !id1.ok() || !id2.ok()) {
          log_.Add("invalid_field", jl.second, l.line, "", "",
                   (!q.ok()      ? q.status()
                    : !text.ok() ? text.status()
                    : !id1.ok()  ? id1.status()
                                 : id2.status())
                       .message());
          continue;
        }
        if (!KnownQuestion(*q, jl.second, l.line)) continue;
        const std::string task = absl::StrCat("vicuna80/q", *q);
        const std::string file_first = model_first ? m : kReference;
        const std::string file_second = model_first ? kReference : m;
        const int orient = Orientation(*q, file_first, file_second, *id1, *id2, jl.second, l.line);
        if (orient < 0) continue;
        const bool shown_first = (orient == 0) == model_first;  // the model is Assistant 1
        Relative& r = relative_[{static_cast<int>(*q), m}];
        bool& seen = shown_first ? r.seen_first : r.seen_second;
        if (seen) {
          log_.Add("duplicate_judge_output", jl.second, l.line, task, m,
                   "second review in this order; the first is kept");
          continue;
        }
        seen = true;
        r.refs.push_back(where);
        r.excerpts.push_back(Excerpt(text->substr(0, text->find('\n')), 60));
        const Json& score = l.value.contains("score") ? l.value["score"] : Json();
        std::optional<double> mine;
        if (score.is_array() && score.size() == 2 && score[0].is_number() && score[1].is_number()) {
          const double s = score[shown_first ? 0 : 1].get<double>();
          if (score[0].get<double>() >= 0 && score[1].get<double>() >= 0) mine = s;
        }
        if (!mine) {
          ++relative_unparsed_;
          log_.Add("unparsable_judge_output", jl.second, l.line, task, "score",
                   absl::StrCat("score ", score.dump(), "; first line '", r.excerpts.back(), "'"));
        }
        (shown_first ? r.as_first : r.as_second) = mine;
      }
    }
  }
  return absl::OkStatus();
}

JudgeRecord Importer::BaseRecord(int q, const std::vector<std::string>& models,
                                 const std::string& judge_id) {
  JudgeRecord r;
  const std::string task = absl::StrCat("vicuna80/q", q);
  r.set_record_id(absl::StrCat(task, "|", judge_id));
  r.set_dataset(kDataset);
  r.set_split("Vicuna-80 (single split; no official dev/test)");
  r.set_task_id(task);
  r.set_category(questions_[q].category);
  for (const std::string& m : models) {
    Candidate* c = r.add_candidates();
    c->set_candidate_id(m);
    auto a = answers_.find({q, m});
    if (a != answers_.end()) {
      c->set_version(a->second.version);
      c->set_upstream_id(a->second.answer_id);
    }
    c->set_generator(m);
  }
  SharedStructure* sh = r.mutable_shared();
  sh->set_cluster_id(task);
  sh->set_task_id(task);
  sh->set_judge_id(judge_id);
  sh->set_run_id("not recorded");
  sh->add_notes("the same answers recur in every pair of the question; one judge model");
  Policy* p = r.mutable_policy();
  p->set_rule(
      "review the first k answers of the predicted order (ties uniformly random); value = human "
      "Copeland win rate of the best reviewed answer");
  for (int k : {1, 2, 3}) p->add_k_values(k);
  p->set_budget("k human reviews per question");
  p->set_logged_execution(
      "no execution: the human reference covers every answer, so the policy is replayed offline");
  r.mutable_holdout()->set_assignment("evaluation");
  r.mutable_holdout()->set_leakage_boundary(
      "no outcome-based selection in this stage; Vicuna-80 is public (2023) and may be known to "
      "the judge");
  return r;
}

absl::Status Importer::SetHumanGround(JudgeRecord* r, int q,
                                      const std::vector<std::string>& models) {
  std::vector<Comparison> comps;
  for (size_t i = 0; i < models.size(); ++i) {
    for (size_t j = i + 1; j < models.size(); ++j) {
      const std::string& a = std::min(models[i], models[j]);
      const std::string& b = std::max(models[i], models[j]);
      auto v = votes_.find({q, a, b});
      if (v == votes_.end()) {
        log_.Add("missing_reference_votes", "", 0, r->task_id(), absl::StrCat(a, " vs ", b),
                 "no human votes for this pair");
        continue;
      }
      PairVotes* pv = r->add_reference_votes();
      pv->set_a_id(a);
      pv->set_b_id(b);
      pv->set_a_wins(v->second.a);
      pv->set_b_wins(v->second.b);
      pv->set_ties(v->second.tie);
      pv->set_source_ref(v->second.ref);
      ASSIGN_OR_RETURN(const double pts, MajorityOfVotes(v->second.a, v->second.b, v->second.tie));
      comps.push_back({a, b, pts});
    }
  }
  ASSIGN_OR_RETURN(const WeakOrder order, CopelandOrder(models, comps, Unvalued::kExclude));
  GroundOrder* g = r->mutable_ground_order();
  ToProto(order, g->mutable_groups());
  for (const std::string& m : models) {
    bool in = false;
    for (const std::string& id : Flatten(order)) in = in || id == m;
    if (!in) g->add_missing_ids(m);
  }
  g->set_definition(
      "human crowd votes (PRD ratings-human, 3 MTurk votes per pair): majority per pair, then "
      "Copeland win rate over the list");
  g->set_tie_policy(policy::kHumanMajority);
  g->set_missing_policy(policy::kMissingOutcome);
  if (MajorityCycle(models, comps)) g->add_notes("the human majority relation has a cycle");
  if (!CondorcetWinner(models, comps))
    g->add_notes("no Condorcet winner among the human majorities");
  return absl::OkStatus();
}

void Importer::LoaderChecks(JudgeDataset* ds) {
  std::map<std::string, int> cats;
  for (const auto& [q, qu] : questions_) ++cats[qu.category];
  std::vector<std::string> parts;
  for (const auto& [c, n] : cats) parts.push_back(absl::StrCat(c, " ", n));
  AddLoaderCheck(
      ds, "questions by category",
      "coding 7, common-sense 10, counterfactual 10, fermi 10, generic 10, knowledge 10, "
      "math 3, roleplay 10, writing 10",
      absl::StrJoin(parts, ", "));
  int items = 0, votes = 0, decisive = 0, tie_major = 0, split = 0;
  for (const auto& [k, v] : votes_) {
    ++items;
    votes += v.a + v.b + v.tie;
    if (2 * v.a > v.a + v.b + v.tie || 2 * v.b > v.a + v.b + v.tie)
      ++decisive;
    else if (v.a == 1 && v.b == 1 && v.tie == 1)
      ++split;
    else
      ++tie_major;
  }
  AddLoaderCheck(ds, "human: items / votes", "2240 / 6720", absl::StrCat(items, " / ", votes));
  AddLoaderCheck(ds, "human majority: decisive / tie majority / three-way split", "1915 / 99 / 226",
                 absl::StrCat(decisive, " / ", tie_major, " / ", split));
  AddLoaderCheck(ds, "GPT-4 pairwise scores 1 / 2 / 3 / -1", "2512 / 1355 / 600 / 13",
                 absl::StrCat(j1_score_counts_[1], " / ", j1_score_counts_[2], " / ",
                              j1_score_counts_[3], " / ", j1_score_counts_[-1]));
  AddLoaderCheck(ds, "GPT-4 relative scores unparsed ([-1,-1])", "6",
                 absl::StrCat(relative_unparsed_));
  // Pooled pair-level checks of SOURCE.md: J1 verdict per unordered pair =
  // the common verdict if both orders agree, else tie (-1 counts as tie).
  int pairs = 0, same = 0, agree3 = 0, both_decisive = 0, agree_decisive = 0;
  for (const auto& [q, calls] : calls_) {
    std::map<std::pair<std::string, std::string>, std::string> pref;
    for (const RawCall& c : calls) {
      std::string p = Preferred(c.call);
      if (p == "?") p = "";
      pref[{c.call.first, c.call.second}] = p;
    }
    for (const auto& [key, p1] : pref) {
      if (!(key.first < key.second)) continue;
      auto other = pref.find({key.second, key.first});
      if (other == pref.end()) continue;
      ++pairs;
      const std::string& p2 = other->second;
      same += p1 == p2;
      const std::string judge = p1 == p2 ? p1 : "";
      auto v = votes_.find({q, key.first, key.second});
      if (v == votes_.end()) continue;
      const double pts = *MajorityOfVotes(v->second.a, v->second.b, v->second.tie);
      const std::string human = pts == 1 ? key.first : pts == 0 ? key.second : "";
      agree3 += judge == human;
      if (!judge.empty() && !human.empty()) {
        ++both_decisive;
        agree_decisive += judge == human;
      }
    }
  }
  AddLoaderCheck(ds, "GPT-4 pairwise: same verdict in both orders", "61.3%",
                 Pct(static_cast<double>(same) / pairs));
  AddLoaderCheck(ds, "GPT-4 pairwise vs human majority: three-class agreement", "0.459",
                 F3(static_cast<double>(agree3) / pairs));
  AddLoaderCheck(
      ds, "GPT-4 pairwise vs human majority: pairs both non-tie; agreement", "1113; 0.775",
      absl::StrCat(both_decisive, "; ", F3(static_cast<double>(agree_decisive) / both_decisive)));
}

absl::StatusOr<JudgeDataset> Importer::Run() {
  for (absl::Status (Importer::*load)() :
       {&Importer::LoadQuestions, &Importer::LoadPrompts, &Importer::LoadGenerations,
        &Importer::LoadHuman, &Importer::LoadPairwise, &Importer::LoadRelative}) {
    RETURN_IF_ERROR((this->*load)());
  }
  JudgeDataset ds;
  ds.set_dataset(kDataset);
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
    if (m != kReference) seven.push_back(m);
  }
  for (const auto& [q, question] : questions_) {
    ASSIGN_OR_RETURN(*ds.add_records(), PairwiseRecord(q, all));
    ASSIGN_OR_RETURN(*ds.add_records(), RelativeRecord(q, seven));
  }
  LoaderChecks(&ds);
  log_.WriteTo(&ds);
  return ds;
}

// J1: pairwise calls.
absl::StatusOr<JudgeRecord> Importer::PairwiseRecord(int q, const std::vector<std::string>& all) {
  JudgeRecord r = BaseRecord(q, all, "gpt-4/pairwise-threeclass");
  RETURN_IF_ERROR(SetHumanGround(&r, q, all));
  std::vector<Comparison> comps;
  std::set<int> reviewer_ids;
  for (const RawCall& c : calls_[q]) {
    AddPairwiseCall(c.call, c.ref, Excerpt(c.last_line), c.sha, &r)
        ->set_parse_note("verdict = upstream 'score' field (QLoRA's parse of the last line)");
    comps.push_back(ToComparison(c.call));
    reviewer_ids.insert(c.reviewer_id);
  }
  const int expected_calls = all.size() * (all.size() - 1);
  if (r.pairwise_calls_size() != expected_calls) {
    log_.Add("missing_judge_output", "", 0, r.task_id(), "gpt-4/pairwise-threeclass",
             absl::StrCat(r.pairwise_calls_size(), " of ", expected_calls, " calls present"));
  }
  if (reviewer_ids.size() > 1) {
    log_.Add("inconsistent_reviewer_id", "", 0, r.task_id(), "reviewer_id",
             "calls of one question use several prompts");
  }
  const int prompt = reviewer_ids.empty() ? 0 : *reviewer_ids.begin();
  SetGpt4Protocol("gpt-4/pairwise-threeclass", prompt, prompt_hash_threeclass_,
                  "vicuna_prompt_threeclass.jsonl", r.mutable_judge());
  r.mutable_judge()->set_input_report_mode("pairwise, both presentation orders");
  r.mutable_judge()->set_call_form("PAIRWISE_CALLS");
  ASSIGN_OR_RETURN(const WeakOrder order, CopelandOrder(all, comps, Unvalued::kBottom));
  PredictedOrder* p = r.mutable_predicted();
  p->set_form(PredictedOrder::DERIVED_FROM_PAIRWISE_CALLS);
  p->set_derivation_policy(policy::kPairwiseDerivation);
  p->set_failure_policy("an unparsed call gives 1/2 to each side; it is counted");
  ToProto(order, p->mutable_groups());
  return r;
}

// J2: relative scores against the fixed gpt-3.5 reference.
absl::StatusOr<JudgeRecord> Importer::RelativeRecord(int q, const std::vector<std::string>& seven) {
  JudgeRecord r = BaseRecord(q, seven, "gpt-4/relative-to-gpt-3.5");
  RETURN_IF_ERROR(SetHumanGround(&r, q, seven));
  PredictedOrder* p = r.mutable_predicted();
  for (const std::string& m : seven) RelativeJudgement(q, m, r.task_id(), p->add_judgements());
  RETURN_IF_ERROR(SetPredictedFromJudgements(&r));
  p->set_derivation_policy(absl::StrCat(
      policy::kPointwiseDerivation,
      "; score = mean of the answer's 1-10 score over the two presentation orders against "
      "the gpt-3.5 reference (an unparsed order is left out of the mean)"));
  const int prompt = calls_[q].empty() ? 0 : calls_[q].front().reviewer_id;
  SetGpt4Protocol("gpt-4/relative-to-gpt-3.5", prompt, prompt_hash_relative_,
                  "vicuna_prompt_relative.jsonl", r.mutable_judge());
  r.mutable_judge()->set_input_report_mode(
      "relative 1-10 score against a fixed gpt-3.5 answer, both orders");
  r.mutable_judge()->set_call_form("POINTWISE_SCORES");
  return r;
}

// The score of model `m` on question `q`: the mean over the presentation
// orders that parsed.
void Importer::RelativeJudgement(int q, const std::string& m, const std::string& task_id,
                                 CandidateJudgement* j) {
  j->set_candidate_id(m);
  const Relative& rel = relative_[{q, m}];
  j->set_raw_ref(absl::StrJoin(rel.refs, "; "));
  j->set_raw_excerpt(absl::StrJoin(rel.excerpts, " | "));
  if (!rel.seen_first || !rel.seen_second) {
    log_.Add("missing_judge_output", "", 0, task_id, m,
             absl::StrCat("relative review missing in ", !rel.seen_first ? "model-first" : "",
                          !rel.seen_first && !rel.seen_second ? " and " : "",
                          !rel.seen_second ? "reference-first" : "", " order"));
  }
  double sum = 0;
  int n = 0;
  for (const auto& s : {rel.as_first, rel.as_second}) {
    if (s) {
      sum += *s;
      ++n;
    }
  }
  j->set_parsed(n > 0);
  if (n > 0) {
    j->set_score(sum / n);
    if (n == 1) j->set_parse_error("one order unparsed or missing: mean of the other");
  } else {
    j->set_parse_error("no parsed score in either order");
  }
}

// What both GPT-4 judges share; `prompt_file` names where `prompt_hashes`
// came from.
void Importer::SetGpt4Protocol(const std::string& judge_id, int prompt,
                               const std::map<int, std::string>& prompt_hashes,
                               const std::string& prompt_file, JudgeProtocol* jp) const {
  jp->set_judge_id(judge_id);
  jp->set_model("gpt-4 (OpenAI API)");
  jp->set_model_version("not pinned (mid-2023); reviewer.jsonl names gpt-4-0328");
  auto hash = prompt_hashes.find(prompt);
  jp->set_prompt_config_hash(hash != prompt_hashes.end()
                                 ? hash->second
                                 : absl::StrCat("not available: prompt id not in ", prompt_file));
  auto temperature = reviewer_temperature_.find(prompt);
  jp->set_temperature(temperature != reviewer_temperature_.end() ? temperature->second
                                                                 : "not recorded");
  jp->set_seed_or_run_id("not recorded");
  jp->set_retries("retried on API errors (count not recorded)");
}

}  // namespace

const std::vector<std::string>& VicunaModels() {
  static const std::vector<std::string>* models =
      new std::vector<std::string>{"bard",        "gpt35",       "gpt4",       "guanaco-13b",
                                   "guanaco-30b", "guanaco-65b", "guanaco-7b", "vicuna-13b"};
  return *models;
}

absl::StatusOr<JudgeDataset> ImportVicuna(const std::map<std::string, std::string>& files,
                                          const std::map<std::string, std::string>& paths) {
  Importer importer(files, paths);
  return importer.Run();
}

}  // namespace repro::judge
