// check_tokens <frozen_tokens.txt> <generated.tokens.txt> <report.md> [refreeze command]
// Exits 0 when the report matches its frozen tokens; otherwise prints every
// difference (stages/framework/tokens/tokens.h, CompareTokens) and how to refreeze, and
// exits 1. Unreadable or malformed files: the error on stderr, exit 1; wrong
// arguments: usage, exit 2.
#include <iostream>
#include <string>

#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/tokens/tokens.h"

int main(int argc, char** argv) {
  if (argc != 4 && argc != 5) {
    std::cerr << "usage: check_tokens <frozen> <generated> <report> [refreeze command]\n";
    return 2;
  }
  absl::StatusOr<std::string> frozen_text = repro::ReadFile(argv[1]);
  absl::StatusOr<std::string> generated_text = repro::ReadFile(argv[2]);
  absl::StatusOr<std::string> report = repro::ReadFile(argv[3]);
  for (const auto* s : {&frozen_text, &generated_text, &report}) {
    if (!s->ok()) {
      std::cerr << s->status().message() << "\n";
      return 1;
    }
  }
  using repro::tokens::TokenList;
  absl::StatusOr<TokenList> frozen = repro::tokens::ParseTokens(*frozen_text, argv[1]);
  absl::StatusOr<TokenList> generated = repro::tokens::ParseTokens(*generated_text, argv[2]);
  if (!frozen.ok() || !generated.ok()) {
    std::cerr << (frozen.ok() ? generated.status() : frozen.status()).message() << "\n";
    return 1;
  }
  std::vector<std::string> diffs = repro::tokens::CompareTokens(*frozen, *generated, *report);
  if (!diffs.empty()) {
    std::cerr << argv[3] << " differs from its frozen tokens " << argv[1] << " (" << diffs.size()
              << " keys differ):\n";
    for (const std::string& d : diffs) std::cerr << "  " << d << "\n";
    if (argc == 5) std::cerr << "If the change is intended, refreeze with: " << argv[4] << "\n";
    return 1;
  }
  std::cout << argv[3] << ": all " << frozen->size() << " frozen tokens match\n";
  return 0;
}
