//===- render/html.cpp - Self-contained HTML report -----------------------===//
//
// `coroscope report --format html`: one file, no network access when opened.
// Everything is rendered here, tables and SVG histograms alike, so it reads
// without JavaScript; a short inline script only sorts and filters the
// function table. Figures come from the same Summary and JSON report as the
// other formats, so they cannot disagree. Every string from a log goes
// through escape(): names and paths are arbitrary bytes.
//
//===----------------------------------------------------------------------===//
#include "render/render.h"

#include "log/log_reader.h"
#include "render/findings.h"
#include "verdicts/baseline.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace coroscope::analyzer {

namespace {

using Json = nlohmann::ordered_json;

/// Text for HTML content and quoted attribute values.
std::string escape(const std::string &in) {
  std::string out;
  out.reserve(in.size());
  for (char c : in) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// A JSON value as text, invalid UTF-8 replaced (as in the JSON report).
std::string str(const Json &v) {
  if (v.is_string())
    return Json::parse(v.dump(-1, ' ', false, Json::error_handler_t::replace)).get<std::string>();
  if (v.is_null())
    return "?";
  return v.dump();
}

std::string num(uint64_t v) { return std::to_string(v); }

const char *kStyle = R"css(
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#1b1f24;background:#fff}
h1{font-size:1.5em}h2{margin-top:2em;border-bottom:1px solid #d0d7de}h3{font-size:1.05em;margin:1.5em 0 .3em}
table{border-collapse:collapse;margin:.5em 0}th,td{padding:2px 7px;border-bottom:1px solid #eaeef2;text-align:right;white-space:nowrap}
th{background:#f6f8fa;position:sticky;top:0;cursor:pointer}td.name,th.name,td.left{text-align:left;white-space:normal}td.name{min-width:16em;max-width:32em;overflow-wrap:anywhere}h3,code{overflow-wrap:anywhere}
code,.loc{font-family:ui-monospace,monospace;font-size:.92em}.loc{color:#57606a}
.up{background:#ffebe9;color:#a40e26}.down{background:#dafbe1;color:#116329}
.bar{display:inline-flex;width:160px;height:11px;vertical-align:middle;border:1px solid #d0d7de}
.bar span{display:block;height:100%}.sync{background:#2da44e}.susp{background:#bf8700}.wait{background:#cf222e}
.heap{background:#8250df}.elided{background:#54aeff}
.scroll{overflow-x:auto}.swatch{display:inline-block;width:.8em;height:.8em;vertical-align:middle;border:1px solid #d0d7de}
.finding{border-left:4px solid #bf8700;padding:.2em .8em;margin:.8em 0;background:#fff8c5}
.finding.error{border-color:#cf222e;background:#ffebe9}.finding.advice{border-color:#0969da;background:#ddf4ff}
figure{display:inline-block;margin:.3em 1.5em .3em 0}figcaption{font-size:.9em;color:#57606a}
svg text{font:10px system-ui,sans-serif;fill:#57606a}.legend span{margin-right:1em}
dl.totals{display:grid;grid-template-columns:max-content max-content;gap:0 1.5em}dl.totals dd{margin:0;text-align:right}
)css";

// Sorts the function table by a column (click; again: the other way) and
// filters it by name. Values sort by data-v, numeric when they parse.
const char *kScript = R"js(
(function(){
  var table=document.getElementById('function-table');
  if(!table)return;
  var body=table.tBodies[0];
  var filter=document.getElementById('filter');
  filter.hidden=false;
  filter.addEventListener('input',function(){
    var q=filter.value.toLowerCase();
    Array.prototype.forEach.call(body.rows,function(r){
      r.hidden=q!==''&&r.getAttribute('data-name').toLowerCase().indexOf(q)<0;});
  });
  function sortBy(th,i,down){
    Array.prototype.forEach.call(table.tHead.rows[0].cells,function(c){c.removeAttribute('data-dir');});
    th.setAttribute('data-dir',down?'desc':'asc');
    var rows=Array.prototype.slice.call(body.rows);
    rows.sort(function(a,b){
      var x=a.cells[i].getAttribute('data-v'),y=b.cells[i].getAttribute('data-v');
      var p=parseFloat(x),q=parseFloat(y);
      var c=(!isNaN(p)&&!isNaN(q))?p-q:String(x).localeCompare(String(y));
      return down?-c:c;});
    rows.forEach(function(r){body.appendChild(r);});
  }
  var heads=table.tHead.rows[0].cells;
  Array.prototype.forEach.call(heads,function(th,i){
    th.addEventListener('click',function(){sortBy(th,i,th.getAttribute('data-dir')!=='desc');});
  });
  // report.html#sort=KEY[&dir=asc]: sorted so on opening (KEY: a column's data-key).
  var m=/[#&]sort=([A-Za-z0-9_\/]+)/.exec(location.hash);
  if(m)Array.prototype.forEach.call(heads,function(th,i){
    if(th.getAttribute('data-key')===m[1])sortBy(th,i,!/[#&]dir=asc/.test(location.hash));});
})();
)js";

/// A log-scale histogram (one bar per power of two of ns) as inline SVG.
std::string histogram(const std::vector<uint64_t> &counts, const std::string &title) {
  const int w = 300, h = 90, base = 70;
  std::ostringstream os;
  os << "<figure><svg width=\"" << w << "\" height=\"" << h << "\" role=\"img\" aria-label=\""
     << escape(title) << "\">";
  uint64_t max = 0;
  for (uint64_t c : counts)
    max = std::max(max, c);
  size_t n = std::max<size_t>(counts.size(), 1);
  double bw = double(w - 10) / double(n);
  for (size_t k = 0; k < counts.size(); ++k) {
    if (!counts[k])
      continue;
    double bh = max ? double(base - 5) * double(counts[k]) / double(max) : 0;
    bh = std::max(bh, 1.0);
    // The bucket's range, for the tooltip: [2^(k-1), 2^k) ns, k = 0: 0 ns.
    std::string range = k == 0 ? "0 ns"
                               : num(uint64_t(1) << (k - 1)) + "-" +
                                     num((uint64_t(1) << std::min<size_t>(k, 63)) - 1) + " ns";
    os << "<rect x=\"" << fixed(5 + bw * double(k), 1) << "\" y=\"" << fixed(base - bh, 1)
       << "\" width=\"" << fixed(std::max(bw - 1, 1.0), 1) << "\" height=\"" << fixed(bh, 1)
       << "\" fill=\"#0969da\"><title>" << range << ": " << counts[k] << " frames</title></rect>";
  }
  // Axis labels at the first and last bucket.
  auto label = [](size_t k) {
    if (k == 0)
      return std::string("0");
    uint64_t v = uint64_t(1) << (k - 1);
    if (v >= 1000000000)
      return num(v / 1000000000) + "s";
    if (v >= 1000000)
      return num(v / 1000000) + "ms";
    if (v >= 1000)
      return num(v / 1000) + "us";
    return num(v) + "ns";
  };
  os << "<text x=\"5\" y=\"" << base + 12 << "\">" << label(0) << "</text>";
  if (counts.size() > 1)
    os << "<text x=\"" << w - 5 << "\" y=\"" << base + 12 << "\" text-anchor=\"end\">"
       << label(counts.size() - 1) << "</text>";
  os << "</svg><figcaption>" << escape(title) << " (log scale, ns per frame)</figcaption></figure>";
  return os.str();
}

/// A bar of shares, each span with its class and title.
std::string bar(const std::vector<std::tuple<const char *, uint64_t, std::string>> &parts) {
  uint64_t total = 0;
  for (const auto &p : parts)
    total += std::get<1>(p);
  std::ostringstream os;
  os << "<span class=\"bar\">";
  for (const auto &[cls, n, title] : parts)
    if (total && n)
      os << "<span class=\"" << cls
         << "\" style=\"width:" << fixed(100.0 * double(n) / double(total), 2) << "%\" title=\""
         << escape(title) << ": " << n << "\"></span>";
  os << "</span>";
  return os.str();
}

std::string cell(const Json &v, const std::string &text) {
  std::string sortv = v.is_number() ? v.dump() : str(v);
  return "<td data-v=\"" + escape(sortv) + "\">" + escape(text) + "</td>";
}
std::string cell(const Json &v) { return cell(v, v.is_null() ? "?" : str(v)); }

std::string ratioClass(const std::string &ratio) {
  if (ratio.size() < 2 || ratio.back() != 'x')
    return "";
  double r = std::atof(ratio.c_str());
  return r > 1.05 ? " class=\"up\"" : r < 0.95 ? " class=\"down\"" : "";
}

void renderTotals(const Summary &s, const Json &j, std::ostream &os) {
  const Json &t = j["totals"];
  os << "<section id=\"totals\"><h2>Run</h2><p>" << s.logs.size() << " log"
     << (s.logs.size() == 1 ? "" : "s") << ", " << str(t["events"]) << " events, "
     << str(t["threads"]) << " threads.</p><dl class=\"totals\">";
  for (const char *k : {"functions", "calls", "heap_frames", "heap_bytes", "elided_frames",
                        "elided_bytes", "completed", "sync_completions", "awaits", "suspends",
                        "waits", "frames_not_destroyed", "busy_ns", "suspended_ns"})
    os << "<dt>" << k << "</dt><dd data-key=\"" << k << "\">" << escape(str(t[k])) << "</dd>";
  os << "</dl>";
  if (std::string why = emptyReason(s); !why.empty())
    os << "<p class=\"empty\">No coroutine calls recorded: " << escape(why) << "</p>";
  os << "</section>\n";
}

void renderFunctionTable(const Summary &s, const Json &j, std::ostream &os) {
  static const std::vector<std::pair<const char *, const char *>> columns = {
      {"calls", "calls"},
      {"heap_frames", "heap"},
      {"elided_frames", "elided"},
      {"frame_bytes", "frame B"},
      {"heap_bytes", "heap B"},
      {"heap_bytes_per_call", "heap B/call"},
      {"elided_bytes", "elided B"},
      {"elided_bytes_per_call", "elided B/call"},
      {"completed", "completed"},
      {"sync_completions", "sync"},
      {"awaits", "awaits"},
      {"suspends", "suspends"},
      {"waits", "waits"}};
  os << "<section id=\"functions\"><h2>Functions</h2>"
     << "<p><input id=\"filter\" type=\"search\" placeholder=\"filter by name\" hidden> Sorted by "
     << escape(s.sort_key) << "; click a column to sort. Times in ns per frame"
     << (s.sampled ? " of the timed frames (profile mode: a sample)" : "") << ".</p>"
     << "<div class=\"scroll\"><table id=\"function-table\"><thead><tr><th class=\"name\" "
        "data-key=\"function\">function</th>";
  for (const auto &c : columns)
    os << "<th data-key=\"" << c.first << "\">" << c.second << "</th>";
  if (s.sampled)
    os << "<th data-key=\"busy_ns_samples\">timed</th>";
  for (const char *k : {"busy_ns", "suspended_ns"})
    for (const char *q : {"mean", "p50", "p99"})
      os << "<th data-key=\"" << k << "_" << q << "\">" << (k[0] == 'b' ? "busy " : "susp ") << q
         << "</th>";
  if (s.baseline)
    for (const std::string &h : baselineColumns())
      os << "<th data-key=\"" << escape(h) << "\">" << escape(h) << "</th>";
  os << "</tr></thead><tbody>";
  const Json &fns = j["functions"];
  for (size_t i = 0; i < s.functions.size() && i < fns.size(); ++i) {
    const Json &f = fns[i];
    os << "<tr id=\"fn-" << i << "\" data-name=\"" << escape(str(f["function"])) << "\">"
       << "<td class=\"name\" data-v=\"" << escape(str(f["function"])) << "\"><a href=\"#detail-"
       << i << "\">" << escape(str(f["function"])) << "</a> <span class=\"loc\">"
       << escape(location(str(f["file"]), f["line"].get<uint32_t>())) << "</span></td>";
    for (const auto &c : columns) {
      const Json &v = f[c.first];
      if (v.is_number_float())
        os << cell(v, fixed(v.get<double>(), 2));
      else
        os << cell(v);
    }
    const Json &busy = f["busy_ns"], &susp = f["suspended_ns"];
    if (s.sampled)
      os << cell(busy.is_null() ? Json(nullptr) : busy["samples"]);
    for (const Json *d : {&busy, &susp})
      for (const char *k : {"mean", "p50", "p99"})
        os << cell(d->is_null() ? Json(nullptr) : (*d)[k]);
    if (s.baseline)
      for (const std::string &r : baselineCells(*s.baseline, *s.functions[i].fn))
        os << "<td data-v=\"" << escape(r) << "\"" << ratioClass(r) << ">" << escape(r) << "</td>";
    os << "</tr>\n";
  }
  os << "</tbody></table></div>";
  if (s.totals.withheld)
    os << "<p>" << escape(withheldNote(s.totals.withheld)) << "</p>";
  os << "</section>\n";
}

void renderDetails(const Summary &s, const Json &j, std::ostream &os) {
  if (s.functions.empty())
    return;
  os << "<section id=\"details\"><h2>Per function</h2>"
     << "<p class=\"legend\">Suspend points: <span><i class=\"swatch sync\"></i> did not "
        "suspend</span><span><i class=\"swatch susp\"></i> suspended, resumed within the same "
        "activation</span><span><i class=\"swatch wait\"></i> waited</span>. Frames: <span><i "
        "class=\"swatch heap\"></i> heap</span><span><i class=\"swatch elided\"></i> elided "
        "(HALO)</span></p>";
  const Json &fns = j["functions"];
  for (size_t i = 0; i < s.functions.size() && i < fns.size(); ++i) {
    const Json &f = fns[i];
    const FunctionStats &fn = *s.functions[i].fn;
    os << "<article class=\"function\" id=\"detail-" << i << "\"><h3><a href=\"#fn-" << i << "\">"
       << escape(str(f["function"])) << "</a> <span class=\"loc\">"
       << escape(location(str(f["file"]), f["line"].get<uint32_t>())) << "</span></h3>";
    os << "<p>Frames: "
       << bar({{"heap", fn.heap_frames, "heap frames"},
               {"elided", fn.elided_frames, "elided frames (HALO)"}})
       << " " << fn.heap_frames << " heap, " << fn.elided_frames << " elided; "
       << escape(fixed(f["heap_bytes_per_call"].get<double>(), 2)) << " heap B/call, "
       << escape(fixed(f["elided_bytes_per_call"].get<double>(), 2)) << " elided B/call; completed "
       << escape(str(f["completed"])) << ", synchronously " << escape(str(f["sync_completions"]))
       << ".</p>";
    if (!figuresWithheld(fn)) {
      std::string sample =
          s.sampled ? " of " + num(f["busy_ns"]["samples"].get<uint64_t>()) + " timed frames" : "";
      os << histogram(fn.busy_ns.powerOfTwoCounts(), "busy time" + sample)
         << histogram(fn.suspended_ns.powerOfTwoCounts(), "suspended time" + sample);
    }
    const Json &sites = f["sites"];
    if (!sites.empty()) {
      os << "<table class=\"sites\"><thead><tr><th class=\"name\">site</th><th>reached</th>"
            "<th>suspended</th><th>waits</th><th class=\"name\">share</th>"
            "<th class=\"name\">location</th><th class=\"name\">awaiter</th></tr></thead><tbody>";
      for (size_t k = 0; k < sites.size(); ++k) {
        const Json &st = sites[k];
        uint64_t reached = st["reached"], suspended = st["suspended"], waits = st["waits"];
        uint64_t not_suspended = reached > suspended ? reached - suspended : 0;
        uint64_t resumed_inline = suspended > waits ? suspended - waits : 0;
        os << "<tr id=\"site-" << i << "-" << k << "\"><td class=\"left\">"
           << escape(str(st["kind"])) << "</td><td>" << reached << "</td><td>" << suspended
           << "</td><td>" << waits << "</td><td class=\"left\">"
           << bar({{"sync", not_suspended, "did not suspend"},
                   {"susp", resumed_inline, "suspended, resumed in the same activation"},
                   {"wait", waits, "waited"}})
           << "</td><td class=\"left loc\">"
           << escape(location(str(st["file"]), st["line"].get<uint32_t>(),
                              st["column"].get<uint32_t>()))
           << "</td><td class=\"left\"><code>" << escape(str(st["awaiter"])) << "</code></td></tr>";
      }
      os << "</tbody></table>";
    }
    os << "</article>\n";
  }
  os << "</section>\n";
}

/// The anchors of the function (and site) a finding is about, "" if unknown.
std::pair<std::string, std::string> findingAnchors(const Json &fns, const Json &f) {
  for (size_t i = 0; i < fns.size(); ++i) {
    if (fns[i]["function"] != f["function"])
      continue;
    const Json &sites = fns[i]["sites"];
    for (size_t k = 0; k < sites.size(); ++k)
      if (sites[k]["file"] == f["file"] && sites[k]["line"] == f["line"] &&
          sites[k]["column"] == f["column"])
        return {"detail-" + num(i), "site-" + num(i) + "-" + num(k)};
    return {"detail-" + num(i), ""};
  }
  return {"", ""};
}

void renderRefs(const Json &list, const char *what, std::ostream &os) {
  if (!list.is_array() || list.empty())
    return;
  os << "<p>" << what << ":</p><ol class=\"refs\">";
  for (const Json &r : list) {
    os << "<li>";
    if (r.contains("role"))
      os << escape(str(r["role"])) << ": ";
    os << "<code>" << escape(str(r["function"])) << "</code> <span class=\"loc\">"
       << escape(location(str(r["file"]), r.value("line", 0u), r.value("column", 0u))) << "</span>";
    if (r.contains("frame"))
      os << " <span class=\"loc\">frame " << escape(str(r["frame"])) << "</span>";
    os << "</li>";
  }
  os << "</ol>";
}

void renderFindings(const Json &j, std::ostream &os) {
  const Json &findings = j["findings"];
  if (findings.empty())
    return;
  os << "<section id=\"findings\"><h2>Findings and advice (" << findings.size() << ")</h2>";
  for (size_t n = 0; n < findings.size(); ++n) {
    const Json &f = findings[n];
    std::string severity = str(f["severity"]);
    auto [fn_anchor, site_anchor] = findingAnchors(j["functions"], f);
    os << "<article class=\"finding " << escape(severity) << "\" id=\"finding-" << n
       << "\" data-check=\"" << escape(str(f["check"])) << "\"><p><b>" << escape(severity) << " ["
       << escape(str(f["check"])) << "]</b> " << escape(str(f["message"])) << "</p><p>";
    if (!fn_anchor.empty())
      os << "<a href=\"#" << fn_anchor << "\">" << escape(str(f["function"])) << "</a>";
    else
      os << "<code>" << escape(str(f["function"])) << "</code>";
    std::string loc = location(str(f["file"]), f.value("line", 0u), f.value("column", 0u));
    if (!site_anchor.empty())
      os << " at <a class=\"loc\" href=\"#" << site_anchor << "\">" << escape(loc) << "</a>";
    else
      os << " at <span class=\"loc\">" << escape(loc) << "</span>";
    os << "</p>";
    if (f.contains("figures")) {
      os << "<table class=\"figures\"><tr><th class=\"name\">figure</th><th>value</th>"
            "<th>threshold</th></tr>";
      std::map<std::string, std::string> thresholds;
      for (auto it = f["thresholds"].begin(); it != f["thresholds"].end(); ++it)
        thresholds[it.key()] = it->dump();
      for (auto it = f["figures"].begin(); it != f["figures"].end(); ++it)
        os << "<tr><td class=\"left\">" << escape(it.key()) << "</td><td>" << escape(it->dump())
           << "</td><td>" << escape(thresholds.count(it.key()) ? thresholds[it.key()] : "")
           << "</td></tr>";
      for (const auto &[k, v] : thresholds)
        if (!f["figures"].contains(k))
          os << "<tr><td class=\"left\">" << escape(k) << "</td><td></td><td>" << escape(v)
             << "</td></tr>";
      os << "</table>";
      if (!str(f["suggestion"]).empty())
        os << "<p>Suggestion: " << escape(str(f["suggestion"])) << "</p>";
    }
    renderRefs(f["related"], "Related", os);
    renderRefs(f["backtrace"], "Async backtrace", os);
    os << "</article>\n";
  }
  os << "</section>\n";
}

void renderLive(const Json &j, std::ostream &os) {
  const Json &live = j["live_frames"];
  if (live.empty())
    return;
  os << "<section id=\"live\"><h2>Frames alive at the end (" << live.size() << ")</h2>";
  // A leak can leave millions: the page shows the first kLiveShown; the
  // text and JSON reports list them all.
  constexpr size_t kLiveShown = 1000;
  if (live.size() > kLiveShown)
    os << "<p>The first " << kLiveShown << " of " << live.size()
       << "; <code>coroscope report</code> (text or JSON) lists every one.</p>";
  for (size_t n = 0; n < live.size() && n < kLiveShown; ++n) {
    const Json &l = live[n];
    os << "<article class=\"live\"><p><code>" << escape(str(l["function"])) << "</code> "
       << escape(str(l["state"])) << " at <span class=\"loc\">"
       << escape(location(str(l["file"]), l.value("line", 0u), l.value("column", 0u)))
       << "</span>, frame " << escape(str(l["frame"])) << "</p>";
    renderRefs(l["backtrace"], "Async backtrace", os);
    if (l.value("backtrace_more", uint64_t(0)))
      os << "<p>... " << l["backtrace_more"].get<uint64_t>() << " more</p>";
    os << "</article>";
  }
  os << "</section>\n";
}

} // namespace

void renderHtml(const Summary &s, std::ostream &os) {
  Json j = reportJson(s);
  os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
     << "<meta name=\"viewport\" content=\"width=device-width\">"
     << "<title>coroscope report</title><style>" << kStyle << "</style></head><body>\n"
     << "<h1>coroscope report</h1>\n";
  renderTotals(s, j, os);
  renderFunctionTable(s, j, os);
  if (s.baseline && !s.baseline->gone.empty()) {
    os << "<section id=\"gone\"><h2>Gone since the baseline</h2><ul>";
    for (size_t i : s.baseline->gone) {
      const BaselineFunction &old = s.baseline->baseline.functions[i];
      os << "<li><code>" << escape(old.function) << "</code> <span class=\"loc\">"
         << escape(location(old.file, old.line)) << "</span> " << escape(baselineGoneFigures(old))
         << "</li>";
    }
    os << "</ul></section>\n";
  }
  renderDetails(s, j, os);
  renderFindings(j, os);
  renderLive(j, os);
  os << "<section id=\"logs\"><h2>Logs</h2><ul>";
  for (size_t i = 0; i < s.logs.size() && i < s.log_ends.size(); ++i)
    os << "<li><code>" << escape(s.logs[i]) << "</code>: " << escape(logStatusText(s.log_ends[i]))
       << "; " << escape(logOriginText(s.log_ends[i])) << "</li>";
  os << "</ul></section>\n<script>" << kScript << "</script>\n</body></html>\n";
}

} // namespace coroscope::analyzer
