#include "stages/corpus/task_spec.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/message.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro {
namespace corpus {
namespace {

// The first control character of `s` other than tab and newline (C0, DEL,
// and C1 as UTF-8 U+0080..U+009F): "U+0000 at byte 12", or "" when none.
std::string ControlCharacter(absl::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f) {
      return absl::StrFormat("U+%04X at byte %d", c, i);
    }
    if (c == 0xc2 && i + 1 < s.size()) {
      const unsigned char next = static_cast<unsigned char>(s[i + 1]);
      if (next >= 0x80 && next <= 0x9f) return absl::StrFormat("U+%04X at byte %d", next, i);
    }
  }
  return "";
}

// A task id as it may be printed: escaped when it holds a control character.
std::string Printable(const std::string& id) {
  return ControlCharacter(id).empty() ? id : absl::StrCat("\"", absl::CHexEscape(id), "\"");
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

// id: non-empty and unique (`first_index`: the first task of each id);
// the free-text fields: non-empty.
void CheckIdAndTexts(const Task& t, int i, std::map<std::string, int>& first_index, Problems& p) {
  if (t.id().empty()) {
    p.Task(t, i, "id", "empty");
  } else if (!first_index.emplace(t.id(), i).second) {
    p.Task(t, i, "id",
           absl::StrCat("duplicate task id \"", t.id(), "\", first used by tasks[",
                        first_index[t.id()], "]"));
  }
  const std::pair<const char*, const std::string*> texts[] = {
      {"query", &t.query()},
      {"reformulation", &t.reformulation()},
      {"reformulation_provenance", &t.reformulation_provenance()},
      {"fix_date", &t.fix_date()},
      {"subsystem", &t.subsystem()}};
  for (const auto& [field, value] : texts) {
    if (value->empty()) p.Task(t, i, field, "empty");
  }
}

// Calls `report(field path, what)` for every string field of `m`, nested
// messages included ("gold_functions[0].function"), that holds a control
// character other than tab and newline. Not into `skip` (a field name).
template <typename Report>
void CheckControlCharacters(const google::protobuf::Message& m, const std::string& prefix,
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
        const std::string bad = ControlCharacter(v);
        if (!bad.empty()) {
          report(path, absl::StrCat("control character ", bad,
                                    " (authored text may hold tab and newline, no other control "
                                    "character)"));
        }
      } else if (f->type() == FieldDescriptor::TYPE_MESSAGE) {
        CheckControlCharacters(
            f->is_repeated() ? r->GetRepeatedMessage(m, f, k) : r->GetMessage(m, f),
            absl::StrCat(path, "."), "", report);
      }
    }
  }
}

// fix, base and stale commits: present, fix with one parent, base == fix^1,
// stale == base^1. Returns base_commit's index entry when it is present.
const CommitIndexEntry* CheckCommits(const HistoryView& history, const Task& t, int i,
                                     Problems& p) {
  const CommitIndexEntry* fix = CheckCommit(history, t.fix_commit(), p, &t, i, "fix_commit");
  const CommitIndexEntry* base = CheckCommit(history, t.base_commit(), p, &t, i, "base_commit");
  const CommitIndexEntry* stale = CheckCommit(history, t.stale_commit(), p, &t, i, "stale_commit");
  if (fix != nullptr && fix->parents.size() != 1) {
    p.Task(t, i, "fix_commit",
           absl::StrCat("commit ", t.fix_commit(), " has ", fix->parents.size(),
                        " parents; the protocol needs a one-parent fix"));
  } else if (fix != nullptr && base != nullptr && fix->parents[0] != t.base_commit()) {
    p.Task(t, i, "base_commit",
           absl::StrCat("expected fix_commit^1 = ", fix->parents[0], ", found ", t.base_commit()));
  }
  if (base != nullptr && stale != nullptr &&
      (base->parents.empty() || base->parents[0] != t.stale_commit())) {
    p.Task(t, i, "stale_commit",
           absl::StrCat("expected base_commit^1 = ",
                        base->parents.empty() ? "<root commit: none>" : base->parents[0],
                        ", found ", t.stale_commit()));
  }
  return base;
}

// gold_files: non-empty, sorted, unique, each present at base_commit (when
// base_commit is present). Returns the gold files.
std::set<std::string> CheckGoldFiles(const HistoryView& history, const Task& t, int i,
                                     const CommitIndexEntry* base, Problems& p) {
  if (t.gold_files_size() == 0) p.Task(t, i, "gold_files", "no gold file");
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

// gold_in_stale: exactly one entry per gold file.
void CheckGoldInStale(const Task& t, int i, const std::set<std::string>& gold, Problems& p) {
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

}  // namespace

absl::StatusOr<TaskSet> ParseTaskSet(absl::string_view text, absl::string_view file_name) {
  TaskSet set;
  RETURN_IF_ERROR(ParseTextProto(text, file_name, &set));
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

absl::Status ValidateTaskSet(const TaskSet& set, absl::string_view file_name,
                             const HistoryView& history) {
  Problems p(file_name);
  if (set.repository().empty()) p.Set("repository", "empty");
  if (set.lsa_training_commit().empty()) {
    p.Set("lsa_training_commit", "empty");
  } else {
    CheckCommit(history, set.lsa_training_commit(), p, nullptr, 0, "lsa_training_commit");
  }
  if (set.tasks_size() == 0) p.Set("tasks", "no task");
  CheckControlCharacters(set, "", "tasks", [&p](const std::string& field, const std::string& what) {
    p.Set(field, what);
  });

  std::map<std::string, int> first_index;
  for (int i = 0; i < set.tasks_size(); ++i) {
    const Task& t = set.tasks(i);
    CheckIdAndTexts(t, i, first_index, p);
    CheckControlCharacters(t, "", "", [&](const std::string& field, const std::string& what) {
      p.Task(t, i, field, what);
    });
    const CommitIndexEntry* base = CheckCommits(history, t, i, p);
    const std::set<std::string> gold = CheckGoldFiles(history, t, i, base, p);
    CheckGoldFunctions(t, i, gold, p);
    CheckGoldInStale(t, i, gold, p);
  }
  return p.ToStatus();
}

}  // namespace corpus
}  // namespace repro
