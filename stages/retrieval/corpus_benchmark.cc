// Google Benchmark of the retrieval stack on one snapshot of a set, with
// Xapian indexing and querying the same token streams in the same run.
// Targets (the source is shared; data differ):
//   bazel run //stages/grid/benchmarks:real_corpus_benchmark   (needs GITLAB_RUNNER_GIT)
//       the largest real snapshot (T29's base, also the LSA training snapshot)
//   bazel run //stages/grid/benchmarks:fixture_benchmark
//       the fixture's newest base (F03), a smoke run
// (.bazelrc compiles with -O2.)
//
// Queries: the set's task queries (files and chunks) tokenized once. Build
// benchmarks start from token streams (tokenizing is measured separately),
// so ours and Xapian's index builds do the same work: count terms per
// document and build postings. Query benchmarks ask both for the best 200
// (the harness candidate limit) by BM25 (ours: Lucene idf; Xapian: its
// BM25Weight with k1 = 0.9, b = 0.4, k2 = k3 = 0, min_normlen = 0).
#include <xapian.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "benchmark/benchmark.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/index/set_index.h"
#include "stages/corpus/task.pb.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/retrieval/bm25.h"
#include "stages/retrieval/flat_ip_index.h"
#include "stages/retrieval/harness.h"
#include "stages/retrieval/harness_config.h"
#include "stages/retrieval/lsa_embedder.h"
#include "stages/retrieval/retrieval_corpus.h"
#include "stages/retrieval/tokenizer.h"

// Each flag takes the files of a stage target ($(rootpaths ...)); the
// artifact is the one ending in ".pb".
ABSL_FLAG(std::string, index, "",
          "the task set's summary_index.textproto (stages/corpus/index/set_index.h)");
ABSL_FLAG(std::string, task, "", "the task whose base snapshot and chunks are read");
ABSL_FLAG(std::vector<std::string>, task_set, {}, "binary TaskSet (queries)");
ABSL_FLAG(std::vector<std::string>, lsa_model, {}, "LSA model artifact");
ABSL_FLAG(std::string, file_harness, "", "config of a DOCUMENT_UNIT_FILES harness (BUILD sets it)");
ABSL_FLAG(std::string, chunk_harness, "",
          "config of a hybrid DOCUMENT_UNIT_FUNCTION_CHUNKS harness (BUILD sets it)");
ABSL_FLAG(std::string, export_dir, "",
          "When set: write the token streams, the queries and this project's BM25 top 200 to this "
          "directory for the other engines (tools/engines), and run no benchmark.");

