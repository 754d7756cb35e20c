// This project's BM25 and Xapian's over the token streams of the engine
// comparison, with the command line and JSON output of every engine driver
// (tools/engines/README.md):
//
//   engine --engine=ours|xapian <docs.tsv> <queries.tsv> <k1> <b> <top> <passes>
//
// ours: Bm25Index (stages/retrieval/bm25.h) built from the tokens as given.
// xapian: an InMemory database, BM25Weight(k1, 0, 0, b, 0), document ids
// ascending on ties, as in stages/retrieval/corpus_benchmark.cc. One thread.
// Prints {"engine", "version", "build_ms", "index_bytes", "cold_query_ms"
// [per query, its first run], "query_ms" [per query, the median of `passes`
// runs after the first], "hits" [per query, [[document id, score], ...]]}.
// Exit 2 on bad usage or a malformed line (named).
#include <xapian.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/retrieval/bm25.h"

ABSL_FLAG(std::string, engine, "ours", "ours or xapian");

namespace repro::engines {
namespace {

using Clock = std::chrono::steady_clock;
using Rows = std::vector<std::vector<std::string>>;
using Hits = std::vector<std::pair<uint32_t, double>>;

[[noreturn]] void Die(const std::string& message) {
  std::fprintf(stderr, "engine: %s\n", message.c_str());
  std::exit(2);
}

double Ms(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

// "<id>\t<tokens>" lines, ids 0.. in order; the tokens of each.
Rows ReadTsv(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFile(path);
  if (!text.ok()) Die(std::string(text.status().message()));
  Rows rows;
  for (absl::string_view line : absl::StrSplit(*text, '\n', absl::SkipEmpty())) {
    std::vector<absl::string_view> f = absl::StrSplit(line, '\t');
    if (f.size() != 2 || f[0] != std::to_string(rows.size())) {
      Die(absl::StrCat(path, ": line ", rows.size() + 1, ": expected '<id ", rows.size(),
                       ">\\t<tokens>'"));
    }
    rows.push_back(absl::StrSplit(f[1], ' ', absl::SkipEmpty()));
  }
  return rows;
}

struct Engine {
  std::string version;
  double build_ms = 0;
  int64_t index_bytes = 0;
  std::function<Hits(const std::vector<std::string>&)> search;
};

std::string Json(const Engine& e, const std::string& name, const std::vector<double>& cold,
                 const std::vector<double>& warm, const std::vector<Hits>& hits) {
  auto numbers = [](const std::vector<double>& v) {
    return absl::StrJoin(v, ",", [](std::string* out, double x) {
      absl::StrAppend(out, absl::StrFormat("%.4f", x));
    });
  };
  std::string h;
  for (size_t q = 0; q < hits.size(); ++q) {
    absl::StrAppend(&h, q ? "," : "", "[",
                    absl::StrJoin(hits[q], ",",
                                  [](std::string* out, const std::pair<uint32_t, double>& p) {
                                    absl::StrAppend(out, "[", p.first, ",",
                                                    absl::StrFormat("%.9g", p.second), "]");
                                  }),
                    "]");
  }
  return absl::StrCat("{\"engine\":\"", name, "\",\"version\":\"", e.version,
                      "\",\"build_ms\":", absl::StrFormat("%.3f", e.build_ms),
                      ",\"index_bytes\":", e.index_bytes, ",\"cold_query_ms\":[", numbers(cold),
                      "],\"query_ms\":[", numbers(warm), "],\"hits\":[", h, "]}\n");
}

}  // namespace
}  // namespace repro::engines

int main(int argc, char** argv) {
  using namespace repro::engines;  // NOLINT: a main of one file
  std::vector<char*> args = absl::ParseCommandLine(argc, argv);
  if (args.size() != 7)
    Die("usage: engine --engine=ours|xapian <docs.tsv> <queries.tsv> <k1> <b> <top> <passes>");
  const Rows docs = ReadTsv(args[1]);
  const Rows queries = ReadTsv(args[2]);
  double k1 = 0, b = 0;
  int top = 0, passes = 0;
  if (!absl::SimpleAtod(args[3], &k1) || !absl::SimpleAtod(args[4], &b) ||
      !absl::SimpleAtoi(args[5], &top) || !absl::SimpleAtoi(args[6], &passes) || top < 1 ||
      passes < 1) {
    Die("k1 and b must be numbers, top and passes positive integers");
  }
  const std::string name = absl::GetFlag(FLAGS_engine);
  Engine e;
  std::unique_ptr<repro::retrieval::Bm25Index> ours;
  std::unique_ptr<Xapian::WritableDatabase> db;
  std::unique_ptr<Xapian::Enquire> enquire;
  const auto start = Clock::now();
  if (name == "ours") {
    repro::retrieval::Bm25Index::Builder builder({k1, b});
    for (const auto& d : docs) builder.AddTokens(d);
    ours = std::make_unique<repro::retrieval::Bm25Index>(std::move(builder).Build());
    e.build_ms = Ms(start);
    e.version = "this project";
    e.index_bytes = ours->stats().bytes;
    e.search = [&](const std::vector<std::string>& q) {
      Hits h;
      for (const auto& s : ours->Search(q, static_cast<size_t>(top))) h.emplace_back(s.id, s.score);
      return h;
    };
  } else if (name == "xapian") {
    db = std::make_unique<Xapian::WritableDatabase>(std::string(), Xapian::DB_BACKEND_INMEMORY);
    for (const auto& d : docs) {
      Xapian::Document doc;
      for (const std::string& t : d) doc.add_term(t);
      db->add_document(doc);
    }
    db->commit();
    enquire = std::make_unique<Xapian::Enquire>(*db);
    enquire->set_weighting_scheme(Xapian::BM25Weight(k1, 0, 0, b, 0));
    enquire->set_docid_order(Xapian::Enquire::ASCENDING);
    e.build_ms = Ms(start);
    e.version = Xapian::version_string();
    e.index_bytes = -1;  // the InMemory backend does not say
    e.search = [&](const std::vector<std::string>& q) {
      std::map<std::string, Xapian::termcount> qtf;
      for (const std::string& t : q) ++qtf[t];
      std::vector<Xapian::Query> terms;
      for (const auto& [t, n] : qtf) terms.emplace_back(t, n);
      enquire->set_query(Xapian::Query(Xapian::Query::OP_OR, terms.begin(), terms.end()));
      Xapian::MSet m = enquire->get_mset(0, static_cast<Xapian::doccount>(top));
      Hits h;
      for (auto it = m.begin(); it != m.end(); ++it) h.emplace_back(*it - 1, it.get_weight());
      return h;
    };
  } else {
    Die(absl::StrCat("--engine must be ours or xapian, found '", name, "'"));
  }
  std::vector<double> cold, warm;
  std::vector<Hits> hits;
  for (const auto& q : queries) {
    const auto t0 = Clock::now();
    hits.push_back(e.search(q));
    cold.push_back(Ms(t0));
  }
  for (const auto& q : queries) {
    std::vector<double> runs;
    for (int p = 0; p < passes; ++p) {
      const auto t0 = Clock::now();
      Hits h = e.search(q);
      runs.push_back(Ms(t0));
    }
    std::sort(runs.begin(), runs.end());
    warm.push_back(runs[runs.size() / 2]);
  }
  std::fputs(Json(e, name, cold, warm, hits).c_str(), stdout);
  return 0;
}
