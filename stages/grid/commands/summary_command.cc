#include "stages/grid/commands/summary_command.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/index/set_index.h"
#include "stages/corpus/snapshot.h"
#include "stages/corpus/task.pb.h"
#include "stages/corpus/task_lock.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::grid {
namespace {

using corpus::Chunk;
using corpus::ChunkSet;
using corpus::CompareTaskLock;
using corpus::GoldFunction;
using corpus::Labels;
using corpus::LockedTask;
using corpus::MissingBlob;
using corpus::ParseTaskLock;
using corpus::Snapshot;
using corpus::SnapshotBytes;
using corpus::SourceFile;
using corpus::Task;
using corpus::TaskLock;
using corpus::TaskSet;

std::string g_root;  // runfiles directory of this workspace, with '/'

std::string Resolve(const std::string& short_path) { return g_root + short_path; }

absl::StatusOr<std::string> Read(const std::string& short_path) {
  return ReadFile(Resolve(short_path));
}

// The artifact at `short_path`, by its kind (binary, or JSON for the
// manifests; stage_proto.h).
template <typename M>
absl::StatusOr<M> ReadArtifact(const std::string& short_path) {
  M m;
  RETURN_IF_ERROR(ReadProtoFile(Resolve(short_path), &m));
  return m;
}

using corpus::SetIndex;

// The command that writes set `set`'s task lock (reports/experiments.bzl).
std::string Refreeze(const SetIndex& set) {
  return absl::StrCat("bazel run //reports:", set.name, "_tasks_refreeze");
}

std::string Short(const std::string& commit) { return commit.substr(0, 12); }

std::string Thousands(uint64_t n) {
  std::string s = absl::StrCat(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(i, ",");
  return s;
}

void SnapshotLine(const std::string& role, const Snapshot& m, const ChunkSet& c) {
  int functions = 0, rest = 0;
  for (const Chunk& k : c.chunks()) (k.function().empty() ? rest : functions)++;
  std::cout << absl::StrFormat("  %-6s %-12s %6d %11s %8d %10d %6d %8d  %s\n", role,
                               Short(m.commit()), m.files_size(), Thousands(SnapshotBytes(m)),
                               m.missing_size(), functions, rest, c.suspect_files_size(),
                               m.snapshot_sha256());
  for (const MissingBlob& b : m.missing()) {
    std::cout << "         missing blob at " << role << ": " << b.path() << " ("
              << Short(b.blob_id()) << ")\n";
  }
  for (const std::string& f : c.suspect_files()) {
    std::cout << "         suspect file at " << role << " (parse error nodes): " << f << "\n";
  }
}

std::map<std::string, std::string> BlobsByPath(const Snapshot& m) {
  std::map<std::string, std::string> out;
  for (const SourceFile& f : m.files()) out[f.path()] = f.blob_id();
  for (const MissingBlob& b : m.missing()) out[b.path()] = b.blob_id();
  return out;
}

struct TaskArtifacts {
  TaskSet tasks;
  Snapshot base, stale;  // manifests
  ChunkSet base_chunks, stale_chunks;
  Labels labels;
  TaskLock derived;                // the set's lock as derived
  std::optional<TaskLock> locked;  // the committed lock, when there is one
};

absl::StatusOr<TaskLock> ReadLock(const std::string& short_path) {
  ASSIGN_OR_RETURN(const std::string text, Read(short_path));
  return ParseTaskLock(text, short_path);
}

absl::StatusOr<TaskArtifacts> LoadTask(const SetIndex& set, const std::string& id) {
  TaskArtifacts a;
  auto path = [&](const std::string& task, const std::string& role) {
    return corpus::PathOf(set, task, role);
  };
  ASSIGN_OR_RETURN(const std::string task_set, path("-", "task_set"));
  ASSIGN_OR_RETURN(a.tasks, ReadArtifact<TaskSet>(task_set));
  ASSIGN_OR_RETURN(const std::string base, path(id, "base_manifest"));
  ASSIGN_OR_RETURN(a.base, ReadArtifact<Snapshot>(base));
  ASSIGN_OR_RETURN(const std::string stale, path(id, "stale_manifest"));
  ASSIGN_OR_RETURN(a.stale, ReadArtifact<Snapshot>(stale));
  // Chunk counts and ranges only: the manifests carry no content.
  const corpus::ProtoReader read = corpus::IndexProtoReader(set, id);
  ASSIGN_OR_RETURN(a.base_chunks, corpus::ReadChunkRanges(read, "base_chunks", a.base));
  ASSIGN_OR_RETURN(a.stale_chunks, corpus::ReadChunkRanges(read, "stale_chunks", a.stale));
  ASSIGN_OR_RETURN(const std::string labels, path(id, "labels"));
  ASSIGN_OR_RETURN(a.labels, ReadArtifact<Labels>(labels));
  ASSIGN_OR_RETURN(const std::string derived, path("-", "derived_lock"));
  ASSIGN_OR_RETURN(a.derived, ReadLock(derived));
  if (set.paths.count({"-", "lock"})) {
    ASSIGN_OR_RETURN(a.locked, ReadLock(set.paths.at({"-", "lock"})));
  }
  return a;
}

void PrintHeader(const SetIndex& set, const Task& task) {
  std::cout << task.id() << " (" << set.name << ")"
            << (task.subsystem().empty() ? "" : absl::StrCat(" - ", task.subsystem())) << "\n"
            << "  query:         " << task.query() << "\n"
            << "  reformulation: " << task.reformulation() << "\n"
            << (task.reformulation_provenance().empty()
                    ? ""
                    : absl::StrCat("                 (", task.reformulation_provenance(), ")\n"))
            << "  fix " << Short(task.fix_commit()) << "  base " << Short(task.base_commit())
            << "  stale " << Short(task.stale_commit())
            << (task.fix_date().empty() ? "" : absl::StrCat("  fixed ", task.fix_date())) << "\n\n";
  std::cout << absl::StrFormat("  %-6s %-12s %6s %11s %8s %10s %6s %8s  %s\n", "corpus", "commit",
                               "files", "bytes", "missing", "functions", "rest", "suspect",
                               "snapshot_sha256");
}

// What changed between stale and base (the S001 dose), file by file.
void PrintDose(const Snapshot& base, const Snapshot& stale) {
  const auto b = BlobsByPath(base), s = BlobsByPath(stale);
  std::vector<std::string> added, removed, changed;
  for (const auto& [p, blob] : b) {
    auto it = s.find(p);
    if (it == s.end()) {
      added.push_back(p);
    } else if (it->second != blob) {
      changed.push_back(p);
    }
  }
  for (const auto& [p, blob] : s) {
    if (!b.count(p)) removed.push_back(p);
  }
  std::cout << "\n  stale -> base (S001 dose): " << added.size() << " added, " << removed.size()
            << " removed, " << changed.size() << " changed corpus files";
  if (base.snapshot_sha256() == stale.snapshot_sha256()) std::cout << " (same snapshot)";
  std::cout << "\n";
  for (const auto& [sign, list] : {std::make_pair("+", &added), std::make_pair("-", &removed),
                                   std::make_pair("~", &changed)}) {
    for (const std::string& p : *list) std::cout << "    " << sign << " " << p << "\n";
  }
}

// `lock` with its set-level fields and only task `id` (none if absent).
TaskLock OneTask(const TaskLock& lock, const std::string& id) {
  TaskLock one = lock;
  one.clear_tasks();
  for (const LockedTask& t : lock.tasks()) {
    if (t.id() == id) *one.add_tasks() = t;
  }
  return one;
}

// How task `id`'s derived values compare with the committed lock: the lock
// check's lines for this task (task_lock.h), empty when equal; without a
// lock, one line saying how to write it.
std::vector<std::string> LockDifferences(const SetIndex& set, const TaskArtifacts& a,
                                         const std::string& id) {
  if (!a.locked.has_value()) {
    return {absl::StrCat(set.lock_file, " (absent): task set ", set.name,
                         " has no task lock; write it with `", Refreeze(set),
                         "`, review it, commit it")};
  }
  TaskLock locked = OneTask(*a.locked, id), derived = OneTask(a.derived, id);
  // The set-level fields are the whole set's, not this task's.
  locked.set_lsa_training_commit(derived.lsa_training_commit());
  locked.set_repository(derived.repository());
  locked.set_task_set(derived.task_set());
  return CompareTaskLock(locked, derived);
}

// The derived gold labels, and whether they equal the lock's (returned).
bool PrintLabels(const SetIndex& set, const TaskArtifacts& a, const std::string& id) {
  const Labels& labels = a.labels;
  const std::vector<std::string> differences = LockDifferences(set, a, id);
  std::cout << "\n  labels from git diff base fix: " << labels.gold_files_size()
            << " gold file(s), " << labels.gold_functions_size() << " gold function(s) - "
            << (differences.empty() ? absl::StrCat("equal to the task lock ", set.lock_file)
                                    : absl::StrCat("DIFFERENT from the task lock ", set.lock_file))
            << "\n";
  for (const std::string& d : differences) std::cout << "    " << d << "\n";
  if (!differences.empty() && a.locked.has_value()) {
    std::cout << "    (if the derivation is right: `" << Refreeze(set)
              << "`, review the diff, commit it)\n";
  }
  const std::map<std::string, std::string> stale_paths = BlobsByPath(a.stale);
  for (const std::string& f : labels.gold_files()) {
    std::cout << "    " << f << (stale_paths.count(f) ? "" : "   (absent at stale)") << "\n";
    for (const GoldFunction& g : labels.gold_functions()) {
      if (g.file() == f) {
        std::cout << "      " << g.function() << "  lines " << g.base_start_line() << "-"
                  << g.base_end_line() << "\n";
      }
    }
  }
  return differences.empty();
}

int PrintTask(const SetIndex& set, const std::string& id) {
  if (!set.not_configured.empty()) {
    std::cout << id << " (" << set.name << "): " << set.not_configured << "\n";
    return 2;
  }
  absl::StatusOr<TaskArtifacts> a = LoadTask(set, id);
  if (!a.ok()) {
    std::cerr << "summary: " << a.status().message() << "\n";
    return 1;
  }
  const Task* task = nullptr;
  for (const Task& t : a->tasks.tasks()) {
    if (t.id() == id) task = &t;
  }
  if (task == nullptr) {
    std::cerr << "summary: task " << id << " is not in the task set " << set.name << "\n";
    return 1;
  }
  PrintHeader(set, *task);
  SnapshotLine("base", a->base, a->base_chunks);
  SnapshotLine("stale", a->stale, a->stale_chunks);
  PrintDose(a->base, a->stale);
  return PrintLabels(set, *a, id) ? 0 : 1;
}

}  // namespace

int PrintTaskSummaries(const std::string& root, const std::vector<std::string>& indexes,
                       const std::vector<std::string>& ids) {
  g_root = root;
  std::vector<SetIndex> sets;
  for (const std::string& path : indexes) {
    absl::StatusOr<SetIndex> index = corpus::ReadSetIndex(Resolve(path));
    if (!index.ok()) {
      std::cerr << "summary: " << index.status().message() << "\n";
      return 1;
    }
    sets.push_back(std::move(*index));
  }
  if (ids.empty()) {
    std::cout << "usage: bazel run //stages/grid:summary -- <task id>...\n";
    for (const SetIndex& set : sets) {
      std::cout << "  " << set.name << ": " << absl::StrJoin(set.tasks, " ")
                << (set.not_configured.empty() ? "" : "  (not configured)") << "\n";
    }
    return 0;
  }
  int status = 0;
  for (size_t i = 0; i < ids.size(); ++i) {
    const std::string& id = ids[i];
    bool found = false;
    for (const SetIndex& set : sets) {  // every set that holds the id
      if (std::find(set.tasks.begin(), set.tasks.end(), id) == set.tasks.end()) continue;
      if (found || i > 0) std::cout << "\n";
      found = true;
      int s = PrintTask(set, id);
      if (s != 0) status = s;
    }
    if (!found) {
      std::cerr << "summary: no task " << id << " in any configured task set";
      for (const SetIndex& set : sets) {
        if (!set.not_configured.empty()) {
          std::cerr << "; task set " << set.name << " is not configured: " << set.not_configured;
        }
      }
      std::cerr << "\n";
      status = 1;
    }
  }
  return status;
}

}  // namespace repro::grid
