#include "stages/inspect/lineage/value_path.h"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/inspect/lineage/lineage_graph.h"
#include "stages/inspect/lineage/source_ids.h"

namespace repro::lineage {
namespace {

namespace fs = std::filesystem;

struct Artifact {
  std::string name;  // relative to the report directory
  std::string sha256;
  std::string bytes;
};

struct Holder {
  const Artifact* artifact;
  std::vector<ValueHit> hits;
  int producer;  // stage index, or -1
};

enum class Holds { kYes, kNo, kUnknown };

bool IsMetadata(const std::string& name) {
  const std::string base = fs::path(name).filename().string();
  return base == "lineage.json" || absl::EndsWith(base, ".provenance.json") ||
         absl::EndsWith(base, ".build_info.txt");
}

bool IsVolatileName(const std::string& name) {
  return absl::StrContains(fs::path(name).filename().string(), ".volatile.");
}

std::string Basename(const std::string& path) { return fs::path(path).filename().string(); }

// The artifacts of a report directory, sorted by name.
absl::StatusOr<std::vector<Artifact>> ListArtifacts(const fs::path& dir, int* volatile_skipped) {
  std::vector<Artifact> artifacts;
  std::error_code ec;
  for (fs::recursive_directory_iterator
           it(dir, fs::directory_options::follow_directory_symlink, ec),
       end;
       !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file()) continue;
    const std::string name = it->path().lexically_relative(dir).generic_string();
    if (IsMetadata(name)) continue;
    if (IsVolatileName(name)) {
      ++*volatile_skipped;
      continue;
    }
    ASSIGN_OR_RETURN(std::string bytes, ReadFile(it->path().string()));
    std::string sha256 = Sha256Hex(bytes);
    artifacts.push_back({name, std::move(sha256), std::move(bytes)});
  }
  if (ec) return absl::NotFoundError(absl::StrCat(dir.string(), ": ", ec.message()));
  std::sort(artifacts.begin(), artifacts.end(),
            [](const Artifact& a, const Artifact& b) { return a.name < b.name; });
  return artifacts;
}

class Explainer {
 public:
  Explainer(const std::vector<Artifact>& artifacts, const TraceOptions& options)
      : options_(options) {
    for (const Artifact& a : artifacts) content_[a.sha256] = a.bytes;
  }

  // The bytes of a recorded file, if found with the recorded sha256.
  const std::string* Content(const schemas::FileDigest& f) {
    auto it = content_.find(f.sha256());
    if (it != content_.end()) return it->second ? &*it->second : nullptr;
    std::optional<std::string> found;
    for (const fs::path& path : Candidates(f.path())) {
      std::error_code ec;
      if (!fs::is_regular_file(path, ec)) continue;
      absl::StatusOr<std::string> bytes = ReadFile(path.string());
      if (bytes.ok() && Sha256Hex(*bytes) == f.sha256()) {
        found = *std::move(bytes);
        break;
      }
    }
    auto [pos, inserted] = content_.emplace(f.sha256(), std::move(found));
    return pos->second ? &*pos->second : nullptr;
  }

  Holds HoldsValue(const schemas::FileDigest& f, const ValueQuery& q) {
    const auto key = std::make_pair(q.text, f.sha256());
    auto it = holds_.find(key);
    if (it != holds_.end()) return it->second;
    const std::string* bytes = Content(f);
    Holds h = Holds::kUnknown;
    if (bytes != nullptr) {
      h = FindInArtifact(Basename(f.path()), *bytes, q, options_.search).empty() ? Holds::kNo
                                                                                 : Holds::kYes;
    }
    holds_[key] = h;
    return h;
  }

  // How the copy of a source input now (the workspace's, or the output
  // base's for an external repository's file) compares with the record.
  std::string WorkspaceState(const schemas::FileDigest& f) const {
    const bool external = IsExternal(f.path());
    const std::string& base = external ? options_.external_dir : options_.workspace;
    if (base.empty()) return external ? "an external repository's file" : "";
    const fs::path path = external ? ExternalPath(f.path()) : fs::path(base) / f.path();
    const char* where = external ? "the output base" : "the workspace";
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
      return external ? "an external repository's file, not in the output base: refetched, "
                        "cleaned, or built on another machine"
                      : "not in the workspace";
    }
    absl::StatusOr<std::string> bytes = ReadFile(path.string());
    if (!bytes.ok()) return absl::StrCat("unreadable in ", where);
    const std::string now = Sha256Hex(*bytes);
    if (now == f.sha256()) return absl::StrCat("matches ", where);
    return absl::StrCat(
        "DIFFERS from ", external ? "the output base's" : "the workspace", " copy (now sha256 ",
        now, "): ", external ? "refetched since the report" : "the report predates an edit");
  }

