// Stage tool: model-conditioned scenarios (scenarios.h) on a fixed grid.
// Synthetic by construction; reports print them apart from empirical results.
//   --out  declared output: ScenarioGrid (judge.proto) as proto3 JSON
#include <string>
#include <tuple>
#include <vector>

#include "absl/flags/flag.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/studies/judge/judge.pb.h"
#include "stages/studies/judge/scenarios.h"

ABSL_FLAG(std::string, out, "", "Declared output.");
ABSL_FLAG(uint64_t, seed, 20260707, "Monte Carlo seed (lists longer than 8).");
ABSL_FLAG(int64_t, samples, 20000, "Monte Carlo draws per point.");

namespace repro::judge {
namespace {

void AddFamilies(ScenarioGrid* grid) {
  for (const auto& [name, parameter, definition] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"mallows", "phi",
            "P(ranking) proportional to phi^(discordant pairs) around the true order"},
           {"plackett_luce_geometric", "beta",
            "Plackett-Luce with worth exp(-beta * true rank index)"},
           {"plackett_luce_clear_winner", "beta",
            "Plackett-Luce with worth exp(beta) for the true best, 1 for the rest"}}) {
    ScenarioFamily* f = grid->add_families();
    f->set_name(name);
    f->set_parameter(parameter);
    f->set_definition(definition);
  }
}

ScenarioResult ToResult(const ScenarioPoint& pt) {
  ScenarioResult r;
  r.set_family(FamilyName(pt.family));
  r.set_parameter(pt.parameter);
  r.set_n(pt.n);
  r.set_pairwise_accuracy(pt.pairwise_accuracy);
  r.set_top1(pt.top1);
  for (double v : pt.best_in_top_k) r.add_best_in_top_k(v);
  r.set_exact(pt.exact);
  if (!pt.exact) r.set_top1_se(pt.top1_se);
  return r;
}

absl::Status Run(Stage& stage) {
  MonteCarlo mc;
  mc.seed = absl::GetFlag(FLAGS_seed);
  mc.samples = absl::GetFlag(FLAGS_samples);
  ScenarioGrid out;
  out.set_label("MODEL-CONDITIONED SCENARIOS: synthetic judges, not empirical results");
  AddFamilies(&out);
  out.mutable_monte_carlo()->set_seed(mc.seed);
  out.mutable_monte_carlo()->set_samples(mc.samples);
  out.mutable_monte_carlo()->set_used_for("n > 8");
  const std::vector<double> phis = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
  const std::vector<double> betas = {0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0};
  for (int n : {4, 8, 20}) {
    for (Family f :
         {Family::kMallows, Family::kPlackettLuceGeometric, Family::kPlackettLuceClearWinner}) {
      for (double p : f == Family::kMallows ? phis : betas) {
        ASSIGN_OR_RETURN(ScenarioPoint pt, RunScenario(f, p, n, mc));
        *out.add_points() = ToResult(pt);
      }
    }
  }
  return stage.Write(absl::GetFlag(FLAGS_out), ToJson(out));
}

}  // namespace
}  // namespace repro::judge

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::judge::Run); }
