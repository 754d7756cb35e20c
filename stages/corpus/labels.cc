#include "stages/corpus/labels.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "stages/corpus/corpus_path.h"
#include "stages/corpus/functions.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/utf8.h"

namespace repro {
namespace corpus {
namespace {

bool IsGold(const Chunk& f, const std::vector<OldSideChange>& changes) {
  for (const OldSideChange& c : changes) {
    if (c.count > 0) {
      const uint32_t last = c.start + c.count - 1;
      if (c.start <= f.end_line() && last >= f.start_line()) return true;
    } else if (f.start_line() <= c.start && c.start < f.end_line()) {
      return true;
    }
  }
  return false;
}

// One change as FunctionlessGoldFile.changed_lines writes it: "120-124",
// "7", "after 57".
std::string ChangeText(const OldSideChange& c) {
  if (c.count == 0) return absl::StrCat("after ", c.start);
  if (c.count == 1) return absl::StrCat(c.start);
  return absl::StrCat(c.start, "-", c.start + c.count - 1);
}

std::string ChangedLines(const std::vector<OldSideChange>& changes) {
  std::vector<std::string> parts;
  for (const OldSideChange& c : changes) parts.push_back(ChangeText(c));
  return absl::StrJoin(parts, ", ");
}

std::string Describe(const GoldFunction& g) {
  return absl::StrCat(g.file(), " ", g.function(), " [", g.base_start_line(), "-",
                      g.base_end_line(), "]");
}

// Why a changed file is not gold ("" when it is): only a modified file of
// the set's languages that no non-gold rule matches is.
std::string NotGoldReason(const NameStatusRow& row, const LanguageSet& languages) {
  static const auto* kinds = new std::map<char, std::string>{
      {'A', "added"}, {'D', "deleted"}, {'R', "renamed"}, {'C', "copied"}, {'T', "type changed"}};
  if (row.status != "M") {
    const auto it = row.status.empty() ? kinds->end() : kinds->find(row.status[0]);
    return it == kinds->end() ? absl::StrCat("status ", row.status) : it->second;
  }
  std::string rule = languages.NonGoldRule(row.path);
  if (rule.empty() && !IsValidUtf8(row.path)) {
    return "path not valid UTF-8 (skipped by the snapshot, escaped here)";
  }
  return rule;
}

}  // namespace

absl::StatusOr<DerivedLabels> DeriveLabels(
    const Task& task, const std::vector<NameStatusRow>& name_status,
    const std::map<std::string, std::vector<OldSideChange>>& changes, const ChunkSet& base_chunks,
    const std::set<std::string>& stale_paths, const LanguageSet& languages) {
  DerivedLabels out;
  Labels& labels = out.labels;
  labels.set_task_id(task.id());
  labels.set_base_commit(task.base_commit());
  labels.set_fix_commit(task.fix_commit());

  std::vector<std::string> gold_files;
  for (const NameStatusRow& row : name_status) {
    const std::string reason = NotGoldReason(row, languages);
    if (reason.empty()) {
      gold_files.push_back(row.path);
    } else {
      NotGold* n = labels.add_not_gold();
      n->set_path(
          Utf8Safe(row.new_path.empty() ? row.path : absl::StrCat(row.path, " -> ", row.new_path)));
      n->set_status(row.status);
      n->set_reason(reason);
    }
  }
  std::sort(gold_files.begin(), gold_files.end());
  gold_files.erase(std::unique(gold_files.begin(), gold_files.end()), gold_files.end());

  for (const std::string& file : gold_files) {
    labels.add_gold_files(file);
    auto it = changes.find(file);
    if (it == changes.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("task ", task.id(), ": gold file ", file,
                       " has no section in the -U0 diff of base..fix"));
    }
    bool has_chunks = false;
    std::vector<GoldFunction> gold;
    for (const Chunk& c : base_chunks.chunks()) {
      if (c.path() != file) continue;
      has_chunks = true;
      if (c.function().empty() || !IsGold(c, it->second)) continue;
      GoldFunction g;
      g.set_file(file);
      g.set_function(c.function());
      g.set_base_start_line(c.start_line());
      g.set_base_end_line(c.end_line());
      gold.push_back(g);
    }
    if (!has_chunks) {
      return absl::FailedPreconditionError(
          absl::StrCat("task ", task.id(), ": gold file ", file, " has no chunks at base_commit ",
                       task.base_commit(),
                       " (absent from the snapshot, or its blob is missing from the clone)"));
    }
    std::sort(gold.begin(), gold.end(), [](const GoldFunction& a, const GoldFunction& b) {
      return std::make_tuple(a.base_start_line(), a.base_end_line(), a.function()) <
             std::make_tuple(b.base_start_line(), b.base_end_line(), b.function());
    });
    if (gold.empty()) {
      FunctionlessGoldFile* f = labels.add_functionless_gold_files();
      f->set_file(file);
      f->set_changed_lines(ChangedLines(it->second));
    }
    for (GoldFunction& g : gold) *labels.add_gold_functions() = std::move(g);
    GoldInStale s;
    s.set_file(file);
    s.set_exists(stale_paths.count(file) != 0);
    *labels.add_gold_in_stale() = s;
    out.gold_in_stale.push_back(s);
  }
  return out;
}

ChangedSpan SpanOf(const std::vector<OldSideChange>& changes) {
  ChangedSpan span;
  for (const OldSideChange& c : changes) {
    const uint32_t first = c.count == 0 ? std::max<uint32_t>(c.start, 1) : c.start;
    const uint32_t last = c.count == 0 ? c.start + 1 : c.start + c.count - 1;
    if (span.first == 0 || first <= span.first) span.insertion_first = c.count == 0;
    span.first = span.first == 0 ? first : std::min(span.first, first);
    if (last >= span.last) span.insertion_last = c.count == 0;
    span.last = std::max(span.last, last);
  }
  return span;
}

// The first line from `line` on (1-based), going by `step` (1: down, -1:
// up), with a non-blank byte; 0 or past the last line when none.
uint32_t NonBlankLineFrom(absl::string_view text, uint32_t line, int step) {
  const std::vector<absl::string_view> lines = absl::StrSplit(text, '\n');
  while (line >= 1 && line <= lines.size() && absl::StripAsciiWhitespace(lines[line - 1]).empty()) {
    line += step;
  }
  return line;
}

absl::Status AddNodeTypes(const Snapshot& base,
                          const std::map<std::string, std::vector<OldSideChange>>& changes,
                          const LanguageSet& languages, Labels* labels) {
  for (FunctionlessGoldFile& f : *labels->mutable_functionless_gold_files()) {
    const languages::Rules* rules = languages.LanguageOf(f.file());
    const auto change = changes.find(f.file());
    const auto file = std::find_if(base.files().begin(), base.files().end(),
                                   [&](const SourceFile& s) { return s.path() == f.file(); });
    if (rules == nullptr || change == changes.end() || file == base.files().end()) continue;
    ASSIGN_OR_RETURN(std::unique_ptr<FunctionParser> parser, FunctionParser::Create(*rules));
    const ChangedSpan span = SpanOf(change->second);
    const uint32_t first =
        span.insertion_first ? NonBlankLineFrom(file->content(), span.first, -1) : span.first;
    const uint32_t last =
        span.insertion_last ? NonBlankLineFrom(file->content(), span.last, 1) : span.last;
    ASSIGN_OR_RETURN(const NodeKind kind, parser->NodeHolding(file->content(), first, last));
    f.set_node_type(kind.type);
    f.set_top_level(kind.root);
  }
  return absl::OkStatus();
}

std::vector<std::string> CompareLabels(const DerivedLabels& derived, const Task& expected) {
  std::vector<std::string> diffs;
  const Labels& l = derived.labels;
  std::set<std::string> got_files(l.gold_files().begin(), l.gold_files().end());
  std::set<std::string> want_files(expected.gold_files().begin(), expected.gold_files().end());
  for (const std::string& f : want_files) {
    if (!got_files.count(f)) diffs.push_back("gold file expected, not derived: " + f);
  }
  for (const std::string& f : got_files) {
    if (!want_files.count(f)) diffs.push_back("gold file derived, not expected: " + f);
  }
  std::set<std::string> got_fns, want_fns;
  for (const GoldFunction& g : l.gold_functions()) got_fns.insert(Describe(g));
  for (const GoldFunction& g : expected.gold_functions()) want_fns.insert(Describe(g));
  for (const std::string& f : want_fns) {
    if (!got_fns.count(f)) diffs.push_back("gold function expected, not derived: " + f);
  }
  for (const std::string& f : got_fns) {
    if (!want_fns.count(f)) diffs.push_back("gold function derived, not expected: " + f);
  }
  std::map<std::string, bool> got_stale, want_stale;
  for (const GoldInStale& s : derived.gold_in_stale) got_stale[s.file()] = s.exists();
  for (const GoldInStale& s : expected.gold_in_stale()) want_stale[s.file()] = s.exists();
  for (const auto& [file, exists] : want_stale) {
    auto it = got_stale.find(file);
    if (it == got_stale.end()) {
      diffs.push_back(
          absl::StrCat("gold_in_stale expected for ", file, ", no such derived gold file"));
    } else if (it->second != exists) {
      diffs.push_back(absl::StrCat("gold_in_stale of ", file, ": expected ",
                                   exists ? "true" : "false", ", derived ",
                                   it->second ? "true" : "false"));
    }
  }
  for (const auto& [file, exists] : got_stale) {
    if (!want_stale.count(file)) {
      diffs.push_back(absl::StrCat("gold_in_stale derived for ", file, " (",
                                   exists ? "true" : "false", "), not expected"));
    }
  }
  return diffs;
}

std::string NoGoldFileSummary(const std::vector<NameStatusRow>& rows) {
  if (rows.empty()) return "no file changed";
  // (status letter, what it did), in message order.
  const std::vector<std::pair<char, std::string>> kinds = {
      {'R', "renamed"}, {'C', "copied"}, {'A', "added"}, {'D', "deleted"}, {'T', "type-changed"}};
  std::map<char, int> count;
  int outside = 0;
  for (const NameStatusRow& row : rows) {
    if (row.status.empty()) continue;
    if (row.status[0] == 'M') {
      ++outside;  // a gold candidate would have been a gold file
    } else {
      ++count[row.status[0]];
    }
  }
  std::vector<std::string> parts;
  for (const auto& [letter, what] : kinds) {
    if (count[letter] > 0) {
      parts.push_back(absl::StrCat(count[letter], count[letter] == 1 ? " file " : " files ", what));
    }
  }
  if (outside > 0) {
    parts.push_back(absl::StrCat(outside, outside == 1 ? " file" : " files",
                                 " changed outside the indexed sources (tests, vendored, "
                                 "generated or other-language files)"));
  }
  parts.push_back("0 indexed source lines changed");
  return absl::StrJoin(parts, ", ");
}

absl::Status NoGoldFileError(absl::string_view where, const Task& task,
                             const std::vector<NameStatusRow>& rows) {
  const bool patch = !task.patch().empty();
  return absl::FailedPreconditionError(absl::StrCat(
      where, ": task ", task.id(), ", field ", patch ? "patch" : "fix_commit",
      ": the fix changes no indexed source line (", NoGoldFileSummary(rows),
      "), so the task has no gold file and cannot be scored; ",
      patch ? "a patch must modify a source file that is not a test (tests go in test_patch)"
            : "give the commit that changes the code as fix_commit",
      ", or remove the task"));
}

absl::Status CheckPatchDigest(absl::string_view where, const Task& task, absl::string_view digest,
                              absl::string_view file) {
  const absl::string_view read = absl::StripTrailingAsciiWhitespace(digest);
  const std::string expected = Sha256Hex(task.patch());
  if (read == expected) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat(where, ": task ", task.id(), ", field patch: the diff read (", file,
                   ") is of a patch of sha256 ", read, ", the task's patch has sha256 ", expected,
                   ": the task file and the history repository disagree; refetch it (bazel sync "
                   "--only=<set>_history)"));
}

}  // namespace corpus
}  // namespace repro
