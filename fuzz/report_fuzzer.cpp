//===- fuzz/report_fuzzer.cpp - Fuzz target: one log's bytes to a report --===//
//
// What `coroscope report LOG` and `coroscope dump LOG` do with the bytes of
// one log (trace or profile mode): index, replay and merge, advice, summary,
// the text, markdown and JSON reports, each log's status line; then the
// chunk-by-chunk dump. A LogError is the analyzer's answer to a malformed
// log (`coroscope: error: FILE: offset N: ...`, exit 2); any other exception
// escaping is a bug, as main.cpp would print it without an offset.
//
//===----------------------------------------------------------------------===//
#include "memfile.h"

#include "commands/commands.h"
#include "log/log_reader.h"
#include "model/log_jobs.h"
#include "model/stats.h"
#include "render/render.h"
#include "verdicts/advice.h"

#include <cstdlib>
#include <sstream>

using namespace coroscope::analyzer;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // Findings' native stacks stay unsymbolized: no llvm-symbolizer process
  // per input (symbolize.h).
  ::setenv("COROSCOPE_SYMBOLIZER", "", 1);
  return 0;
}

static void report(const std::string &path) {
  Report report = analyzeLogs({path}, 1);
  for (Finding &f : advise(report, AdviceOptions{}))
    report.findings.add(std::move(f));
  Summary summary = summarize(report, sortKeys().front(), 0);
  std::ostringstream out;
  renderText(summary, out);
  renderMarkdown(summary, out);
  renderJson(summary, out);
  for (const LogEnd &end : report.log_ends)
    if (end.incomplete())
      out << logStatusText(end);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static coroscope::fuzz::MemFile file;
  file.assign(data, size);
  try {
    report(file.path());
  } catch (const LogError &) {
  }
  try {
    std::ostringstream out;
    dumpLog(file.path(), out);
  } catch (const LogError &) {
  }
  return 0;
}
