// Whole-file reads and atomic writes.
//
// ReadFile returns the file's bytes, or NotFound naming the path.
// WriteFileAtomically writes to "<path>.tmp" and renames it over `path`, so a
// reader never sees a partial artifact; on any error the temporary is removed
// and the status names the path.
#ifndef REPRO_STAGES_PIPELINE_FILE_IO_H_
#define REPRO_STAGES_PIPELINE_FILE_IO_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro {

absl::StatusOr<std::string> ReadFile(const std::string& path);

absl::Status WriteFileAtomically(const std::string& path, absl::string_view bytes);

}  // namespace repro

#endif  // REPRO_STAGES_PIPELINE_FILE_IO_H_
