#include "stages/inspect/explain/test_schemas.h"

#include <cstdlib>
#include <iostream>
#include <string>

#include "absl/strings/str_cat.h"

namespace repro::explain {

const AuthoredSchemas& TestSchemas() {
  static const AuthoredSchemas* const kSchemas = [] {
    const char* srcdir = std::getenv("TEST_SRCDIR");
    const char* workspace = std::getenv("TEST_WORKSPACE");
    const std::string path =
        absl::StrCat(srcdir ? srcdir : ".", "/", workspace ? workspace : "retrieval_repro",
                     "/stages/inspect/explain/authored_schemas.desc");
    absl::StatusOr<std::unique_ptr<AuthoredSchemas>> schemas = AuthoredSchemas::Load(path);
    if (!schemas.ok()) {
      std::cerr << "test_schemas: " << schemas.status() << "\n";
      std::abort();
    }
    return schemas->release();
  }();
  return *kSchemas;
}

}  // namespace repro::explain
