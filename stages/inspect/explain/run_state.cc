#include "stages/inspect/explain/run_state.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "nlohmann/json.hpp"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/grid/grid_spec.h"
#include "stages/inspect/lineage/lineage_graph.h"

namespace repro::explain {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr absl::string_view kStateFormat = "repro.explain.state/1";
constexpr absl::string_view kStateSuffix = ".explain.jsonl";
// The counted lines of a state file, as named in its end line.
constexpr absl::string_view kEndCounts[] = {"stages", "tokens", "units"};
constexpr char kAuthoredCount[] = "authored";
// The headline metrics of a state written before its header named them
// (before file Acc@k was one): the first six of HeadlineMetrics().
constexpr size_t kLegacyUnitMetrics = 6;

std::string OutputsDigest(const schemas::Provenance& p) {
  std::vector<std::pair<std::string, std::string>> outs;
  for (const schemas::FileDigest& o : p.outputs()) outs.emplace_back(o.path(), o.sha256());
  std::sort(outs.begin(), outs.end());
  std::string lines;
  for (const auto& [path, sha] : outs) absl::StrAppend(&lines, path, " ", sha, "\n");
  return ShortDigest(Sha256Hex(lines));
}

// "external/<repo>_history/commits/<commit>" for a file of a history dump,
// else "".
std::string HistoryDir(absl::string_view path) {
  std::vector<absl::string_view> parts = absl::StrSplit(path, '/');
  if (parts.size() == 5 && parts[0] == "external" && absl::EndsWith(parts[1], "_history") &&
      parts[2] == "commits") {
    return absl::StrJoin(parts.begin(), parts.begin() + 4, "/");
  }
  return "";
}

// The package source a program's runfile belongs to: for role
// "<program>_runfiles/../<repository>/..." (a file of an external repository
// the program runs on, e.g. "program_runfiles/../engines_wheel_numpy/numpy/
// __init__.py" or "cost_program_runfiles/../tokenizer_wheel_tokenizers/..."),
// the group ("<program>_package", "<repository>"); ("", "") for any other
// role, the program's own files of the workspace included.
std::pair<std::string, std::string> ProgramPackage(absl::string_view role) {
  constexpr absl::string_view kMark = "_runfiles/../";
  const size_t at = role.find(kMark);
  if (at == absl::string_view::npos) return {};
  const absl::string_view rest = role.substr(at + kMark.size());
  return {absl::StrCat(role.substr(0, at), "_package"),
          std::string(rest.substr(0, rest.find('/')))};
}

// Groups of files that become one source input each, a digest over their
// lines: the files of one commit's history dump (role "history", path the
// commit's directory), and the files of one package a program runs on (role
// "<program role>_package", e.g. "program_package" or "cost_program_package",
// path the repository: a wheel of ~1,000 files, pinned by
// its sha256 in a lock, is one line, not one a file; the program's own files
// stay listed one by one, so explain names the one that changed).
std::vector<StageInput> GroupSources(const std::vector<StageInput>& inputs) {
  std::vector<StageInput> out;
  std::map<std::pair<std::string, std::string>, std::string> groups;  // (role, path) -> lines
  for (const StageInput& i : inputs) {
    const std::string dir = HistoryDir(i.path);
    const std::pair<std::string, std::string> package =
        dir.empty() ? ProgramPackage(i.role) : std::pair<std::string, std::string>();
    if (!dir.empty()) {
      absl::StrAppend(&groups[{"history", dir}], i.role, " ", i.path, " ", i.sha256, "\n");
    } else if (!package.second.empty()) {
      absl::StrAppend(&groups[package], i.role, " ", i.path, " ", i.sha256, "\n");
    } else {
      out.push_back(i);
    }
  }
  for (const auto& [key, lines] : groups)
    out.push_back({key.first, key.second, ShortDigest(Sha256Hex(lines))});
  return out;
}

StageRecord RecordOf(const lineage::LineageGraph& graph, int index) {
  const schemas::Provenance& p = graph.stage(index);
  StageRecord r;
  r.label = p.label();
  r.stage = p.stage();
  r.version = p.stage_version();
  r.args.assign(p.args().begin(), p.args().end());
  r.tool_path = p.tool().path();
  r.tool_sha256 = ShortDigest(p.tool().sha256());
  std::vector<std::string> produced;
  for (const schemas::FileDigest& in : p.inputs()) {
    const int producer = graph.ProducerOfPath(in.path());
    if (producer < 0 || producer == index) {
      r.sources.push_back({in.role(), in.path(), ShortDigest(in.sha256())});
    } else {
      produced.push_back(absl::StrCat(in.role(), " ", in.path(), " ", in.sha256(), "\n"));
    }
  }
  r.sources = GroupSources(r.sources);
  std::sort(r.sources.begin(), r.sources.end(), [](const StageInput& a, const StageInput& b) {
    return std::tie(a.role, a.path) < std::tie(b.role, b.path);
  });
  std::sort(produced.begin(), produced.end());
  r.produced_digest = ShortDigest(Sha256Hex(absl::StrJoin(produced, "")));
  for (int u : graph.Upstream(index)) r.upstream.push_back(graph.stage(u).label());
  std::sort(r.upstream.begin(), r.upstream.end());
  r.outputs_digest = OutputsDigest(p);
  for (const schemas::FileDigest& o : p.outputs())
    r.writes_tokens |= absl::EndsWith(o.path(), ".tokens.txt");
  return r;
}

absl::StatusOr<std::string> OnlyTokenFile(const std::string& dir) {
  std::vector<std::string> found;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (absl::EndsWith(name, ".tokens.txt")) found.push_back(e.path().string());
  }
  if (ec)
    return absl::NotFoundError(
        absl::StrCat(dir, ": cannot list the report directory: ", ec.message()));
  std::sort(found.begin(), found.end());
  if (found.size() != 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        dir, ": expected exactly one *.tokens.txt in the report directory, found ", found.size(),
        found.empty() ? "" : absl::StrCat(" (", absl::StrJoin(found, ", "), ")")));
  }
  return found[0];
}

