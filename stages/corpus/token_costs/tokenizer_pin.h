// The pin of the tokenizer behind token costs (token_costs.proto,
// TokenizerPin; data/tokenizer/minilm_wordpiece.textproto).
//
// CheckPinRules(pin, pin_name) stops unless the pin states the rules the cost
// program (token_costs.py) applies: lowercase true, special_tokens false,
// truncation "none"; and unless name, library and vocabulary_sha256 (64
// lowercase hex) are set. A pin that states other rules would make its counts
// mean something the program does not do.
//
// CheckVocabulary(pin, pin_name, vocabulary_name, found) compares the
// vocabulary file's digest with the pin: FailedPrecondition naming the pin,
// the file and the field, expected vs found ("vocabulary_sha256: expected
// 07ec..., found 5a1f..."), so a changed vocabulary byte stops every count.
#ifndef REPRO_STAGES_CORPUS_TOKEN_COSTS_TOKENIZER_PIN_H_
#define REPRO_STAGES_CORPUS_TOKEN_COSTS_TOKENIZER_PIN_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/token_costs/token_costs.pb.h"

namespace repro::corpus {

struct VocabularyDigest {
  std::string sha256;
  uint64_t bytes = 0;
};

absl::Status CheckPinRules(const TokenizerPin& pin, absl::string_view pin_name);

absl::Status CheckVocabulary(const TokenizerPin& pin, absl::string_view pin_name,
                             absl::string_view vocabulary_name, const VocabularyDigest& found);

}  // namespace repro::corpus

#endif  // REPRO_STAGES_CORPUS_TOKEN_COSTS_TOKENIZER_PIN_H_
