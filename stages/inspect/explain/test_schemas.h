// For tests: the authored schemas this package builds (authored_schemas.desc
// in the test's runfiles; the test lists :authored_schemas as data), loaded
// once. Aborts the test binary when they do not load.
#ifndef REPRO_STAGES_INSPECT_EXPLAIN_TEST_SCHEMAS_H_
#define REPRO_STAGES_INSPECT_EXPLAIN_TEST_SCHEMAS_H_

#include "stages/inspect/explain/authored_schemas.h"

namespace repro::explain {

const AuthoredSchemas& TestSchemas();

}  // namespace repro::explain

#endif  // REPRO_STAGES_INSPECT_EXPLAIN_TEST_SCHEMAS_H_
