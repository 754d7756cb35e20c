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
const char kKeptFunctions[] = "cache/gcs/adapter.go";

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

// Four commits of the unit corpus: 1 stored whole; 2 against 1 (a file
// changed, one added); 3 against 2 (a file removed, another changed); 4
// against 3 (a function added above kKeptFunctions' two, which move down, and
// one below kChanged's one, which stays): commit 4 shares those three rows.
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
    const std::vector<PathContent> f4 = With(
        With(f3, kKeptFunctions,
             absl::StrCat("package gcs\n\nfunc bucketOf(a *adapter) string {\n\treturn a.bucket\n}"
                          "\n",
                          Content(f3, kKeptFunctions).substr(std::string("package gcs\n").size()))
                 .c_str()),
        kChanged,
        absl::StrCat(Content(f3, kChanged), "\nfunc closeClient(c *Client) {\n\tc.Close()\n}\n")
            .c_str());
    const std::vector<std::vector<PathContent>> commits = {f1, f2, f3, f4};
    snapshots_.reserve(commits.size());  // AddCommit's reference points into it
    corpora_.reserve(commits.size());
    for (const auto& files : commits) {
      corpus::Snapshot s = testing::MakeSnapshot("unit", files);
      s.set_commit(std::string(40, static_cast<char>('1' + whole_.size())));
      AddCommit(s, whole_.empty() ? -1 : static_cast<int>(whole_.size()) - 1);
    }
  }

  static std::string Content(const std::vector<PathContent>& files, const std::string& path) {
    for (const auto& f : files) {
      if (f.first == path) return f.second;
    }
    return "";
  }

  // Stores commit `s` against commit `reference` (-1: whole), as the corpus
  // and embedding stages do, and keeps its whole artifact.
  void AddCommit(const corpus::Snapshot& s, int reference) {
    snapshots_.push_back(s);
    const corpus::ChunkSet chunks = testing::NaiveChunks(s);
    absl::StatusOr<Corpus> c = Corpus::Create(s, chunks);
    ASSERT_TRUE(c.ok()) << c.status();
    corpora_.push_back(*std::move(c));
    absl::StatusOr<ChunkEmbeddings> whole = EmbedCorpusChunks(corpora_.back(), *unit_.lsa);
    ASSERT_TRUE(whole.ok()) << whole.status();
    whole_.push_back(*std::move(whole));
    absl::StatusOr<corpus::Snapshot> stored_snapshot =
        corpus::StoredSnapshot(s, reference < 0 ? nullptr : &snapshots_[reference]);
    ASSERT_TRUE(stored_snapshot.ok()) << stored_snapshot.status();
    stored_chunks_.push_back(corpus::StoredChunks(chunks, *stored_snapshot));
    absl::StatusOr<ChunkEmbeddings> stored =
        EmbedStoredChunks(corpora_.back(), stored_chunks_.back(),
                          reference < 0 ? nullptr : &corpora_[reference], *unit_.lsa);
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
  std::vector<Corpus> corpora_;
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
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(stored_[i].count(), static_cast<uint64_t>(stored_chunks_[i].chunks_size())) << i;
    EXPECT_TRUE(CheckEmbeddingSizes(stored_[i], "stored").ok()) << i;
  }
  for (int i = 0; i < 3; ++i) EXPECT_EQ(stored_[i].shared_size(), 0) << i;
}

// Commit 4's rows of kKeptFunctions' two functions (moved down 4 lines) and of
// kChanged's newClient (not moved) name commit 3's rows, without a vector.
TEST_F(StoredEmbeddingsTest, StoresAnUnchangedChunkOfAChangedFileAsTheReferences) {
  const ChunkEmbeddings& a = stored_[3];
  EXPECT_EQ(Paths(a), (std::vector<std::string>{kKeptFunctions, kChanged}));
  std::vector<std::string> shared;
  for (const SharedRow& r : a.shared()) {
    const ChunkKey& k = a.chunks(static_cast<int>(r.row()));
    shared.push_back(absl::StrCat(k.path(), " ", k.function(), " ", k.start_line(), " <- ",
                                  r.reference_start_line()));
  }
  EXPECT_EQ(shared, (std::vector<std::string>{
                        absl::StrCat(kKeptFunctions, " adapter.GetUploadURL 7 <- 3"),
                        absl::StrCat(kKeptFunctions, " signedURL 11 <- 7"),
                        absl::StrCat(kChanged, " newClient 3 <- 3"),
                    }));
  EXPECT_EQ(a.vectors_size(), (a.chunks_size() - a.shared_size()) * static_cast<int>(a.dims()));
}

TEST_F(StoredEmbeddingsTest, ReadsBackExactlyTheWholeArtifact) {
  for (int i = 0; i < 4; ++i) {
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

TEST_F(StoredEmbeddingsTest, ASharedRowTheReferenceLacksNamesTheRoleCommitAndChunk) {
  ChunkEmbeddings bad = stored_[3];
  bad.mutable_shared(0)->set_reference_start_line(99);
  bytes_[EmbeddingsRole(Commit(3))] = bad.SerializeAsString();
  EXPECT_TRUE(IsError(
      ReadChunkEmbeddings(Reader(), EmbeddingsRole(Commit(3))), absl::StatusCode::kDataLoss,
      absl::StrCat("embeddings@", Commit(3), " (commit ", Commit(3),
                   "): ChunkEmbeddings.shared[0]: chunk (", kKeptFunctions,
                   ", \"adapter.GetUploadURL\", line 7) names the reference's chunk (",
                   kKeptFunctions, ", \"adapter.GetUploadURL\", line 99), which embeddings@",
                   Commit(2), " (commit ", Commit(2), ") lacks")));
  bad = stored_[3];
  bad.mutable_shared(2)->set_row(static_cast<uint32_t>(bad.count()));
  bytes_[EmbeddingsRole(Commit(3))] = bad.SerializeAsString();
  EXPECT_TRUE(IsError(ReadChunkEmbeddings(Reader(), EmbeddingsRole(Commit(3))),
                      absl::StatusCode::kInvalidArgument,
                      "ChunkEmbeddings.shared[2].row: expected"));
}

TEST_F(StoredEmbeddingsTest, AStoredArtifactIsNotAWholeOne) {
  EXPECT_TRUE(IsError(StoredChunkVectors::Create(stored_[3], "embeddings", *unit_.lsa),
                      absl::StatusCode::kInvalidArgument, "expected a whole artifact"));
}

TEST_F(StoredEmbeddingsTest, AStoredChunkTheCorpusLacksIsRefused) {
  corpus::ChunkSet stored = stored_chunks_[1];
  stored.mutable_chunks(0)->set_start_line(99);
  const corpus::ChunkSet chunks = testing::NaiveChunks(snapshots_[1]);
  absl::StatusOr<Corpus> c = Corpus::Create(snapshots_[1], chunks);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_TRUE(IsError(EmbedStoredChunks(*c, stored, &corpora_[0], *unit_.lsa),
                      absl::StatusCode::kFailedPrecondition,
                      absl::StrCat("chunks of commit ", Commit(1), ": stored chunk ")));
}

}  // namespace
}  // namespace repro::retrieval
