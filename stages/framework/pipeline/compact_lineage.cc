#include "stages/framework/pipeline/compact_lineage.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/util/json_util.h"
#include "nlohmann/json.hpp"
#include "stages/framework/pipeline/status_macros.h"

namespace repro {
namespace {

using FileKey = std::tuple<std::string, std::string, uint64_t>;  // path, sha256, bytes

FileKey KeyOf(const schemas::FileDigest& f) { return {f.path(), f.sha256(), f.bytes()}; }

// Numbers the keys of `table` 0, 1, ... in their sorted order.
template <typename Key>
void Number(std::map<Key, uint32_t>& table) {
  uint32_t next = 0;
  for (auto& [key, index] : table) index = next++;
}

// The dir of a path: everything up to and including its last '/'.
std::pair<std::string, std::string> SplitPath(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return {"", path};
  return {path.substr(0, slash + 1), path.substr(slash + 1)};
}

// The tables of a compact lineage, each key with its index.
struct Tables {
  std::map<std::string, uint32_t> dirs;
  std::map<FileKey, uint32_t> files;
  std::map<std::pair<std::string, uint32_t>, uint32_t> bindings;  // role, file
  std::map<std::tuple<std::string, std::string, uint32_t>, uint32_t> kinds;
};

Tables TablesOf(const std::vector<const schemas::Provenance*>& stages) {
  Tables t;
  for (const schemas::Provenance* p : stages) {
    t.files.emplace(KeyOf(p->tool()), 0);
    for (const schemas::FileDigest& f : p->inputs()) t.files.emplace(KeyOf(f), 0);
    for (const schemas::FileDigest& f : p->outputs()) t.files.emplace(KeyOf(f), 0);
  }
  Number(t.files);
  for (const auto& [key, index] : t.files) t.dirs.emplace(SplitPath(std::get<0>(key)).first, 0);
  Number(t.dirs);
  for (const schemas::Provenance* p : stages) {
    t.kinds.emplace(std::make_tuple(p->stage(), p->stage_version(), t.files.at(KeyOf(p->tool()))),
                    0);
    for (const schemas::FileDigest& f : p->inputs()) {
      t.bindings.emplace(std::make_pair(f.role(), t.files.at(KeyOf(f))), 0);
    }
  }
  Number(t.bindings);
  Number(t.kinds);
  return t;
}

void AddTables(const Tables& t, schemas::CompactLineage& c) {
  for (const auto& [dir, index] : t.dirs) c.add_dirs(dir);
  for (const auto& [key, index] : t.files) {
    auto [dir, name] = SplitPath(std::get<0>(key));
    schemas::LineageFile* f = c.add_files();
    f->set_dir(t.dirs.at(dir));
    f->set_name(name);
    f->set_sha256(std::get<1>(key));
    f->set_bytes(std::get<2>(key));
  }
  for (const auto& [key, index] : t.bindings) {
    schemas::LineageBinding* b = c.add_bindings();
    b->set_role(key.first);
    b->set_file(key.second);
  }
  for (const auto& [key, index] : t.kinds) {
    schemas::LineageKind* k = c.add_kinds();
    k->set_stage(std::get<0>(key));
    k->set_stage_version(std::get<1>(key));
    k->set_tool(std::get<2>(key));
  }
}

// `index` of `field` in `where`, checked against the table's `size`.
absl::Status CheckIndex(absl::string_view file_name, absl::string_view where,
                        absl::string_view field, uint32_t index, int size,
                        absl::string_view table) {
  if (index < static_cast<uint32_t>(size)) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(file_name, ": ", where, ", field ", field,
                                                 ": expected an index below ", size, " (", size,
                                                 " ", table, "), found ", index));
}

absl::StatusOr<std::vector<schemas::FileDigest>> ExpandFiles(const schemas::CompactLineage& c,
                                                             absl::string_view file_name) {
  std::vector<schemas::FileDigest> files;
  for (int i = 0; i < c.files_size(); ++i) {
    const schemas::LineageFile& f = c.files(i);
    RETURN_IF_ERROR(CheckIndex(file_name, absl::StrCat("files[", i, "]"), "dir", f.dir(),
                               c.dirs_size(), "dirs"));
    schemas::FileDigest& d = files.emplace_back();
    d.set_path(absl::StrCat(c.dirs(f.dir()), f.name()));
    d.set_sha256(f.sha256());
    d.set_bytes(f.bytes());
  }
  return files;
}

absl::StatusOr<schemas::Provenance> ExpandStage(const schemas::CompactLineage& c,
                                                const std::vector<schemas::FileDigest>& files,
                                                const schemas::LineageStage& s,
                                                absl::string_view file_name) {
  const std::string where = absl::StrCat("stage '", s.label(), "'");
  const int n_files = static_cast<int>(files.size());
  RETURN_IF_ERROR(CheckIndex(file_name, where, "kind", s.kind(), c.kinds_size(), "kinds"));
  const schemas::LineageKind& kind = c.kinds(s.kind());
  RETURN_IF_ERROR(CheckIndex(file_name, absl::StrCat("kinds[", s.kind(), "]"), "tool", kind.tool(),
                             n_files, "files"));
  schemas::Provenance p;
  p.set_stage(kind.stage());
  p.set_stage_version(kind.stage_version());
  *p.mutable_args() = s.args();
  const schemas::FileDigest& tool = files[kind.tool()];
  // A record without a tool (hand-written) is encoded as the empty file.
  if (!tool.path().empty() || !tool.sha256().empty() || tool.bytes() != 0) *p.mutable_tool() = tool;
  for (int i = 0; i < s.inputs_size(); ++i) {
    RETURN_IF_ERROR(CheckIndex(file_name, where, absl::StrCat("inputs[", i, "]"), s.inputs(i),
                               c.bindings_size(), "bindings"));
    const schemas::LineageBinding& b = c.bindings(s.inputs(i));
    RETURN_IF_ERROR(CheckIndex(file_name, absl::StrCat("bindings[", s.inputs(i), "]"), "file",
                               b.file(), n_files, "files"));
    schemas::FileDigest* in = p.add_inputs();
    *in = files[b.file()];
    in->set_role(b.role());
  }
  for (int i = 0; i < s.outputs_size(); ++i) {
    RETURN_IF_ERROR(CheckIndex(file_name, where, absl::StrCat("outputs[", i, "]"), s.outputs(i),
                               n_files, "files"));
    *p.add_outputs() = files[s.outputs(i)];
  }
  p.set_label(s.label());
  return p;
}

// One message as JSON on one line (proto field names, defaults printed).
std::string JsonLine(const google::protobuf::Message& m) {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = false;
  options.always_print_primitive_fields = true;
  options.preserve_proto_field_names = true;
  std::string out;
  // Every string comes from a parsed record (valid UTF-8): printing succeeds.
  (void)google::protobuf::util::MessageToJsonString(m, &out, options);
  return out;
}

// `"name":[` then one item a line, then `]`.
template <typename Items, typename Format>
std::string Array(absl::string_view name, const Items& items, Format format) {
  if (items.empty()) return absl::StrCat("\"", name, "\":[]");
  return absl::StrCat("\"", name, "\":[\n", absl::StrJoin(items, ",\n", format), "\n]");
}

}  // namespace

