#include "stages/studies/w04/pool_stage_io.h"

#include <utility>

#include "stages/framework/pipeline/status_macros.h"

namespace repro::w04 {

absl::StatusOr<PoolFile> ReadPoolFile(const Stage& stage, absl::string_view role) {
  ASSIGN_OR_RETURN(Stage::NamedBytes in, stage.ReadNamed(role));
  return PoolFile{std::move(in.name), std::move(in.bytes)};
}

}  // namespace repro::w04