absl::StatusOr<tokens::TokenList> ReadTokens(const std::string& path) {
  ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  return tokens::ParseTokens(text, path);
}

// Column index by name; InvalidArgument naming the file when one is missing.
absl::StatusOr<std::map<std::string, int>> Columns(const std::vector<std::string>& header,
                                                   const std::string& file) {
  std::map<std::string, int> at;
  for (int i = 0; i < static_cast<int>(header.size()); ++i) at[header[i]] = i;
  for (const char* need : {"unit_id", "task_id", "harness", "parameter", "label"}) {
    if (!at.count(need)) {
      return absl::InvalidArgumentError(absl::StrCat(file, ": line 1: no column '", need, "'"));
    }
  }
  return at;
}

// The units of cells.csv; `metrics` gets the headline metrics it has a
// column for (a report built before file Acc@k has none for it).
absl::StatusOr<std::vector<Unit>> ReadUnits(const std::string& path,
                                            std::vector<std::string>* metrics) {
  ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  std::vector<std::string> lines = absl::StrSplit(text, '\n', absl::SkipEmpty());
  if (lines.empty())
    return absl::InvalidArgumentError(absl::StrCat(path, ": empty, expected a header"));
  std::vector<std::vector<std::string>> rows;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find('"') != std::string::npos) {
      return absl::InvalidArgumentError(absl::StrCat(
          path, ": line ", i + 1, ": a quoted field; cells.csv fields are ids and numbers"));
    }
    rows.push_back(absl::StrSplit(lines[i], ','));
    if (rows.back().size() != rows.front().size()) {
      return absl::InvalidArgumentError(absl::StrCat(path, ": line ", i + 1, ": ",
                                                     rows.back().size(), " fields, expected ",
                                                     rows.front().size()));
    }
  }
  ASSIGN_OR_RETURN(auto at, Columns(rows.front(), path));
  for (const std::string& m : HeadlineMetrics()) {
    if (at.count(m)) metrics->push_back(m);
  }
  std::vector<Unit> units;
  for (size_t i = 1; i < rows.size(); ++i) {
    const std::vector<std::string>& r = rows[i];
    Unit u{r[at["unit_id"]], r[at["task_id"]], r[at["harness"]], r[at["label"]], 0, {}};
    if (!absl::SimpleAtoi(r[at["parameter"]], &u.dose)) {
      return absl::InvalidArgumentError(absl::StrCat(path, ": line ", i + 1, ": parameter '",
                                                     r[at["parameter"]], "' is not an integer"));
    }
    for (const std::string& m : *metrics) {
      if (!r[at[m]].empty()) u.values[m] = r[at[m]];
    }
    units.push_back(std::move(u));
  }
  return units;
}

