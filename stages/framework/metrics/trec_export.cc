#include "stages/framework/metrics/trec_export.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::metrics {
namespace {

absl::Status CheckToken(const std::string& what, const std::string& s) {
  if (s.empty()) return absl::InvalidArgumentError(absl::StrCat("TREC ", what, " is empty"));
  for (char c : s) {
    if (absl::ascii_isspace(static_cast<unsigned char>(c))) {
      return absl::InvalidArgumentError(
          absl::StrCat("TREC ", what, " '", s, "' contains white space"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

std::string TrecDocno(absl::string_view id) {
  std::string out;
  out.reserve(id.size());
  for (const char c : id) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '%' || absl::ascii_isspace(u)) {
      absl::StrAppend(&out, absl::StrFormat("%%%02X", u));
    } else {
      out += c;
    }
  }
  return out;
}

absl::StatusOr<std::string> TrecRun(const std::string& qid, const Run& run,
                                    const std::string& tag) {
  RETURN_IF_ERROR(ValidateRun(run));
  RETURN_IF_ERROR(CheckToken("qid", qid));
  RETURN_IF_ERROR(CheckToken("tag", tag));
  std::string out;
  for (size_t i = 0; i < run.size(); ++i) {
    if (run[i].empty()) return absl::InvalidArgumentError("TREC docid is empty");
    absl::StrAppend(&out, qid, " Q0 ", TrecDocno(run[i]), " ", i + 1, " ", run.size() - i, " ", tag,
                    "\n");
  }
  return out;
}

absl::StatusOr<std::string> TrecQrels(const std::string& qid,
                                      const std::vector<std::pair<std::string, int>>& judgments) {
  RETURN_IF_ERROR(CheckToken("qid", qid));
  RETURN_IF_ERROR(Qrels::Create(judgments).status());
  std::string out;
  for (const auto& [id, grade] : judgments) {
    if (id.empty()) return absl::InvalidArgumentError("TREC docid is empty");
    absl::StrAppend(&out, qid, " 0 ", TrecDocno(id), " ", grade, "\n");
  }
  return out;
}

std::vector<std::pair<std::string, int>> ExponentialGrades(
    const std::vector<std::pair<std::string, int>>& judgments) {
  std::vector<std::pair<std::string, int>> out;
  for (const auto& [id, g] : judgments) out.emplace_back(id, (1 << g) - 1);
  return out;
}

}  // namespace repro::metrics
