#include "stages/corpus/task_spec.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/message.h"
#include "google/protobuf/util/json_util.h"
#include "stages/corpus/authored_text.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/strict_json.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro {
namespace corpus {
namespace {

// A task id as it may be printed: escaped when it holds a character authored
// text may not hold.
std::string Printable(const std::string& id) {
  return ForbiddenCharacter(id).empty() ? id : absl::StrCat("\"", absl::CHexEscape(id), "\"");
}

class Problems {
 public:
  explicit Problems(absl::string_view file) : file_(file) {}
  void Set(absl::string_view field, absl::string_view what) {
    lines_.push_back(absl::StrCat(file_, ": field ", field, ": ", what));
  }
  void Task(const repro::corpus::Task& t, int i, absl::string_view field, absl::string_view what) {
    lines_.push_back(absl::StrCat(file_, ": task ", t.id().empty() ? "<no id>" : Printable(t.id()),
                                  " (tasks[", i, "]), field ", field, ": ", what));
  }
  absl::Status ToStatus() const {
    if (lines_.empty()) return absl::OkStatus();
    return absl::InvalidArgumentError(absl::StrCat(lines_.size(), " problem(s) in the task spec:\n",
                                                   absl::StrJoin(lines_, "\n")));
  }

 private:
  std::string file_;
  std::vector<std::string> lines_;
};

// Checks one commit field; returns its index entry when present.
const CommitIndexEntry* CheckCommit(const HistoryView& h, const std::string& commit, Problems& p,
                                    const Task* t, int i, absl::string_view field) {
  auto report = [&](const std::string& what) {
    if (t != nullptr) {
      p.Task(*t, i, field, what);
    } else {
      p.Set(field, what);
    }
  };
  if (!IsCommitId(commit)) {
    report(absl::StrCat("expected a 40-hex commit id, found \"", commit, "\""));
    return nullptr;
  }
  auto it = h.index.find(commit);
  if (it == h.index.end()) {
    report(absl::StrCat("commit ", commit, " is not in the history index: the ",
                        "repository rule did not read this spec (", h.remedy, ")"));
    return nullptr;
  }
  if (it->second.status != "present") {
    report(absl::StrCat("commit ", commit, " is not in ", h.description, "; ", h.remedy));
    return nullptr;
  }
  return &it->second;
}

// A search text of at most kMaxQueryBytes.
void CheckQueryLength(const Task& t, int i, absl::string_view field, absl::string_view text,
                      Problems& p) {
  if (text.size() <= kMaxQueryBytes) return;
  p.Task(t, i, field,
         absl::StrCat(text.size(), " bytes, expected at most ", kMaxQueryBytes,
                      " (64 KiB: an issue's title and body; shorten the text)"));
}

// id: non-empty and unique (`first_index`: the first task of each id);
// query: non-empty (the other free-text fields are optional); query and
// reformulation at most kMaxQueryBytes.
void CheckIdAndTexts(const Task& t, int i, std::map<std::string, int>& first_index, Problems& p) {
  if (t.id().empty()) {
    p.Task(t, i, "id", "empty");
  } else if (!first_index.emplace(t.id(), i).second) {
    p.Task(t, i, "id",
           absl::StrCat("duplicate task id \"", t.id(), "\", first used by tasks[",
                        first_index[t.id()], "]"));
  }
  if (t.query().empty()) p.Task(t, i, "query", "empty");
  CheckQueryLength(t, i, "query", t.query(), p);
  CheckQueryLength(t, i, "reformulation", t.reformulation(), p);
}

// Calls `report(field path, what)` for every string field of `m`, nested
// messages included ("gold_functions[0].function"), that holds a character
// authored text may not hold (authored_text.h). Not into `skip` (a field name).
template <typename Report>
void CheckForbiddenCharacters(const google::protobuf::Message& m, const std::string& prefix,
                              absl::string_view skip, const Report& report) {
  using google::protobuf::FieldDescriptor;
  const google::protobuf::Reflection* r = m.GetReflection();
  std::vector<const FieldDescriptor*> fields;
  r->ListFields(m, &fields);  // set fields, by number
  for (const FieldDescriptor* f : fields) {
    if (f->name() == skip) continue;
    const std::string name = absl::StrCat(prefix, f->name());
    const int n = f->is_repeated() ? r->FieldSize(m, f) : 1;
    for (int k = 0; k < n; ++k) {
      const std::string path = f->is_repeated() ? absl::StrCat(name, "[", k, "]") : name;
      if (f->type() == FieldDescriptor::TYPE_STRING) {
        const std::string v = f->is_repeated() ? r->GetRepeatedString(m, f, k) : r->GetString(m, f);
        const std::string bad = ForbiddenCharacter(v);
        if (!bad.empty()) report(path, bad);
      } else if (f->type() == FieldDescriptor::TYPE_MESSAGE) {
        CheckForbiddenCharacters(
            f->is_repeated() ? r->GetRepeatedMessage(m, f, k) : r->GetMessage(m, f),
            absl::StrCat(path, "."), "", report);
      }
    }
  }
}

// An authored (expected) commit field: empty, or equal to the derived one.
void CheckExpected(const Task& t, int i, absl::string_view field, const std::string& authored,
                   absl::string_view rule, const std::string& derived, Problems& p) {
  if (!authored.empty() && authored != derived) {
    p.Task(t, i, field, absl::StrCat("expected ", rule, " = ", derived, ", found ", authored));
  }
}

// The base of task t: an authored base_commit (explicit: a fix that spans
// several commits; history.bzl checks it is an ancestor of the fix, and
// the fix may then have any number of parents), or fix^1, when the fix has
// exactly one parent. Empty after a problem.
std::string BaseOf(const Task& t, int i, const CommitIndexEntry& fix, Problems& p) {
  if (!t.base_commit().empty()) return t.base_commit();
  if (fix.parents.size() != 1) {
    p.Task(t, i, "fix_commit",
           absl::StrCat("commit ", t.fix_commit(), " has ", fix.parents.size(),
                        " parents; without an explicit base_commit the protocol needs a ",
                        "one-parent fix (base_commit = fix_commit^1); write the base the fix ",
                        "was made on as base_commit"));
    return "";
  }
  return fix.parents[0];
}

// The base of a task given as a patch: its authored base_commit, which it
// must name, and no fix_commit; derives fix_tree, the tree the history
// repository wrote for (base_commit, sha256 of the patch), and checks an
// authored fix_tree against it. Empty after a problem.
std::string PatchBase(const HistoryView& history, Task& t, int i, Problems& p) {
  if (!t.fix_commit().empty()) {
    p.Task(t, i, "patch",
           "a task names exactly one of fix_commit and patch, found both (the fix is the commit, "
           "or the patch applied to base_commit)");
    return "";
  }
  if (t.base_commit().empty()) {
    p.Task(t, i, "base_commit",
           "empty; a task given as a patch names the commit the patch applies to (SWE-bench's "
           "base_commit)");
    return "";
  }
  if (CheckCommit(history, t.base_commit(), p, &t, i, "base_commit") == nullptr) return "";
  const std::string sha = Sha256Hex(t.patch());
  auto tree = history.patch_trees.find({t.base_commit(), sha});
  if (tree == history.patch_trees.end()) {
    p.Task(t, i, "patch",
           absl::StrCat("the history repository applied no patch of sha256 ", sha,
                        " to base_commit ", t.base_commit(),
                        ": the task file and the history repository disagree; refetch it (bazel "
                        "sync --only=<set>_history)"));
    return "";
  }
  CheckExpected(t, i, "fix_tree", t.fix_tree(), "the tree of patch on base_commit", tree->second,
                p);
  t.set_fix_tree(tree->second);
  return t.base_commit();
}

// Derives base_commit (BaseOf, or PatchBase) and stale_commit = base^1 (first parent)
// from the history index, checks an authored stale_commit against it, and
// writes them into `t`. Returns base_commit's index entry when it is
// present.
const CommitIndexEntry* DeriveCommits(const HistoryView& history, Task& t, int i, Problems& p) {
  std::string base_id;
  if (t.patch().empty()) {
    const CommitIndexEntry* fix = CheckCommit(history, t.fix_commit(), p, &t, i, "fix_commit");
    if (fix == nullptr) return nullptr;
    base_id = BaseOf(t, i, *fix, p);
  } else {
    base_id = PatchBase(history, t, i, p);
  }
  if (base_id.empty()) return nullptr;
  t.set_base_commit(base_id);
  const CommitIndexEntry* base = CheckCommit(history, base_id, p, &t, i, "base_commit");
  if (base == nullptr) return nullptr;
  if (base->parents.empty()) {
    p.Task(t, i, "stale_commit",
           absl::StrCat("base_commit ", base_id, " is a root commit: it has no parent to be ",
                        "the stale corpus (base_commit^1)"));
    return base;
  }
  CheckExpected(t, i, "stale_commit", t.stale_commit(), "base_commit^1", base->parents[0], p);
  t.set_stale_commit(base->parents[0]);
  CheckCommit(history, t.stale_commit(), p, &t, i, "stale_commit");
  return base;
}

// gold_files (expected labels, optional): sorted, unique, each present at
// base_commit (when base_commit is present). Returns the gold files.
std::set<std::string> CheckGoldFiles(const HistoryView& history, const Task& t, int i,
                                     const CommitIndexEntry* base, Problems& p) {
  if (t.gold_files_size() == 0 && (t.gold_functions_size() > 0 || t.gold_in_stale_size() > 0)) {
    p.Task(t, i, "gold_files",
           "no gold file, but gold_functions or gold_in_stale are given (expected labels are all "
           "given, or none)");
  }
  std::set<std::string> gold;
  for (int k = 0; k < t.gold_files_size(); ++k) {
    const std::string& f = t.gold_files(k);
    const std::string field = absl::StrCat("gold_files[", k, "]");
    if (k > 0 && !(t.gold_files(k - 1) < f)) {
      p.Task(
          t, i, field,
          absl::StrCat("\"", f, "\" is not after \"", t.gold_files(k - 1), "\" (sorted, unique)"));
    }
    gold.insert(f);
    if (base == nullptr) continue;
    auto tree = history.tree_paths.find(t.base_commit());
    if (tree == history.tree_paths.end()) {
      p.Task(t, i, field,
             absl::StrCat("the tree of base_commit ", t.base_commit(), " was not extracted (",
                          history.remedy, ")"));
    } else if (tree->second.count(f) == 0) {
      p.Task(t, i, field,
             absl::StrCat("gold file ", f, " is absent at base_commit ", t.base_commit()));
    }
  }
  return gold;
}

// gold_functions: in a gold file, named, 1 <= start <= end.
void CheckGoldFunctions(const Task& t, int i, const std::set<std::string>& gold, Problems& p) {
  for (int k = 0; k < t.gold_functions_size(); ++k) {
    const GoldFunction& g = t.gold_functions(k);
    const std::string field = absl::StrCat("gold_functions[", k, "]");
    if (gold.count(g.file()) == 0) {
      p.Task(t, i, field + ".file", absl::StrCat("\"", g.file(), "\" is not a gold file"));
    }
    if (g.function().empty()) p.Task(t, i, field + ".function", "empty");
    if (g.base_start_line() < 1 || g.base_end_line() < g.base_start_line()) {
      p.Task(t, i, field,
             absl::StrCat("expected 1 <= base_start_line <= base_end_line, found ",
                          g.base_start_line(), "-", g.base_end_line()));
    }
  }
}

// gold_in_stale: exactly one entry per gold file (when gold files are given).
void CheckGoldInStale(const Task& t, int i, const std::set<std::string>& gold, Problems& p) {
  if (gold.empty()) return;
  std::set<std::string> stale_files;
  for (int k = 0; k < t.gold_in_stale_size(); ++k) {
    const std::string& f = t.gold_in_stale(k).file();
    const std::string field = absl::StrCat("gold_in_stale[", k, "]");
    if (gold.count(f) == 0) {
      p.Task(t, i, field, absl::StrCat("\"", f, "\" is not a gold file"));
    } else if (!stale_files.insert(f).second) {
      p.Task(t, i, field, absl::StrCat("second entry for \"", f, "\""));
    }
  }
  for (const std::string& f : gold) {
    if (stale_files.count(f) == 0) {
      p.Task(t, i, "gold_in_stale", absl::StrCat("no entry for gold file \"", f, "\""));
    }
  }
}

// A JSON Lines task as a Task: the same fields; the gold_in_stale object
// becomes one entry per file, in file order (a JSON object has no order).
Task TaskFromLine(const TaskLine& line) {
  Task t;
  t.set_id(line.id());
  t.set_query(line.query());
  t.set_reformulation(line.reformulation());
  t.set_reformulation_provenance(line.reformulation_provenance());
  t.set_fix_commit(line.fix_commit());
  t.set_base_commit(line.base_commit());
  t.set_stale_commit(line.stale_commit());
  t.set_fix_date(line.fix_date());
  t.set_subsystem(line.subsystem());
  t.set_notes(line.notes());
  t.set_patch(line.patch());
  t.set_test_patch(line.test_patch());
  t.set_fix_tree(line.fix_tree());
  t.set_repo(line.repo());
  *t.mutable_gold_files() = line.gold_files();
  *t.mutable_gold_functions() = line.gold_functions();
  const std::map<std::string, bool> stale(line.gold_in_stale().begin(), line.gold_in_stale().end());
  for (const auto& [file, exists] : stale) {
    GoldInStale* g = t.add_gold_in_stale();
    g->set_file(file);
    g->set_exists(exists);
  }
  return t;
}

// repository and lsa_training_commit: the file's value, or else the one the
// repository rule resolved; a file value that differs from it means the
// repository is out of date.
void ApplySetDefaults(const SetDefaults& defaults, TaskSet& set, Problems& p) {
  const std::pair<const char*, std::pair<std::string*, const std::string*>> fields[] = {
      {"repository", {set.mutable_repository(), &defaults.repository}},
      {"lsa_training_commit", {set.mutable_lsa_training_commit(), &defaults.lsa_training_commit}}};
  for (const auto& [field, values] : fields) {
    auto [value, resolved] = values;
    if (value->empty()) *value = *resolved;
    if (value->empty()) {
      p.Set(field, "empty, and the repository rule resolved no value");
    } else if (!resolved->empty() && *value != *resolved) {
      p.Set(field, absl::StrCat("the repository rule used \"", *resolved, "\", the file says \"",
                                *value, "\"; refetch the history repository"));
    }
  }
}

}  // namespace

absl::StatusOr<std::map<std::pair<std::string, std::string>, std::string>> ParsePatchTrees(
    absl::string_view text, absl::string_view file_name) {
  std::map<std::pair<std::string, std::string>, std::string> trees;
  int line = 0;
  for (absl::string_view row : absl::StrSplit(text, '\n', absl::SkipEmpty())) {
    ++line;
    const std::vector<std::string> f = absl::StrSplit(row, '\t');
    const char* bad = f.size() != 3       ? "a line (expected 3 tab-separated fields)"
                      : !IsCommitId(f[0]) ? "base (expected 40 lowercase hex characters)"
                      : f[1].size() != 64 ? "patch sha256 (expected 64 hex characters)"
                      : !IsCommitId(f[2]) ? "tree (expected 40 lowercase hex characters)"
                                          : nullptr;
    if (bad != nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat(file_name, ":", line, ": field ", bad, ", found \"", row, "\""));
    }
    trees[{f[0], f[1]}] = f[2];
  }
  return trees;
}