 private:
  static bool IsExternal(const std::string& path) { return absl::StartsWith(path, "external/"); }

  fs::path ExternalPath(const std::string& path) const {
    return fs::path(options_.external_dir) / path.substr(std::string("external/").size());
  }

  // Where the bytes of a recorded path may be, in lookup order.
  std::vector<fs::path> Candidates(const std::string& path) const {
    std::vector<fs::path> out;
    for (const std::string& base : {options_.bin_dir, options_.workspace}) {
      if (!base.empty()) out.push_back(fs::path(base) / path);
    }
    if (IsExternal(path) && !options_.external_dir.empty()) out.push_back(ExternalPath(path));
    return out;
  }

  const TraceOptions& options_;
  std::map<std::string, std::optional<std::string>> content_;
  std::map<std::pair<std::string, std::string>, Holds> holds_;  // (query, sha256)
};

// Where one value sits in the report and in the stage graph.
struct Trace {
  std::vector<Holder> holders;  // report artifacts holding it
  std::set<int> roots;          // stages that wrote those artifacts
  std::set<int> on_path;   // roots and every stage whose output an on-path stage read holding it
  std::set<int> entries;   // on-path stages no stage-written input of which holds it
  std::vector<int> order;  // Closure(roots), downstream first
};

Trace TraceValue(const LineageGraph& graph, const std::vector<Artifact>& artifacts,
                 const ValueQuery& q, const TraceOptions& options, Explainer& ex) {
  Trace t;
  for (const Artifact& a : artifacts) {
    std::vector<ValueHit> hits = FindInArtifact(a.name, a.bytes, q, options.search);
    if (hits.empty()) continue;
    int producer = -1;
    for (int s : graph.ProducersOfSha256(a.sha256)) {
      if (producer < 0) producer = s;
      for (const schemas::FileDigest& o : graph.stage(s).outputs()) {
        if (o.sha256() == a.sha256 && Basename(o.path()) == Basename(a.name)) producer = s;
      }
    }
    t.holders.push_back({&a, std::move(hits), producer});
    if (producer >= 0) t.roots.insert(producer);
  }
  t.on_path = t.roots;
  std::deque<int> queue(t.roots.begin(), t.roots.end());
  while (!queue.empty()) {
    const int s = queue.front();
    queue.pop_front();
    for (const schemas::FileDigest& in : graph.stage(s).inputs()) {
      const int p = graph.ProducerOfPath(in.path());
      if (p >= 0 && !t.on_path.count(p) && ex.HoldsValue(in, q) == Holds::kYes) {
        t.on_path.insert(p);
        queue.push_back(p);
      }
    }
  }
  for (int s : t.on_path) {
    bool from_stage = false;
    for (const schemas::FileDigest& in : graph.stage(s).inputs()) {
      if (graph.ProducerOfPath(in.path()) >= 0 && ex.HoldsValue(in, q) == Holds::kYes)
        from_stage = true;
    }
    if (!from_stage) t.entries.insert(s);
  }
  t.order = graph.Closure({t.roots.begin(), t.roots.end()});
  return t;
}

char Marker(Holds h) { return h == Holds::kYes ? '*' : h == Holds::kUnknown ? '?' : ' '; }

std::string DescribeHit(const ValueHit& hit, const ValueQuery& q) {
  std::string s = hit.location;
  if (!hit.context.empty()) {
    absl::StrAppend(&s, ": ", hit.context);
  } else {
    absl::StrAppend(&s, " = ", hit.found);
  }
  if (hit.kind == MatchKind::kRounded)
    absl::StrAppend(&s, "  (", hit.found, " rounds to ", q.text, ")");
  return s;
}

std::string FileLine(const schemas::FileDigest& f) {
  return absl::StrCat(f.path(), "  sha256 ", f.sha256(), "  ", f.bytes(), " bytes");
}

std::string ListPaths(const std::vector<std::string>& paths, size_t max) {
  if (paths.size() <= max) return absl::StrJoin(paths, ", ");
  std::vector<std::string> head(paths.begin(), paths.begin() + max);
  return absl::StrCat(absl::StrJoin(head, ", "), " and ", paths.size() - max, " more");
}

