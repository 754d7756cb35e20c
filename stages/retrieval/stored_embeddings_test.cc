#include "stages/retrieval/stored_embeddings.h"

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "stages/framework/pipeline/status_testing.h"
#include "stages/retrieval/chunk_vectors.h"
#include "stages/retrieval/test_corpus.h"
#include "stages/retrieval/test_harnesses.h"

namespace repro::retrieval {
namespace {

using testing::PathContent;

const char kChanged[] = "cache/s3/client.go";
const char kAdded[] = "cache/azure/signer.go";
const char kRemoved[] = "executors/docker/volumes/windows_parser.go";
const char kChangedLater[] = "helpers/trace/buffer.go";

std::vector<PathContent> Files(const corpus::Snapshot& s) {
  std::vector<PathContent> out;
  for (const corpus::SourceFile& f : s.files()) out.emplace_back(f.path(), f.content());
  return out;
}

// `files` with `path`'s content set (the file added when new) or, with
// `content` null, the file removed.
std::vector<PathContent> With(std::vector<PathContent> files, const std::string& path,
                              const char* content) {
  std::vector<PathContent> out;
  for (auto& f : files) {
    if (f.first != path) out.push_back(std::move(f));
  }
  if (content != nullptr) out.emplace_back(path, content);
  return out;
}

// Three commits of the unit corpus: 1 stored whole; 2 against 1 (a file
// changed, one added); 3 against 2 (a file removed, another changed).
class StoredEmbeddingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<testing::UnitCorpus> u = testing::MakeUnitCorpus();
    ASSERT_TRUE(u.ok()) << u.status();
    unit_ = *std::move(u);
    const std::vector<PathContent> f1 = Files(unit_.snapshot);
    const std::vector<PathContent> f2 =
        With(With(f1, kChanged, "package s3\n\nfunc newClient() *Client {\n\treturn nil\n}\n"),
             kAdded, "package azure\n\nfunc (s *signer) SignURL() string {\n\treturn s.url\n}\n");
    const std::vector<PathContent> f3 = With(
        With(f2, kRemoved, nullptr), kChangedLater,
        "package trace\n\nfunc (b *Buffer) Write(p []byte) (int, error) {\n\treturn 0, nil\n}\n");
    snapshots_.reserve(3);  // AddCommit's reference points into it
    const corpus::Snapshot* previous = nullptr;
    for (const auto& files : {f1, f2, f3}) {
      corpus::Snapshot s = testing::MakeSnapshot("unit", files);
      s.set_commit(std::string(40, static_cast<char>('1' + whole_.size())));
      AddCommit(s, previous);
      previous = &snapshots_.back();
    }
  }

  // Stores commit `s` against `reference` (null: whole), as the corpus and
  // embedding stages do, and keeps its whole artifact.
  void AddCommit(const corpus::Snapshot& s, const corpus::Snapshot* reference) {
    snapshots_.push_back(s);
    const corpus::ChunkSet chunks = testing::NaiveChunks(s);
    absl::StatusOr<Corpus> c = Corpus::Create(s, chunks);
    ASSERT_TRUE(c.ok()) << c.status();
    absl::StatusOr<ChunkEmbeddings> whole = EmbedCorpusChunks(*c, *unit_.lsa);
    ASSERT_TRUE(whole.ok()) << whole.status();
    whole_.push_back(*std::move(whole));
    stored_chunks_.push_back(corpus::StoredChunks(chunks, corpus::StoredSnapshot(s, reference)));
    absl::StatusOr<ChunkEmbeddings> stored =
        EmbedStoredChunks(*c, stored_chunks_.back(), *unit_.lsa);
    ASSERT_TRUE(stored.ok()) << stored.status();
    stored_.push_back(*stored);
    bytes_[EmbeddingsRole(s.commit())] = stored->SerializeAsString();
  }

  corpus::ProtoReader Reader() const {
    return [this](absl::string_view role, google::protobuf::Message* m) -> absl::Status {
      auto it = bytes_.find(std::string(role));
      if (it == bytes_.end()) {
        return absl::NotFoundError(absl::StrCat("no input with role '", role, "'"));
      }
      m->ParseFromString(it->second);
      return absl::OkStatus();
    };
  }

  std::string Commit(int i) const { return snapshots_[i].commit(); }

  testing::UnitCorpus unit_;
  std::vector<corpus::Snapshot> snapshots_;
  std::vector<corpus::ChunkSet> stored_chunks_;
  std::vector<ChunkEmbeddings> whole_, stored_;
  std::map<std::string, std::string> bytes_;
};

std::vector<std::string> Paths(const ChunkEmbeddings& a) {
  std::vector<std::string> out;
  for (const ChunkKey& k : a.chunks()) {
    if (out.empty() || out.back() != k.path()) out.push_back(k.path());
  }
  return out;
}

TEST_F(StoredEmbeddingsTest, StoresTheRowsOfTheStoredChunksOnly) {
  EXPECT_EQ(stored_[0].SerializeAsString(), whole_[0].SerializeAsString());
  EXPECT_EQ(Paths(stored_[1]), (std::vector<std::string>{kAdded, kChanged}));
  EXPECT_EQ(stored_[1].reference_commit(), Commit(0));
  EXPECT_EQ(Paths(stored_[2]), (std::vector<std::string>{kChangedLater}));
  EXPECT_EQ(stored_[2].reference_commit(), Commit(1));
  EXPECT_EQ(std::vector<std::string>(stored_[2].removed().begin(), stored_[2].removed().end()),
            (std::vector<std::string>{kRemoved}));
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(stored_[i].count(), static_cast<uint64_t>(stored_chunks_[i].chunks_size())) << i;
    EXPECT_TRUE(CheckEmbeddingSizes(stored_[i], "stored").ok()) << i;
  }
}

