#include "stages/corpus/agreement.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "stages/framework/pipeline/status_macros.h"
#include "stages/framework/pipeline/utf8.h"

namespace repro {
namespace corpus {
namespace {

std::string Range(const Function& f) { return absl::StrCat(f.start_line, "-", f.end_line); }

auto Key(const Function& f) { return std::make_tuple(f.start_line, f.end_line, f.name); }

void CompareFile(const std::string& path, std::vector<Function> ts, std::vector<Function> check,
                 ChunkerAgreement* out) {
  auto by_key = [](const Function& a, const Function& b) { return Key(a) < Key(b); };
  std::sort(ts.begin(), ts.end(), by_key);
  std::sort(check.begin(), check.end(), by_key);
  out->set_functions_tree_sitter(out->functions_tree_sitter() + ts.size());
  out->set_functions_checker(out->functions_checker() + check.size());
  std::vector<Function> only_ts, only_check;
  std::set_difference(ts.begin(), ts.end(), check.begin(), check.end(), std::back_inserter(only_ts),
                      by_key);
  std::set_difference(check.begin(), check.end(), ts.begin(), ts.end(),
                      std::back_inserter(only_check), by_key);
  out->set_functions_agreeing(out->functions_agreeing() + ts.size() - only_ts.size());
  if (only_ts.empty() && only_check.empty()) {
    out->set_files_agreeing(out->files_agreeing() + 1);
    return;
  }
  std::vector<bool> used(only_check.size(), false);
  for (const Function& t : only_ts) {
    FunctionDifference* d = out->add_differences();
    d->set_path(path);
    d->set_function(t.name);
    d->set_tree_sitter(Range(t));
    d->set_kind("only_tree_sitter");
    for (size_t i = 0; i < only_check.size(); ++i) {
      if (!used[i] && only_check[i].name == t.name && only_check[i].start_line == t.start_line) {
        used[i] = true;
        d->set_kind("line_range");
        d->set_checker(Range(only_check[i]));
        break;
      }
    }
  }
  for (size_t i = 0; i < only_check.size(); ++i) {
    if (used[i]) continue;
    FunctionDifference* d = out->add_differences();
    d->set_path(path);
    d->set_function(only_check[i].name);
    d->set_checker(Range(only_check[i]));
    d->set_kind("only_checker");
  }
}

// The escaped paths of the files `manifest` left out for their name.
std::set<std::string> SkippedPaths(const Snapshot& manifest) {
  std::set<std::string> out;
  for (const NonUtf8Path& n : manifest.skipped().non_utf8_paths()) out.insert(n.escaped_path());
  return out;
}

// A checker's path that is not valid UTF-8 and that the snapshot skipped.
bool SkippedByTheSnapshot(const std::set<std::string>& skipped, const std::string& path) {
  return !IsValidUtf8(path) && skipped.count(Utf8Safe(path)) > 0;
}

}  // namespace

absl::StatusOr<CheckOutput> ParseCheck(absl::string_view tsv, absl::string_view source) {
  constexpr absl::string_view kHeader = "# check v1 ";
  CheckOutput out;
  int line_no = 0;
  for (absl::string_view line : absl::StrSplit(tsv, '\n')) {
    ++line_no;
    if (line.empty()) continue;
    auto bad = [&](absl::string_view expected) {
      return absl::InvalidArgumentError(absl::StrCat(source, ": line ", line_no, ": expected ",
                                                     expected, ", found \"", line, "\""));
    };
    if (absl::StartsWith(line, kHeader)) {
      out.checker = std::string(line.substr(kHeader.size()));
      continue;
    }
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    if (f[0] == "F" && (f.size() == 3 || f.size() == 4)) {
      CheckFile& file = out.files[f[1]];
      file.parse_ok = f[2] == "ok";
      if (!file.parse_ok) {
        if (f[2] != "error" || f.size() != 4) return bad("'F\\tpath\\tok|error\\tmessage'");
        file.error = f[3];
      }
    } else if (f[0] == "D" && f.size() == 5) {
      auto it = out.files.find(f[1]);
      Function fn;
      fn.name = f[2];
      if (it == out.files.end() || !absl::SimpleAtoi(f[3], &fn.start_line) ||
          !absl::SimpleAtoi(f[4], &fn.end_line)) {
        return bad("'D\\tpath\\tname\\tstart\\tend' after the file's F record");
      }
      it->second.functions.push_back(fn);
    } else if (f[0] == "M" && f.size() == 2) {
      out.missing.push_back(f[1]);
    } else {
      return bad("an F, D or M record");
    }
  }
  if (out.checker.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": no '", kHeader, "<checker>' header"));
  }
  return out;
}

