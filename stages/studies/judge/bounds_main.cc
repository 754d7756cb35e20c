// Stage tool: the exact identification bounds table (bounds.h) for
// n = --min_n..--max_n, with the mixture envelopes of mean top-1 and mean
// best-in-top-k as functions of mean pairwise accuracy (hull vertices).
//   --out  declared output: BoundsTables (judge.proto) as proto3 JSON
#include <set>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/studies/judge/bounds.h"
#include "stages/studies/judge/judge.pb.h"

ABSL_FLAG(int, min_n, 3, "Smallest list size.");
ABSL_FLAG(int, max_n, 8, "Largest list size.");
ABSL_FLAG(std::string, out, "", "Declared output.");

namespace repro::judge {
namespace {

// The envelope of `points` at every accuracy of `xs`.
absl::Status AddEnvelope(const std::vector<XY>& points, const std::set<double>& xs,
                         google::protobuf::RepeatedPtrField<EnvelopePoint>* out) {
  for (double x : xs) {
    ASSIGN_OR_RETURN(Range e, Envelope(points, x));
    EnvelopePoint* p = out->Add();
    p->set_accuracy(x);
    p->set_min(e.lo);
    p->set_max(e.hi);
  }
  return absl::OkStatus();
}

absl::StatusOr<BoundsTable> Table(int n) {
  ASSIGN_OR_RETURN(std::vector<StrictBoundsRow> rows, StrictBounds(n));
  BoundsTable t;
  t.set_n(n);
  t.set_pairs(n * (n - 1) / 2);
  std::vector<XY> top1_points;
  std::vector<std::vector<XY>> topk_points(n);
  for (const StrictBoundsRow& r : rows) {
    BoundsRow* row = t.add_rows();
    row->set_concordant(r.concordant);
    row->set_accuracy(r.accuracy);
    row->set_rankings(r.rankings);
    row->set_top1_min(r.top1_min);
    row->set_top1_max(r.top1_max);
    row->set_top1_correct_rankings(r.top1_correct_rankings);
    for (int v : r.top_k_min) row->add_best_in_top_k_min(v);
    for (int v : r.top_k_max) row->add_best_in_top_k_max(v);
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
  for (const StrictBoundsRow& r : rows) xs.insert(r.accuracy);
  RETURN_IF_ERROR(AddEnvelope(top1_points, xs, t.mutable_top1_envelope()));
  if (n > 3) RETURN_IF_ERROR(AddEnvelope(topk_points[3], xs, t.mutable_best_in_top_3_envelope()));
  return t;
}

absl::Status Run(Stage& stage) {
  BoundsTables out;
  out.set_definition(
      "strict true order of n candidates; all n! rankings enumerated; per number of concordant "
      "pairs: rankings, min/max of top-1 and of best-in-top-k (k = 1..n-1)");
  for (int n = absl::GetFlag(FLAGS_min_n); n <= absl::GetFlag(FLAGS_max_n); ++n) {
    ASSIGN_OR_RETURN(*out.add_tables(), Table(n));
  }
  return stage.Write(absl::GetFlag(FLAGS_out), ToJson(out));
}

}  // namespace
}  // namespace repro::judge

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::judge::Run); }
