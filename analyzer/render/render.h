//===- render/render.h - Report output formats -------------------*- C++ -*-===//
//
// The four faces of `coroscope report`. Each takes the same Summary, which
// already holds every derived number, so the renderers only lay out text and
// cannot disagree with each other.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_RENDER_RENDER_H
#define COROSCOPE_ANALYZER_RENDER_RENDER_H

#include "model/stats.h"

#include <cstdint>
#include <nlohmann/json.hpp>

#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace coroscope::analyzer {

void renderText(const Summary &summary, std::ostream &os);
void renderMarkdown(const Summary &summary, std::ostream &os);
void renderJson(const Summary &summary, std::ostream &os);
/// One self-contained HTML page (render/html.cpp).
void renderHtml(const Summary &summary, std::ostream &os);
/// The coroscope-report/1 document renderJson writes.
nlohmann::ordered_json reportJson(const Summary &summary);

/// `coroscope export --format jsonl|csv` (render/rows.cpp): one flat row per
/// function, suspend site or finding of the report `report` (reportJson) of
/// one log, each starting with the log's process id, host and file name.
/// Nested objects become columns joined by '_' (busy_ns_p99); arrays stay
/// JSON arrays.
std::vector<nlohmann::ordered_json> exportRows(const nlohmann::ordered_json &report,
                                               const std::string &table, uint64_t pid,
                                               const std::string &host, const std::string &log);
/// One JSON object per line.
void writeJsonl(const std::vector<nlohmann::ordered_json> &rows, std::ostream &os);
/// The columns every row of `table` has, in order.
std::vector<std::string> exportColumns(const std::string &table);
/// RFC 4180: a header of `table`'s columns and then any other a row has, in
/// first-seen order, then one line per row; a cell a row lacks, or null, is
/// empty; arrays are their JSON text.
void writeCsv(const std::vector<nlohmann::ordered_json> &rows, const std::string &table,
              std::ostream &os);

struct AsyncStack;
/// `coroscope export --format folded` (render/folded.cpp). A frame of a
/// folded line: `name` with '%', ';' and the control characters (below
/// 0x20, and 0x7f) written as %XX (upper-case hex).
std::string foldedFrame(const std::string &name);
/// `stack` as "root;...;leaf": "[cut: N more]" first when frames were cut
/// (model/async_stacks.h), its functions, and for the waiting view the
/// suspend site: "<kind> <file>:<line>:<column> <awaiter type>". Each frame
/// is a foldedFrame().
std::string foldedStack(const AsyncStack &stack);
/// One "<stack> <weight>" line per entry, in the map's (byte) order.
void writeFolded(const std::map<std::string, uint64_t> &stacks, std::ostream &os);

/// "file:line" or "file:line:column"; "?" stands in for an unknown file.
std::string location(const std::string &file, uint32_t line);
std::string location(const std::string &file, uint32_t line, uint32_t column);
/// Whether `v` is a whole number uint64_t holds, so the cast to it is defined
/// (2^64, NaN and negatives are not).
inline bool wholeUint64(double v) {
  return v >= 0 && v < 18446744073709551616.0 && v == static_cast<double>(static_cast<uint64_t>(v));
}
/// Fixed-point with `decimals` digits, e.g. 42.67.
std::string fixed(double value, int decimals);
/// Why the report is empty (no function, finding or live frame): no
/// instrumented code, or no coroutine run; "" when it is not empty
/// (render/empty_report.cpp).
std::string emptyReason(const Summary &summary);

// How each log ended (render/log_status.cpp).
/// Why some cells read `?`: `functions` functions reached a suspend site
/// whose definition a damaged log lost (figuresWithheld).
std::string withheldNote(uint64_t functions);
/// "complete (exit status 0)", "ended by signal 11 (SIGSEGV)", "incomplete
/// (no closing record)", each followed by "; N bytes unreadable at offset X",
/// "; N events recorded but not written" and "; N event records read where
/// its end record counts M" when there are any.
std::string logStatusText(const LogEnd &end);
/// "pid 4242 on build-7, started 2026-12-02 17:30:01 UTC"; "pid 4242" when
/// the header names no host and start.
std::string logOriginText(const LogEnd &end);
/// The "log_status" entry of one log in the JSON report.
nlohmann::ordered_json logStatusJson(const std::string &log, const LogEnd &end);
/// The "log_status" array of `report` and `check`: an entry per log.
nlohmann::ordered_json logStatusJson(const std::vector<std::string> &logs,
                                     const std::vector<LogEnd> &ends);

// `report --baseline` (render/baseline.cpp).
struct BaselineFunction;
/// The ratio column headers of the text layout, in cell order.
const std::vector<std::string> &baselineColumns();
/// The ratio cells of `fn`: "0.50x", "-" where the old value is 0, "new"
/// in every cell for a function the baseline does not have.
std::vector<std::string> baselineCells(const BaselineComparison &c, const FunctionStats &fn);
/// "baseline: a.cpp:10" when `fn` was matched by name alone, else "".
std::string baselineMoved(const BaselineComparison &c, const FunctionStats &fn);
/// "calls 5, heap_B/call 64.00, sync 40.0%, busy_mean 100".
std::string baselineGoneFigures(const BaselineFunction &old);
/// The "baseline" object appended to a function; null for a new function.
nlohmann::ordered_json baselineFunctionJson(const BaselineComparison &c, const FunctionStats &fn);
/// The top-level "baseline" object: the file and the functions gone.
nlohmann::ordered_json baselineJson(const BaselineComparison &c);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_RENDER_RENDER_H
