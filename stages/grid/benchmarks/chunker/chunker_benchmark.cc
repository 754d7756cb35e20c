// Google Benchmark of the chunker (chunker.h) on one real snapshot:
// BM_ChunkSnapshot chunks every file of the snapshot with its language's
// parser (ChunkSnapshot, as the corpus chunk stage does) and reports bytes/s
// (of file content) and items/s (files). Run per language on one snapshot
// each (//stages/grid/benchmarks/chunker; results: docs/benchmarks.md).
//
// Flags: --snapshot, the files of a snapshot stage target ($(rootpaths):
// the artifact is the one ending in ".pb"); --rules, the rules files of the
// snapshot's task set, one per language.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "benchmark/benchmark.h"
#include "stages/corpus/chunker.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/index/set_index.h"
#include "stages/corpus/language_set.h"
#include "stages/corpus/stored_corpus.h"
#include "stages/framework/pipeline/stage_proto.h"

ABSL_FLAG(std::string, index, "",
          "the task set's summary_index.textproto (stages/corpus/index/set_index.h)");
ABSL_FLAG(std::string, task, "", "the task whose base snapshot is chunked");
ABSL_FLAG(std::vector<std::string>, rules, {}, "rules.textproto of each language of the set");

namespace repro::grid {
namespace {

using corpus::ChunkSet;
using corpus::ChunkSnapshot;
using corpus::LanguageSet;
using corpus::ReadSnapshot;
using corpus::Snapshot;
using corpus::SourceFile;
namespace languages = corpus::languages;

struct Data {
  Snapshot snapshot;
  LanguageSet languages;
  int64_t bytes = 0;
};

const Data* g_data = nullptr;

void Die(const absl::Status& s) {
  std::fprintf(stderr, "chunker_benchmark: %s\n", std::string(s.message()).c_str());
  std::exit(1);
}

void Load() {
  absl::StatusOr<corpus::SetIndex> index = corpus::ReadSetIndex(absl::GetFlag(FLAGS_index));
  if (!index.ok()) Die(index.status());
  absl::StatusOr<Snapshot> read =
      ReadSnapshot(corpus::IndexProtoReader(*index, absl::GetFlag(FLAGS_task)), "base_snapshot");
  if (!read.ok()) Die(read.status());
  const Snapshot snapshot = *std::move(read);
  std::vector<languages::Rules> rules;
  for (const std::string& path : absl::GetFlag(FLAGS_rules)) {
    languages::Rules r;
    if (absl::Status s = ReadProtoFile(path, &r); !s.ok()) Die(s);
    rules.push_back(std::move(r));
  }
  absl::StatusOr<LanguageSet> languages = LanguageSet::Create(std::move(rules));
  if (!languages.ok()) Die(languages.status());
  static Data data{std::move(snapshot), *std::move(languages)};
  for (const SourceFile& f : data.snapshot.files()) data.bytes += f.content().size();
  std::vector<std::string> names;
  for (const languages::Rules& r : data.languages.rules()) names.push_back(r.language());
  std::fprintf(stderr, "chunker_benchmark: %s at %s: %d files, %lld bytes (%s)\n",
               data.snapshot.repository().c_str(), data.snapshot.commit().c_str(),
               data.snapshot.files_size(), static_cast<long long>(data.bytes),
               absl::StrJoin(names, ", ").c_str());
  g_data = &data;
}

void BM_ChunkSnapshot(benchmark::State& state) {
  int64_t chunks = 0;
  for (auto _ : state) {
    absl::StatusOr<ChunkSet> set = ChunkSnapshot(g_data->snapshot, g_data->languages);
    if (!set.ok()) Die(set.status());
    chunks = set->chunks_size();
    benchmark::DoNotOptimize(set);
  }
  state.SetBytesProcessed(state.iterations() * g_data->bytes);
  state.SetItemsProcessed(state.iterations() * g_data->snapshot.files_size());
  state.counters["chunks"] = static_cast<double>(chunks);
}

BENCHMARK(BM_ChunkSnapshot)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace repro::grid

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  absl::ParseCommandLine(argc, argv);
  repro::grid::Load();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
