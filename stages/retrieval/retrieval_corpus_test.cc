#include "stages/retrieval/retrieval_corpus.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/retrieval/test_corpus.h"

namespace repro::retrieval {
namespace {

using ::testing::HasSubstr;
using testing::MakeSnapshot;
using testing::NaiveChunkFile;
using testing::NaiveChunks;
using testing::SmallGoSnapshot;

TEST(CorpusTest, FilesAndChunksInKeyOrder) {
  corpus::Snapshot s = SmallGoSnapshot();
  absl::StatusOr<Corpus> c = Corpus::Create(s, NaiveChunks(s));
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->repository(), "unit");
  ASSERT_EQ(c->files().size(), 5u);
  EXPECT_EQ(c->files()[0].path, "cache/gcs/adapter.go");
  EXPECT_EQ(c->files()[4].path, "helpers/trace/buffer.go");
  // gcs/adapter.go: rest-of-file chunk "" first, then adapter.GetUploadURL, signedURL.
  ASSERT_GE(c->chunks().size(), 3u);
  EXPECT_EQ(c->chunks()[0].function, "");
  EXPECT_EQ(c->chunks()[1].function, "adapter.GetUploadURL");
  EXPECT_EQ(c->chunks()[2].function, "signedURL");
  EXPECT_EQ(c->chunks()[2].start_line, 7u);
  EXPECT_EQ(c->ChunkDocument(2),
            "cache/gcs/adapter.go\nfunc signedURL(bucket, method string) string {\n"
            "\treturn bucket + method\n}\n");
  EXPECT_EQ(c->FileDocument(0).substr(0, 34), "cache/gcs/adapter.go\npackage gcs\n\n");
}

TEST(CorpusTest, RestrictedKeepsTheNamedFilesAndTheirChunks) {
  corpus::Snapshot s = SmallGoSnapshot();
  absl::StatusOr<Corpus> c = Corpus::Create(s, NaiveChunks(s));
  ASSERT_TRUE(c.ok()) << c.status();
  const Corpus r = c->Restricted({"helpers/trace/buffer.go", "cache/gcs/adapter.go", "no/such.go"});
  ASSERT_EQ(r.files().size(), 2u);
  EXPECT_EQ(r.files()[0].path, "cache/gcs/adapter.go");
  EXPECT_EQ(r.files()[1].path, "helpers/trace/buffer.go");
  EXPECT_EQ(r.FileDocument(1), c->FileDocument(4));
  size_t kept = 0;
  for (const Corpus::ChunkEntry& ch : c->chunks()) kept += ch.file == 0 || ch.file == 4;
  ASSERT_EQ(r.chunks().size(), kept);
  EXPECT_EQ(r.ChunkDocument(2), c->ChunkDocument(2));
  EXPECT_EQ(r.chunks().back().file, 1u);
  EXPECT_EQ(r.snapshot_sha256(), c->snapshot_sha256());
}

TEST(CorpusTest, ExtraFilesNeedChunks) {
  corpus::Snapshot s = SmallGoSnapshot();
  corpus::ChunkSet cs = NaiveChunks(s);
  std::vector<ExtraFile> extra = {
      {"__harness_distractors__/d0.go", "package d\n\nfunc S3() {\n}\n"}};
  absl::StatusOr<Corpus> c = Corpus::Create(s, cs, extra);
  EXPECT_TRUE(IsError(c, absl::StatusCode::kInvalidArgument,
                      "__harness_distractors__/d0.go (extra) has no chunk"));
  NaiveChunkFile(extra[0].path, extra[0].content, &cs);
  c = Corpus::Create(s, cs, extra);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->files().size(), 6u);
  EXPECT_TRUE(c->files()[0].extra);  // "__" sorts before "cache"
}

TEST(CorpusTest, ExtraFileMayNotShadowARealFile) {
  corpus::Snapshot s = SmallGoSnapshot();
  absl::StatusOr<Corpus> c =
      Corpus::Create(s, NaiveChunks(s), {{"helpers/trace/buffer.go", "package x\n"}});
  EXPECT_TRUE(IsError(c, absl::StatusCode::kInvalidArgument, "already in the corpus"));
}

TEST(CorpusTest, RejectsBadSnapshots) {
  corpus::Snapshot s = SmallGoSnapshot();
  corpus::ChunkSet cs = NaiveChunks(s);
  corpus::Snapshot bad = s;
  bad.mutable_files(1)->set_content("tampered");
  bad.mutable_files(1)->set_bytes(8);
  EXPECT_THAT(Corpus::Create(bad, cs).status().message(),
              HasSubstr("snapshot unit@1111111111111111111111111111111111111111: files[1] "
                        "(cache/s3/client.go).sha256: expected"));
  bad = s;
  bad.mutable_files(2)->clear_content();
  EXPECT_THAT(Corpus::Create(bad, cs).status().message(), HasSubstr("manifest without content"));
  bad = s;
  bad.mutable_files()->SwapElements(0, 1);
  EXPECT_THAT(Corpus::Create(bad, cs).status().message(), HasSubstr("strict byte order"));
  corpus::ChunkSet other = cs;
  other.set_snapshot_sha256("x");
  EXPECT_THAT(Corpus::Create(s, other).status().message(),
              HasSubstr("ChunkSet.snapshot_sha256: expected"));
  other = cs;
  other.mutable_chunks(0)->set_path("nope.go");
  EXPECT_THAT(Corpus::Create(s, other).status().message(), HasSubstr("not a file of the corpus"));
  other = cs;
  *other.add_chunks() = cs.chunks(0);
  EXPECT_THAT(Corpus::Create(s, other).status().message(), HasSubstr("duplicate chunk key"));
}

TEST(CorpusTest, EmptyCorpus) {
  corpus::Snapshot s = MakeSnapshot("empty", {});
  absl::StatusOr<Corpus> c = Corpus::Create(s, NaiveChunks(s));
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_TRUE(c->files().empty());
  EXPECT_TRUE(c->chunks().empty());
}

}  // namespace
}  // namespace repro::retrieval
