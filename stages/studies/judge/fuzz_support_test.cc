#include "stages/studies/judge/fuzz_support.h"

#include "gtest/gtest.h"
#include "stages/studies/judge/synthetic_files.h"

namespace repro::judge {
namespace {

TEST(FileBundle, RoundTripsTheSyntheticFiles) {
  for (const auto& files : {SyntheticVicunaFiles(), SyntheticHumanEvalFiles()}) {
    std::map<std::string, std::string> back = ParseFileBundle(WriteFileBundle(files));
    ASSERT_EQ(back.size(), files.size());
    for (const auto& [name, content] : files) {
      std::string expected = content;
      if (expected.empty() || expected.back() != '\n') expected.push_back('\n');
      EXPECT_EQ(back[name], expected) << name;
    }
  }
}

TEST(FileBundle, HeadersSplitFilesAndLeadingBytesAreIgnored) {
  std::map<std::string, std::string> f =
      ParseFileBundle("ignored\n=== a.json\n[1,\n2]\n=== b.jsonl\n{}\n=== a.json\nlast");
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f["a.json"], "last\n");
  EXPECT_EQ(f["b.jsonl"], "{}\n");
}

}  // namespace
}  // namespace repro::judge
