#include "stages/studies/judge/bounds.h"

#include <map>
#include <string>

#include "gtest/gtest.h"

namespace repro::judge {
namespace {

// Hand enumeration for n = 4: each ranking lists true ranks (0 = best) in
// predicted order, with its number of inversions (discordant pairs) and the
// predicted position of the true best, counted by hand.
struct HandRow {
  const char* ranking;
  int inversions;
  int best_pos;
};
const HandRow kHand4[] = {
    {"0123", 0, 1}, {"0132", 1, 1}, {"0213", 1, 1}, {"0231", 2, 1}, {"0312", 2, 1}, {"0321", 3, 1},
    {"1023", 1, 2}, {"1032", 2, 2}, {"1203", 2, 3}, {"1230", 3, 4}, {"1302", 3, 3}, {"1320", 4, 4},
    {"2013", 2, 2}, {"2031", 3, 2}, {"2103", 3, 3}, {"2130", 4, 4}, {"2301", 4, 3}, {"2310", 5, 4},
    {"3012", 3, 2}, {"3021", 4, 2}, {"3102", 4, 3}, {"3120", 5, 4}, {"3201", 5, 3}, {"3210", 6, 4},
};

TEST(StrictBounds, MatchesHandEnumerationN4) {
  std::vector<StrictBoundsRow> rows = *StrictBounds(4);
  ASSERT_EQ(rows.size(), 7u);
  // Expected table derived from the hand list above.
  std::map<int, std::vector<int>> best_pos_by_c;
  for (const HandRow& h : kHand4) best_pos_by_c[6 - h.inversions].push_back(h.best_pos);
  for (const StrictBoundsRow& r : rows) {
    const std::vector<int>& pos = best_pos_by_c[r.concordant];
    EXPECT_EQ(r.rankings, static_cast<long>(pos.size())) << "c=" << r.concordant;
    for (int k = 1; k <= 3; ++k) {
      int mn = 1, mx = 0;
      for (int p : pos) {
        mn = std::min(mn, p <= k ? 1 : 0);
        mx = std::max(mx, p <= k ? 1 : 0);
      }
      EXPECT_EQ(r.top_k_min[k - 1], mn) << "c=" << r.concordant << " k=" << k;
      EXPECT_EQ(r.top_k_max[k - 1], mx) << "c=" << r.concordant << " k=" << k;
    }
    EXPECT_EQ(r.top1_min, r.top_k_min[0]);
    EXPECT_EQ(r.top1_max, r.top_k_max[0]);
  }
  // The same table written out: c -> (rankings, top1 min, max, correct count).
  EXPECT_EQ(rows[6].rankings, 1);
  EXPECT_EQ(rows[6].top1_min, 1);
  EXPECT_EQ(rows[5].rankings, 3);
  EXPECT_EQ(rows[5].top1_min, 0);
  EXPECT_EQ(rows[5].top1_max, 1);
  EXPECT_EQ(rows[5].top1_correct_rankings, 2);
  EXPECT_EQ(rows[4].rankings, 5);
  EXPECT_EQ(rows[4].top1_correct_rankings, 2);
  EXPECT_EQ(rows[3].rankings, 6);
  EXPECT_EQ(rows[3].top1_correct_rankings, 1);
  EXPECT_EQ(rows[3].top1_max, 1);
  EXPECT_EQ(rows[2].rankings, 5);
  EXPECT_EQ(rows[2].top1_max, 0);
  EXPECT_EQ(rows[2].top_k_max[1], 1);  // best-in-top-2 still possible at c = 2
  EXPECT_EQ(rows[1].rankings, 3);
  EXPECT_EQ(rows[1].top_k_max[1], 0);
  EXPECT_EQ(rows[1].top_k_max[2], 1);
  EXPECT_EQ(rows[0].rankings, 1);
  EXPECT_EQ(rows[0].top_k_max[2], 0);
}

TEST(StrictBounds, MatchesHandEnumerationN3) {
  // 012 c3 best@1; 021 c2 @1; 102 c2 @2; 120 c1 @3; 201 c1 @2; 210 c0 @3.
  std::vector<StrictBoundsRow> rows = *StrictBounds(3);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[3].rankings, 1);
  EXPECT_EQ(rows[3].top1_min, 1);
  EXPECT_EQ(rows[2].rankings, 2);
  EXPECT_EQ(rows[2].top1_min, 0);
  EXPECT_EQ(rows[2].top1_max, 1);  // accuracy 2/3: top-1 not identified
  EXPECT_EQ(rows[2].top_k_min[1], 1);
  EXPECT_EQ(rows[1].rankings, 2);
  EXPECT_EQ(rows[1].top1_max, 0);
  EXPECT_EQ(rows[1].top_k_min[1], 0);
  EXPECT_EQ(rows[1].top_k_max[1], 1);
  EXPECT_EQ(rows[0].top_k_max[1], 0);
}

TEST(StrictBounds, ClosedFormsHoldForN3To8) {
  for (int n = 3; n <= 8; ++n) {
    const int pairs = n * (n - 1) / 2;
    long total = 0;
    const std::vector<StrictBoundsRow> rows = *StrictBounds(n);
    for (const StrictBoundsRow& r : rows) {
      total += r.rankings;
      for (int k = 1; k < n; ++k) {
        EXPECT_EQ(r.top_k_max[k - 1], r.concordant >= n - k ? 1 : 0) << n << " " << k;
        EXPECT_EQ(r.top_k_min[k - 1], r.concordant <= pairs - k ? 0 : 1) << n << " " << k;
      }
    }
    long fact = 1;
    for (int i = 2; i <= n; ++i) fact *= i;
    EXPECT_EQ(total, fact);
  }
  EXPECT_FALSE(StrictBounds(10).ok());
}

TEST(FeasiblePoints, BinaryGroundOfThree) {
  // One pass (group 0) and two fails: arrangements 0xx, x0x, xx0 with
  // accuracy 1, 1/2, 0; top-1 only for the first.
  FeasibleSet f = *FeasiblePoints({1, 2}, 2, 1000);
  EXPECT_EQ(f.arrangements, 3);
  EXPECT_EQ(f.top1, (std::vector<XY>{{0, 0}, {0.5, 0}, {1, 1}}));
  EXPECT_EQ(f.best_in_top_k, (std::vector<XY>{{0, 0}, {0.5, 1}, {1, 1}}));
  EXPECT_FALSE(FeasiblePoints({3}, 1, 1000).ok());
  EXPECT_EQ(FeasiblePoints({10, 10}, 1, 1000).status().code(),
            absl::StatusCode::kResourceExhausted);
}

TEST(MeanBound, SingleTaskEnvelope) {
  // Points (0,0), (.5,0), (1,1): at x = .75 the upper hull through (0,0) and
  // (1,1) gives .75, the lower hull through (.5,0) and (1,1) gives .5.
  std::vector<XY> pts = {{0, 0}, {0.5, 0}, {1, 1}};
  Range r = *Envelope(pts, 0.75);
  EXPECT_DOUBLE_EQ(r.hi, 0.75);
  EXPECT_DOUBLE_EQ(r.lo, 0.5);
  EXPECT_FALSE(Envelope(pts, 1.5).ok());
}

TEST(MeanBound, StrictN8MeanAccuracyPointNineDoesNotFixTop1) {
  std::vector<XY> pts;
  const std::vector<StrictBoundsRow> rows = *StrictBounds(8);
  for (const StrictBoundsRow& r : rows) {
    pts.push_back({r.accuracy, static_cast<double>(r.top1_min)});
    pts.push_back({r.accuracy, static_cast<double>(r.top1_max)});
  }
  // Two lists: mixing tasks is what the mean allows.
  Range r = *MeanBound({pts, pts}, 0.9);
  EXPECT_DOUBLE_EQ(r.hi, 1.0);
  EXPECT_DOUBLE_EQ(r.lo, 0.0);
}

}  // namespace
}  // namespace repro::judge
