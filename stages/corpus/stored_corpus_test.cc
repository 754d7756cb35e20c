#include "stages/corpus/stored_corpus.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "stages/corpus/chunker.h"
#include "stages/corpus/internal/zlib_content.h"
#include "stages/corpus/snapshot.h"
#include "stages/corpus/testing/languages.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_testing.h"

namespace repro {
namespace corpus {
namespace {

// A whole snapshot of `commit` with files {path: content}.
Snapshot Whole(const std::string& commit, const std::map<std::string, std::string>& files) {
  Snapshot s;
  s.set_repository("r");
  s.set_commit(commit);
  for (const auto& [path, content] : files) {
    SourceFile* f = s.add_files();
    f->set_path(path);
    f->set_blob_id(GitBlobId(content));
    f->set_content(content);
    f->set_bytes(content.size());
    f->set_sha256(Sha256Hex(content));
  }
  s.set_snapshot_sha256(SnapshotSha256(s));
  return s;
}

// Serialized artifacts by role, read as a stage reads its inputs.
struct Inputs {
  std::map<std::string, std::string> bytes;
  ProtoReader Reader() const {
    return [this](absl::string_view role, google::protobuf::Message* m) -> absl::Status {
      auto it = bytes.find(std::string(role));
      if (it == bytes.end())
        return absl::NotFoundError(absl::StrCat("no input with role '", role, "'"));
      m->ParseFromString(it->second);
      return absl::OkStatus();
    };
  }
};

const char kA[] = "package a\n\nfunc F() {}\n\nfunc G() {\n}\n";
const char kA2[] = "package a\n\n// G changed.\nfunc G() {\n\treturn\n}\n";
const char kB[] = "package b\n\nvar x = 1\n";
const char kC[] = "package c\n\nfunc H() {}\n";

// Three commits: one stored whole, two each against the one before.
class ChainTest : public ::testing::Test {
 protected:
  void SetUp() override {
    whole_ = {Whole("1", {{"a.go", kA}, {"b.go", kB}}), Whole("2", {{"a.go", kA2}, {"b.go", kB}}),
              Whole("3", {{"a.go", kA2}, {"c.go", kC}})};
    const LanguageSet go = testing::GoLanguages();
    for (int i = 0; i < 3; ++i) {
      const Snapshot stored =
          testing::OrDie(StoredSnapshot(whole_[i], i == 0 ? nullptr : &whole_[i - 1]));
      stored_.push_back(stored);
      std::set<std::string> paths;
      for (const SourceFile& f : stored.files()) paths.insert(f.path());
      const ChunkSet chunks = testing::OrDie(ChunkSnapshotFiles(
          whole_[i], go, [&](absl::string_view p) { return paths.count(std::string(p)) > 0; }));
      const std::string id = whole_[i].commit();
      in_.bytes[SnapshotRole(id)] = stored.SerializeAsString();
      in_.bytes[ChunksRole(id)] = StoredChunks(chunks, stored).SerializeAsString();
    }
    in_.bytes["snapshot"] = in_.bytes[SnapshotRole("3")];
    in_.bytes["chunks"] = in_.bytes[ChunksRole("3")];
  }
  std::vector<Snapshot> whole_, stored_;
  Inputs in_;
};

TEST_F(ChainTest, StoresOnlyWhatDiffers) {
  EXPECT_EQ(stored_[0].files_size(), 2);
  ASSERT_EQ(stored_[1].files_size(), 1);
  EXPECT_EQ(stored_[1].files(0).path(), "a.go");
  EXPECT_EQ(stored_[1].reference_commit(), "1");
  ASSERT_EQ(stored_[2].files_size(), 1);
  EXPECT_EQ(stored_[2].files(0).path(), "c.go");
  EXPECT_THAT(stored_[2].removed(), ::testing::ElementsAre("b.go"));
  EXPECT_EQ(stored_[2].snapshot_sha256(), whole_[2].snapshot_sha256());
}

TEST_F(ChainTest, ReadsBackTheWholeSnapshotAndChunks) {
  absl::StatusOr<Snapshot> read = ReadSnapshot(in_.Reader(), "snapshot");
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->SerializeAsString(), whole_[2].SerializeAsString());
  absl::StatusOr<ChunkSet> chunks = ReadChunks(in_.Reader(), "chunks", *read);
  ASSERT_TRUE(chunks.ok()) << chunks.status();
  const ChunkSet expected = testing::OrDie(ChunkSnapshot(whole_[2], testing::GoLanguages()));
  EXPECT_EQ(chunks->SerializeAsString(), expected.SerializeAsString());
  EXPECT_EQ(chunks->chunks(0).text(), "func G() {\n\treturn\n}\n");
}

TEST_F(ChainTest, StoredChunksHaveNoText) {
  ChunkSet stored;
  stored.ParseFromString(in_.bytes[ChunksRole("1")]);
  ASSERT_GT(stored.chunks_size(), 0);
  for (const Chunk& c : stored.chunks()) EXPECT_EQ(c.text(), "");
}

TEST_F(ChainTest, AMissingReferenceNamesTheRole) {
  in_.bytes.erase(SnapshotRole("1"));
  EXPECT_TRUE(IsError(ReadSnapshot(in_.Reader(), "snapshot"), absl::StatusCode::kNotFound,
                      "add input role snapshot@1"));
}

TEST_F(ChainTest, StoresContentCompressed) {
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(stored_[i].content_coding().format(), "zlib");
    for (const SourceFile& f : stored_[i].files()) {
      const std::string content = f.path() == "a.go"   ? (i == 0 ? kA : kA2)
                                  : f.path() == "b.go" ? kB
                                                       : kC;
      EXPECT_NE(f.content(), content) << f.path();
      EXPECT_EQ(f.bytes(), content.size()) << f.path();
      EXPECT_EQ(f.sha256(), Sha256Hex(content)) << f.path();
    }
  }
}

TEST_F(ChainTest, ReadsBackEachSnapshotByteForByte) {
  for (int i = 0; i < 3; ++i) {
    absl::StatusOr<Snapshot> read = ReadSnapshot(in_.Reader(), SnapshotRole(whole_[i].commit()));
    ASSERT_TRUE(read.ok()) << read.status();
    EXPECT_FALSE(read->has_content_coding());
    EXPECT_EQ(read->SerializeAsString(), whole_[i].SerializeAsString());
    EXPECT_EQ(read->snapshot_sha256(), SnapshotSha256(whole_[i]));
  }
}

TEST_F(ChainTest, ACorruptCompressedContentNamesTheArtifactAndPath) {
  Snapshot bad = stored_[1];
  std::string* stream = bad.mutable_files(0)->mutable_content();
  (*stream)[stream->size() / 2] ^= 0x55;
  in_.bytes[SnapshotRole("2")] = bad.SerializeAsString();
  EXPECT_TRUE(IsError(ReadSnapshot(in_.Reader(), "snapshot"), absl::StatusCode::kDataLoss,
                      "snapshot@2: commit 2: file a.go: "));
}

TEST_F(ChainTest, AnUnknownContentCodingIsDataLoss) {
  Snapshot bad = stored_[2];
  bad.mutable_content_coding()->set_format("gzip");
  in_.bytes["snapshot"] = bad.SerializeAsString();
  EXPECT_TRUE(
      IsError(ReadSnapshot(in_.Reader(), "snapshot"), absl::StatusCode::kDataLoss,
              "snapshot: commit 3: content_coding format expected \"zlib\", found \"gzip\""));
}

TEST_F(ChainTest, ContentAsIsIsReadAsIs) {
  Snapshot plain = whole_[2];
  plain.set_reference_commit("2");
  plain.clear_files();
  *plain.add_files() = whole_[2].files(1);  // c.go
  plain.add_removed("b.go");
  in_.bytes["snapshot"] = plain.SerializeAsString();
  absl::StatusOr<Snapshot> read = ReadSnapshot(in_.Reader(), "snapshot");
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->SerializeAsString(), whole_[2].SerializeAsString());
}

TEST_F(ChainTest, ACorruptContentIsDataLoss) {
  Snapshot bad = stored_[1];  // its a.go is commit 3's
  std::string other = kA2;
  other[8] = 'z';  // "package z", as long as a.go
  bad.mutable_files(0)->set_content(testing::OrDie(internal::DeflateContent(other)));
  in_.bytes[SnapshotRole("2")] = bad.SerializeAsString();
  EXPECT_TRUE(IsError(ReadSnapshot(in_.Reader(), "snapshot"), absl::StatusCode::kDataLoss,
                      "content does not match its bytes/sha256"));
}

TEST_F(ChainTest, ChunksOfAnotherSnapshotAreDataLoss) {
  absl::StatusOr<ChunkSet> chunks = ReadChunks(in_.Reader(), "chunks", whole_[1]);
  EXPECT_TRUE(IsError(chunks, absl::StatusCode::kDataLoss, "chunks of snapshot"));
}

}  // namespace
}  // namespace corpus
}  // namespace repro
