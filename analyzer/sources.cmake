#===- analyzer/sources.cmake - The analyzer's code without its command line -===#
#
# Everything `report`, `check`, `dump` and `export` run on a log or a JSON
# input, and nothing of `lint` (libclang) or of the command line: of
# commands/, only the runners commands/commands.h declares (check_logs,
# dump_log, export_chrome_trace, export_folded), not the files that declare
# options. The `coroscope` executable and the fuzz targets
# (fuzz/CMakeLists.txt, built by another compiler with sanitizers) compile
# this one list, so the code fuzzed is the code shipped.
#
#===------------------------------------------------------------------------===#
set(COROSCOPE_ANALYZER_SOURCES
  commands/check_logs.cpp
  commands/dump_log.cpp
  log/clock.cpp
  log/log_reader.cpp
  log/event_merge.cpp
  model/model.cpp
  verdicts/advice.cpp
  verdicts/baseline.cpp
  verdicts/budget.cpp
  log/json_file.cpp
  model/stats.cpp
  model/site_ref.cpp
  model/findings.cpp
  model/messages.cpp
  model/live_frames.cpp
  log/log_identity.cpp
  model/log_jobs.cpp
  model/symbolize.cpp
  render/text.cpp
  render/markdown.cpp
  render/markdown_escape.cpp
  render/json.cpp
  render/rows.cpp
  render/html.cpp
  model/activation_slices.cpp
  model/async_stacks.cpp
  render/chrome_trace.cpp
  render/folded.cpp
  commands/export_chrome_trace.cpp
  commands/export_folded.cpp
  render/log_status.cpp
  render/empty_report.cpp
  render/baseline.cpp
  render/budget.cpp
  render/findings_text.cpp
  render/findings_markdown.cpp
  render/findings_json.cpp
  render/check.cpp
  )
list(TRANSFORM COROSCOPE_ANALYZER_SOURCES PREPEND "${CMAKE_CURRENT_LIST_DIR}/")
