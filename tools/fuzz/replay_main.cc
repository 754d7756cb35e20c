// Runs a fuzz target's LLVMFuzzerTestOneInput once on each input: the files
// named on the command line, and every regular file (sorted by path) below
// each directory named there. Without libFuzzer (every configuration but
// --config=fuzz) this is the fuzz target's main, so its seed corpus is a
// regression test. Exit 0 after all inputs; 1 if an argument cannot be read
// or none was given (a crash aborts, as under libFuzzer).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

bool ReadFile(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  *out = s.str();
  return true;
}

// The inputs named by `arg`, sorted; false if `arg` does not exist.
bool Inputs(const std::string& arg, std::vector<std::string>* out) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(arg, ec)) {
    std::vector<std::string> found;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(arg, ec)) {
      if (e.is_regular_file()) found.push_back(e.path().string());
    }
    std::sort(found.begin(), found.end());
    out->insert(out->end(), found.begin(), found.end());
    return !ec;
  }
  if (!fs::is_regular_file(arg, ec)) return false;
  out->push_back(arg);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i) {
    if (!Inputs(argv[i], &inputs)) {
      std::fprintf(stderr, "replay: %s: no such file or directory\n", argv[i]);
      return 1;
    }
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "replay: usage: %s <input file or directory>...\n", argv[0]);
    return 1;
  }
  for (const std::string& path : inputs) {
    std::string bytes;
    if (!ReadFile(path, &bytes)) {
      std::fprintf(stderr, "replay: %s: cannot read\n", path.c_str());
      return 1;
    }
    std::fprintf(stderr, "replay: %s (%zu bytes)\n", path.c_str(), bytes.size());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  }
  std::fprintf(stderr, "replay: %zu inputs, no crash\n", inputs.size());
  return 0;
}