// The value's path, upstream first: where it enters, then who carries it.
void AppendValuePath(const LineageGraph& graph, const Trace& t, const ValueQuery& q, Explainer& ex,
                     const std::string& indent, std::string* out) {
  for (auto it = t.order.rbegin(); it != t.order.rend(); ++it) {
    const int s = *it;
    if (!t.on_path.count(s)) continue;
    const schemas::Provenance& p = graph.stage(s);
    std::vector<std::string> holding_stage_inputs, holding_sources, sources;
    bool unknown = false;
    for (const schemas::FileDigest& in : p.inputs()) {
      const bool is_source = graph.ProducerOfPath(in.path()) < 0;
      const Holds h = ex.HoldsValue(in, q);
      if (h == Holds::kUnknown) unknown = true;
      if (is_source) sources.push_back(in.path());
      if (h != Holds::kYes) continue;
      (is_source ? holding_sources : holding_stage_inputs).push_back(in.path());
    }
    if (!t.entries.count(s)) {
      absl::StrAppend(out, indent, "carried by  ", p.label(), " from ",
                      ListPaths(holding_stage_inputs, 3), "\n");
    } else if (!holding_sources.empty()) {
      absl::StrAppend(out, indent, "taken by    ", p.label(), " from the source ",
                      ListPaths(holding_sources, 3), " (the value is written there)\n");
    } else {
      // The value is the stage's result: its authored inputs are named as
      // such, never as if the value came from them.
      absl::StrAppend(
          out, indent, "computed by ", p.label(), " from its inputs (",
          sources.empty() ? "" : absl::StrCat("authored inputs: ", ListPaths(sources, 4), "; "),
          "no input holds the value",
          unknown ? "; the bytes of inputs marked '?' were not found" : "", ")\n");
    }
  }
}

// A report as TraceValue reads it: the lineage and the artifacts beside it.
struct Report {
  fs::path dir;
  std::string lineage_file;
  LineageGraph graph;
  std::vector<Artifact> artifacts;
  int volatile_skipped = 0;
  std::string name;  // the lineage's report label, or the lineage file
};

// `report` is a report directory, a lineage.json or a <stage>.provenance.json.
absl::StatusOr<Report> LoadReport(const std::string& report) {
  std::error_code ec;
  fs::path dir = report, lineage_file = report;
  if (fs::is_directory(dir, ec)) {
    lineage_file = dir / "lineage.json";
  } else {
    dir = fs::path(report).parent_path();
    if (dir.empty()) dir = ".";
  }
  if (!fs::is_regular_file(lineage_file, ec)) {
    return absl::NotFoundError(absl::StrCat(
        lineage_file.string(),
        ": not found (give a report directory holding lineage.json, a lineage.json or a "
        "<stage>.provenance.json)"));
  }
  ASSIGN_OR_RETURN(const std::string lineage_json, ReadFile(lineage_file.string()));
  ASSIGN_OR_RETURN(LineageGraph graph, LineageGraph::FromJson(lineage_json, lineage_file.string()));
  int volatile_skipped = 0;
  ASSIGN_OR_RETURN(std::vector<Artifact> artifacts, ListArtifacts(dir, &volatile_skipped));
  std::string name =
      graph.lineage().report().empty() ? lineage_file.string() : graph.lineage().report();
  return Report{dir,
                lineage_file.string(),
                std::move(graph),
                std::move(artifacts),
                volatile_skipped,
                std::move(name)};
}

// A query that is a key of one of the report's *.tokens.txt files stands for
// the token's value (noted in `out`); any other query stands for itself.
absl::StatusOr<ValueQuery> ResolveTokenKey(const std::vector<Artifact>& artifacts, ValueQuery query,
                                           std::string* out) {
  if (query.numeric) return query;
  for (const Artifact& a : artifacts) {
    if (!absl::EndsWith(a.name, ".tokens.txt")) continue;
    std::optional<std::string> value = LookupToken(a.bytes, query.text);
    if (!value) continue;
    absl::StrAppend(out, "  token ", query.text, " = ", *value, " (", a.name, "): tracing ", *value,
                    "\n");
    absl::StatusOr<ValueQuery> q = ParseValueQuery(*value);
    if (!q.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(a.name, ": token ", query.text, " is empty"));
    }
    return *std::move(q);
  }
  return query;
}