absl::StatusOr<TaskSet> ParseTaskSet(absl::string_view text, absl::string_view file_name) {
  if (absl::EndsWith(file_name, ".jsonl")) return ParseTaskLines(text, file_name);
  TaskSet set;
  RETURN_IF_ERROR(ParseTextProto(text, file_name, &set));
  return set;
}

// A key spelled as a field's lowerCamelCase JSON name ("fixCommit"), which
// protobuf's JSON parser also accepts (the last of two spellings winning),
// is an unknown field: only the proto names (snake_case) are the file's.
absl::Status CheckFieldSpelling(const nlohmann::json& object, absl::string_view where) {
  if (!object.is_object()) return absl::OkStatus();
  const google::protobuf::Descriptor* d = TaskLine::descriptor();
  for (const auto& [key, value] : object.items()) {
    if (d->FindFieldByName(key) != nullptr) continue;
    for (int i = 0; i < d->field_count(); ++i) {
      if (d->field(i)->json_name() == key) {
        return absl::InvalidArgumentError(
            absl::StrCat(where, ": unknown field \"", key, "\" (the field is ", d->field(i)->name(),
                         ": task files use the snake_case names only)"));
      }
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<TaskSet> ParseTaskLines(absl::string_view text, absl::string_view file_name) {
  TaskSet set;
  std::map<int, std::string> errors;  // by line
  const JsonLines lines = ParseJsonLines(text);
  for (const MalformedLine& m : lines.malformed) {
    errors[m.line] = absl::StrCat(file_name, ":", m.line, ": invalid JSON: ", m.message);
  }
  for (const JsonLine& l : lines.values) {
    const std::string where = absl::StrCat(file_name, ":", l.line);
    if (absl::Status spelling = CheckFieldSpelling(l.value, where); !spelling.ok()) {
      errors[l.line] = std::string(spelling.message());
      continue;
    }
    TaskLine parsed;
    const std::string json = l.value.dump();
    const auto s = google::protobuf::util::JsonStringToMessage(json, &parsed);
    if (!s.ok()) {
      errors[l.line] =
          absl::StrCat(where, ": ", std::string(s.message().data(), s.message().size()));
      continue;
    }
    *set.add_tasks() = TaskFromLine(parsed);
  }
  if (!errors.empty()) {
    std::vector<std::string> listed;
    for (const auto& [line, message] : errors) listed.push_back(message);
    return absl::InvalidArgumentError(
        absl::StrCat(errors.size(),
                     " line(s) of the task file do not parse as a task (one JSON "
                     "object a line, the fields of repro.corpus.TaskLine):\n",
                     absl::StrJoin(listed, "\n")));
  }
  return set;
}

absl::StatusOr<const Task*> FindTask(const TaskSet& set, absl::string_view id) {
  std::vector<std::string> ids;
  for (const Task& t : set.tasks()) {
    if (t.id() == id) return &t;
    ids.push_back(t.id());
  }
  return absl::NotFoundError(absl::StrCat("no task '", id, "' in the ", set.repository(),
                                          " task set; ids: ", absl::StrJoin(ids, ", ")));
}

absl::StatusOr<TaskSet> ValidateTaskSet(TaskSet set, absl::string_view file_name,
                                        const HistoryView& history, const SetDefaults& defaults) {
  Problems p(file_name);
  ApplySetDefaults(defaults, set, p);
  if (!set.lsa_training_commit().empty()) {
    CheckCommit(history, set.lsa_training_commit(), p, nullptr, 0, "lsa_training_commit");
  }
  if (set.tasks_size() == 0) p.Set("tasks", "no task");
  CheckForbiddenCharacters(
      set, "", "tasks",
      [&p](const std::string& field, const std::string& what) { p.Set(field, what); });

  std::map<std::string, int> first_index;
  for (int i = 0; i < set.tasks_size(); ++i) {
    Task& t = *set.mutable_tasks(i);
    CheckIdAndTexts(t, i, first_index, p);
    if (!t.task_set().empty()) {
      p.Task(t, i, "task_set",
             "derived (the experiment_tasks stage writes it), never authored; found \"" +
                 t.task_set() + "\"");
    }
    CheckForbiddenCharacters(t, "", "", [&](const std::string& field, const std::string& what) {
      p.Task(t, i, field, what);
    });
    const CommitIndexEntry* base = DeriveCommits(history, t, i, p);
    const std::set<std::string> gold = CheckGoldFiles(history, t, i, base, p);
    CheckGoldFunctions(t, i, gold, p);
    CheckGoldInStale(t, i, gold, p);
  }
  RETURN_IF_ERROR(p.ToStatus());
  return set;
}

}  // namespace corpus
}  // namespace repro
