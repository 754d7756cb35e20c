// Stage grid_aggregate: the composite cells, the analysis and the report files
// (aggregate_stage.h: inputs and outputs).
#include "stages/framework/pipeline/stage.h"
#include "stages/grid/aggregate/aggregate_stage.h"

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::grid::RunAggregate); }