TEST_F(StoredEmbeddingsTest, ReadsBackExactlyTheWholeArtifact) {
  for (int i = 0; i < 3; ++i) {
    absl::StatusOr<ChunkEmbeddings> read = ReadChunkEmbeddings(Reader(), EmbeddingsRole(Commit(i)));
    ASSERT_TRUE(read.ok()) << read.status();
    EXPECT_EQ(read->SerializeAsString(), whole_[i].SerializeAsString()) << i;
  }
}

TEST_F(StoredEmbeddingsTest, TheWholeArtifactFeedsTheCellsReader) {
  absl::StatusOr<ChunkEmbeddings> read = ReadChunkEmbeddings(Reader(), EmbeddingsRole(Commit(2)));
  ASSERT_TRUE(read.ok()) << read.status();
  const corpus::ChunkSet chunks = testing::NaiveChunks(snapshots_[2]);
  absl::StatusOr<Corpus> c = Corpus::Create(snapshots_[2], chunks);
  ASSERT_TRUE(c.ok()) << c.status();
  absl::StatusOr<std::unique_ptr<StoredChunkVectors>> source =
      StoredChunkVectors::Create(*std::move(read), "embeddings", *unit_.lsa);
  ASSERT_TRUE(source.ok()) << source.status();
  std::vector<float> stored, embedded;
  ASSERT_TRUE((*source)->Vectors(*c, &stored).ok());
  ASSERT_TRUE(EmbeddedChunkVectors(*unit_.lsa).Vectors(*c, &embedded).ok());
  EXPECT_EQ(stored, embedded);
}

TEST_F(StoredEmbeddingsTest, AMissingReferenceNamesTheRoleToAdd) {
  bytes_.erase(EmbeddingsRole(Commit(1)));
  EXPECT_TRUE(
      IsError(ReadChunkEmbeddings(Reader(), "embeddings"), absl::StatusCode::kNotFound, ""));
  bytes_["embeddings"] = bytes_[EmbeddingsRole(Commit(2))];
  EXPECT_TRUE(IsError(ReadChunkEmbeddings(Reader(), "embeddings"), absl::StatusCode::kNotFound,
                      absl::StrCat("embeddings is stored against commit ", Commit(1),
                                   ": add input role embeddings@", Commit(1))));
}

TEST_F(StoredEmbeddingsTest, ACorruptRowCountNamesTheRoleAndCommit) {
  ChunkEmbeddings bad = stored_[1];
  bad.set_count(bad.count() + 1);
  bytes_[EmbeddingsRole(Commit(1))] = bad.SerializeAsString();
  EXPECT_TRUE(IsError(ReadChunkEmbeddings(Reader(), EmbeddingsRole(Commit(2))),
                      absl::StatusCode::kInvalidArgument,
                      absl::StrCat("embeddings@", Commit(1), " (commit ", Commit(1),
                                   "): ChunkEmbeddings.chunks: expected ", bad.count(),
                                   " (count), found ", bad.count() - 1)));
  bad = stored_[2];
  bad.mutable_vectors()->RemoveLast();
  bytes_[EmbeddingsRole(Commit(2))] = bad.SerializeAsString();
  EXPECT_TRUE(IsError(ReadChunkEmbeddings(Reader(), EmbeddingsRole(Commit(2))),
                      absl::StatusCode::kInvalidArgument, "ChunkEmbeddings.vectors: expected"));
}

TEST_F(StoredEmbeddingsTest, AReferenceOfAnotherModelOrCommitIsDataLoss) {
  ChunkEmbeddings other = stored_[0];
  other.set_model_sha256("f00d");
  bytes_[EmbeddingsRole(Commit(0))] = other.SerializeAsString();
  EXPECT_TRUE(IsError(ReadChunkEmbeddings(Reader(), EmbeddingsRole(Commit(1))),
                      absl::StatusCode::kDataLoss,
                      absl::StrCat("embeddings@", Commit(1),
                                   ": ChunkEmbeddings.model_sha256: "
                                   "expected \"f00d\" (embeddings@",
                                   Commit(0), "'s), found \"")));
  bytes_[EmbeddingsRole(Commit(0))] = stored_[2].SerializeAsString();
  EXPECT_TRUE(IsError(ReadChunkEmbeddings(Reader(), EmbeddingsRole(Commit(1))),
                      absl::StatusCode::kDataLoss, "chain of references repeats"));
}

TEST_F(StoredEmbeddingsTest, AStoredChunkTheCorpusLacksIsRefused) {
  corpus::ChunkSet stored = stored_chunks_[1];
  stored.mutable_chunks(0)->set_start_line(99);
  const corpus::ChunkSet chunks = testing::NaiveChunks(snapshots_[1]);
  absl::StatusOr<Corpus> c = Corpus::Create(snapshots_[1], chunks);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_TRUE(IsError(EmbedStoredChunks(*c, stored, *unit_.lsa),
                      absl::StatusCode::kFailedPrecondition,
                      absl::StrCat("chunks of commit ", Commit(1), ": stored chunk ")));
}

}  // namespace
}  // namespace repro::retrieval
