//===- fuzz/baseline_fuzzer.cpp - Fuzz target: `report --baseline OLD.json` ===//
//
// The baseline's bytes as `report --baseline` takes them: read, matched
// against a report (one without functions: every baseline entry is then
// "gone since baseline") and rendered in the three formats. A
// JsonInputError is the answer to bad input (`coroscope: error: FILE:
// what`); any other exception escaping is a bug.
//
//===----------------------------------------------------------------------===//
#include "json_input.h"

#include "model/stats.h"
#include "render/render.h"
#include "verdicts/baseline.h"

#include <memory>
#include <sstream>

using namespace coroscope::analyzer;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return coroscope::fuzz::withJsonInput(data, size, [](const std::string &path) {
    Baseline baseline = readBaseline(path);
    Report report;
    Summary summary = summarize(report, sortKeys().front(), 0);
    summary.baseline =
        std::make_shared<BaselineComparison>(compareWithBaseline(std::move(baseline), report));
    std::ostringstream out;
    renderText(summary, out);
    renderMarkdown(summary, out);
    renderJson(summary, out);
  });
}
