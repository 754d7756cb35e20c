// Stage tool: the exact identification bounds table (bounds.h) for
// n = --min_n..--max_n, with the mixture envelopes of mean top-1 and mean
// best-in-top-k as functions of mean pairwise accuracy (hull vertices).
//   --out  declared output (JSON)
#include <set>

#include "absl/flags/flag.h"
#include "stages/judge/bounds.h"
#include "stages/judge/json_input.h"
#include "stages/pipeline/stage.h"

ABSL_FLAG(int, min_n, 3, "Smallest list size.");
ABSL_FLAG(int, max_n, 8, "Largest list size.");
ABSL_FLAG(std::string, out, "", "Declared output.");

int main(int argc, char** argv) {
  return repro::RunStage(argc, argv, [](repro::Stage& stage) -> absl::Status {
    using namespace repro::judge;
    Json out;
    out["definition"] =
        "strict true order of n candidates; all n! rankings enumerated; per number of concordant "
        "pairs: rankings, min/max of top-1 and of best-in-top-k (k = 1..n-1)";
    out["tables"] = Json::array();
    for (int n = absl::GetFlag(FLAGS_min_n); n <= absl::GetFlag(FLAGS_max_n); ++n) {
      absl::StatusOr<std::vector<StrictBoundsRow>> rows = StrictBounds(n);
      if (!rows.ok()) return rows.status();
      Json t;
      t["n"] = n;
      t["pairs"] = n * (n - 1) / 2;
      t["rows"] = Json::array();
      std::vector<XY> top1_points;
      std::vector<std::vector<XY>> topk_points(n);
      for (const StrictBoundsRow& r : *rows) {
        t["rows"].push_back({{"concordant", r.concordant},
                             {"accuracy", r.accuracy},
                             {"rankings", r.rankings},
                             {"top1_min", r.top1_min},
                             {"top1_max", r.top1_max},
                             {"top1_correct_rankings", r.top1_correct_rankings},
                             {"best_in_top_k_min", r.top_k_min},
                             {"best_in_top_k_max", r.top_k_max}});
        for (int y : {r.top1_min, r.top1_max}) top1_points.push_back({r.accuracy, double(y)});
        for (int k = 1; k < n; ++k) {
          topk_points[k].push_back({r.accuracy, double(r.top_k_min[k - 1])});
          topk_points[k].push_back({r.accuracy, double(r.top_k_max[k - 1])});
        }
      }
      // Envelope of the mean over many lists of size n, on a 0.01 grid of
      // mean accuracy plus every table accuracy.
      std::set<double> xs;
      for (int i = 0; i <= 100; ++i) xs.insert(i / 100.0);
      for (const StrictBoundsRow& r : *rows) xs.insert(r.accuracy);
      t["top1_envelope"] = Json::array();
      for (double x : xs) {
        absl::StatusOr<Range> e = Envelope(top1_points, x);
        if (!e.ok()) return e.status();
        t["top1_envelope"].push_back({{"accuracy", x}, {"min", e->lo}, {"max", e->hi}});
      }
      if (n > 3) {
        t["best_in_top_3_envelope"] = Json::array();
        for (double x : xs) {
          absl::StatusOr<Range> e = Envelope(topk_points[3], x);
          if (!e.ok()) return e.status();
          t["best_in_top_3_envelope"].push_back({{"accuracy", x}, {"min", e->lo}, {"max", e->hi}});
        }
      }
      out["tables"].push_back(t);
    }
    return stage.Write(absl::GetFlag(FLAGS_out), out.dump(1) + "\n");
  });
}
