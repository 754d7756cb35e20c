#include "stages/retrieval/run_command.h"

#include <cstdio>
#include <string>

#include "absl/flags/parse.h"

namespace repro::retrieval {

int RunCommand(int argc, char** argv, const char* name, absl::Status (*command)()) {
  absl::ParseCommandLine(argc, argv);
  const absl::Status s = command();
  if (!s.ok()) {
    std::fprintf(stderr, "%s: %s\n", name, std::string(s.message()).c_str());
    return 1;
  }
  return 0;
}

}  // namespace repro::retrieval
