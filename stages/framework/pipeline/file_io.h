// Whole-file reads and atomic writes.
//
// ReadFile returns the file's bytes, or NotFound naming the path.
// WriteFileAtomically writes to "<path>.tmp" and renames it over `path`, so a
// reader never sees a partial artifact; on any error the temporary is removed
// and the status names the path.
// WriteFilesAtomically writes each (path, bytes) in order, as
// WriteFileAtomically; if one write fails, the files written before it are
// removed again and its error is returned: all of the files or none.
#ifndef REPRO_STAGES_FRAMEWORK_PIPELINE_FILE_IO_H_
#define REPRO_STAGES_FRAMEWORK_PIPELINE_FILE_IO_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace repro {

absl::StatusOr<std::string> ReadFile(const std::string& path);

absl::Status WriteFileAtomically(const std::string& path, absl::string_view bytes);

absl::Status WriteFilesAtomically(const std::vector<std::pair<std::string, std::string>>& files);

}  // namespace repro

#endif  // REPRO_STAGES_FRAMEWORK_PIPELINE_FILE_IO_H_
