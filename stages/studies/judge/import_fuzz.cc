// Fuzz targets of the three judge importers, one binary each (IMPORTER is
// defined by the BUILD target):
//   IMPORTER_JUDGE_LOG  ImportJudgeLog on the input as one JSON Lines file.
//   IMPORTER_HUMANEVAL  ImportHumanEval on the input as a file bundle.
//   IMPORTER_VICUNA     ImportVicuna on the input as a file bundle.
// (File bundles: fuzz_support.h; the seeds are the synthetic files of
// synthetic_files.h written as bundles.)
//
// Properties checked: an importer returns a value or an error, never a
// crash, an exception or undefined behaviour (ASan/UBSan under
// --config=fuzz); a returned dataset survives serialization (CheckReadable).
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "stages/studies/judge/fixture_import.h"
#include "stages/studies/judge/fuzz_support.h"
#include "stages/studies/judge/humaneval_import.h"
#include "stages/studies/judge/vicuna_import.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace repro::judge;
  const absl::string_view input(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<JudgeDataset> ds;
#if defined(IMPORTER_JUDGE_LOG)
  ds = ImportJudgeLog(input, "fuzz.jsonl", "fuzz");
#elif defined(IMPORTER_HUMANEVAL)
  ds = ImportHumanEval(ParseFileBundle(input), {});
#elif defined(IMPORTER_VICUNA)
  ds = ImportVicuna(ParseFileBundle(input), {});
#else
#error "define IMPORTER_JUDGE_LOG, IMPORTER_HUMANEVAL or IMPORTER_VICUNA"
#endif
  if (ds.ok()) CheckReadable(*ds);
  return 0;
}
