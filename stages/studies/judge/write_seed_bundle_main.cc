// Writes the synthetic judge input files (synthetic_files.h) as one file
// bundle (fuzz_support.h), the seed of an importer's fuzz target.
// Usage: write_seed_bundle <vicuna|humaneval> <output file>.
#include <cstdio>
#include <fstream>
#include <map>
#include <string>

#include "stages/studies/judge/fuzz_support.h"
#include "stages/studies/judge/synthetic_files.h"

int main(int argc, char** argv) {
  using namespace repro::judge;
  const std::string which = argc == 3 ? argv[1] : "";
  std::map<std::string, std::string> files;
  if (which == "vicuna") {
    files = SyntheticVicunaFiles();
  } else if (which == "humaneval") {
    files = SyntheticHumanEvalFiles();
  } else {
    fprintf(stderr, "usage: write_seed_bundle <vicuna|humaneval> <output file>\n");
    return 1;
  }
  std::ofstream out(argv[2], std::ios::binary);
  out << WriteFileBundle(files);
  out.close();
  if (!out) {
    fprintf(stderr, "write_seed_bundle: cannot write %s\n", argv[2]);
    return 1;
  }
  return 0;
}
