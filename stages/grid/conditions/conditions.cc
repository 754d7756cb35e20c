#include "stages/grid/conditions/conditions.h"

#include <map>
#include <set>
#include <string>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/message.h"
#include "stages/framework/pipeline/status_macros.h"

namespace repro::grid {
namespace {

bool IsNameChar(char c) { return absl::ascii_isalnum(c) || c == '_' || c == '.' || c == '-'; }

// One condition's fields, each checked where it is read: `Fail(field, expected, found)`.
class ConditionCheck {
 public:
  ConditionCheck(absl::string_view source, int i, const Condition& c)
      : prefix_(absl::StrCat(source, ": condition ", i, " (", c.cell_suffix(), ")")) {}

  absl::Status Fail(absl::string_view field, absl::string_view expected,
                    absl::string_view found) const {
    return absl::InvalidArgumentError(
        absl::StrCat(prefix_, ", field ", field, ": expected ", expected, ", found ", found));
  }

  absl::Status Name(absl::string_view field, const std::string& value) const {
    for (char c : value) {
      if (!IsNameChar(c))
        return Fail(field, "letters, digits and _.-", absl::StrCat("'", value, "'"));
    }
    return value.empty() ? Fail(field, "a name", "none") : absl::OkStatus();
  }

 private:
  std::string prefix_;
};

std::string Quoted(const std::string& s) { return absl::StrCat("'", s, "'"); }

// One id per kind, except that several kinds are TRANSFORMED (each its own
// transform): Conditions::Id answers only for the baseline, stale index and
// distractors.
bool SeveralIdsMayShare(ConditionKind kind) { return kind == CONDITION_KIND_TRANSFORMED; }

// Which snapshot a kind's cells index: the base's as it is (the baseline,
// and the distractors, which add files beside it), base~parameter (the
// stale index), or the base through the condition's transform.
std::string ExpectedSnapshot(ConditionKind kind) {
  if (kind == CONDITION_KIND_STALE_INDEX) return "stale_at";
  if (kind == CONDITION_KIND_TRANSFORMED) return kTransformedSnapshot;
  return "base";
}

// The fields every condition has, whatever its kind.
absl::Status CheckFields(const ConditionCheck& check, const Condition& c) {
  RETURN_IF_ERROR(check.Name("id", c.id()));
  RETURN_IF_ERROR(check.Name("cell_suffix", c.cell_suffix()));
  RETURN_IF_ERROR(check.Name("label", c.label()));
  if (c.title().empty()) return check.Fail("title", "a title", "none");
  if (c.kind() == CONDITION_KIND_UNSPECIFIED || !ConditionKind_IsValid(c.kind())) {
    return check.Fail("kind", "a ConditionKind", absl::StrCat(c.kind()));
  }
  const std::string snapshot = ExpectedSnapshot(c.kind());
  if (c.snapshot() != snapshot)
    return check.Fail("snapshot", Quoted(snapshot), Quoted(c.snapshot()));
  const bool transformed = c.kind() == CONDITION_KIND_TRANSFORMED;
  if (transformed) RETURN_IF_ERROR(check.Name("transform", c.transform()));
  if (!transformed && !c.transform().empty()) {
    return check.Fail("transform", "none (a TRANSFORMED kind's only)", Quoted(c.transform()));
  }
  const bool shared = c.kind() == CONDITION_KIND_STALE_INDEX;
  if (c.shared_across_doses() != shared) {
    return check.Fail("shared_across_doses", shared ? "true" : "false",
                      c.shared_across_doses() ? "true" : "false");
  }
  return absl::OkStatus();
}

// The baseline's fields, or a perturbation's against the baseline.
absl::Status CheckPairing(const ConditionCheck& check, const Condition& c,
                          const std::string& baseline_id) {
  if (c.kind() == CONDITION_KIND_BASELINE) {
    if (c.parameter() != 0) return check.Fail("parameter", "0", absl::StrCat(c.parameter()));
    if (!c.parameter_name().empty())
      return check.Fail("parameter_name", "none", Quoted(c.parameter_name()));
    if (!c.paired_with().empty()) return check.Fail("paired_with", "none", Quoted(c.paired_with()));
    if (c.optional()) return check.Fail("optional", "false", "true");
    return absl::OkStatus();
  }
  const bool has_parameter = !c.parameter_field().empty();
  if (has_parameter && c.parameter_name().empty()) {
    return check.Fail("parameter_name", "a name", "none");
  }
  if (!has_parameter && (c.parameter() != 0 || !c.parameter_name().empty())) {
    return check.Fail("parameter", "0 and no parameter_name (the kind has no parameter)",
                      absl::StrCat(c.parameter(), " ", Quoted(c.parameter_name())));
  }
  if (has_parameter && c.optional()) {
    return check.Fail("optional",
                      "false (a kind with parameter values is there when it has "
                      "values)",
                      "true");
  }
  if (c.paired_with() != baseline_id) {
    return check.Fail("paired_with", Quoted(baseline_id), Quoted(c.paired_with()));
  }
  return absl::OkStatus();
}

// The values of the Experiment's repeated integer field `name`, read by
// reflection: the field a parameter kind's row names.
absl::StatusOr<std::vector<int64_t>> FieldValues(const experiments::Experiment& e,
                                                 const std::string& name,
                                                 absl::string_view source) {
  const google::protobuf::FieldDescriptor* f = e.GetDescriptor()->FindFieldByName(name);
  if (f == nullptr || !f->is_repeated() ||
      (f->cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_UINT32 &&
       f->cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_INT32)) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": parameter_field '", name,
                     "' is not a repeated integer field of the Experiment message"));
  }
  const google::protobuf::Reflection* r = e.GetReflection();
  std::vector<int64_t> out;
  for (int i = 0; i < r->FieldSize(e, f); ++i) {
    out.push_back(f->cpp_type() == google::protobuf::FieldDescriptor::CPPTYPE_UINT32
                      ? static_cast<int64_t>(r->GetRepeatedUInt32(e, f, i))
                      : static_cast<int64_t>(r->GetRepeatedInt32(e, f, i)));
  }
  return out;
}

