#include "stages/studies/judge/internal/report_text.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "stages/studies/judge/summarize.h"

namespace repro::judge::internal {

std::string F3(double v) { return absl::StrFormat("%.3f", v); }

// Markdown table cell text: pipes escaped, newlines flattened.
std::string Md(const std::string& s) { return absl::StrReplaceAll(s, {{"|", "\\|"}, {"\n", " "}}); }

std::string Row(const std::vector<std::string>& cells) {
  return absl::StrCat("| ", absl::StrJoin(cells, " | "), " |\n");
}

std::string Rule(size_t n) {
  std::vector<std::string> r(n, "---");
  return Row(r);
}

// The defined estimate of `metric`, or nullptr.
const MetricEstimate* Defined(const Estimates& metrics, absl::string_view metric) {
  const MetricEstimate* e = FindEstimate(metrics, metric);
  return e != nullptr && e->has_mean() ? e : nullptr;
}

// A table row without its trailing newline (a token value).
std::string Chomp(const std::string& row) { return row.substr(0, row.size() - 1); }

void Page::Token(const std::string& key, const std::string& value) {
  tokens.Add(absl::StrReplaceAll(key, {{" ", "_"}}), value);
}

std::string Page::Cell(const Estimates& metrics, const std::string& name,
                       const std::string& token_key) {
  const MetricEstimate* m = Defined(metrics, name);
  if (m == nullptr) return "n/a";
  const std::string s =
      absl::StrCat(F3(m->mean()), " [", F3(m->lo()), ", ", F3(m->hi()), "] (", m->n(), ")");
  if (!token_key.empty()) Token(token_key, s);
  return s;
}

}  // namespace repro::judge::internal