// The artifacts that hold the value, their hits, and those no stage wrote.
void AppendHolders(const Trace& t, size_t artifact_count, const ValueQuery& query,
                   const TraceOptions& options, std::string* out) {
  absl::StrAppend(out, "\nFound in ", t.holders.size(), " of ", artifact_count, " artifacts:\n");
  size_t width = 0;
  for (const Holder& h : t.holders) width = std::max(width, h.artifact->name.size());
  for (const Holder& h : t.holders) {
    const std::string name = absl::StrFormat("%-*s", static_cast<int>(width), h.artifact->name);
    const int shown = std::min<int>(h.hits.size(), options.max_hits_per_artifact);
    for (int i = 0; i < shown; ++i) {
      absl::StrAppend(out, "  ", name, "  ", DescribeHit(h.hits[i], query), "\n");
    }
    if (static_cast<int>(h.hits.size()) > shown) {
      absl::StrAppend(out, "  ", name, "  ... and ", h.hits.size() - shown, " more\n");
    }
    if (h.producer < 0) {
      absl::StrAppend(out, "  ", name, "  (sha256 ", h.artifact->sha256,
                      " is not an output of any recorded stage)\n");
    }
  }
}

// A value that a stage formats from several numbers ("170/180", "[0.108,
// 0.586]"): the path of each number inside it.
void AppendNumbersInside(const Report& r, const ValueQuery& query, const TraceOptions& options,
                         Explainer& ex, std::string* out) {
  std::vector<std::string> parts;
  if (!query.numeric) parts = NumbersIn(query.text);
  // A cell id "<task>/<harness>/<coordinate>" holds one integer by accident: no parts.
  if (parts.size() == 1 && parts[0].find('.') == std::string::npos) parts.clear();
  if (parts.empty()) return;
  absl::StrAppend(out, "\nNumbers inside the value:\n");
  for (const std::string& part : parts) {
    absl::StatusOr<ValueQuery> pq = ParseValueQuery(part);
    if (!pq.ok()) continue;
    const Trace pt = TraceValue(r.graph, r.artifacts, *pq, options, ex);
    absl::StrAppend(out, "  ", part, "  (in ", pt.holders.size(), " artifacts)\n");
    AppendValuePath(r.graph, pt, *pq, ex, "    ", out);
  }
}

// The stages listed in full: with `all` every stage upstream of the holders,
// otherwise everything upstream of where the value enters.
std::set<int> FullyListed(const LineageGraph& graph, const Trace& t, bool all) {
  if (all) return std::set<int>(t.order.begin(), t.order.end());
  const std::vector<int> closure = graph.Closure({t.entries.begin(), t.entries.end()});
  return std::set<int>(closure.begin(), closure.end());
}

// One stage record: its tool, its outputs and its inputs (with `complete`
// false, only those that hold the value). Source inputs listed for the first
// time are added to `sources`.
void AppendStage(const LineageGraph& graph, int s, bool complete, const ValueQuery& query,
                 Explainer& ex, std::set<std::string>* seen_sources,
                 std::vector<const schemas::FileDigest*>* sources, std::string* out) {
  const schemas::Provenance& p = graph.stage(s);
  absl::StrAppend(out, "\n", p.label(), "  stage ", p.stage(), ", version ", p.stage_version(),
                  "\n");
  absl::StrAppend(out, "  tool      ", FileLine(p.tool()), "\n");
  int hidden_outputs = 0, hidden_inputs = 0;
  for (const schemas::FileDigest& o : p.outputs()) {
    const Holds h = ex.HoldsValue(o, query);
    if (!complete && h != Holds::kYes) {
      ++hidden_outputs;
      continue;
    }
    absl::StrAppend(out, "  output  ", std::string(1, Marker(h)), " ", FileLine(o), "\n");
  }
  if (hidden_outputs) absl::StrAppend(out, "  output    (", hidden_outputs, " more)\n");
  for (const schemas::FileDigest& in : p.inputs()) {
    const Holds h = ex.HoldsValue(in, query);
    const int producer = graph.ProducerOfPath(in.path());
    if (!complete && h != Holds::kYes) {
      ++hidden_inputs;
      continue;
    }
    absl::StrAppend(
        out, "  input   ", std::string(1, Marker(h)), " ", in.role(), "  ", FileLine(in),
        producer >= 0 ? absl::StrCat("  <- ", graph.stage(producer).label()) : "  source", "\n");
    if (producer < 0 && seen_sources->insert(in.path()).second) sources->push_back(&in);
  }
  if (hidden_inputs) {
    absl::StrAppend(out, "  input     (", hidden_inputs,
                    " more inputs that do not hold the value; --all lists them)\n");
  }
}

