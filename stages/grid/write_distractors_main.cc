// write_distractors <rules.textproto> <tasks.textproto> <dose> <out dir>
// Writes the S002 distractors of every task (dose files each, in the
// language of the rules file) as <out dir>/<task>/<path>, for the gofmt
// validity test.
#include <sys/stat.h>

#include <iostream>
#include <string>

#include "absl/strings/str_cat.h"
#include "stages/corpus/languages/language.pb.h"
#include "stages/corpus/task.pb.h"
#include "stages/framework/pipeline/file_io.h"
#include "stages/framework/pipeline/stage_proto.h"
#include "stages/framework/pipeline/textproto.h"
#include "stages/grid/distractors.h"

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: write_distractors <rules.textproto> <tasks.textproto> <dose> <out dir>\n";
    return 2;
  }
  repro::corpus::languages::Rules rules;
  absl::Status s = repro::ReadProtoFile(argv[1], &rules);
  absl::StatusOr<std::string> text = repro::ReadFile(argv[2]);
  repro::corpus::TaskSet tasks;
  if (s.ok()) s = text.ok() ? repro::ParseTextProto(*text, argv[2], &tasks) : text.status();
  if (!s.ok()) {
    std::cerr << s.message() << "\n";
    return 1;
  }
  const int dose = std::stoi(argv[3]);
  for (const repro::corpus::Task& task : tasks.tasks()) {
    absl::StatusOr<std::vector<repro::grid::DistractorFile>> files =
        repro::grid::GenerateDistractors(task.id(), task.query(), dose, rules);
    if (!files.ok()) {
      std::cerr << files.status().message() << "\n";
      return 1;
    }
    const std::string dir = absl::StrCat(argv[4], "/", task.id());
    mkdir(dir.c_str(), 0755);
    mkdir((dir + "/" + repro::grid::kDistractorPrefix).c_str(), 0755);
    for (const repro::grid::DistractorFile& f : *files) {
      if (absl::Status w = repro::WriteFileAtomically(dir + "/" + f.path, f.source); !w.ok()) {
        std::cerr << w.message() << "\n";
        return 1;
      }
    }
  }
  return 0;
}