// report.json's top-level bootstrap_resamples and bootstrap_seed, read by a
// SAX pass that stops once both are seen (report.json of a 1,000-task grid
// is hundreds of megabytes; the two fields come first).
class BootstrapFields : public nlohmann::json_sax<json> {
 public:
  int64_t resamples = 0;
  bool has_resamples = false;
  uint64_t seed = 0;
  bool has_seed = false;
  bool null() override { return Next(); }
  bool boolean(bool) override { return Next(); }
  bool number_integer(number_integer_t v) override { return Int(v); }
  bool number_unsigned(number_unsigned_t v) override { return Int(static_cast<int64_t>(v)); }
  bool number_float(number_float_t, const string_t&) override { return Next(); }
  bool string(string_t& v) override {
    if (depth_ == 1 && key_ == "bootstrap_seed") has_seed = absl::SimpleAtoi(v, &seed);
    return Next();
  }
  bool binary(binary_t&) override { return Next(); }
  bool start_object(std::size_t) override {
    ++depth_;
    key_.clear();
    return true;
  }
  bool end_object() override {
    --depth_;
    return Next();
  }
  bool start_array(std::size_t) override {
    ++depth_;
    key_.clear();
    return true;
  }
  bool end_array() override {
    --depth_;
    return Next();
  }
  bool key(string_t& k) override {
    if (depth_ == 1) key_ = k;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  bool Int(int64_t v) {
    if (depth_ == 1 && key_ == "bootstrap_resamples") {
      resamples = v;
      has_resamples = true;
    }
    return Next();
  }
  bool Next() { return !(resamples > 0 && has_seed); }
  int depth_ = 0;
  std::string key_;
};

// 0 (the report states none) or the experiment's bound, 1..kMaxResamples.
absl::Status CheckResamples(int64_t resamples, absl::string_view where) {
  if (resamples >= 0 && resamples <= grid::kMaxResamples) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(where,
                                                 ": bootstrap_resamples: expected 0 (none) or 1..",
                                                 grid::kMaxResamples, ", found ", resamples));
}

absl::Status ReadBootstrap(const std::string& path, RunState* state) {
  ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  BootstrapFields fields;
  json::sax_parse(text, &fields);
  if (fields.has_resamples) RETURN_IF_ERROR(CheckResamples(fields.resamples, path));
  if (fields.resamples > 0 && fields.has_seed) {
    state->bootstrap_resamples = static_cast<int>(fields.resamples);
    state->bootstrap_seed = fields.seed;
  }
  return absl::OkStatus();
}

bool Exists(const fs::path& p) {
  std::error_code ec;
  return fs::exists(p, ec);
}

absl::Status StateError(const std::string& path, int line, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": line ", line, ": ", what));
}

// The counts of the end line, in kEndCounts' order.
std::vector<size_t> EndCounts(const RunState& state) {
  return {state.stages.size(), state.tokens.size(), state.units.size()};
}

// The optional authored count of the end line: absent means none.
absl::Status CheckAuthoredCount(const json& end, const RunState& state, const std::string& path,
                                int line_no) {
  if (!end.contains(kAuthoredCount)) {
    if (state.authored.empty()) return absl::OkStatus();
    return StateError(path, line_no,
                      absl::StrCat("end.", kAuthoredCount, ": absent, the state holds ",
                                   state.authored.size(), " authored lines (edited)"));
  }
  if (!end.at(kAuthoredCount).is_number_unsigned() ||
      end.at(kAuthoredCount).get<uint64_t>() != state.authored.size()) {
    return StateError(path, line_no,
                      absl::StrCat("end.", kAuthoredCount, ": the end line counts ",
                                   end.at(kAuthoredCount).dump(), ", the state holds ",
                                   state.authored.size(), " (cut short or edited)"));
  }
  return absl::OkStatus();
}

