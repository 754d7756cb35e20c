#include "stages/corpus/task_lock.h"

#include <algorithm>
#include <map>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/strip.h"
#include "google/protobuf/text_format.h"
#include "google/protobuf/util/message_differencer.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro {
namespace corpus {
namespace {

using google::protobuf::RepeatedPtrField;

// --- DeriveTaskLock ---

// Both lists have the same length, or an error naming the first position
// that has no counterpart.
absl::Status CheckSizes(const TaskSet& set, const std::vector<Labels>& labels) {
  const size_t n = static_cast<size_t>(set.tasks_size());
  if (labels.size() == n) return absl::OkStatus();
  const std::string head =
      absl::StrCat("the task set has ", n, " task(s), ", labels.size(), " Labels were given: ");
  if (labels.size() < n) {
    const size_t i = labels.size();
    return absl::InvalidArgumentError(
        absl::StrCat(head, "task ", i, " (", set.tasks(i).id(), ") has no Labels"));
  }
  return absl::InvalidArgumentError(
      absl::StrCat(head, "Labels ", n, " (of task ", labels[n].task_id(), ") have no task"));
}

// labels (at position i) belong to `task`: same id, fix_commit, base_commit.
absl::Status CheckLabels(size_t i, const Task& task, const Labels& labels) {
  if (labels.task_id() != task.id()) {
    return absl::InvalidArgumentError(absl::StrCat("position ", i, ": the Labels are of task ",
                                                   labels.task_id(), ", the task is ", task.id()));
  }
  if (labels.fix_commit() != task.fix_commit()) {
    return absl::InvalidArgumentError(absl::StrCat("task ", task.id(), " (position ", i,
                                                   "): Labels fix_commit ", labels.fix_commit(),
                                                   ", task fix_commit ", task.fix_commit()));
  }
  if (labels.base_commit() != task.base_commit()) {
    return absl::InvalidArgumentError(absl::StrCat("task ", task.id(), " (position ", i,
                                                   "): Labels base_commit ", labels.base_commit(),
                                                   ", task base_commit ", task.base_commit()));
  }
  return absl::OkStatus();
}

LockedTask LockTask(const Task& task, const Labels& labels) {
  LockedTask t;
  t.set_id(task.id());
  t.set_fix_commit(task.fix_commit());
  t.set_base_commit(task.base_commit());
  t.set_stale_commit(task.stale_commit());
  if (!task.patch().empty()) {
    t.set_fix_tree(task.fix_tree());
    t.set_patch_sha256(Sha256Hex(task.patch()));
  }
  if (!task.test_patch().empty()) t.set_test_patch_sha256(Sha256Hex(task.test_patch()));
  *t.mutable_gold_files() = labels.gold_files();
  *t.mutable_gold_functions() = labels.gold_functions();
  *t.mutable_gold_in_stale() = labels.gold_in_stale();
  return t;
}

// --- CompareTaskLock ---

std::string Value(const std::string& s) { return s.empty() ? "\"\"" : s; }

std::string ListText(const std::vector<std::string>& items) {
  return absl::StrCat("[", absl::StrJoin(items, ", "), "]");
}

std::string FilesText(const RepeatedPtrField<std::string>& files) {
  return ListText(std::vector<std::string>(files.begin(), files.end()));
}

std::string FunctionsText(const RepeatedPtrField<GoldFunction>& functions) {
  std::vector<std::string> items;
  for (const GoldFunction& g : functions) {
    items.push_back(absl::StrCat(g.file(), " ", g.function(), " ", g.base_start_line(), "-",
                                 g.base_end_line()));
  }
  return ListText(items);
}

std::string InStaleText(const RepeatedPtrField<GoldInStale>& in_stale) {
  std::vector<std::string> items;
  for (const GoldInStale& s : in_stale) {
    items.push_back(absl::StrCat(s.file(), ": ", s.exists() ? "true" : "false"));
  }
  return ListText(items);
}

// Appends "<prefix>field <name>: locked <l>, derived <d>" when l != d.
void AddIfDifferent(const std::string& prefix, absl::string_view name, const std::string& l,
                    const std::string& d, std::vector<std::string>* out) {
  if (l == d) return;
  out->push_back(absl::StrCat(prefix, "field ", name, ": locked ", l, ", derived ", d));
}

void CompareSetFields(const TaskLock& l, const TaskLock& d, std::vector<std::string>* out) {
  AddIfDifferent("", "task_set", Value(l.task_set()), Value(d.task_set()), out);
  AddIfDifferent("", "repository", Value(l.repository()), Value(d.repository()), out);
  AddIfDifferent("", "lsa_training_commit", Value(l.lsa_training_commit()),
                 Value(d.lsa_training_commit()), out);
}

void CompareTask(const LockedTask& l, const LockedTask& d, std::vector<std::string>* out) {
  const std::string prefix = absl::StrCat("task ", d.id(), ", ");
  AddIfDifferent(prefix, "fix_commit", Value(l.fix_commit()), Value(d.fix_commit()), out);
  AddIfDifferent(prefix, "base_commit", Value(l.base_commit()), Value(d.base_commit()), out);
  AddIfDifferent(prefix, "stale_commit", Value(l.stale_commit()), Value(d.stale_commit()), out);
  AddIfDifferent(prefix, "fix_tree", Value(l.fix_tree()), Value(d.fix_tree()), out);
  AddIfDifferent(prefix, "patch_sha256", Value(l.patch_sha256()), Value(d.patch_sha256()), out);
  AddIfDifferent(prefix, "test_patch_sha256", Value(l.test_patch_sha256()),
                 Value(d.test_patch_sha256()), out);
  AddIfDifferent(prefix, "gold_files", FilesText(l.gold_files()), FilesText(d.gold_files()), out);
  AddIfDifferent(prefix, "gold_functions", FunctionsText(l.gold_functions()),
                 FunctionsText(d.gold_functions()), out);
  AddIfDifferent(prefix, "gold_in_stale", InStaleText(l.gold_in_stale()),
                 InStaleText(d.gold_in_stale()), out);
}

// id -> the first task with that id.
std::map<std::string, const LockedTask*> ById(const TaskLock& lock) {
  std::map<std::string, const LockedTask*> by_id;
  for (const LockedTask& t : lock.tasks()) by_id.emplace(t.id(), &t);
  return by_id;
}

std::vector<std::string> Ids(const TaskLock& lock) {
  std::vector<std::string> ids;
  for (const LockedTask& t : lock.tasks()) ids.push_back(t.id());
  return ids;
}

// Steps 2 and 3 of the contract: tasks on one side only, repeated ids.
void CompareMembership(const TaskLock& l, const TaskLock& d, std::vector<std::string>* out) {
  const std::map<std::string, const LockedTask*> locked = ById(l);
  const std::map<std::string, const LockedTask*> derived = ById(d);
  for (const LockedTask& t : d.tasks()) {
    if (locked.count(t.id()) == 0) {
      out->push_back(absl::StrCat("task ", t.id(), ": derived, not in the lock"));
    }
  }
  std::map<std::string, int> times;
  for (const LockedTask& t : l.tasks()) {
    if (++times[t.id()] == 1 && derived.count(t.id()) == 0) {
      out->push_back(absl::StrCat("task ", t.id(), ": in the lock, not in the task file"));
    }
  }
  for (const auto& [id, n] : times) {
    if (n > 1) out->push_back(absl::StrCat("task ", id, ": ", n, " times in the lock"));
  }
}

// Step 4: the same ids in another order.
void CompareOrder(const TaskLock& l, const TaskLock& d, std::vector<std::string>* out) {
  const std::vector<std::string> locked = Ids(l);
  const std::vector<std::string> derived = Ids(d);
  if (locked == derived ||
      !std::is_permutation(locked.begin(), locked.end(), derived.begin(), derived.end())) {
    return;
  }
  out->push_back(absl::StrCat("task order: locked ", absl::StrJoin(locked, ", "), ", derived ",
                              absl::StrJoin(derived, ", ")));
}

// --- TaskLockReview ---

// One value as the text of a table cell, on one line (see task_lock.h).
std::string CellText(absl::string_view value) {
  std::string out;
  for (size_t i = 0; i < value.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(value[i]);
    const unsigned char next = i + 1 < value.size() ? static_cast<unsigned char>(value[i + 1]) : 0;
    if (c == '\\' || c == '|' || c == '<') {
      absl::StrAppend(&out, "\\", std::string(1, static_cast<char>(c)));
    } else if (c < 0x20 || c == 0x7f) {
      absl::StrAppend(&out, absl::StrFormat("\\x%02x", c));
    } else if (c == 0xc2 && next >= 0x80 && next <= 0x9f) {  // C1, as UTF-8
      absl::StrAppend(&out, absl::StrFormat("\\u%04x", next));
      ++i;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string Cell(const std::vector<std::string>& items) {
  if (items.empty()) return "(none)";
  std::vector<std::string> escaped;
  for (const std::string& item : items) escaped.push_back(CellText(item));
  return absl::StrJoin(escaped, "<br>");
}

std::string Short(const std::string& commit) { return commit.substr(0, 12); }

// "a field declaration" for "field_declaration".
std::string NodeTypeProse(absl::string_view type) {
  std::string words = absl::StrReplaceAll(type, {{"_", " "}});
  const bool vowel = !words.empty() && absl::StrContains("aeiou", words[0]);
  return absl::StrCat(vowel ? "an " : "a ", words);
}

// The changed lines as a subject: "the changed lines 120-124 lie", "the
// changed line 21 lies", "the lines inserted after line 532 lie".
std::string ChangedLinesSubject(absl::string_view lines) {
  const bool several = absl::StrContains(lines, ",");
  if (!several && absl::ConsumePrefix(&lines, "after ")) {
    return absl::StrCat("the lines inserted after line ", lines, " lie");
  }
  if (!several && !absl::StrContains(lines, "-")) {
    return absl::StrCat("the changed line ", lines, " lies");
  }
  return absl::StrCat("the changed lines ", lines, " lie");
}

// Why a gold file has no gold function: "a.java: the changed lines 120-124
// lie outside every chunk: a field declaration" (at the root: "the file's
// top level, a module").
std::string FunctionlessText(const FunctionlessGoldFile& f) {
  std::string out =
      absl::StrCat(f.file(), ": ", ChangedLinesSubject(f.changed_lines()), " outside every chunk");
  if (f.node_type().empty()) return out;
  return absl::StrCat(out, ": ", f.top_level() ? "the file's top level, " : "",
                      NodeTypeProse(f.node_type()));
}

std::string ReviewRow(const LockedTask& t, const Labels* labels) {
  std::vector<std::string> functions;
  for (const GoldFunction& g : t.gold_functions()) {
    functions.push_back(absl::StrCat(g.file(), ":", g.function(), " L", g.base_start_line(), "-",
                                     g.base_end_line()));
  }
  std::map<std::string, bool> exists;
  for (const GoldInStale& s : t.gold_in_stale()) exists.emplace(s.file(), s.exists());
  std::vector<std::string> in_stale;
  for (const std::string& file : t.gold_files()) {
    auto it = exists.find(file);
    in_stale.push_back(it == exists.end() ? "?" : it->second ? "yes" : "no");
  }
  const std::vector<std::string> files(t.gold_files().begin(), t.gold_files().end());
  std::vector<std::string> not_gold;
  if (labels != nullptr) {
    for (const NotGold& n : labels->not_gold()) {
      not_gold.push_back(absl::StrCat(n.path(), " (", n.status(), ": ", n.reason(), ")"));
    }
  }
  // Gold files without a gold function, and why (the labels say where the
  // changed lines lie); none at all: function recall is undefined for the
  // task (left out of its means, docs/metrics.md); the table says so.
  if (labels != nullptr) {
    for (const FunctionlessGoldFile& f : labels->functionless_gold_files()) {
      functions.push_back(FunctionlessText(f));
    }
  }
  const std::string function_cell =
      !files.empty() && t.gold_functions().empty()
          ? absl::StrCat("(none: ",
                         functions.empty() ? "the fix changes no function of its gold files"
                                           : Cell(functions),
                         "; the task is left out of function recall)")
          : Cell(functions);
  // A task given as a patch has no fix commit: the column names its tree.
  const std::string fix = t.fix_commit().empty() ? absl::StrCat("patch, tree ", Short(t.fix_tree()))
                                                 : Short(t.fix_commit());
  return absl::StrCat("| ", Cell({t.id()}), " | ", fix, " | ", Short(t.base_commit()), " | ",
                      Cell(files), " | ", function_cell, " | ", Cell(in_stale), " | ",
                      Cell(not_gold), " |\n");
}

}  // namespace

absl::StatusOr<TaskLock> DeriveTaskLock(const TaskSet& set, absl::string_view set_name,
                                        const std::vector<Labels>& labels) {
  RETURN_IF_ERROR(CheckSizes(set, labels));
  TaskLock lock;
  lock.set_task_set(std::string(set_name));
  lock.set_repository(set.repository());
  lock.set_lsa_training_commit(set.lsa_training_commit());
  for (size_t i = 0; i < labels.size(); ++i) {
    const Task& task = set.tasks(static_cast<int>(i));
    RETURN_IF_ERROR(CheckLabels(i, task, labels[i]));
    *lock.add_tasks() = LockTask(task, labels[i]);
  }
  return lock;
}

std::vector<std::string> CompareTaskLock(const TaskLock& locked, const TaskLock& derived) {
  std::vector<std::string> out;
  CompareSetFields(locked, derived, &out);
  CompareMembership(locked, derived, &out);
  CompareOrder(locked, derived, &out);
  const std::map<std::string, const LockedTask*> by_id = ById(locked);
  for (const LockedTask& d : derived.tasks()) {
    auto it = by_id.find(d.id());
    if (it != by_id.end()) CompareTask(*it->second, d, &out);
  }
  if (out.empty() && !google::protobuf::util::MessageDifferencer::Equals(locked, derived)) {
    out.push_back(
        absl::StrCat("the lock differs from the derivation in a field not compared: "
                     "locked {",
                     locked.ShortDebugString(), "}, derived {", derived.ShortDebugString(), "}"));
  }
  return out;
}

std::string TaskLockText(const TaskLock& lock) {
  std::string body;
  google::protobuf::TextFormat::Printer().PrintToString(lock, &body);
  return absl::StrCat(
      "# proto-file: stages/corpus/task.proto\n"
      "# proto-message: repro.corpus.TaskLock\n"
      "# Written by `bazel run //reports:",
      lock.task_set(),
      "_tasks_refreeze`: what the pipeline derived from the task file.\n"
      "# Review it (and its diff) before committing it.\n",
      body);
}

absl::StatusOr<TaskLock> ParseTaskLock(absl::string_view text, absl::string_view file_name) {
  TaskLock lock;
  RETURN_IF_ERROR(ParseTextProto(text, file_name, &lock));
  return lock;
}

std::string TaskLockReview(const TaskLock& lock, const std::vector<Labels>& labels) {
  std::string out = absl::StrCat("Task lock of task set ", lock.task_set(), ": ", lock.tasks_size(),
                                 " task(s), repository ", lock.repository(),
                                 ", LSA training commit ", Short(lock.lsa_training_commit()),
                                 ".\n\n| task | fix | base | gold files | gold functions | "
                                 "in stale | not gold (why) |\n|---|---|---|---|---|---|---|\n");
  for (int i = 0; i < lock.tasks_size(); ++i) {
    const Labels* l = static_cast<size_t>(i) < labels.size() ? &labels[i] : nullptr;
    absl::StrAppend(&out, ReviewRow(lock.tasks(i), l));
  }
  return out;
}

}  // namespace corpus
}  // namespace repro
