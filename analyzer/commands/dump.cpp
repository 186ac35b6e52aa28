//===- commands/dump.cpp - `coroscope dump`: the raw records of a log -----===//
//
// The command line of `dump`; the records are printed by dumpLog
// (log/dump.cpp).
//
//===----------------------------------------------------------------------===//
#include "commands/cli.h"
#include "commands/commands.h"

#include <iostream>
#include <memory>

namespace coroscope::analyzer {

Command addDumpCommand(CLI::App &app) {
  auto dump_path = std::make_shared<std::string>();
  CLI::App *dump = app.add_subcommand("dump", "Print the raw records of a log");
  dump->add_option("log", *dump_path, "coroscope log file")->required();
  return {dump, [dump_path] {
            dumpLog(*dump_path, std::cout);
            return int(kExitOk);
          }};
}

} // namespace coroscope::analyzer
