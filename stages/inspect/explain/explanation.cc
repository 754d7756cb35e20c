#include "stages/inspect/explain/explanation.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "nlohmann/json.hpp"
#include "stages/framework/report/html_page.h"
#include "stages/framework/report/svg.h"

namespace repro::explain {
namespace {

using nlohmann::json;

// A grid cell's coordinates, from its arguments.
struct Cell {
  std::string task, harness, condition, dose_tag;  // condition "S002", dose_tag "d5"
};

std::optional<Cell> CellOf(const StageRecord& s) {
  if (s.stage != "grid_cell") return std::nullopt;
  Cell c;
  for (absl::string_view a : s.args) {
    if (absl::ConsumePrefix(&a, "--task="))
      c.task = std::string(a);
    else if (absl::ConsumePrefix(&a, "--harness="))
      c.harness = std::string(a);
    else if (absl::ConsumePrefix(&a, "--condition=")) {
      std::vector<std::string> parts = absl::StrSplit(a, absl::MaxSplits('_', 1));
      c.condition = parts[0];
      if (parts.size() > 1) c.dose_tag = parts[1];
    }
  }
  return c;
}

struct Coordinates {
  std::set<std::string> tasks, harnesses, conditions;
};

bool IsDoseTag(absl::string_view s) {
  return s.size() > 1 && s[0] == 'd' && std::all_of(s.begin() + 1, s.end(), [](char c) {
           return absl::ascii_isdigit(static_cast<unsigned char>(c));
         });
}

bool Matches(const std::string& key, const Cell& cell, const Coordinates& known) {
  std::vector<std::string> parts = absl::StrSplit(key, '.');
  std::set<std::string> comps(parts.begin(), parts.end());
  auto named = [&](const std::set<std::string>& values) {
    return std::any_of(values.begin(), values.end(),
                       [&](const std::string& v) { return comps.count(v) > 0; });
  };
  if (named(known.tasks) && !comps.count(cell.task)) return false;
  if (named(known.harnesses) && !comps.count(cell.harness)) return false;
  if (cell.condition == "baseline") return true;
  if (named(known.conditions) && !comps.count(cell.condition)) return false;
  const bool key_has_dose =
      std::any_of(comps.begin(), comps.end(), [](const std::string& c) { return IsDoseTag(c); });
  if (key_has_dose && !cell.dose_tag.empty() && !comps.count(cell.dose_tag)) return false;
  return true;
}

std::vector<std::string> ChangedKeys(const TokenDiff& d) {
  std::vector<std::string> keys;
  for (const auto* list : {&d.moved, &d.added, &d.removed}) {
    for (const TokenMove& m : *list) keys.push_back(m.key);
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

std::vector<std::string> TokensOf(const RootCause& cause,
                                  const std::map<std::string, const StageRecord*>& stages,
                                  const Coordinates& known, bool grid,
                                  const std::vector<std::string>& keys) {
  bool reaches_tokens = false;
  std::vector<Cell> cells;
  for (const std::string& label : cause.invalidated) {
    const StageRecord* s = stages.at(label);
    reaches_tokens |= s->writes_tokens;
    if (std::optional<Cell> c = CellOf(*s)) cells.push_back(*c);
  }
  if (!reaches_tokens) return {};
  if (!grid || cells.empty()) return keys;
  std::vector<std::string> out;
  for (const std::string& k : keys) {
    if (std::any_of(cells.begin(), cells.end(),
                    [&](const Cell& c) { return Matches(k, c, known); }))
      out.push_back(k);
  }
  return out;
}

// The two runs compared.
struct Runs {
  const RunState& before;
  const RunState& after;
};

// "external/<set>_history/commits/<c>/<file>" -> the commit; else "".
std::string HistoryCommit(absl::string_view path) {
  std::vector<absl::string_view> parts = absl::StrSplit(path, '/');
  if (parts.size() >= 4 && parts[0] == "external" && absl::EndsWith(parts[1], "_history") &&
      parts[2] == "commits") {
    return std::string(parts[3]);
  }
  return "";
}

// The field digests of one side of a changed task file: the state's own,
// else those of its bytes found by digest.
std::optional<AuthoredFields> SideFields(const RunState& state, const std::string& path,
                                         const std::string& digest, const SourceBytes& sources) {
  if (const AuthoredFields* kept = FindAuthored(state, path, digest)) return *kept;
  std::optional<std::string> bytes = sources.Find(path, digest);
  if (!bytes) return std::nullopt;
  return AuthoredFieldDigests(sources.schemas(), path, *bytes);
}

// The task fields that changed, from the digests the states kept when the
// old bytes are gone (never committed); empty when either side has none.
std::vector<std::string> FieldsByDigest(const RootCause& c, const Runs& runs,
                                        const SourceBytes& sources) {
  std::optional<AuthoredFields> before = SideFields(runs.before, c.subject, c.old_value, sources);
  std::optional<AuthoredFields> after = SideFields(runs.after, c.subject, c.new_value, sources);
  if (!before || !after) return {};
  return DescribeFieldChanges(*before, *after);
}

void NameSource(const RootCause& c, const Runs& runs, const SourceBytes& sources,
                NamedCause* named) {
  named->name = c.subject;
  if (std::string commit = HistoryCommit(c.subject); !commit.empty()) {
    named->details.push_back(
        absl::StrCat("the history dump of commit ", commit, " (its tree or blobs)"));
    return;
  }
  absl::string_view rest = c.subject;
  if (absl::ConsumePrefix(&rest, "external/experiments/")) {
    const std::string authored = absl::StrCat("data/experiments/", rest);
    named->name = absl::StrCat(authored, " (generated as ", c.subject, ")");
    std::optional<std::string> before = sources.AtRevision(authored);
    std::optional<std::string> after = sources.InWorkspace(authored);
    if (before && after)
      named->details = DescribeChange(sources.schemas(), authored, *before, *after);
    return;
  }
  if (c.old_value.empty()) {
    named->details.push_back("an input added");
    return;
  }
  if (c.new_value.empty()) {
    named->details.push_back("an input removed");
    return;
  }
  std::optional<std::string> before = sources.Find(c.subject, c.old_value);
  std::optional<std::string> after = sources.Find(c.subject, c.new_value);
  if (before && after) {
    named->details = DescribeChange(sources.schemas(), c.subject, *before, *after);
  } else if (std::vector<std::string> fields = FieldsByDigest(c, runs, sources); !fields.empty()) {
    named->details = std::move(fields);
  } else if (!sources.InWorkspace(c.subject)) {
    named->details.push_back(
        absl::StrCat("a file the build generates without a stage record: bytes ", c.old_value,
                     " -> ", c.new_value));
  } else {
    named->details.push_back(absl::StrCat(
        "bytes ", c.old_value, " -> ", c.new_value,
        before ? "" : " (the old bytes are not in the workspace or its git revisions)"));
  }
}

NamedCause Name(const RootCause& c, const Runs& runs, const SourceBytes& sources) {
  NamedCause n{c, c.subject, {}, {}};
  switch (c.kind) {
    case CauseKind::kSourceFile:
      NameSource(c, runs, sources, &n);
      break;
    case CauseKind::kStageVersion:
      n.details.push_back(absl::StrCat("stage_version ", c.old_value, " -> ", c.new_value));
      break;
    case CauseKind::kArguments:
      n.details.push_back(absl::StrCat("'", c.old_value, "' -> '", c.new_value, "'"));
      break;
    case CauseKind::kToolBinary:
      n.details.push_back(absl::StrCat("rebuilt: ", c.old_value, " -> ", c.new_value));
      break;
    case CauseKind::kNotReproducible:
      n.details.push_back("output changed with equal inputs: not reproducible");
      break;
    case CauseKind::kStageAdded:
      n.details.push_back("a stage the old run does not have");
      break;
  }
  return n;
}

// The report's label of the group's condition (cells.csv "label": "S002.d5").
std::string ConditionName(const GroupMove& g) { return g.condition; }

// Four decimals; a value that rounds to zero prints as 0.0000, never -0.0000.
std::string Num(double v) { return absl::StrFormat("%.4f", std::fabs(v) < 0.00005 ? 0.0 : v); }

}  // namespace

Explanation Explain(const RunState& before, const RunState& after, const SourceBytes& sources,
                    const ToolSources& tool_sources) {
  Explanation e;
  e.tokens = DiffTokens(before.tokens, after.tokens);
  e.graph = DiffGraphs(before, after);
  std::map<std::string, const StageRecord*> stages;
  Coordinates known;
  bool grid = false;
  for (const RunState* run : {&before, &after}) {
    for (const StageRecord& s : run->stages) {
      if (run == &after) stages[s.label] = &s;
      if (std::optional<Cell> c = CellOf(s)) {
        grid = true;
        known.tasks.insert(c->task);
        known.harnesses.insert(c->harness);
        known.conditions.insert(c->condition);
      }
    }
  }
  const std::vector<std::string> keys = ChangedKeys(e.tokens);
  for (const RootCause& c : e.graph.causes) {
    NamedCause n = Name(c, Runs{before, after}, sources);
    if (c.kind == CauseKind::kToolBinary) {
      auto changed = tool_sources.find(c.subject);
      if (changed != tool_sources.end() && !changed->second.empty()) {
        n.details.push_back(
            absl::StrCat("its sources that changed: ", absl::StrJoin(changed->second, ", ")));
      }
    }
    n.tokens = TokensOf(c, stages, known, grid, keys);
    e.causes.push_back(std::move(n));
  }
  if (after.bootstrap_resamples > 0) {
    e.bootstrap.resamples = after.bootstrap_resamples;
    e.bootstrap.seed = after.bootstrap_seed;
  }
  e.groups = DiffUnits(before.units, after.units, e.bootstrap);
  e.uncompared_metrics = UncomparedMetrics(before, after);
  return e;
}

std::string ToText(const Explanation& e) {
  if (!e.changed()) return "";
  std::string out = absl::StrCat("explain: ", e.before_name, " -> ", e.after_name, "\n\n");
  absl::StrAppend(&out, "What moved: ", e.tokens.moved.size(), " tokens moved, ",
                  e.tokens.added.size(), " added, ", e.tokens.removed.size(), " removed\n");
  std::map<std::string, std::vector<const TokenMove*>> sections;
  for (const TokenMove& m : e.tokens.moved) sections[m.section].push_back(&m);
  for (const auto& [section, moves] : sections) {
    absl::StrAppend(&out, "  [", section.empty() ? "(top)" : section, "]\n");
    for (const TokenMove* m : moves) {
      absl::StrAppend(&out, "    ", m->key, ": ", m->old_value, " -> ", m->new_value,
                      m->delta.empty() ? "" : absl::StrCat("  (", m->delta, ")"), "\n");
    }
  }
  for (const TokenMove& m : e.tokens.added)
    absl::StrAppend(&out, "  added   ", m.key, ": ", m.new_value, "\n");
  for (const TokenMove& m : e.tokens.removed)
    absl::StrAppend(&out, "  removed ", m.key, ": ", m.old_value, "\n");

  absl::StrAppend(&out, "\nWhy (root causes): ", e.causes.size(), "\n");
  for (size_t i = 0; i < e.causes.size(); ++i) {
    const NamedCause& c = e.causes[i];
    absl::StrAppend(&out, "  ", i + 1, ". ", CauseKindName(c.cause.kind), ": ", c.name, "\n");
    for (const std::string& d : c.details) absl::StrAppend(&out, "       ", d, "\n");
    absl::StrAppend(&out, "     invalidated ", c.cause.invalidated.size(), " stage actions and ",
                    c.tokens.size(), " tokens; entered at ", c.cause.at_stages.front(),
                    c.cause.at_stages.size() > 1
                        ? absl::StrCat(" and ", c.cause.at_stages.size() - 1, " more")
                        : "",
                    "\n");
  }
  if (!e.graph.removed_stages.empty()) {
    absl::StrAppend(&out, "  stages removed: ", absl::StrJoin(e.graph.removed_stages, ", "), "\n");
  }

  if (!e.groups.empty() || !e.uncompared_metrics.empty()) {
    absl::StrAppend(&out, "\nWhere it moved and is it real (new - old; task-clustered bootstrap, ",
                    e.bootstrap.resamples, " resamples, seed ", e.bootstrap.seed,
                    "; paired randomization over per-task means)\n");
  }
  for (const std::string& m : e.uncompared_metrics)
    absl::StrAppend(&out, "  not compared: ", m, "\n");
  for (const GroupMove& g : e.groups) {
    absl::StrAppend(&out, "  ", g.harness, " ", ConditionName(g), " ", g.metric, ": ", g.up,
                    " up, ", g.down, " down, ", g.unchanged, " unchanged; mean ",
                    Num(g.interval.mean), " [", Num(g.interval.lo), ", ", Num(g.interval.hi),
                    "], p = ", absl::StrFormat("%.4g", g.test.p_value),
                    g.test.exact ? " (exact" : " (Monte Carlo", ", ", g.test.units, " tasks)\n");
    for (const UnitMove& u : g.moved) {
      absl::StrAppend(&out, "      ", u.cell_id, ": ", Num(u.old_value), " -> ", Num(u.new_value),
                      "\n");
    }
  }
  return out;
}

std::string ToHtml(const Explanation& e) {
  const std::string text = ToText(e);
  if (text.empty()) return "";
  return report::HtmlPage(
      absl::StrCat("explain: ", e.after_name),
      absl::StrCat("<h1>Why the numbers changed</h1>\n<pre>", report::XmlEscape(text), "</pre>\n"));
}

std::string ToJson(const Explanation& e) {
  auto token_list = [](const std::vector<TokenMove>& list) {
    json a = json::array();
    for (const TokenMove& m : list) {
      a.push_back({{"key", m.key},
                   {"section", m.section},
                   {"old", m.old_value},
                   {"new", m.new_value},
                   {"delta", m.delta}});
    }
    return a;
  };
  json causes = json::array();
  for (const NamedCause& c : e.causes) {
    causes.push_back({{"kind", CauseKindName(c.cause.kind)},
                      {"name", c.name},
                      {"details", c.details},
                      {"old", c.cause.old_value},
                      {"new", c.cause.new_value},
                      {"entered_at", c.cause.at_stages},
                      {"invalidated_stages", c.cause.invalidated.size()},
                      {"invalidated_tokens", c.tokens}});
  }
  json groups = json::array();
  for (const GroupMove& g : e.groups) {
    json units = json::array();
    for (const UnitMove& u : g.moved) {
      units.push_back(
          {{"cell_id", u.cell_id}, {"task", u.task}, {"old", u.old_value}, {"new", u.new_value}});
    }
    groups.push_back({{"harness", g.harness},
                      {"condition", g.condition},
                      {"dose", g.dose},
                      {"metric", g.metric},
                      {"up", g.up},
                      {"down", g.down},
                      {"unchanged", g.unchanged},
                      {"mean_difference", g.interval.mean},
                      {"interval", {g.interval.lo, g.interval.hi}},
                      {"p_value", g.test.p_value},
                      {"exact", g.test.exact},
                      {"tasks", g.test.units},
                      {"moved", units}});
  }
  json out = {{"before", e.before_name},
              {"after", e.after_name},
              {"changed", e.changed()},
              {"moved", token_list(e.tokens.moved)},
              {"added", token_list(e.tokens.added)},
              {"removed", token_list(e.tokens.removed)},
              {"root_causes", causes},
              {"changed_stages", e.graph.changed_stages.size()},
              {"removed_stages", e.graph.removed_stages},
              {"bootstrap",
               {{"resamples", e.bootstrap.resamples}, {"seed", std::to_string(e.bootstrap.seed)}}},
              {"where", groups},
              {"where_not_compared", e.uncompared_metrics}};
  return out.dump(2) + "\n";
}

}  // namespace repro::explain
