#include "stages/retrieval/external_protocol.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/testing/languages.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/retrieval/test_corpus.h"

namespace repro::retrieval {
namespace {

using ::testing::HasSubstr;

HarnessConfig Unit(DocumentUnit unit) {
  HarnessConfig c;
  c.set_name("X001");
  c.set_document_unit(unit);
  c.set_candidate_limit(3);
  return c;
}

Corpus TwoFiles() {
  const corpus::Snapshot s = testing::MakeSnapshot(
      "unit", {{"a.go", "package a\n\nfunc F() {\n}\n"}, {"b.go", "package b\n"}});
  return corpus::testing::OrDie(Corpus::Create(s, testing::NaiveChunks(s)));
}

TEST(ExternalProtocolTest, FilesAreWrittenOneALineInIdOrder) {
  absl::StatusOr<std::string> text =
      CorpusJsonLines(Unit(DOCUMENT_UNIT_FILES), TwoFiles(), corpus::testing::GoLanguages());
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text,
            "{\"id\":\"0\",\"path\":\"a.go\",\"language\":\"go\",\"text\":\"package "
            "a\\n\\nfunc F() {\\n}\\n\"}\n"
            "{\"id\":\"1\",\"path\":\"b.go\",\"language\":\"go\",\"text\":\"package b\\n\"}\n");
}

TEST(ExternalProtocolTest, ChunksCarryTheirFunctionAndLines) {
  absl::StatusOr<std::string> text = CorpusJsonLines(Unit(DOCUMENT_UNIT_FUNCTION_CHUNKS),
                                                     TwoFiles(), corpus::testing::GoLanguages());
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_THAT(*text, HasSubstr("\"function\":\"F\",\"start_line\":3,\"end_line\":4,"));
  EXPECT_EQ(std::count(text->begin(), text->end(), '\n'),
            static_cast<long>(TwoFiles().chunks().size()));
}

TEST(ExternalProtocolTest, APathOfNoLanguageIsAnError) {
  const corpus::Snapshot s = testing::MakeSnapshot("unit", {{"notes.txt", "x\n"}});
  const Corpus c = corpus::testing::OrDie(Corpus::Create(s, testing::NaiveChunks(s)));
  EXPECT_TRUE(IsError(CorpusJsonLines(Unit(DOCUMENT_UNIT_FILES), c, corpus::testing::GoLanguages()),
                      absl::StatusCode::kInvalidArgument, "corpus file notes.txt"));
}

TEST(ExternalProtocolTest, TheQueryIsOneLine) {
  EXPECT_EQ(*QueryJsonLines(Unit(DOCUMENT_UNIT_FILES), "T01", "s3 \"cache\""),
            "{\"id\":\"T01\",\"text\":\"s3 \\\"cache\\\"\"}\n");
}

HarnessConfig WithTokens(DocumentUnit unit) {
  HarnessConfig c = Unit(unit);
  c.mutable_external()->set_tokens(true);
  return c;
}

TEST(ExternalProtocolTest, TokensAreThoseOfWhatTheBuiltInHarnessIndexes) {
  absl::StatusOr<std::string> files =
      CorpusJsonLines(WithTokens(DOCUMENT_UNIT_FILES), TwoFiles(), corpus::testing::GoLanguages());
  ASSERT_TRUE(files.ok()) << files.status();
  EXPECT_THAT(*files, HasSubstr("\"text\":\"package b\\n\",\"tokens\":\"go package\"}\n"));
  absl::StatusOr<std::string> chunks = CorpusJsonLines(WithTokens(DOCUMENT_UNIT_FUNCTION_CHUNKS),
                                                       TwoFiles(), corpus::testing::GoLanguages());
  ASSERT_TRUE(chunks.ok()) << chunks.status();
  EXPECT_THAT(*chunks, HasSubstr("\"tokens\":\"go "));
  EXPECT_EQ(*QueryJsonLines(WithTokens(DOCUMENT_UNIT_FILES), "T01", "Cache cache S3"),
            "{\"id\":\"T01\",\"text\":\"Cache cache S3\",\"tokens\":\"cache cache s3\"}\n");
}

TEST(ExternalProtocolTest, ATrecRunIsRankedByScoreThenId) {
  absl::StatusOr<std::vector<ScoredDocument>> rows =
      ParseRun("T01 Q0 2 1 0.5 x\nT01 Q0 0 2 0.5 x\n\nT01\tQ0 1 3 2.25 x\n", "T01", 3, 3);
  ASSERT_TRUE(rows.ok()) << rows.status();
  ASSERT_EQ(rows->size(), 3u);
  EXPECT_EQ((*rows)[0].id, 1u);
  EXPECT_EQ((*rows)[1].id, 0u);
  EXPECT_EQ((*rows)[2].id, 2u);
  EXPECT_EQ((*rows)[0].score, 2.25);
}

TEST(ExternalProtocolTest, AJsonLinesRunIsRead) {
  absl::StatusOr<std::vector<ScoredDocument>> rows =
      ParseRun("{\"id\": \"1\", \"score\": 3}\n{\"id\": \"0\", \"score\": -1.5}\n", "T01", 2, 3);
  ASSERT_TRUE(rows.ok()) << rows.status();
  ASSERT_EQ(rows->size(), 2u);
  EXPECT_EQ((*rows)[1].score, -1.5);
}

TEST(ExternalProtocolTest, AnEmptyRunIsEmpty) { EXPECT_TRUE(ParseRun("", "T01", 2, 3)->empty()); }

TEST(ExternalProtocolTest, BadRunsNameTheLine) {
  const std::pair<const char*, const char*> cases[] = {
      {"T01 Q0 7 1 1 x\n", "line 1: expected the id of one of the 3 documents"},
      {"T01 Q0 01 1 1 x\n", "found \"01\""},
      {"T01 Q0 1 1 1 x\nT01 Q0 1 2 1 x\n", "line 2: id 1 appears twice (also line 1)"},
      {"T01 Q0 1 1 nan x\n", "line 1: expected a finite score for id 1, found nan"},
      {"T01 Q0 1 1 -inf x\n", "found -inf"},
      {"{\"id\": \"1\", \"score\": \"NaN\"}\n", "expected a finite score"},
      {"T02 Q0 1 1 1 x\n", "expected query id T01, found \"T02\""},
      {"T01 Q0 1 1\n", "line 1: expected \"<query id> Q0 <id> <rank> <score> <tag>\""},
      {"{\"id\": \"1\", \"rank\": 1}\n", "expected a JSON object"},
      {"T01 Q0 0 1 1 x\nT01 Q0 1 2 1 x\nT01 Q0 2 3 1 x\n",
       "line 3: expected at most "
       "candidate_limit = 2 rows, found more"},
  };
  for (const auto& [text, message] : cases) {
    EXPECT_TRUE(IsError(ParseRun(text, "T01", 3, 2), absl::StatusCode::kInvalidArgument, message))
        << text;
  }
}

TEST(ExternalProtocolTest, AFileScoresItsBestChunk) {
  const Corpus c = TwoFiles();  // chunks by key: a.go "", a.go F, b.go ""
  ASSERT_EQ(c.chunks().size(), 3u);
  const HarnessResult r =
      RankedResult(Unit(DOCUMENT_UNIT_FUNCTION_CHUNKS), c, {{2, 5.0}, {1, 4.0}, {0, 3.0}});
  ASSERT_EQ(r.files_size(), 2);
  EXPECT_EQ(r.files(0).path(), "b.go");
  EXPECT_EQ(r.files(1).path(), "a.go");
  EXPECT_EQ(r.files(1).score(), 4.0);
  ASSERT_EQ(r.functions_size(), 1);
  EXPECT_EQ(r.functions(0).function(), "F");
}

TEST(ExternalProtocolTest, AFileRankingListsEachFilesFunctionsInLineOrder) {
  const HarnessResult r = RankedResult(Unit(DOCUMENT_UNIT_FILES), TwoFiles(), {{0, 1.5}});
  ASSERT_EQ(r.files_size(), 1);
  ASSERT_EQ(r.functions_size(), 1);
  EXPECT_EQ(r.functions(0).path(), "a.go");
  EXPECT_EQ(r.functions(0).score(), 1.5);
}

}  // namespace
}  // namespace repro::retrieval
