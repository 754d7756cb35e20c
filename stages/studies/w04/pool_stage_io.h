// A stage input as a PoolFile (pool_cases.h): its workspace-relative name,
// for messages, and its bytes. Errors: Stage::ReadNamed's.
#ifndef REPRO_STAGES_STUDIES_W04_POOL_STAGE_IO_H_
#define REPRO_STAGES_STUDIES_W04_POOL_STAGE_IO_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/framework/pipeline/stage.h"
#include "stages/studies/w04/pool_cases.h"

namespace repro::w04 {

absl::StatusOr<PoolFile> ReadPoolFile(const Stage& stage, absl::string_view role);

}  // namespace repro::w04

#endif  // REPRO_STAGES_STUDIES_W04_POOL_STAGE_IO_H_
