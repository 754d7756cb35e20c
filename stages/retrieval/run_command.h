// The `main` of this package's `bazel run` commands (search, bm25_reference,
// fill_vector_cache).
//
// RunCommand parses the command line (absl flags), runs `command`, and when
// it returns an error prints "<name>: <message>" and a newline to stderr.
// Returns the process exit status: 0 when `command` returns OK, else 1.
#ifndef REPRO_STAGES_RETRIEVAL_RUN_COMMAND_H_
#define REPRO_STAGES_RETRIEVAL_RUN_COMMAND_H_

#include "absl/status/status.h"

namespace repro::retrieval {

int RunCommand(int argc, char** argv, const char* name, absl::Status (*command)());

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_RUN_COMMAND_H_