// The end line `end` (its "end" member) of a state file against the lines
// read before it.
absl::Status CheckEnd(const json& end, const RunState& state, const std::string& path,
                      int line_no) {
  RETURN_IF_ERROR(CheckAuthoredCount(end, state, path, line_no));
  const std::vector<size_t> found = EndCounts(state);
  for (size_t i = 0; i < found.size(); ++i) {
    const std::string field(kEndCounts[i]);
    if (!end.contains(field) || !end.at(field).is_number_unsigned()) {
      return StateError(path, line_no, absl::StrCat("end.", field, ": expected a count"));
    }
    const uint64_t said = end.at(field).get<uint64_t>();
    if (said != found[i]) {
      return StateError(path, line_no,
                        absl::StrCat("end.", field, ": the end line counts ", said,
                                     ", the state holds ", found[i], " (cut short or edited)"));
    }
  }
  return absl::OkStatus();
}

json AuthoredLine(const AuthoredFields& a) {
  json fields = json::array();
  for (const auto& [record, by_field] : a.fields) {
    for (const auto& [field, digest] : by_field) fields.push_back({record, field, digest});
  }
  return {{"authored", {{"path", a.path}, {"sha256", a.sha256}, {"fields", fields}}}};
}

// An authored line's "authored" member. May throw json::exception.
AuthoredFields ReadAuthored(const json& j) {
  AuthoredFields a;
  a.path = j.at("path").get<std::string>();
  a.sha256 = j.at("sha256").get<std::string>();
  for (const json& f : j.at("fields")) {
    a.fields[f.at(0).get<std::string>()][f.at(1).get<std::string>()] = f.at(2).get<std::string>();
  }
  return a;
}

// The header's "unit_metrics" (absent: a state written before it, whose unit
// lines hold the first kLegacyUnitMetrics headline metrics): distinct
// headline metrics. May throw json::exception.
absl::Status ReadUnitMetrics(const json& header, const std::string& path, RunState* state) {
  const std::vector<std::string>& known = HeadlineMetrics();
  if (!header.contains("unit_metrics")) {
    state->unit_metrics.assign(known.begin(), known.begin() + kLegacyUnitMetrics);
    return absl::OkStatus();
  }
  for (const std::string& m : header.at("unit_metrics").get<std::vector<std::string>>()) {
    if (std::find(known.begin(), known.end(), m) == known.end() ||
        std::find(state->unit_metrics.begin(), state->unit_metrics.end(), m) !=
            state->unit_metrics.end()) {
      return StateError(path, 1,
                        absl::StrCat("unit_metrics: '", m, "' is not a headline metric (",
                                     absl::StrJoin(known, ", "), ") or is named twice"));
    }
    state->unit_metrics.push_back(m);
  }
  return absl::OkStatus();
}

// The header line (line 1) of a state file into `state`. May throw
// json::exception, which the caller names with the line.
absl::Status ReadHeader(const json& j, const std::string& path, RunState* state) {
  if (j.value("format", "") != kStateFormat) {
    return StateError(
        path, 1,
        absl::StrCat("format '", j.value("format", ""), "', expected '", kStateFormat, "'"));
  }
  state->report = j.at("report").get<std::string>();
  const json& resamples = j.at("bootstrap_resamples");
  if (!resamples.is_number_integer()) {
    return StateError(
        path, 1,
        absl::StrCat("bootstrap_resamples: expected an integer, found ", resamples.dump()));
  }
  RETURN_IF_ERROR(CheckResamples(resamples.get<int64_t>(), absl::StrCat(path, ": line 1")));
  state->bootstrap_resamples = resamples.get<int>();
  RETURN_IF_ERROR(ReadUnitMetrics(j, path, state));
  if (!absl::SimpleAtoi(j.at("bootstrap_seed").get<std::string>(), &state->bootstrap_seed)) {
    return StateError(path, 1, "bootstrap_seed is not an unsigned integer");
  }
  return absl::OkStatus();
}

}  // namespace

const std::vector<std::string>& HeadlineMetrics() {
  static const auto* const kMetrics =
      new std::vector<std::string>{"mrr",           "recall_at_10",       "ndcg_at_10",
                                   "delta_mrr",     "delta_recall_at_10", "delta_ndcg_at_10",
                                   "file_acc_at_1", "file_acc_at_5"};
  return *kMetrics;
}

std::string ShortDigest(absl::string_view sha256_hex) {
  return std::string(sha256_hex.substr(0, kDigestHexDigits));
}

