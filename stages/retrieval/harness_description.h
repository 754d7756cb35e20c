// The description a report shows for a harness, generated from its
// parameters (HarnessConfig in retrieval.proto), so that it can never
// disagree with them: a changed rrf_k, BM25 k1 or b, dense model, leg depth,
// document unit, candidate limit or query field changes the text.
//
// DescribeHarness(config) takes a config that ValidateHarnessConfig accepts
// and returns one line without a final period, for example
//   "BM25 (k1 = 0.9, b = 0.4) over whole files (path + content); top 200
//    files; query = task query"
//   "hybrid of BM25 (k1 = 0.9, b = 0.4) and dense (LSA, 256 dims, FAISS
//    IndexFlatIP) over function chunks, each leg's top 1000 fused by RRF
//    k = 60; a file scores its best chunk; top 200 files; query = task query"
//   "external program //data/harnesses/external:bm25_example over whole
//    files; top 200 files; query = task query"
// Numbers are printed as absl::StrCat prints them (shortest round-trip form
// of the authored value for k1 and b, decimal for the integers). The
// config's authored `description` is not used here: reports show it beside
// the generated text, marked as an authored note.
#ifndef REPRO_STAGES_RETRIEVAL_HARNESS_DESCRIPTION_H_
#define REPRO_STAGES_RETRIEVAL_HARNESS_DESCRIPTION_H_

#include <string>

#include "stages/retrieval/retrieval.pb.h"

namespace repro::retrieval {

std::string DescribeHarness(const HarnessConfig& config);

}  // namespace repro::retrieval

#endif  // REPRO_STAGES_RETRIEVAL_HARNESS_DESCRIPTION_H_