// The stages on the value's path and those listed in full, downstream first;
// returns the source inputs they list, in the order first listed.
std::vector<const schemas::FileDigest*> AppendStages(const LineageGraph& graph, const Trace& t,
                                                     const std::set<int>& full,
                                                     const ValueQuery& query, Explainer& ex,
                                                     std::string* out) {
  absl::StrAppend(out, "\nStages (downstream first; * holds the value, ? bytes not found):\n");
  std::vector<const schemas::FileDigest*> listed_sources;
  std::set<std::string> seen_sources;
  for (int s : t.order) {
    if (!t.on_path.count(s) && !full.count(s)) continue;
    AppendStage(graph, s, full.count(s) > 0, query, ex, &seen_sources, &listed_sources, out);
  }
  return listed_sources;
}

// The source inputs, sorted by path, with their workspace state and the ids
// (commits, hashes) that pin them.
void AppendSourceInputs(std::vector<const schemas::FileDigest*> sources, const ValueQuery& query,
                        const TraceOptions& options, Explainer& ex, std::string* out) {
  if (sources.empty()) return;
  absl::StrAppend(out, "\nSource inputs:\n");
  std::sort(sources.begin(), sources.end(),
            [](const schemas::FileDigest* a, const schemas::FileDigest* b) {
              return a->path() < b->path();
            });
  for (const schemas::FileDigest* f : sources) {
    const std::string state = ex.WorkspaceState(*f);
    absl::StrAppend(out, "  ", std::string(1, Marker(ex.HoldsValue(*f, query))), " ", FileLine(*f),
                    state.empty() ? "" : absl::StrCat("  (", state, ")"), "\n");
    const std::string* bytes = ex.Content(*f);
    if (bytes == nullptr) continue;
    std::vector<std::string> keys;
    std::map<std::string, std::vector<std::string>> by_key;
    for (const SourceId& id : ExtractSourceIds(f->path(), *bytes)) {
      if (!by_key.count(id.key)) keys.push_back(id.key);
      by_key[id.key].push_back(id.value);
    }
    for (const std::string& key : keys) {
      const std::vector<std::string>& values = by_key[key];
      absl::StrAppend(out, "      ", key, " (", values.size(),
                      "): ", ListPaths(values, options.max_ids_per_key), "\n");
    }
  }
}

}  // namespace

absl::StatusOr<std::string> TraceValue(const std::string& report, absl::string_view query_text,
                                       const TraceOptions& options) {
  ASSIGN_OR_RETURN(const Report r, LoadReport(report));
  ASSIGN_OR_RETURN(ValueQuery query, ParseValueQuery(query_text));
  std::string out = absl::StrCat("Lineage of ", query.text, " in ", r.name, "\n");
  absl::StrAppend(
      &out, "  ", r.dir.string(), ": ", r.artifacts.size(), " artifacts, ", r.graph.size(),
      " stage records",
      r.volatile_skipped ? absl::StrCat(", ", r.volatile_skipped, " volatile files skipped") : "",
      "\n");
  ASSIGN_OR_RETURN(query, ResolveTokenKey(r.artifacts, std::move(query), &out));
  Explainer ex(r.artifacts, options);

  const Trace t = TraceValue(r.graph, r.artifacts, query, options, ex);
  if (t.holders.empty()) {
    std::vector<std::string> names;
    for (const Artifact& a : r.artifacts) names.push_back(a.name);
    return absl::NotFoundError(absl::StrCat(query.text, " appears in none of the ",
                                            r.artifacts.size(), " artifacts of ", r.name, ": ",
                                            ListPaths(names, 20)));
  }
  AppendHolders(t, r.artifacts.size(), query, options, &out);
  if (!t.roots.empty()) {
    absl::StrAppend(&out, "\nValue path (upstream first):\n");
    AppendValuePath(r.graph, t, query, ex, "  ", &out);
  }
  AppendNumbersInside(r, query, options, ex, &out);
  const std::vector<const schemas::FileDigest*> sources =
      AppendStages(r.graph, t, FullyListed(r.graph, t, options.all), query, ex, &out);
  AppendSourceInputs(sources, query, options, ex, &out);
  return out;
}

}  // namespace repro::lineage
