// The one deterministic serialization of a protocol buffer.
//
// DeterministicBytes(message) returns the binary wire format of `message`
// with map entries sorted by key (CodedOutputStream's deterministic mode), so
// that equal messages give equal bytes in every process: what the project
// hashes (harness config digests, the LSA model pin) and what stages write
// (WriteOutputProto). Unknown fields are kept, in the order they were parsed.
// Bytes are stable within one protobuf version; the project pins that
// version with the toolchain.
//
// Errors: none for the project's proto3 schemas. Serialization can fail only
// for a message over 2 GiB or a proto2 message missing a required field;
// then it aborts, naming the message type, rather than return a prefix.
#ifndef REPRO_STAGES_FRAMEWORK_PIPELINE_DETERMINISTIC_PROTO_H_
#define REPRO_STAGES_FRAMEWORK_PIPELINE_DETERMINISTIC_PROTO_H_

#include <string>

#include "google/protobuf/message.h"

namespace repro {

std::string DeterministicBytes(const google::protobuf::Message& message);

}  // namespace repro

#endif  // REPRO_STAGES_FRAMEWORK_PIPELINE_DETERMINISTIC_PROTO_H_
