#include "stages/framework/pipeline/deterministic_proto.h"

#include <cstdio>
#include <cstdlib>

#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"

namespace repro {

std::string DeterministicBytes(const google::protobuf::Message& message) {
  std::string bytes;
  bool ok;
  {
    google::protobuf::io::StringOutputStream raw(&bytes);
    google::protobuf::io::CodedOutputStream coded(&raw);
    coded.SetSerializationDeterministic(true);
    ok = message.SerializeToCodedStream(&coded);
  }
  if (!ok) {
    std::fprintf(stderr, "DeterministicBytes: cannot serialize %s\n",
                 message.GetTypeName().c_str());
    std::abort();
  }
  return bytes;
}

}  // namespace repro
