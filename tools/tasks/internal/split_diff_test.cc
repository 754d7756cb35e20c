#include "tools/tasks/internal/split_diff.h"

#include "gtest/gtest.h"

namespace repro::tasks::internal {
namespace {

constexpr char kHunk[] =
    "diff --git a/k/units.py b/k/units.py\n"
    "index 1111111..2222222 100644\n"
    "--- a/k/units.py\n"
    "+++ b/k/units.py\n"
    "@@ -1 +1 @@\n"
    "-a\n"
    "+b\n";

TEST(PatchProblemTest, TextHunksHaveNone) {
  EXPECT_EQ(PatchProblem(kHunk), "");
  EXPECT_EQ(PatchProblem(""), "");
}

TEST(PatchProblemTest, ModeChangeWithAHunkIsAccepted) {
  EXPECT_EQ(PatchProblem("diff --git a/k/x.py b/k/x.py\nold mode 100644\nnew mode 100755\n"
                         "--- a/k/x.py\n+++ b/k/x.py\n@@ -1 +1 @@\n-a\n+b\n"),
            "");
}

TEST(PatchProblemTest, RenameWithoutHunkIsAccepted) {
  EXPECT_EQ(PatchProblem("diff --git a/k/x.py b/k/y.py\nsimilarity index 100%\n"
                         "rename from k/x.py\nrename to k/y.py\n"),
            "");
}

TEST(PatchProblemTest, ModeOnlySectionAnywhere) {
  const std::string mode_only =
      "diff --git a/k/run.py b/k/run.py\nold mode 100644\nnew mode 100755\n";
  EXPECT_EQ(PatchProblem(mode_only), "mode-only");
  EXPECT_EQ(PatchProblem(mode_only + kHunk), "mode-only");
  EXPECT_EQ(PatchProblem(kHunk + mode_only), "mode-only");
}

TEST(PatchProblemTest, BinarySections) {
  EXPECT_EQ(PatchProblem(std::string(kHunk) +
                         "diff --git a/logo.png b/logo.png\nnew file mode 100644\n"
                         "index 0000000..1111111\nBinary files /dev/null and b/logo.png differ\n"),
            "binary");
  EXPECT_EQ(PatchProblem("diff --git a/logo.png b/logo.png\nGIT binary patch\nliteral 3\n"),
            "binary");
}

TEST(PatchProblemTest, CrLfLine) {
  EXPECT_EQ(PatchProblem("diff --git a/n.txt b/n.txt\n--- a/n.txt\n+++ b/n.txt\n"
                         "@@ -1 +1 @@\n-a\r\n+b\r\n"),
            "crlf");
}

}  // namespace
}  // namespace repro::tasks::internal
