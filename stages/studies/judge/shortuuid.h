// The answer ids of QLoRA's review files: Python `shortuuid.uuid(name)`
// (shortuuid 1.x, default alphabet), used by eval_gpt_review.py for answers
// that have no answer_id (the Guanaco generations). Recomputing it lets the
// importer verify that a review's answer id names the text it claims to.
//
// Definition: u = UUID version 5 (RFC 4122 section 4.3: SHA-1 of namespace
// bytes + UTF-8 name, first 16 bytes, version and variant bits set) with the
// URL namespace if the name starts with "http://" or "https://" (ASCII
// case-insensitive), else the DNS namespace; the 128-bit integer of u is
// written in base 57 with the alphabet
// "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", most
// significant digit first, left-padded with '2' to 22 characters.
#ifndef REPRO_STAGES_STUDIES_JUDGE_SHORTUUID_H_
#define REPRO_STAGES_STUDIES_JUDGE_SHORTUUID_H_

#include <string>

#include "absl/strings/string_view.h"

namespace repro::judge {

std::string ShortUuid(absl::string_view name);

// The canonical 8-4-4-4-12 form of the UUIDv5 (for tests).
std::string Uuid5Text(absl::string_view name);

}  // namespace repro::judge

#endif  // REPRO_STAGES_STUDIES_JUDGE_SHORTUUID_H_
