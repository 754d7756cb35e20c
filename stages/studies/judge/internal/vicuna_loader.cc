#include "stages/studies/judge/internal/vicuna_loader.h"

#include <set>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/studies/judge/json_input.h"
#include "stages/studies/judge/shortuuid.h"

namespace repro::judge::internal {
namespace {

constexpr char kChatMarker[] = "A chat between a curious human and an artificial intelligence";

class Loader {
 public:
  Loader(const std::map<std::string, std::string>& files,
         const std::map<std::string, std::string>& paths, VicunaData* data, IssueLog* log)
      : files_(files), paths_(paths), data_(*data), log_(*log) {}

  absl::Status Run();

 private:
  absl::StatusOr<std::pair<JsonLines, std::string>> Lines(const std::string& name) {
    ASSIGN_OR_RETURN(const InputFile f, FindInputFile(files_, paths_, kVicunaDataset, name));
    JsonLines jl = ParseJsonLines(*f.bytes);
    for (const MalformedLine& m : jl.malformed) {
      log_.Add("malformed_json_line", f.path, m.line, "", "",
               absl::StrCat(m.excerpt, " (", m.message, ")"));
    }
    return std::make_pair(std::move(jl), f.path);
  }

  // Whether question `q` exists; an unknown one is logged (unknown_task_id).
  bool KnownQuestion(long long q, const std::string& file, int line) {
    if (data_.questions.count(q)) return true;
    log_.Add("unknown_task_id", file, line, absl::StrCat("vicuna80/q", q), "question_id",
             "no such question");
    return false;
  }

  // f(a, b) for every ordered pair of distinct models, stopping at an error.
  template <typename F>
  static absl::Status ForEachOrderedPair(F f) {
    for (const std::string& a : VicunaModelKeys()) {
      for (const std::string& b : VicunaModelKeys()) {
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
    const std::string& ia = data_.answers[{q, a}].answer_id;
    const std::string& ib = data_.answers[{q, b}].answer_id;
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

  const std::map<std::string, std::string>& files_;
  const std::map<std::string, std::string>& paths_;
  VicunaData& data_;
  IssueLog& log_;
  std::map<long long, int> question_line_;  // question_id -> line in vicuna_questions.jsonl
};

absl::Status Loader::LoadQuestions() {
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
    data_.questions[*id] = {*text, *cat};
  }
  if (data_.questions.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(jl.second, ": no valid question"));
  }
  return absl::OkStatus();
}

absl::Status Loader::LoadPrompts() {
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
      data_.reviewer_temperature[*id] = l.value["metadata"]["temperature"].dump();
    }
  }
  for (auto [name, out] : std::vector<std::pair<std::string, std::map<int, std::string>*>>{
           {"vicuna_prompt_threeclass.jsonl", &data_.prompt_hash_threeclass},
           {"vicuna_prompt_relative.jsonl", &data_.prompt_hash_relative}}) {
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

absl::Status Loader::LoadGenerations() {
  for (const std::string& m : VicunaModelKeys()) {
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
      data_.answers[{static_cast<int>(*q), m}] = a;
    }
  }
  return absl::OkStatus();
}

absl::Status Loader::LoadHuman() {
  return ForEachOrderedPair(
      [this](const std::string& a, const std::string& b) { return LoadHumanPair(a, b); });
}

absl::Status Loader::LoadHumanPair(const std::string& a, const std::string& b) {
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
    auto [it, inserted] = data_.votes.emplace(key, oriented);
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

absl::Status Loader::LoadPairwise() {
  return ForEachOrderedPair(
      [this](const std::string& a, const std::string& b) { return LoadPairwisePair(a, b); });
}

absl::Status Loader::LoadPairwisePair(const std::string& a, const std::string& b) {
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
    ++data_.j1_score_counts[*score];
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
    data_.calls[*q].push_back(rc);
  }
  return absl::OkStatus();
}

absl::Status Loader::LoadRelative() {
  for (const std::string& m : VicunaModelKeys()) {
    if (m == kVicunaReference) continue;
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
        const std::string file_first = model_first ? m : kVicunaReference;
        const std::string file_second = model_first ? kVicunaReference : m;
        const int orient = Orientation(*q, file_first, file_second, *id1, *id2, jl.second, l.line);
        if (orient < 0) continue;
        const bool shown_first = (orient == 0) == model_first;  // the model is Assistant 1
        Relative& r = data_.relative[{static_cast<int>(*q), m}];
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
          ++data_.relative_unparsed;
          log_.Add("unparsable_judge_output", jl.second, l.line, task, "score",
                   absl::StrCat("score ", score.dump(), "; first line '", r.excerpts.back(), "'"));
        }
        (shown_first ? r.as_first : r.as_second) = mine;
      }
    }
  }
  return absl::OkStatus();
}

absl::Status Loader::Run() {
  for (absl::Status (Loader::*load)() :
       {&Loader::LoadQuestions, &Loader::LoadPrompts, &Loader::LoadGenerations, &Loader::LoadHuman,
        &Loader::LoadPairwise, &Loader::LoadRelative}) {
    RETURN_IF_ERROR((this->*load)());
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status LoadVicuna(const std::map<std::string, std::string>& files,
                        const std::map<std::string, std::string>& paths, VicunaData* data,
                        IssueLog* log) {
  return Loader(files, paths, data, log).Run();
}

}  // namespace repro::judge::internal
