// Reading the judge data files: gzip-or-plain bytes, whole JSON documents and
// JSON Lines, with errors that name the file and where.
//
// Scope: nlohmann::json (`Json`) is for the external data sets only, read by
// the importers (fixture_import.h, humaneval_import.h, vicuna_import.h).
// Nothing one judge stage writes for another is free-form JSON: every
// artifact between the stages is a judge.proto message, read with
// ReadInputProto (stages/framework/pipeline/stage_proto.h). The only other use of
// nlohmann is report_files.cc, which prints the user-facing JSON files and
// never parses.
//
// MaybeGunzip: bytes starting with the gzip magic 1f 8b are inflated (zlib,
// RFC 1952; concatenated members are not supported and are an error), any
// other bytes are returned unchanged. The shared copies of the data sets
// compress some files; upstream clones have them plain.
//
// ParseJsonDocument: one JSON value (nlohmann::json, RFC 8259); an error names
// the file and the byte offset. Both parsers reject an object with a repeated
// key (RFC 8259 leaves its meaning open; nlohmann would keep the last):
// stages/framework/pipeline/strict_json.h, the one parser of that rule.
//
// ParseJsonLines: one JSON value per line (JSON Lines), the pipeline's one
// splitter (stages/framework/pipeline/strict_json.h); a malformed line is
// returned, not fatal, and the caller records it as bad input.
#ifndef REPRO_STAGES_STUDIES_JUDGE_JSON_INPUT_H_
#define REPRO_STAGES_STUDIES_JUDGE_JSON_INPUT_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "nlohmann/json.hpp"
#include "stages/framework/pipeline/strict_json.h"

namespace repro::judge {

using Json = nlohmann::json;

absl::StatusOr<std::string> MaybeGunzip(absl::string_view bytes, absl::string_view file);

absl::StatusOr<Json> ParseJsonDocument(absl::string_view text, absl::string_view file);

// The pipeline's one JSON Lines splitter (strict_json.h).
using repro::JsonLine;
using repro::JsonLines;
using repro::MalformedLine;
using repro::ParseJsonLines;

// Typed field access for importer code: a missing field or a wrong type is
// InvalidArgument "<where>: field '<name>': expected <type>, found <type>".
// GetInt accepts integers (or integral doubles) in the int32 range only: ids
// and counts are stored in ints, so 4294967299 or 1e300 is an error naming
// the value, never a wrapped or undefined one.
absl::StatusOr<std::string> GetString(const Json& obj, absl::string_view name,
                                      absl::string_view where);
absl::StatusOr<long long> GetInt(const Json& obj, absl::string_view name, absl::string_view where);
absl::StatusOr<double> GetNumber(const Json& obj, absl::string_view name, absl::string_view where);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_JSON_INPUT_H_