// Experiment.conditions: each id at most once.
absl::StatusOr<std::set<std::string>> ListedKinds(const experiments::Experiment& e,
                                                  absl::string_view source) {
  std::set<std::string> listed;
  for (int i = 0; i < e.conditions_size(); ++i) {
    if (!listed.insert(e.conditions(i)).second) {
      return absl::InvalidArgumentError(absl::StrCat(source, ": experiment field conditions[", i,
                                                     "]: '", e.conditions(i), "' is listed twice"));
    }
  }
  return listed;
}

// The parameters each kind of the table must have: a parameter kind, its
// experiment field's values; an optional kind, [0] when the experiment lists
// it; the baseline, [0]. An id the experiment lists that no optional kind of
// the table has is an error too.
absl::Status CheckCoverage(const ConditionTable& table, const experiments::Experiment& e,
                           absl::string_view source) {
  ASSIGN_OR_RETURN(std::set<std::string> listed, ListedKinds(e, source));
  std::vector<std::string> ids;  // table order
  std::map<std::string, std::vector<int64_t>> values;
  std::map<std::string, const Condition*> row;
  for (const Condition& c : table.conditions()) {
    if (!values.count(c.id())) ids.push_back(c.id());
    values[c.id()].push_back(c.parameter());
    row[c.id()] = &c;
  }
  for (const std::string& id : ids) {
    const Condition& c = *row[id];
    std::vector<int64_t> expected = {0};
    if (!c.parameter_field().empty()) {
      ASSIGN_OR_RETURN(expected, FieldValues(e, c.parameter_field(), source));
    } else if (c.optional() && listed.erase(id) == 0) {
      expected.clear();
    }
    if (values[id] != expected) {
      return absl::InvalidArgumentError(absl::StrCat(
          source, ": the ", id, " conditions have parameters [", absl::StrJoin(values[id], ", "),
          "], expected the experiment's [", absl::StrJoin(expected, ", "), "]",
          c.parameter_field().empty() ? "" : absl::StrCat(" (", c.parameter_field(), ")")));
    }
  }
  if (!listed.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": experiment field conditions: '", *listed.begin(),
                     "' is no optional kind of the experiment's condition table"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ValidateConditions(const ConditionTable& table,
                                const experiments::Experiment& experiment,
                                absl::string_view source) {
  if (table.conditions().empty() || table.conditions(0).kind() != CONDITION_KIND_BASELINE) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": expected the baseline condition first"));
  }
  const std::string& baseline_id = table.conditions(0).id();
  std::map<std::string, ConditionKind> kind_of_id;
  std::map<ConditionKind, std::string> id_of_kind;
  std::set<std::string> suffixes, labels;
  for (int i = 0; i < table.conditions_size(); ++i) {
    const Condition& c = table.conditions(i);
    const ConditionCheck check(source, i, c);
    RETURN_IF_ERROR(CheckFields(check, c));
    RETURN_IF_ERROR(CheckPairing(check, c, baseline_id));
    auto [kind_it, new_id] = kind_of_id.emplace(c.id(), c.kind());
    if (!new_id && kind_it->second != c.kind()) {
      return check.Fail(
          "id", "an id of one kind",
          absl::StrCat(Quoted(c.id()), ", already of ", ConditionKind_Name(kind_it->second)));
    }
    auto [id_it, new_kind] = id_of_kind.emplace(c.kind(), c.id());
    if (!new_kind && id_it->second != c.id() && !SeveralIdsMayShare(c.kind())) {
      return check.Fail("id", Quoted(id_it->second), Quoted(c.id()));
    }
    if (!suffixes.insert(c.cell_suffix()).second) {
      return check.Fail("cell_suffix", "a suffix of one condition", Quoted(c.cell_suffix()));
    }
    if (!labels.insert(c.label()).second) {
      return check.Fail("label", "a label of one condition", Quoted(c.label()));
    }
  }
  return CheckCoverage(table, experiment, source);
}

