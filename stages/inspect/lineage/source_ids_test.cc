#include "stages/inspect/lineage/source_ids.h"

#include "gtest/gtest.h"

namespace repro::lineage {
namespace {

TEST(SourceIdsTest, TextProtoFields) {
  const char* text =
      "repository: \"gitlab-runner\"\n"
      "tasks {\n"
      "  id: \"T01\"\n"
      "  fix_commit: \"ea95dd8223fd4df3f65fd84f81157fc10fde72eb\"\n"
      "  base_commit: \"35e0f54624cbba226e569c15855064edcb481ff8\"\n"
      "}\n"
      "  records { candidate_id: \"C1\" version_hash: \"41a0c1e2\" gain: 1 }\n"
      "  note: \"written at code revision 1a7066f6c7682793b6f04445c776a93cc4fac895\"\n";
  std::vector<SourceId> ids = ExtractSourceIds("tasks.textproto", text);
  EXPECT_EQ(ids, (std::vector<SourceId>{
                     {"fix_commit", "ea95dd8223fd4df3f65fd84f81157fc10fde72eb"},
                     {"base_commit", "35e0f54624cbba226e569c15855064edcb481ff8"},
                     {"version_hash", "41a0c1e2"},
                     {"hex", "1a7066f6c7682793b6f04445c776a93cc4fac895"},
                 }));
}

TEST(SourceIdsTest, JsonAndDuplicates) {
  const char* json =
      "{\"sha256\": \"3b40e9a09a8e010b1c3adaa25ad8ab49cbc690c079cd721f50d399be2e9871ed\",\n"
      " \"again\": {\"sha256\": "
      "\"3b40e9a09a8e010b1c3adaa25ad8ab49cbc690c079cd721f50d399be2e9871ed\"},\n"
      " \"name\": \"deadbeefcafe\"}\n";
  std::vector<SourceId> ids = ExtractSourceIds("x.json", json);
  EXPECT_EQ(ids, (std::vector<SourceId>{
                     {"sha256", "3b40e9a09a8e010b1c3adaa25ad8ab49cbc690c079cd721f50d399be2e9871ed"},
                 }));
}

TEST(SourceIdsTest, TsvColumnsByHeader) {
  const char* tsv =
      "task\trole\tcommit\tfiles\tsnapshot_sha256\n"
      "T01\tbase\t35e0f54624cbba226e569c15855064edcb481ff8\t187\t"
      "bedc44bf381df405f1cddced3e85be21c42a366f73abf0d791822c855af23c59\n";
  std::vector<SourceId> ids = ExtractSourceIds("snapshot_hashes.tsv", tsv);
  EXPECT_EQ(
      ids,
      (std::vector<SourceId>{
          {"commit", "35e0f54624cbba226e569c15855064edcb481ff8"},
          {"snapshot_sha256", "bedc44bf381df405f1cddced3e85be21c42a366f73abf0d791822c855af23c59"},
      }));
}

TEST(SourceIdsTest, NothingInPlainOrBinaryText) {
  EXPECT_TRUE(ExtractSourceIds("a.md", "gain 3, cost 170/180\n").empty());
  EXPECT_TRUE(
      ExtractSourceIds("a.bin", std::string("\0ea95dd8223fd4df3f65fd84f81157fc10fde72eb", 41))
          .empty());
}

}  // namespace
}  // namespace repro::lineage