absl::StatusOr<RunState> StateFromLineage(const schemas::Lineage& lineage) {
  ASSIGN_OR_RETURN(lineage::LineageGraph graph,
                   lineage::LineageGraph::FromLineage(lineage, lineage.report()));
  RunState state;
  state.report = lineage.report();
  for (int i = 0; i < graph.size(); ++i) state.stages.push_back(RecordOf(graph, i));
  return state;  // lineage::LineageGraph sorts its stages by label
}

absl::StatusOr<RunState> LoadReportDir(const std::string& dir) {
  const std::string lineage_path = (fs::path(dir) / "lineage.json").string();
  ASSIGN_OR_RETURN(std::string lineage_json, ReadFile(lineage_path));
  ASSIGN_OR_RETURN(lineage::LineageGraph graph,
                   lineage::LineageGraph::FromJson(lineage_json, lineage_path));
  ASSIGN_OR_RETURN(RunState state, StateFromLineage(graph.lineage()));
  ASSIGN_OR_RETURN(std::string tokens_path, OnlyTokenFile(dir));
  ASSIGN_OR_RETURN(state.tokens, ReadTokens(tokens_path));
  const fs::path cells = fs::path(dir) / "cells.csv";
  if (Exists(cells)) {
    ASSIGN_OR_RETURN(state.units, ReadUnits(cells.string(), &state.unit_metrics));
  }
  const fs::path report_json = fs::path(dir) / "report.json";
  if (Exists(report_json)) RETURN_IF_ERROR(ReadBootstrap(report_json.string(), &state));
  return state;
}

std::string StateFileText(const RunState& state) {
  std::string out;
  json header = {{"format", kStateFormat},
                 {"report", state.report},
                 {"bootstrap_resamples", state.bootstrap_resamples},
                 {"bootstrap_seed", std::to_string(state.bootstrap_seed)}};
  if (!state.units.empty()) header["unit_metrics"] = state.unit_metrics;
  absl::StrAppend(&out, header.dump(), "\n");
  std::map<std::string, int> position;
  for (size_t i = 0; i < state.stages.size(); ++i)
    position[state.stages[i].label] = static_cast<int>(i);
  for (const StageRecord& s : state.stages) {
    json sources = json::array();
    for (const StageInput& i : s.sources) sources.push_back({i.role, i.path, i.sha256});
    std::vector<int> upstream;
    for (const std::string& u : s.upstream) upstream.push_back(position.at(u));
    json line = {{"label", s.label},
                 {"stage", s.stage},
                 {"version", s.version},
                 {"args", s.args},
                 {"tool", {s.tool_path, s.tool_sha256}},
                 {"sources", sources},
                 {"up", upstream},
                 {"in", s.produced_digest},
                 {"out", s.outputs_digest},
                 {"tokens", s.writes_tokens}};
    absl::StrAppend(&out, line.dump(), "\n");
  }
  for (const auto& [key, value] : state.tokens) {
    absl::StrAppend(&out, json{{"token", {key, value}}}.dump(), "\n");
  }
  for (const Unit& u : state.units) {
    json values = json::array();
    for (const std::string& m : state.unit_metrics) {
      auto v = u.values.find(m);
      values.push_back(v == u.values.end() ? json() : json(v->second));
    }
    json line = {{"unit", {u.cell_id, u.task, u.harness, u.condition, u.dose}}, {"values", values}};
    absl::StrAppend(&out, line.dump(), "\n");
  }
  for (const AuthoredFields& a : state.authored)
    absl::StrAppend(&out, AuthoredLine(a).dump(), "\n");
  json end = json::object();
  const std::vector<size_t> counts = EndCounts(state);
  for (size_t i = 0; i < counts.size(); ++i) end[std::string(kEndCounts[i])] = counts[i];
  if (!state.authored.empty()) end[kAuthoredCount] = state.authored.size();
  absl::StrAppend(&out, json{{"end", end}}.dump(), "\n");
  return out;
}

const AuthoredFields* FindAuthored(const RunState& state, absl::string_view path,
                                   absl::string_view sha256) {
  for (const AuthoredFields& a : state.authored) {
    if (a.path == path && a.sha256 == sha256) return &a;
  }
  return nullptr;
}

absl::Status CheckSameReport(const RunState& before, absl::string_view before_name,
                             const RunState& after, absl::string_view after_name) {
  if (before.report == after.report) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat(before_name, " is a run of report '", before.report, "', ", after_name,
                   " of report '", after.report, "': explain compares two runs of one report"));
}

