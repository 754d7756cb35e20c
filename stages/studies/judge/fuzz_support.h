// Support for the judge importers' fuzz targets (testonly).
//
// A file bundle carries several named input files in one fuzz input: each
// file starts with a header line "=== <name>" and its content is every line
// up to the next header line (or the end), each with its '\n'. Bytes before
// the first header are ignored; a repeated name keeps the last content.
// WriteFileBundle(files) gives a bundle that ParseFileBundle maps back to
// `files`, with a '\n' added to each content that does not end with one,
// when no content line starts with "=== " (true of the synthetic files,
// synthetic_files.h).
//
// CheckReadable(dataset) aborts, naming the reason, unless the dataset
// survives what the next stage does to it: binary serialization and a
// parse of those bytes (proto3 rejects invalid UTF-8 in string fields, so
// an importer that copies raw bytes into a string field fails here).
#ifndef REPRO_STAGES_STUDIES_JUDGE_FUZZ_SUPPORT_H_
#define REPRO_STAGES_STUDIES_JUDGE_FUZZ_SUPPORT_H_

#include <map>
#include <string>

#include "absl/strings/string_view.h"
#include "stages/studies/judge/judge.pb.h"

namespace repro::judge {

std::map<std::string, std::string> ParseFileBundle(absl::string_view bundle);
std::string WriteFileBundle(const std::map<std::string, std::string>& files);

void CheckReadable(const JudgeDataset& dataset);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_FUZZ_SUPPORT_H_