std::vector<const Condition*> KindsOutsideTheCells(
    const google::protobuf::RepeatedPtrField<Condition>& conditions) {
  std::vector<const Condition*> out;
  std::set<std::string> ids;
  for (const Condition& c : conditions) {
    const ConditionKind k = c.kind();
    const bool in_cells = k == CONDITION_KIND_BASELINE || k == CONDITION_KIND_STALE_INDEX ||
                          k == CONDITION_KIND_DISTRACTORS;
    if (!in_cells && ids.insert(c.id()).second) out.push_back(&c);
  }
  return out;
}

absl::StatusOr<Conditions> Conditions::Create(const ConditionTable& table) {
  Conditions out;
  out.all_.assign(table.conditions().begin(), table.conditions().end());
  for (size_t i = 0; i < out.all_.size(); ++i) {
    const Condition& c = out.all_[i];
    auto [it, inserted] = out.id_of_kind_.emplace(c.kind(), c.id());
    if (!inserted && it->second != c.id() && !SeveralIdsMayShare(c.kind())) {
      return absl::InvalidArgumentError(absl::StrCat("conditions: kind ",
                                                     ConditionKind_Name(c.kind()), " has ids '",
                                                     it->second, "' and '", c.id(), "'"));
    }
    if (!out.by_suffix_.emplace(c.cell_suffix(), i).second ||
        !out.by_id_and_parameter_.emplace(std::make_pair(c.id(), c.parameter()), i).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("conditions: two conditions named '", c.cell_suffix(), "'"));
    }
  }
  return out;
}

const std::string& Conditions::Id(ConditionKind kind) const {
  static const std::string* const kNone = new std::string();
  auto it = id_of_kind_.find(kind);
  return it == id_of_kind_.end() ? *kNone : it->second;
}

absl::StatusOr<const Condition*> Conditions::ByCellSuffix(absl::string_view suffix) const {
  auto it = by_suffix_.find(std::string(suffix));
  if (it != by_suffix_.end()) return &all_[it->second];
  std::vector<std::string> known;
  for (const Condition& c : all_) known.push_back(c.cell_suffix());
  return absl::InvalidArgumentError(absl::StrCat("no condition '", suffix,
                                                 "' in the experiment's conditions (",
                                                 absl::StrJoin(known, ", "), ")"));
}

absl::StatusOr<const Condition*> Conditions::Of(const ConditionOutcome& o) const {
  int parameter = 0;
  if (o.condition() == Id(CONDITION_KIND_DISTRACTORS)) parameter = o.dose();
  // An S001 outcome without a depth (written before depths existed) is at depth 1.
  if (o.condition() == Id(CONDITION_KIND_STALE_INDEX)) parameter = std::max(o.s001_depth(), 1);
  auto it = by_id_and_parameter_.find({o.condition(), parameter});
  if (it != by_id_and_parameter_.end()) return &all_[it->second];
  return absl::InvalidArgumentError(absl::StrCat("condition '", o.condition(), "' at parameter ",
                                                 parameter, " is not one of the experiment's"));
}

std::string Conditions::Label(const std::string& id, int dose) const {
  if (dose == 0) return id;
  auto it = by_id_and_parameter_.find({id, dose});
  return it == by_id_and_parameter_.end() ? id : all_[it->second].label();
}

}  // namespace repro::grid
