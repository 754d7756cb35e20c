#include "stages/inspect/explain/authored_schemas.h"

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/inspect/explain/test_schemas.h"

namespace repro::explain {
namespace {

using ::testing::HasSubstr;

TEST(AuthoredSchemasTest, TheHeadersNameAMessageOfTheirFile) {
  std::unique_ptr<google::protobuf::Message> m = TestSchemas().New(
      "# proto-file: stages/corpus/task.proto\n"
      "# proto-message: repro.corpus.TaskSet\n");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->GetDescriptor()->full_name(), "repro.corpus.TaskSet");
  // Every schema data/ names is in the set.
  for (const char* header : {
           "# proto-file: stages/corpus/corpus.proto\n# proto-message: "
           "repro.corpus.DifferenceExplanations\n",
           "# proto-file: stages/experiments/experiment.proto\n# proto-message: "
           "repro.experiments.Experiment\n",
           "# proto-file: stages/retrieval/retrieval.proto\n# proto-message: "
           "repro.retrieval.HarnessConfig\n",
           "# proto-file: stages/studies/w04/w04.proto\n# proto-message: repro.w04.RerankCase\n",
       }) {
    EXPECT_NE(TestSchemas().New(header), nullptr) << header;
  }
}

TEST(AuthoredSchemasTest, AMissingOrMismatchedHeaderNamesNoSchema) {
  EXPECT_EQ(TestSchemas().New("# proto-message: repro.corpus.TaskSet\n"), nullptr);
  EXPECT_EQ(TestSchemas().New("# proto-file: stages/corpus/task.proto\n"), nullptr);
  // The message is declared in another file than the header names.
  EXPECT_EQ(TestSchemas().New("# proto-file: stages/corpus/corpus.proto\n"
                              "# proto-message: repro.corpus.TaskSet\n"),
            nullptr);
  EXPECT_EQ(TestSchemas().New("# proto-file: no/such.proto\n# proto-message: no.Such\n"), nullptr);
}

TEST(AuthoredSchemasTest, ABadSetFileIsAnErrorNamingIt) {
  const std::string path =
      (std::filesystem::path(std::getenv("TEST_TMPDIR")) / "bad.desc").string();
  std::ofstream(path) << "\xff\xff not a descriptor set";
  absl::StatusOr<std::unique_ptr<AuthoredSchemas>> schemas = AuthoredSchemas::Load(path);
  ASSERT_FALSE(schemas.ok());
  EXPECT_THAT(std::string(schemas.status().message()), HasSubstr(path));
  EXPECT_FALSE(AuthoredSchemas::Load(path + ".absent").ok());
}

TEST(HeaderValueTest, TheFirstHeaderOfThatName) {
  EXPECT_EQ(HeaderValue("# a: 1\n# proto-file:  x.proto \n# proto-file: y\n", "proto-file"),
            "x.proto");
  EXPECT_EQ(HeaderValue("no header\n", "proto-file"), "");
}

}  // namespace
}  // namespace repro::explain
