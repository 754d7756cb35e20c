// The labels the pipeline would derive for a fix, read from a local clone
// for the task miner (miner.h, pull_requests.h).
//
// FixLabels(git_dir, languages, base, fix) derives the gold files and gold
// functions of `git diff base fix` exactly as the labels stage does
// (DeriveLabels of stages/corpus/labels.h): over git's name-status (`git
// diff-tree -r -z --name-status -M`), the `-U0` diff of each modified gold
// candidate with extract_history.sh's options (so the hunks are the
// pipeline's), and the chunks of those files at base, by `languages`.
// A fix that modifies no gold candidate has empty labels (not an error).
// Errors: InternalError from git (git_command.h), naming the command, and
// those of the chunker and DeriveLabels.
//
// NamesAChangedLocation(text, labels) is the miner's leak filter: whether
// a word of `text` (runs of [A-Za-z0-9_], compared case-insensitively) is
// the name of a gold file (with or without its extension), a directory on
// its path, or a part of a gold function's name ("Queue.push": "queue",
// "push"; parts shorter than 3 characters are not compared), or whether
// `text` holds a gold file's name with its extension ("s3.go").
#ifndef REPRO_TOOLS_TASKS_INTERNAL_FIX_LABELS_H_
#define REPRO_TOOLS_TASKS_INTERNAL_FIX_LABELS_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "stages/corpus/corpus.pb.h"
#include "stages/corpus/language_set.h"

namespace repro::tasks::internal {

absl::StatusOr<corpus::Labels> FixLabels(const std::string& git_dir,
                                         const corpus::LanguageSet& languages,
                                         const std::string& base, const std::string& fix);

bool NamesAChangedLocation(absl::string_view text, const corpus::Labels& labels);

}  // namespace repro::tasks::internal

#endif  // REPRO_TOOLS_TASKS_INTERNAL_FIX_LABELS_H_