absl::StatusOr<RunState> LoadStateFile(const std::string& path) {
  if (!absl::EndsWith(path, kStateSuffix)) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": a frozen state file's name ends in ", kStateSuffix));
  }
  ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  RunState state;
  std::vector<std::vector<int>> upstream;  // per stage, positions
  std::vector<std::string> lines = absl::StrSplit(text, '\n', absl::SkipEmpty());
  bool ended = false;
  for (size_t n = 0; n < lines.size(); ++n) {
    const int line_no = static_cast<int>(n) + 1;
    json j = json::parse(lines[n], nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded() || !j.is_object()) return StateError(path, line_no, "not a JSON object");
    if (ended) return StateError(path, line_no, "a line after the end line");
    try {
      if (n == 0) {
        RETURN_IF_ERROR(ReadHeader(j, path, &state));
      } else if (j.contains("end")) {
        RETURN_IF_ERROR(CheckEnd(j.at("end"), state, path, line_no));
        ended = true;
      } else if (j.contains("label")) {
        StageRecord s;
        s.label = j.at("label").get<std::string>();
        s.stage = j.at("stage").get<std::string>();
        s.version = j.at("version").get<std::string>();
        s.args = j.at("args").get<std::vector<std::string>>();
        s.tool_path = j.at("tool").at(0).get<std::string>();
        s.tool_sha256 = j.at("tool").at(1).get<std::string>();
        for (const json& i : j.at("sources")) {
          s.sources.push_back(
              {i.at(0).get<std::string>(), i.at(1).get<std::string>(), i.at(2).get<std::string>()});
        }
        upstream.push_back(j.at("up").get<std::vector<int>>());
        s.produced_digest = j.at("in").get<std::string>();
        s.outputs_digest = j.at("out").get<std::string>();
        s.writes_tokens = j.at("tokens").get<bool>();
        state.stages.push_back(std::move(s));
      } else if (j.contains("authored")) {
        state.authored.push_back(ReadAuthored(j.at("authored")));
      } else if (j.contains("token")) {
        state.tokens.emplace_back(j.at("token").at(0).get<std::string>(),
                                  j.at("token").at(1).get<std::string>());
      } else {
        const json& u = j.at("unit");
        Unit unit{u.at(0).get<std::string>(), u.at(1).get<std::string>(),
                  u.at(2).get<std::string>(), u.at(3).get<std::string>(),
                  u.at(4).get<int>(),         {}};
        const json& values = j.at("values");
        if (values.size() != state.unit_metrics.size()) {
          return StateError(path, line_no,
                            absl::StrCat(values.size(), " values, the header's unit_metrics name ",
                                         state.unit_metrics.size()));
        }
        for (size_t m = 0; m < values.size(); ++m) {
          if (!values[m].is_null())
            unit.values[state.unit_metrics[m]] = values[m].get<std::string>();
        }
        state.units.push_back(std::move(unit));
      }
    } catch (const json::exception& e) {
      return StateError(path, line_no, e.what());
    }
  }
  if (lines.empty()) return StateError(path, 1, "empty, expected a header");
  if (!ended) {
    return StateError(path, static_cast<int>(lines.size()),
                      "the state ends without its end line {\"end\":{...}}: it was cut short, or "
                      "written by an explain without end lines (write it again: the report's "
                      "refreeze command, or explain --write_state)");
  }
  if (state.units.empty()) state.unit_metrics.clear();  // no units, no metric recorded
  for (size_t i = 0; i < upstream.size(); ++i) {
    for (int u : upstream[i]) {
      if (u < 0 || u >= static_cast<int>(state.stages.size())) {
        return absl::InvalidArgumentError(absl::StrCat(path, ": stage ", state.stages[i].label,
                                                       ": upstream position ", u,
                                                       " is out of range"));
      }
      state.stages[i].upstream.push_back(state.stages[u].label);
    }
    std::sort(state.stages[i].upstream.begin(), state.stages[i].upstream.end());
  }
  return state;
}

absl::StatusOr<RunState> LoadRunState(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return LoadReportDir(path);
  if (!Exists(path))
    return absl::NotFoundError(absl::StrCat(path, ": no such report directory or state file"));
  return LoadStateFile(path);
}

}  // namespace repro::explain
