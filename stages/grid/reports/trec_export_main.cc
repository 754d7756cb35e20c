// Stage grid_trec_export: every ranked list of an experiment's grid as TREC run
// files, and its judgments as TREC qrels (trec_export_stage.h: inputs and
// outputs).
#include "stages/framework/pipeline/stage.h"
#include "stages/grid/reports/trec_export_stage.h"

int main(int argc, char** argv) { return repro::RunStage(argc, argv, repro::grid::RunTrecExport); }
