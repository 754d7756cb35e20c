// Google Benchmark of the cluster bootstrap at the grid's scale: one Summary
// row of 2,000 observations in 1,000 clusters (tasks), 10,000 replicates,
// each drawing its own replicates against rows sharing one draw
// (cluster_bootstrap.h). Results: docs/benchmarks.md.
//   bazel run //stages/framework/stats:cluster_bootstrap_benchmark
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "stages/framework/stats/cluster_bootstrap.h"

namespace repro::stats {
namespace {

constexpr int kClusters = 1000;

std::vector<Observation> Row() {
  std::vector<Observation> obs;
  for (int i = 0; i < 2 * kClusters; ++i) {
    obs.push_back({std::to_string(i % kClusters), (i * 7919 % 101) / 100.0});
  }
  return obs;
}

BootstrapConfig Config() {
  BootstrapConfig config;
  config.resamples = 10000;
  config.seed = 20260704;
  return config;
}

// One row drawing its own replicates (what every row did before).
void BM_RowDrawingItsOwn(benchmark::State& state) {
  const std::vector<Observation> obs = Row();
  for (auto _ : state) benchmark::DoNotOptimize(ClusterBootstrapMean(obs, Config()));
}
BENCHMARK(BM_RowDrawingItsOwn)->Unit(benchmark::kMillisecond);

// One row given the draws its table shares (drawn once, outside the loop).
void BM_RowWithSharedDraws(benchmark::State& state) {
  const std::vector<Observation> obs = Row();
  const ClusterDraws draws = DrawClusters(Config(), kClusters);
  for (auto _ : state) benchmark::DoNotOptimize(ClusterBootstrapMean(obs, Config(), draws));
}
BENCHMARK(BM_RowWithSharedDraws)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace repro::stats

BENCHMARK_MAIN();
