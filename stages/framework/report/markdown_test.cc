#include "stages/framework/report/markdown.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace repro::report {
namespace {

TEST(MarkdownTextTest, PlainProseIsUnchanged) {
  const std::string prose =
      "hybrid BM25 + dense (LSA, FAISS IndexFlatIP) over function chunks, RRF k = 60; query = "
      "task query. GitLab Runner, comments removed - 1. caf\xC3\xA9";
  EXPECT_EQ(MarkdownText(prose), prose);
}

TEST(MarkdownTextTest, MarkupIsEscaped) {
  EXPECT_EQ(MarkdownText("# h *e* _u_ `c` [l](u) ![i](u) <b> a|b ~~s~~ &amp; \\"),
            "\\# h \\*e\\* \\_u\\_ \\`c\\` \\[l\\](u) !\\[i\\](u) \\<b\\> a\\|b \\~\\~s\\~\\~ "
            "\\&amp; \\\\");
}

TEST(MarkdownTextTest, StaysOnOneLine) {
  EXPECT_EQ(MarkdownText("a\n# injected\r\n- item\tx"), "a \\# injected  - item\tx");
}

TEST(MarkdownTextTest, ControlCharactersBecomeReplacementCharacters) {
  EXPECT_EQ(MarkdownText(std::string("a\0b\x07"
                                     "c\x1b[2Jd\x7f",
                                     11)),
            "a\xEF\xBF\xBD"
            "b\xEF\xBF\xBD"
            "c\xEF\xBF\xBD\\[2Jd\xEF\xBF\xBD");
}

}  // namespace
}  // namespace repro::report
