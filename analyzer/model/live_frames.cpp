//===- model/live_frames.cpp - Frames alive at the end of a log -----------===//
//
// Awaiter links come from a snapshot of a running (or crashing) process, so
// they are not trusted to form a forest: several frames may name the same
// awaiter (a when_all), a link may point at a frame that is already gone, and
// a corrupt or racy snapshot may even contain a cycle. Chains therefore stop
// at the first frame seen twice, and frames left unprinted after the roots
// (members of a cycle) become heads of their own.
//
//===----------------------------------------------------------------------===//
#include "model/live_frames.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <unordered_map>

namespace coroscope::analyzer {

using namespace coroscope::log;

namespace {

void addRef(std::string &key, const SourceRef &r) {
  key += r.function + '\0' + r.file + '\0' + std::to_string(r.line) + ':' +
         std::to_string(r.column) + '\0';
}

/// Everything printed about a chain except the frame addresses.
std::string shapeOf(const LiveFrames &all, const LiveFrameView &head) {
  std::string key;
  for (size_t i : head.chain) {
    const LiveFrameView &f = all.frames[i];
    addRef(key, f.where);
    key += std::to_string(f.state) + '/' + std::to_string(f.heap) + '/' + std::to_string(f.bytes) +
           '\0';
    if (f.creation)
      addRef(key, *f.creation);
    key += '\1';
  }
  const LiveFrameView &last = all.frames[head.chain.back()];
  key += last.awaiter && !last.awaiter_live ? "dangling" : "";
  return key;
}

} // namespace

std::optional<LiveFrames> collectLiveFrames(const LogIndex &index) {
  if (!index.hasLiveFrames())
    return std::nullopt;
  SiteResolver sites(index.sites());
  LiveFrames out;
  out.log = index.path();
  std::unordered_map<uint64_t, size_t> byFrame;
  for (const LiveFrame &lf : index.liveFrames()) {
    // The runtime pads a snapshot with zeroed records when frames vanish
    // while it is written, so the chunk length stays exact.
    if (lf.frame == 0)
      continue;
    LiveFrameView v;
    v.where = sites.atOr(lf.site, lf.function_site);
    v.where.function = sites.at(lf.function_site).function;
    v.site_kind = sites.kind(lf.site ? lf.site : lf.function_site);
    v.state = lf.state;
    v.frame = lf.frame;
    v.awaiter = lf.awaiter;
    v.heap = lf.heap != 0;
    v.bytes = lf.bytes;
    if (lf.creation_site)
      v.creation = sites.at(lf.creation_site);
    byFrame.try_emplace(lf.frame, out.frames.size());
    out.frames.push_back(std::move(v));
  }

  for (LiveFrameView &v : out.frames) {
    auto it = v.awaiter ? byFrame.find(v.awaiter) : byFrame.end();
    v.awaiter_live = it != byFrame.end();
    if (v.awaiter_live && &out.frames[it->second] != &v)
      out.frames[it->second].root = false;
  }

  // next[i]: the live frame awaiting i, or none. len[i]: frames on the
  // path from i that stops at the first repeat (a cycle), found in one pass
  // (a crash deep in a recursion leaves paths of 10^4 frames: walking each
  // to its end would be quadratic).
  constexpr size_t kNone = SIZE_MAX;
  const size_t n = out.frames.size();
  std::vector<size_t> next(n, kNone), len(n, 0);
  for (size_t i = 0; i < n; ++i)
    if (auto it = out.frames[i].awaiter ? byFrame.find(out.frames[i].awaiter) : byFrame.end();
        it != byFrame.end())
      next[i] = it->second;
  std::vector<size_t> path, onPath(n, kNone);
  for (size_t i = 0; i < n; ++i) {
    if (len[i])
      continue;
    path.clear();
    size_t at = i;
    while (at != kNone && !len[at] && onPath[at] == kNone) {
      onPath[at] = path.size();
      path.push_back(at);
      at = next[at];
    }
    size_t end = path.size();
    if (at != kNone && !len[at]) { // a cycle: path[onPath[at]..] is it
      size_t from = onPath[at];
      for (size_t k = from; k < end; ++k)
        len[path[k]] = end - from;
      end = from;
    }
    for (size_t k = end; k-- > 0;)
      len[path[k]] = 1 + (next[path[k]] == kNone ? 0 : len[next[path[k]]]);
    for (size_t p : path)
      onPath[p] = kNone;
  }
  auto walk = [&](size_t i, size_t count, auto &&visit) {
    for (size_t at = i; count-- > 0; at = next[at])
      visit(at);
  };
  for (size_t i = 0; i < n; ++i) {
    LiveFrameView &v = out.frames[i];
    size_t shown = std::min(len[i], kLiveBacktraceLimit);
    v.backtrace_more = len[i] - shown;
    walk(i, shown,
         [&](size_t at) { v.backtrace.push_back({out.frames[at].where, out.frames[at].frame}); });
  }

  std::vector<bool> shown(out.frames.size(), false);
  std::vector<size_t> heads;
  auto head = [&](size_t i) {
    heads.push_back(i);
    walk(i, len[i], [&](size_t at) { out.frames[i].chain.push_back(at); });
    for (size_t j : out.frames[i].chain)
      shown[j] = true;
  };
  for (size_t i = 0; i < out.frames.size(); ++i)
    if (out.frames[i].root)
      head(i);
  for (size_t i = 0; i < out.frames.size(); ++i)
    if (!shown[i])
      head(i);

  std::map<std::string, size_t> groupOf;
  for (size_t h : heads) {
    std::string key = shapeOf(out, out.frames[h]);
    auto [it, inserted] = groupOf.try_emplace(key, out.chains.size());
    if (inserted)
      out.chains.push_back({h, 0});
    ++out.chains[it->second].count;
  }
  return out;
}

} // namespace coroscope::analyzer