absl::StatusOr<ChunkerAgreement> CompareWithChecker(
    const Snapshot& manifest, const ChunkSet& chunks, const CheckOutput& check,
    absl::string_view language, const std::function<bool(absl::string_view)>& in_language) {
  if (chunks.snapshot_sha256() != manifest.snapshot_sha256()) {
    return absl::InvalidArgumentError(absl::StrCat("the chunk set is of snapshot ",
                                                   chunks.snapshot_sha256(), ", the manifest is ",
                                                   manifest.snapshot_sha256()));
  }
  ChunkerAgreement out;
  out.set_commit(manifest.commit());
  out.set_snapshot_sha256(manifest.snapshot_sha256());
  out.set_chunker(chunks.chunker());
  out.set_checker(check.checker);
  out.set_language(std::string(language));
  for (const std::string& path : chunks.suspect_files()) {
    if (in_language(path)) out.add_suspect_files(path);
  }

  std::set<std::string> in_manifest;
  std::map<std::string, std::vector<Function>> ts;
  for (const SourceFile& f : manifest.files()) {
    in_manifest.insert(f.path());
    if (in_language(f.path())) ts[f.path()];
  }
  for (const Chunk& c : chunks.chunks()) {
    if (!in_manifest.count(c.path())) {
      return absl::InvalidArgumentError(
          absl::StrCat("chunk of ", c.path(), ", a file not in the snapshot"));
    }
    auto it = ts.find(c.path());
    if (it != ts.end() && !c.function().empty()) {
      it->second.push_back({c.function(), c.start_line(), c.end_line()});
    }
  }
  auto file_set = [&](const std::string& path, bool in_ts) {
    FunctionDifference* d = out.add_differences();
    d->set_path(Utf8Safe(path));
    d->set_kind("file_set");
    (in_ts ? d->mutable_tree_sitter() : d->mutable_checker())->assign("file");
  };
  std::set<std::string> missing_ts, missing_check(check.missing.begin(), check.missing.end());
  for (const MissingBlob& m : manifest.missing()) {
    if (in_language(m.path())) missing_ts.insert(m.path());
  }
  out.set_missing_blobs(missing_ts.size());
  for (const std::string& p : missing_ts) {
    if (!missing_check.count(p)) file_set(p, true);
  }
  const std::set<std::string> skipped = SkippedPaths(manifest);
  for (const std::string& p : missing_check) {
    if (!missing_ts.count(p) && !SkippedByTheSnapshot(skipped, p)) file_set(p, false);
  }
  for (const auto& [path, g] : check.files) {
    if (SkippedByTheSnapshot(skipped, path)) continue;
    if (!g.parse_ok) out.add_checker_parse_errors(Utf8Safe(absl::StrCat(path, ": ", g.error)));
    if (!ts.count(path)) file_set(path, false);
  }
  for (const auto& [path, functions] : ts) {
    auto it = check.files.find(path);
    if (it == check.files.end()) {
      file_set(path, true);
      continue;
    }
    out.set_files(out.files() + 1);
    CompareFile(path, functions, it->second.functions, &out);
  }
  return out;
}

absl::Status NameSuspects(const Snapshot& snapshot, FunctionParser& parser,
                          const languages::Rules& rules, ChunkerAgreement* agreement) {
  std::map<std::string, const SourceFile*> files;
  for (const SourceFile& f : snapshot.files()) files[f.path()] = &f;
  for (const std::string& path : agreement->suspect_files()) {
    auto it = files.find(path);
    if (it == files.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("suspect file ", path, " is not in the snapshot of ", snapshot.commit()));
    }
    ASSIGN_OR_RETURN(const FileFunctions parsed, parser.Parse(it->second->content()));
    SuspectFile* s = agreement->add_suspects();
    s->set_path(path);
    s->set_line(parsed.first_error_line);
    const std::vector<absl::string_view> lines = absl::StrSplit(it->second->content(), '\n');
    const absl::string_view text =
        parsed.first_error_line >= 1 && parsed.first_error_line <= lines.size()
            ? absl::StripAsciiWhitespace(lines[parsed.first_error_line - 1])
            : absl::string_view();
    s->set_text(Utf8Excerpt(text, 160));  // a Latin-1 line stays a valid string
    s->set_construct("unknown");
    for (const languages::GrammarGap& gap : rules.grammar_gaps()) {
      if (!gap.line_contains().empty() && absl::StrContains(text, gap.line_contains())) {
        s->set_construct(gap.construct());
        break;
      }
    }
  }
  return absl::OkStatus();
}

int Explain(const DifferenceExplanations& explained, ChunkerAgreement* agreement) {
  int unexplained = 0;
  for (FunctionDifference& d : *agreement->mutable_differences()) {
    for (const FunctionDifference& e : explained.explained()) {
      if (e.path() == d.path() && e.kind() == d.kind() && e.function() == d.function()) {
        d.set_explanation(e.explanation());
        break;
      }
    }
    if (d.explanation().empty()) ++unexplained;
  }
  return unexplained;
}

}  // namespace corpus
}  // namespace repro