schemas::CompactLineage CompactLineageOf(const schemas::Lineage& lineage) {
  std::vector<const schemas::Provenance*> stages;
  for (const schemas::Provenance& p : lineage.stages()) stages.push_back(&p);
  std::stable_sort(stages.begin(), stages.end(),
                   [](const schemas::Provenance* a, const schemas::Provenance* b) {
                     return a->label() < b->label();
                   });
  const Tables t = TablesOf(stages);
  schemas::CompactLineage c;
  c.set_report(lineage.report());
  AddTables(t, c);
  for (const schemas::Provenance* p : stages) {
    schemas::LineageStage* s = c.add_stages();
    s->set_label(p->label());
    s->set_kind(
        t.kinds.at(std::make_tuple(p->stage(), p->stage_version(), t.files.at(KeyOf(p->tool())))));
    *s->mutable_args() = p->args();
    for (const schemas::FileDigest& f : p->inputs()) {
      s->add_inputs(t.bindings.at(std::make_pair(f.role(), t.files.at(KeyOf(f)))));
    }
    for (const schemas::FileDigest& f : p->outputs()) s->add_outputs(t.files.at(KeyOf(f)));
  }
  return c;
}

absl::StatusOr<schemas::Lineage> ExpandLineage(const schemas::CompactLineage& compact,
                                               absl::string_view file_name) {
  ASSIGN_OR_RETURN(const std::vector<schemas::FileDigest> files, ExpandFiles(compact, file_name));
  schemas::Lineage lineage;
  lineage.set_report(compact.report());
  for (const schemas::LineageStage& s : compact.stages()) {
    ASSIGN_OR_RETURN(*lineage.add_stages(), ExpandStage(compact, files, s, file_name));
  }
  return lineage;
}

std::string CompactLineageJson(const schemas::CompactLineage& c) {
  auto message = [](std::string* out, const google::protobuf::Message& m) {
    out->append(JsonLine(m));
  };
  auto string = [](std::string* out, const std::string& s) {
    out->append(nlohmann::json(s).dump());
  };
  return absl::StrCat("{\"report\":", nlohmann::json(c.report()).dump(), ",\n",
                      Array("dirs", c.dirs(), string), ",\n", Array("files", c.files(), message),
                      ",\n", Array("bindings", c.bindings(), message), ",\n",
                      Array("kinds", c.kinds(), message), ",\n",
                      Array("stages", c.stages(), message), "}\n");
}

}  // namespace repro
