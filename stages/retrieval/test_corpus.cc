#include "stages/retrieval/test_corpus.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "stages/framework/pipeline/sha256.h"

namespace repro::retrieval::testing {

corpus::Snapshot MakeSnapshot(const std::string& repository, std::vector<PathContent> files) {
  std::sort(files.begin(), files.end());
  corpus::Snapshot s;
  s.set_repository(repository);
  s.set_commit(std::string(40, '1'));
  std::string manifest;
  for (const auto& [path, content] : files) {
    corpus::SourceFile* f = s.add_files();
    f->set_path(path);
    f->set_blob_id(Sha256Hex(content).substr(0, 40));
    f->set_sha256(Sha256Hex(content));
    f->set_bytes(content.size());
    f->set_content(content);
    absl::StrAppend(&manifest, path, "\t", f->blob_id(), "\t", f->sha256(), "\t", f->bytes(), "\n");
  }
  s.set_snapshot_sha256(Sha256Hex(manifest));
  return s;
}

namespace {
std::string FunctionName(absl::string_view line) {
  absl::string_view rest = absl::StripPrefix(line, "func ");
  std::string recv;
  if (absl::StartsWith(rest, "(")) {
    const size_t close = rest.find(')');
    absl::string_view r = rest.substr(1, close - 1);
    const size_t space = r.rfind(' ');
    if (space != absl::string_view::npos) r = r.substr(space + 1);
    r = absl::StripPrefix(r, "*");
    const size_t bracket = r.find('[');
    if (bracket != absl::string_view::npos) r = r.substr(0, bracket);
    recv = std::string(r);
    rest = absl::StripLeadingAsciiWhitespace(rest.substr(close + 1));
  }
  size_t end = 0;
  while (end < rest.size() && rest[end] != '(' && rest[end] != '[') ++end;
  std::string name(rest.substr(0, end));
  return recv.empty() ? name : absl::StrCat(recv, ".", name);
}
}  // namespace

void NaiveChunkFile(const std::string& path, const std::string& content, corpus::ChunkSet* out) {
  std::vector<std::string> lines = absl::StrSplit(content, '\n');
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  std::string rest;
  size_t i = 0;
  while (i < lines.size()) {
    if (absl::StartsWith(lines[i], "func ")) {
      size_t j = i;
      while (j < lines.size() && lines[j] != "}") ++j;
      if (j == lines.size()) j = lines.size() - 1;
      corpus::Chunk* c = out->add_chunks();
      c->set_path(path);
      c->set_function(FunctionName(lines[i]));
      c->set_start_line(static_cast<uint32_t>(i + 1));
      c->set_end_line(static_cast<uint32_t>(j + 1));
      std::string text;
      for (size_t k = i; k <= j; ++k) absl::StrAppend(&text, lines[k], "\n");
      c->set_text(text);
      i = j + 1;
    } else {
      absl::StrAppend(&rest, lines[i], "\n");
      ++i;
    }
  }
  corpus::Chunk* c = out->add_chunks();
  c->set_path(path);
  c->set_start_line(1);
  c->set_end_line(static_cast<uint32_t>(lines.size()));
  c->set_text(rest);
}

corpus::ChunkSet NaiveChunks(const corpus::Snapshot& snapshot) {
  corpus::ChunkSet cs;
  cs.set_snapshot_sha256(snapshot.snapshot_sha256());
  cs.set_chunker("naive-test-chunker/1");
  for (const corpus::SourceFile& f : snapshot.files()) NaiveChunkFile(f.path(), f.content(), &cs);
  return cs;
}

corpus::Snapshot SmallGoSnapshot() {
  return MakeSnapshot(
      "unit",
      {
          {"cache/s3/client.go",
           "package s3\n\n// Client talks to the S3 cache server.\ntype Client struct{ insecure "
           "bool }\n\n"
           "func newClient(insecure bool) *Client {\n\treturn &Client{insecure: insecure}\n}\n\n"
           "func (c *Client) scheme() string {\n\tif c.insecure {\n\t\treturn \"http\"\n\t}\n"
           "\treturn \"https\"\n}\n"},
          {"cache/gcs/adapter.go",
           "package gcs\n\nfunc (a *adapter) GetUploadURL() string {\n\treturn signedURL(a.bucket, "
           "\"PUT\")\n}\n\nfunc signedURL(bucket, method string) string {\n\treturn bucket + "
           "method\n}\n"},
          {"executors/docker/volumes/windows_parser.go",
           "package volumes\n\nfunc (p *windowsParser) ParseVolume(spec string) (*Volume, error) "
           "{\n"
           "\tdrive := spec[:2]\n\treturn parseDrive(drive)\n}\n"},
          {"executors/docker/volumes/linux_parser.go",
           "package volumes\n\nfunc (p *linuxParser) ParseVolume(spec string) (*Volume, error) {\n"
           "\treturn parseMount(spec)\n}\n"},
          {"helpers/trace/buffer.go",
           "package trace\n\nconst limit = 4096\n\nfunc (b *Buffer) Write(p []byte) (int, error) "
           "{\n"
           "\tif len(p) > limit {\n\t\tp = p[:limit]\n\t}\n\treturn b.w.Write(p)\n}\n"},
      });
}

}  // namespace repro::retrieval::testing
