// Stage tool: model-conditioned scenarios (scenarios.h) on a fixed grid.
// Synthetic by construction; reports print them apart from empirical results.
//   --out  declared output (JSON)
#include "absl/flags/flag.h"
#include "stages/judge/json_input.h"
#include "stages/judge/scenarios.h"
#include "stages/pipeline/stage.h"

ABSL_FLAG(std::string, out, "", "Declared output.");
ABSL_FLAG(uint64_t, seed, 20260707, "Monte Carlo seed (lists longer than 8).");
ABSL_FLAG(int64_t, samples, 20000, "Monte Carlo draws per point.");

int main(int argc, char** argv) {
  return repro::RunStage(argc, argv, [](repro::Stage& stage) -> absl::Status {
    using namespace repro::judge;
    MonteCarlo mc;
    mc.seed = absl::GetFlag(FLAGS_seed);
    mc.samples = absl::GetFlag(FLAGS_samples);
    Json out;
    out["label"] = "MODEL-CONDITIONED SCENARIOS: synthetic judges, not empirical results";
    out["families"] = {
        {{"name", "mallows"}, {"parameter", "phi"},
         {"definition", "P(ranking) proportional to phi^(discordant pairs) around the true order"}},
        {{"name", "plackett_luce_geometric"}, {"parameter", "beta"},
         {"definition", "Plackett-Luce with worth exp(-beta * true rank index)"}},
        {{"name", "plackett_luce_clear_winner"}, {"parameter", "beta"},
         {"definition", "Plackett-Luce with worth exp(beta) for the true best, 1 for the rest"}}};
    out["monte_carlo"] = {{"seed", mc.seed}, {"samples", mc.samples}, {"used_for", "n > 8"}};
    out["points"] = Json::array();
    const std::vector<double> phis = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
    const std::vector<double> betas = {0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0};
    for (int n : {4, 8, 20}) {
      for (Family f : {Family::kMallows, Family::kPlackettLuceGeometric, Family::kPlackettLuceClearWinner}) {
        for (double p : f == Family::kMallows ? phis : betas) {
          absl::StatusOr<ScenarioPoint> pt = RunScenario(f, p, n, mc);
          if (!pt.ok()) return pt.status();
          Json j = {{"family", FamilyName(f)}, {"parameter", p}, {"n", n},
                    {"pairwise_accuracy", pt->pairwise_accuracy}, {"top1", pt->top1},
                    {"best_in_top_k", pt->best_in_top_k}, {"exact", pt->exact}};
          if (!pt->exact) j["top1_se"] = pt->top1_se;
          out["points"].push_back(j);
        }
      }
    }
    return stage.Write(absl::GetFlag(FLAGS_out), out.dump(1) + "\n");
  });
}