namespace repro::retrieval {
namespace {

struct Data {
  std::unique_ptr<Corpus> corpus;
  std::vector<std::string> file_docs, chunk_docs;
  std::vector<std::vector<std::string>> file_tokens, chunk_tokens;
  std::vector<std::string> queries;
  std::vector<std::vector<std::string>> query_tokens;
  std::unique_ptr<LsaEmbedder> lsa;
  HarnessConfig file_harness, chunk_harness;
  int64_t file_bytes = 0, chunk_bytes = 0;
};

Data* g_data = nullptr;

void Die(const absl::Status& s) {
  std::fprintf(stderr, "corpus_benchmark: %s\n", std::string(s.message()).c_str());
  std::exit(1);
}

std::string Pb(const std::vector<std::string>& files) {
  for (const std::string& f : files) {
    if (absl::EndsWith(f, ".pb")) return f;
  }
  Die(absl::InvalidArgumentError(absl::StrCat("no .pb among ", absl::StrJoin(files, ","))));
  return "";
}

void Load() {
  static Data data;
  corpus::TaskSet tasks;
  if (absl::Status s = corpus::ReadBinaryProto(Pb(absl::GetFlag(FLAGS_task_set)), &tasks); !s.ok())
    Die(s);
  absl::StatusOr<corpus::SetIndex> index = corpus::ReadSetIndex(absl::GetFlag(FLAGS_index));
  if (!index.ok()) Die(index.status());
  absl::StatusOr<corpus::TaskCorpus> task =
      corpus::LoadTaskCorpus(*index, absl::GetFlag(FLAGS_task));
  if (!task.ok()) Die(task.status());
  absl::StatusOr<Corpus> c = Corpus::Create(task->snapshot, task->chunks);
  if (!c.ok()) Die(c.status());
  data.corpus = std::make_unique<Corpus>(*std::move(c));
  for (size_t i = 0; i < data.corpus->files().size(); ++i) {
    data.file_docs.push_back(data.corpus->FileDocument(i));
    data.file_bytes += static_cast<int64_t>(data.file_docs.back().size());
    data.file_tokens.push_back(Tokenize(data.file_docs.back()));
  }
  data.chunk_docs = data.corpus->ChunkDocuments();
  for (const std::string& d : data.chunk_docs) {
    data.chunk_bytes += static_cast<int64_t>(d.size());
    data.chunk_tokens.push_back(Tokenize(d));
  }
  for (const corpus::Task& t : tasks.tasks()) {
    data.queries.push_back(t.query());
    data.query_tokens.push_back(Tokenize(t.query()));
  }
  absl::StatusOr<HarnessConfig> file_config = LoadHarnessConfig(absl::GetFlag(FLAGS_file_harness));
  absl::StatusOr<HarnessConfig> chunk_config =
      LoadHarnessConfig(absl::GetFlag(FLAGS_chunk_harness));
  if (!file_config.ok()) Die(file_config.status());
  if (!chunk_config.ok()) Die(chunk_config.status());
  data.file_harness = *file_config;
  data.chunk_harness = *chunk_config;
  const std::string model_path = Pb(absl::GetFlag(FLAGS_lsa_model));
  absl::StatusOr<std::string> bytes = ReadFile(model_path);
  if (!bytes.ok()) Die(bytes.status());
  // A measurement, not a stage: the model as built, without a pin check.
  auto lsa = LsaEmbedder::FromArtifact(*bytes, model_path);
  if (!lsa.ok()) Die(lsa.status());
  data.lsa = *std::move(lsa);
  g_data = &data;
}

const std::vector<std::vector<std::string>>& Docs(bool files) {
  return files ? g_data->file_tokens : g_data->chunk_tokens;
}

Bm25Index BuildOurs(bool files) {
  Bm25Index::Builder b;
  for (const auto& d : Docs(files)) b.AddTokens(d);
  return std::move(b).Build();
}

std::unique_ptr<Xapian::WritableDatabase> BuildXapian(bool files) {
  auto db = std::make_unique<Xapian::WritableDatabase>(std::string(), Xapian::DB_BACKEND_INMEMORY);
  for (const auto& d : Docs(files)) {
    Xapian::Document doc;
    for (const std::string& t : d) doc.add_term(t);
    db->add_document(doc);
  }
  db->commit();
  return db;
}

void BM_Tokenize(benchmark::State& state) {
  const bool files = state.range(0) == 1;
  const auto& docs = files ? g_data->file_docs : g_data->chunk_docs;
  for (auto _ : state) {
    int64_t n = 0;
    for (const std::string& d : docs) ForEachToken(d, [&n](absl::string_view) { ++n; });
    benchmark::DoNotOptimize(n);
  }
  state.SetBytesProcessed(state.iterations() * (files ? g_data->file_bytes : g_data->chunk_bytes));
  state.SetLabel(files ? "files" : "chunks");
}

void BM_Bm25Build(benchmark::State& state) {
  const bool files = state.range(0) == 1;
  for (auto _ : state) {
    Bm25Index index = BuildOurs(files);
    benchmark::DoNotOptimize(index.stats().postings);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(Docs(files).size()));
  state.SetLabel(files ? "files" : "chunks");
}

void BM_XapianBuild(benchmark::State& state) {
  const bool files = state.range(0) == 1;
  for (auto _ : state) {
    auto db = BuildXapian(files);
    benchmark::DoNotOptimize(db->get_doccount());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(Docs(files).size()));
  state.SetLabel(files ? "files (InMemory)" : "chunks (InMemory)");
}

void BM_Bm25Query(benchmark::State& state) {
  const bool files = state.range(0) == 1;
  const Bm25Index index = BuildOurs(files);
  for (auto _ : state) {
    for (const auto& q : g_data->query_tokens) benchmark::DoNotOptimize(index.Search(q, 200));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(g_data->query_tokens.size()));
  state.SetLabel(files ? "files, task queries, top 200" : "chunks, task queries, top 200");
}

void BM_XapianQuery(benchmark::State& state) {
  const bool files = state.range(0) == 1;
  const auto db = BuildXapian(files);
  std::vector<Xapian::Query> queries;
  for (const auto& q : g_data->query_tokens) {
    std::map<std::string, Xapian::termcount> qtf;
    for (const std::string& t : q) ++qtf[t];
    std::vector<Xapian::Query> terms;
    for (const auto& [t, n] : qtf) terms.emplace_back(t, n);
    queries.emplace_back(Xapian::Query::OP_OR, terms.begin(), terms.end());
  }
  Xapian::Enquire enquire(*db);
  enquire.set_weighting_scheme(Xapian::BM25Weight(0.9, 0, 0, 0.4, 0));
  enquire.set_docid_order(Xapian::Enquire::ASCENDING);
  for (auto _ : state) {
    for (const Xapian::Query& q : queries) {
      enquire.set_query(q);
      Xapian::MSet m = enquire.get_mset(0, 200);
      benchmark::DoNotOptimize(m.size());
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(queries.size()));
  state.SetLabel(files ? "files, task queries, top 200" : "chunks, task queries, top 200");
}

void BM_LsaEmbedChunks(benchmark::State& state) {
  for (auto _ : state) {
    std::vector<float> out;
    benchmark::DoNotOptimize(g_data->lsa->Embed(g_data->chunk_docs, &out));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(g_data->chunk_docs.size()));
}

void BM_LsaEmbedQuery(benchmark::State& state) {
  std::vector<float> v(256);
  for (auto _ : state) {
    for (const std::string& q : g_data->queries) g_data->lsa->EmbedOne(q, absl::MakeSpan(v));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(g_data->queries.size()));
}

void BM_FaissSearch(benchmark::State& state) {
  std::vector<float> all;
  if (!g_data->lsa->Embed(g_data->chunk_docs, &all).ok()) std::abort();
  std::vector<uint32_t> ids(g_data->chunk_docs.size());
  for (size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<uint32_t>(i);
  absl::StatusOr<FlatIpIndex> index = FlatIpIndex::Build(256, all, ids);
  if (!index.ok()) std::abort();
  std::vector<float> q(256);
  g_data->lsa->EmbedOne(g_data->queries[0], absl::MakeSpan(q));
  for (auto _ : state) benchmark::DoNotOptimize(index->Search(q, 1000));
  state.SetLabel(absl::StrCat(ids.size(), " x 256, k = 1000 (all scored, sorted)"));
}

void BM_HarnessBuildAndQuery(benchmark::State& state) {
  const bool files = state.range(0) == 0;
  const HarnessConfig& config = files ? g_data->file_harness : g_data->chunk_harness;
  for (auto _ : state) {
    absl::StatusOr<HarnessRun> r = RunHarness(
        config, *g_data->corpus, files ? nullptr : g_data->lsa.get(), g_data->queries[0]);
    if (!r.ok()) std::abort();
    benchmark::DoNotOptimize(r->result.files_size());
  }
  state.SetLabel(config.name());
}

void BM_HarnessQuery(benchmark::State& state) {
  const bool files = state.range(0) == 0;
  const HarnessConfig& config = files ? g_data->file_harness : g_data->chunk_harness;
  absl::StatusOr<std::unique_ptr<Harness>> h =
      Harness::Build(config, *g_data->corpus, files ? nullptr : g_data->lsa.get());
  if (!h.ok()) std::abort();
  for (auto _ : state) {
    for (const std::string& q : g_data->queries) {
      absl::StatusOr<HarnessResult> r = (*h)->Query(q);
      if (!r.ok()) std::abort();
      benchmark::DoNotOptimize(r->files_size());
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(g_data->queries.size()));
  state.SetLabel(absl::StrCat(config.name(), ", prebuilt index, task queries"));
}

// The engine comparison's inputs (tools/engines/README.md), each line
// "<id>\t<tokens joined by one space>": <unit>.docs.tsv (documents in id
// order), queries.tsv (the task queries, tokens with multiplicity), and this
// project's BM25 (k1 = 0.9, b = 0.4) top 200 as <unit>.ours.tsv lines
// "<query>\t<rank>\t<doc>\t<score, %.17g>". Tokens are [a-z0-9_] words, so a
// space or a tab never occurs in one.
void Export(const std::string& dir) {
  std::string queries;
  for (size_t q = 0; q < g_data->query_tokens.size(); ++q) {
    absl::StrAppend(&queries, q, "\t", absl::StrJoin(g_data->query_tokens[q], " "), "\n");
  }
  std::vector<std::pair<std::string, std::string>> files = {{dir + "/queries.tsv", queries}};
  for (const bool unit_files : {true, false}) {
    const std::string unit = unit_files ? "files" : "chunks";
    std::string docs, ours;
    for (size_t d = 0; d < Docs(unit_files).size(); ++d) {
      absl::StrAppend(&docs, d, "\t", absl::StrJoin(Docs(unit_files)[d], " "), "\n");
    }
    const Bm25Index index = BuildOurs(unit_files);
    for (size_t q = 0; q < g_data->query_tokens.size(); ++q) {
      const std::vector<ScoredId> top = index.Search(g_data->query_tokens[q], 200);
      for (size_t r = 0; r < top.size(); ++r) {
        absl::StrAppend(&ours, q, "\t", r + 1, "\t", top[r].id, "\t",
                        absl::StrFormat("%.17g", top[r].score), "\n");
      }
    }
    files.emplace_back(absl::StrCat(dir, "/", unit, ".docs.tsv"), docs);
    files.emplace_back(absl::StrCat(dir, "/", unit, ".ours.tsv"), ours);
  }
  if (absl::Status s = WriteFilesAtomically(files); !s.ok()) Die(s);
}

BENCHMARK(BM_Tokenize)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Bm25Build)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_XapianBuild)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Bm25Query)->Arg(1)->Arg(0)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_XapianQuery)->Arg(1)->Arg(0)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LsaEmbedChunks)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LsaEmbedQuery)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FaissSearch)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_HarnessBuildAndQuery)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HarnessQuery)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace repro::retrieval

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  absl::ParseCommandLine(argc, argv);
  repro::retrieval::Load();
  if (const std::string dir = absl::GetFlag(FLAGS_export_dir); !dir.empty()) {
    repro::retrieval::Export(dir);
    return 0;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
