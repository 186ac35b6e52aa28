#===- analyzer/sources.cmake - The analyzer's code without its command line -===#
#
# Everything `report`, `check` and `dump` run on a log or a JSON input, and
# nothing of `lint` (libclang) or main.cpp. The `coroscope` executable and the
# fuzz targets (fuzz/CMakeLists.txt, built by another compiler with
# sanitizers) compile this one list, so the code fuzzed is the code shipped.
#
#===------------------------------------------------------------------------===#
set(COROSCOPE_ANALYZER_SOURCES
  check.cpp
  dump.cpp
  state/clock.cpp
  state/log_reader.cpp
  state/event_merge.cpp
  state/model.cpp
  state/advice.cpp
  state/baseline.cpp
  state/budget.cpp
  state/json_file.cpp
  state/stats.cpp
  state/site_ref.cpp
  state/findings.cpp
  state/messages.cpp
  state/live_frames.cpp
  state/log_identity.cpp
  state/log_jobs.cpp
  state/symbolize.cpp
  render/text.cpp
  render/markdown.cpp
  render/markdown_escape.cpp
  render/json.cpp
  render/rows.cpp
  render/html.cpp
  render/chrome_trace.cpp
  export_trace.cpp
  render/log_status.cpp
  render/empty_report.cpp
  render/baseline.cpp
  render/budget.cpp
  render/findings_text.cpp
  render/findings_markdown.cpp
  render/findings_json.cpp
  )
list(TRANSFORM COROSCOPE_ANALYZER_SOURCES PREPEND "${CMAKE_CURRENT_LIST_DIR}/")
