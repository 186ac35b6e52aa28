//===- model/model.cpp - Frame reconstruction from merged events ----------===//
//
// The model is deliberately forgiving: a log may start or end in the middle
// of a coroutine's life (a flush lost to a crash, a thread that never flushed),
// so events about unknown frames or unmatched activations are counted where
// they can be and otherwise ignored, never treated as corruption. Corruption
// of the file itself is the reader's business.
//
//===----------------------------------------------------------------------===//
#include "model/model.h"

#include "coroscope/support/stable_sort.h"
#include "log/clock.h"

#include <algorithm>
#include <cstdlib>

namespace coroscope::analyzer {

using namespace coroscope::log;

LogModel::LogModel(const LogIndex &index, Report &report)
    : index_(index), report_(report),
      forked_child_((index.header().flags & kFlagForkedChild) != 0) {
  // Suspend points of one function at one spelling position (two co_awaits
  // of one macro expansion) are told apart by their rank, in awaiter then
  // id order: ids follow the module's order of suspend points, so the same
  // function compiled into two modules or processes ranks its points alike.
  std::map<std::tuple<uint32_t, uint8_t, std::string, uint32_t, uint32_t>,
           std::vector<const Site *>>
      same_position;
  for (const auto &[id, s] : index_.sites())
    if (s.kind == kSiteInitial || s.kind == kSiteAwait || s.kind == kSiteYield ||
        s.kind == kSiteFinal)
      same_position[{s.function_id, s.kind, s.file, s.line, s.column}].push_back(&s);
  for (auto &[key, group] : same_position) {
    if (group.size() < 2)
      continue;
    stableSort(group, [](const Site *a, const Site *b) { return a->awaiter < b->awaiter; });
    for (size_t i = 1; i < group.size(); ++i)
      site_ordinals_[group[i]->id] = uint32_t(i);
  }
  for (const auto &[id, s] : index_.sites()) {
    if (s.kind == kSiteCoroutineCall && s.function_id != 0)
      direct_calls_.insert({s.name, s.function_id});
    else if (s.kind == kSiteFrameLocal)
      frame_local_sites_[s.function_id].push_back(&s);
    else if (s.kind == kSiteForwardingBody)
      forwarding_bodies_.insert(s.function_id);
  }
}

FunctionStats &LogModel::functionFor(uint32_t site_id) {
  if (FunctionStats **cached = functions_.find(site_id))
    return **cached;
  FunctionStats *fn;
  auto it = index_.sites().find(site_id);
  if (it != index_.sites().end() && it->second.kind == kSiteFunction) {
    fn = &report_.function(it->second.name, it->second.file, it->second.line);
    function_site_[fn] = site_id;
    direct_cache_.clear();
    if (it->second.build & kBuildOptimized)
      fn->optimized = true;
    if (it->second.build & kBuildBodyShapes)
      shape_known_.insert(fn);
    if (forwarding_bodies_.count(site_id))
      forwarding_body_.insert(fn);
    auto locals = frame_local_sites_.find(site_id);
    if (fn->frame_locals.empty() && locals != frame_local_sites_.end())
      for (const Site *local : locals->second) {
        const Site &s = *local;
        // "<bytes> <across line> <name>: <type>" (docs/log-format.md)
        FrameLocalInfo l;
        size_t a = s.awaiter.find(' '), b = s.awaiter.find(' ', a + 1);
        size_t colon = s.awaiter.find(": ", b + 1);
        if (a == std::string::npos || b == std::string::npos || colon == std::string::npos)
          continue;
        l.bytes = std::strtoull(s.awaiter.c_str(), nullptr, 10);
        l.across_line = uint32_t(std::strtoul(s.awaiter.c_str() + a + 1, nullptr, 10));
        l.name = s.awaiter.substr(b + 1, colon - b - 1);
        l.type = s.awaiter.substr(colon + 2);
        l.file = s.file;
        l.line = s.line;
        l.column = s.column;
        fn->frame_locals.push_back(std::move(l));
      }
    stableSort(fn->frame_locals,
               [](const FrameLocalInfo &x, const FrameLocalInfo &y) { return x.bytes > y.bytes; });
  } else {
    // Sites are per process, so an undefined id can only be named by number
    // and the process: the placeholder keeps the calls visible instead of
    // dropping them, and never merges with (or matches a baseline's entry
    // of) another process's unknown function of that number.
    fn = &report_.function("<unknown site " + std::to_string(site_id) + " of pid " +
                               std::to_string(index_.header().pid) + ">",
                           "", 0);
  }
  functions_.set(site_id, fn);
  return *fn;
}

// Cached apart from functionFor's answers: a corrupt log may name a
// function site in an await event, and that must not change which function
// later frames of that site belong to.
LogModel::Resolved LogModel::suspendSiteFor(uint32_t site_id, const Frame *frame) {
  if (Resolved *cached = suspend_sites_.find(site_id))
    return *cached;
  Resolved r{};
  auto it = index_.sites().find(site_id);
  if (it != index_.sites().end() && it->second.kind != kSiteFunction) {
    const Site &s = it->second;
    auto fit = index_.sites().find(s.function_id);
    if (fit != index_.sites().end() && fit->second.kind == kSiteFunction)
      r.fn = &functionFor(s.function_id);
    else if (frame)
      r.fn = frame->fn;
    else
      r.fn = &functionFor(s.function_id);
    r.kind = s.kind;
    auto ordinal = site_ordinals_.find(site_id);
    r.site = &r.fn->site(s.kind, s.file, s.line, s.column, s.awaiter,
                         ordinal == site_ordinals_.end() ? 0 : ordinal->second);
  } else {
    r.fn = frame ? frame->fn : &functionFor(site_id);
    r.fn->site_kinds_unknown = true; // it may have been the final point
    r.kind = kSiteAwait;
    r.site = &r.fn->site(kSiteAwait, "", 0, 0, "<unknown site " + std::to_string(site_id) + ">");
  }
  return suspend_sites_.set(site_id, r);
}

//===----------------------------------------------------------------------===//
// FrameTable
//===----------------------------------------------------------------------===//

LogModel::FrameTable::FrameTable() : table_(64, Entry{0, nullptr}), shift_(64 - 6) {}

LogModel::Frame *LogModel::FrameTable::find(uint64_t addr) const {
  size_t mask = table_.size() - 1;
  for (size_t i = home(addr);; i = (i + 1) & mask) {
    const Entry &e = table_[i];
    if (!e.frame)
      return nullptr;
    if (e.addr == addr)
      return e.frame;
  }
}

LogModel::Frame &LogModel::FrameTable::insert(uint64_t addr) {
  if ((size_ + 1) * 2 > table_.size())
    grow();
  Frame *f;
  if (!free_.empty()) {
    f = free_.back();
    free_.pop_back();
  } else {
    f = &slots_.emplace_back();
  }
  size_t mask = table_.size() - 1;
  size_t i = home(addr);
  while (table_[i].frame)
    i = (i + 1) & mask;
  table_[i] = {addr, f};
  ++size_;
  return *f;
}

void LogModel::FrameTable::erase(uint64_t addr) {
  size_t mask = table_.size() - 1;
  size_t i = home(addr);
  while (table_[i].frame && table_[i].addr != addr)
    i = (i + 1) & mask;
  if (!table_[i].frame)
    return;
  table_[i].frame->reset(); // serial 0: FrameRefs to it no longer resolve
  free_.push_back(table_[i].frame);
  --size_;
  // Backward-shift deletion: move later entries of the probe run into the
  // hole when their home allows it, so lookups need no tombstones.
  size_t hole = i;
  for (size_t j = (i + 1) & mask; table_[j].frame; j = (j + 1) & mask) {
    size_t h = home(table_[j].addr);
    // j may move to the hole unless its home lies cyclically in (hole, j].
    bool stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j);
    if (!stays) {
      table_[hole] = table_[j];
      hole = j;
    }
  }
  table_[hole] = {0, nullptr};
}

void LogModel::FrameTable::grow() {
  std::vector<Entry> old(table_.size() * 2, Entry{0, nullptr});
  old.swap(table_);
  --shift_;
  size_t mask = table_.size() - 1;
  for (const Entry &e : old)
    if (e.frame) {
      size_t i = home(e.addr);
      while (table_[i].frame)
        i = (i + 1) & mask;
      table_[i] = e;
    }
}

std::vector<std::pair<uint64_t, LogModel::Frame *>> LogModel::FrameTable::byCreation() const {
  std::vector<std::pair<uint64_t, Frame *>> live;
  live.reserve(size_);
  for (const Entry &e : table_)
    if (e.frame)
      live.emplace_back(e.addr, e.frame);
  std::sort(live.begin(), live.end(),
            [](const auto &a, const auto &b) { return a.second->serial < b.second->serial; });
  return live;
}

void LogModel::FrameTable::clear() {
  table_.assign(64, Entry{0, nullptr});
  shift_ = 64 - 6;
  size_ = 0;
  slots_.clear();
  free_.clear();
}

void LogModel::push(ThreadReplay &t, uint64_t frame, bool destroy) {
  t.stack.push_back({next_activation_++, frame, t.current, destroy});
}

void LogModel::pop(ThreadReplay &t, uint64_t frame) {
  // Pop through to the matching record: records above it belong to calls
  // whose exit event was lost (e.g. an exception unwound through them).
  for (size_t i = t.stack.size(); i-- > 0;) {
    if (t.stack[i].frame == frame) {
      t.stack.resize(i);
      return;
    }
  }
  if (forked_child_) {
    // The child went on inside activations entered before the fork: the
    // innermost of them ended, and with it (pop through) all the log's.
    ++t.inherited_ends;
    t.inherited_acts = true;
    t.stack.clear();
  }
}

bool LogModel::onStack(const ThreadReplay &t, uint64_t activation) const {
  if (activation == 0)
    return false;
  if (activation & kInheritedCarrier)
    return t.inherited_acts && (activation & ~kInheritedCarrier) == t.inherited_ends;
  for (size_t i = t.stack.size(); i-- > 0;) {
    if (t.stack[i].id == activation)
      return true;
    if (t.stack[i].id < activation) // ids grow towards the top
      return false;
  }
  return false;
}

void LogModel::closeFrame(Frame &f, uint64_t at, bool destroyed) {
  uint64_t end = f.completed ? f.end : at;
  if (end < f.begin)
    end = f.begin;
  if (sink_)
    sink_->close(f.serial, end, destroyed);
  if (f.inherited) {
    // Its call, size, times and chain are the parent's log's: this process
    // saw only part of its life. What happened here is counted here.
    if (f.completed) {
      ++f.fn->completed;
      if (f.body_waits == 0 && !f.waits_before_unknown) {
        ++f.fn->sync_completions;
        if (f.scheduled_start)
          ++f.fn->sync_scheduled_starts;
      }
    }
    if (!destroyed)
      ++f.fn->not_destroyed;
    return;
  }
  if (f.open && end > f.open->time)
    f.suspended += end - f.open->time;
  uint64_t lifetime = end - f.begin;
  uint64_t suspended = f.suspended < lifetime ? f.suspended : lifetime;
  f.fn->busy_ns.add(lifetime - suspended);
  f.fn->suspended_ns.add(suspended);
  if (f.completed) {
    ++f.fn->completed;
    if (f.body_waits == 0) {
      ++f.fn->sync_completions;
      if (f.scheduled_start)
        ++f.fn->sync_scheduled_starts;
    }
    if (f.body_reached == 1 && f.children == 1 && f.forwarded)
      ++f.fn->forwarding_calls;
  }
  if (!destroyed)
    ++f.fn->not_destroyed;
  if (f.parent.addr == 0 || f.outlived_parent) { // a top-level frame: its chain
    ChainStats &c = f.fn->chain;
    ++c.top_level_calls;
    c.nested_frames += f.nested;
    ++c.depths[f.max_depth];
    if (f.max_depth > c.max_depth || c.chain.empty()) {
      c.max_depth = f.max_depth;
      c.chain.clear();
      for (const FunctionStats *fn : f.deepest)
        c.chain.push_back(fn->name);
      if (c.chain.empty())
        c.chain.push_back(f.fn->name);
      c.file = f.chain_site ? f.chain_site->file : f.fn->file;
      c.line = f.chain_site ? f.chain_site->line : f.fn->line;
      c.column = f.chain_site ? f.chain_site->column : 0;
    }
  }
}

// The frame whose code freed `frame`: the caller of its destroy(), or, for
// a free without a destroy() call (final_suspend returned suspend_never), the
// frame running, which is the frame itself.
uint64_t LogModel::freedBy(const ThreadReplay &t, uint64_t frame) {
  if (!t.stack.empty() && t.stack.back().frame == frame && t.stack.back().destroy)
    return t.stack.back().caller;
  return t.current;
}

// A frame destroyed while its creator is alive, on the thread that created
// it, with at most one of the creator's awaits in between: its whole life
// was nested in that await (or in no await at all). `freed_by` is the frame
// whose code freed it (freedBy()).
bool LogModel::directCall(const FunctionStats *caller, const FunctionStats *callee) {
  auto [it, inserted] = direct_cache_.try_emplace({caller, callee}, false);
  if (inserted) {
    auto site = function_site_.find(callee);
    it->second = site != function_site_.end() && direct_calls_.count({caller->name, site->second});
  }
  return it->second;
}

void LogModel::onChildFreed(const Frame &c, const Event &e, uint64_t freed_by) {
  Frame *p = lookup(c.parent);
  if (!p || e.thread != c.thread || p->body_reached > c.parent_reached + 1)
    return;
  // Forwarding is advised only where the body is known to do nothing else
  // (the run cannot see work after the await, nor dangling arguments); with
  // no shape recorded, only when the child came from a coroutine call written
  // in this body, never from a helper coroutine an awaiter created inside a
  // library.
  if (p->body_reached == c.parent_reached + 1 &&
      (forwarding_body_.count(p->fn) || (!shape_known_.count(p->fn) && directCall(p->fn, c.fn))))
    p->forwarded = true;
  if (!c.heap || c.recursive)
    return; // elided already; a recursive frame cannot be elided into itself
  // Only a frame its creator destroys can live in the creator's frame. A
  // detached task that frees itself, or one another frame destroys, may end
  // within the creator's await by chance (a spawned handler done while its
  // accept loop waits for the next connection): its lifetime is not the
  // creator's to bound.
  if (freed_by != c.parent.addr)
    return;
  if (!directCall(p->fn, c.fn))
    return; // an indirect call or one from another module: nothing to inline
  const SiteStats *at = p->body_reached == c.parent_reached + 1 ? p->last_body_site : nullptr;
  NestedFrames *&n = nested_cache_[{c.fn, p->fn, at}];
  if (!n) {
    std::string file = at ? at->file : p->fn->file;
    uint32_t line = at ? at->line : p->fn->line, column = at ? at->column : 0;
    n = &c.fn->nested[{p->fn->name, file, line, column}];
    n->caller = p->fn->name;
    n->file = file;
    n->line = line;
    n->column = column;
  }
  ++n->frames;
  n->bytes += c.heap_bytes;
}

void LogModel::onBegin(const Event &e, ThreadReplay &t) {
  FunctionStats &fn = functionFor(e.site);
  if (Frame *old = frames_.find(e.frame)) {
    // The address was reused without a FrameFree: the old frame must have
    // ended by now, and this is the latest time we can prove for it.
    closeFrame(*old, e.time, /*destroyed=*/false);
    frames_.erase(e.frame);
  }
  ++fn.calls;
  Frame *p = t.current != e.frame ? frames_.find(t.current) : nullptr;
  Frame &f = frames_.insert(e.frame);
  bool announced = t.alloc_pending && t.alloc_frame == e.frame;
  if (announced && t.alloc_heap) {
    fn.addHeapFrame(t.alloc_bytes);
    f.heap = true;
    f.heap_bytes = t.alloc_bytes;
  } else {
    // Without a FrameElided (logs written before it) the size is unknown.
    fn.addElidedFrame(announced ? std::optional<uint64_t>(t.alloc_bytes) : std::nullopt);
  }
  t.alloc_pending = false;
  f.fn = &fn;
  f.serial = next_serial_++;
  f.begin = e.time;
  f.thread = e.thread;
  f.root = {e.frame, f.serial, &f};
  if (sink_) {
    sink_->begin(f.serial, fn, e.thread, e.time, p ? p->serial : 0);
    if (f.heap)
      sink_->heap(int64_t(f.heap_bytes), e.time);
  }
  if (p) {
    if (p->depth > 0) {
      // A creator that finished (or was freed) while p still runs never
      // waited for p: p heads a chain of its own (a task that creates and
      // starts its successor, libcoro's "self generating coroutine").
      Frame *q = lookup(p->parent);
      if (!q || q->completed) {
        p->depth = 0;
        p->root = {t.current, p->serial, p};
        p->outlived_parent = true;
      }
    }
    f.parent = {t.current, p->serial, p};
    f.parent_reached = p->body_reached;
    f.depth = p->depth + 1;
    f.root = p->root;
    ++p->children;
    // Bounded walks keep a chain of depth D linear in D, not quadratic (a
    // symmetric-transfer loop may nest 100,000 frames): recursion is looked
    // for among the nearest kRecursionWindow ancestors, and the deepest
    // chain's functions are re-read up to depth 256, then at powers of two.
    int window = kRecursionWindow;
    for (Frame *a = p; a && !f.recursive && window-- > 0; a = lookup(a->parent))
      f.recursive = a->fn == &fn;
    if (Frame *r = lookup(f.root)) {
      ++r->nested;
      if (f.depth > r->max_depth)
        r->max_depth = f.depth;
      // An ancestor between p and the root may be gone (freed under its
      // live child, or its FrameBegin or FrameFree lost with a damaged
      // chunk): such a chain cannot be read, and the last one read stays.
      uint32_t known = 0;
      if (f.depth > r->deepest_read && (f.depth <= 256 || (f.depth & (f.depth - 1)) == 0))
        for (Frame *a = p; a && known < f.depth; a = lookup(a->parent))
          ++known;
      if (known == f.depth && known > 0) {
        r->deepest_read = f.depth;
        r->deepest.assign(f.depth + 1, nullptr);
        r->deepest[f.depth] = &fn;
        uint32_t d = f.depth;
        for (Frame *a = p; a && d > 0; a = lookup(a->parent))
          r->deepest[--d] = a->fn;
        r->chain_site = r->last_body_site;
      }
    }
  }
  push(t, e.frame);
  enter(t, e.frame);
}

void LogModel::enter(ThreadReplay &t, uint64_t frame) {
  t.resumers.push_back({t.current, t.await});
  t.current = frame;
  t.await = {};
}

void LogModel::leave(ThreadReplay &t) {
  if (!t.resumers.empty()) {
    t.current = t.resumers.back().current;
    t.await = t.resumers.back().await; // its await_suspend goes on, if any
    t.resumers.pop_back();
  }
}

LogModel::Frame &LogModel::inherit(const Event &e, FunctionStats &fn) {
  Frame &f = frames_.insert(e.frame);
  f.fn = &fn;
  f.serial = next_serial_++;
  f.begin = e.time;
  f.thread = e.thread;
  f.root = {e.frame, f.serial, &f};
  f.inherited = true;
  if (sink_)
    sink_->begin(f.serial, fn, e.thread, e.time, 0);
  return f;
}

void LogModel::onSuspendSite(const Event &e, ThreadReplay &t) {
  Frame *f = frames_.find(e.frame);
  Resolved r = suspendSiteFor(e.site, f);
  if (!f && forked_child_ && r.kind != kSiteInitial) {
    // Running when the process forked (fork() called from its body): its
    // waits before the fork are in the parent's log only.
    f = &inherit(e, *r.fn);
    f->waits_before_unknown = true;
    t.inherited_acts = true; // it runs in the activation the fork was made in
  }
  switch (e.kind) {
  case kEvAwaitReady:
    ++r.site->ready_events;
    break;
  case kEvAwaitSuspend:
    ++r.site->suspend_events;
    break;
  case kEvAwaitCancel:
    ++r.site->cancel_events;
    break;
  }
  if (e.kind == kEvAwaitSuspend && t.current == e.frame)
    t.current = 0; // whoever runs next says so (FrameResume, end of a ramp/resume())
  if (e.kind == kEvAwaitSuspend && f)
    t.transfer_from = f->serial;
  // An initial suspend point parks a frame being created (perhaps inside
  // another await_suspend, which must stay the one in flight); any other
  // await_suspend runs what it resumes on demand.
  if (r.kind != kSiteInitial) {
    if (e.kind == kEvAwaitSuspend) {
      t.await_depth = t.resumers.size() + 1;
      t.await = {f ? f->serial : 0, r.kind == kSiteAwait};
    } else if (e.kind == kEvAwaitCancel) {
      t.await_depth = 0;
      t.await = {};
    }
  }
  if (!f || f->completed)
    return;
  if (r.site->inBody() && e.kind != kEvAwaitCancel) {
    ++f->body_reached;
    f->last_body_site = r.site;
  }
  if (r.kind == kSiteFinal && e.kind != kEvAwaitCancel) {
    // Reaching the final suspend point ends the frame's lifetime for timing:
    // whatever follows (destroy) is the owner's business, not the coroutine's.
    f->completed = true;
    f->end = e.time;
    if (sink_)
      sink_->complete(f->serial, e.time);
    return;
  }
  if (e.kind == kEvAwaitSuspend) {
    if (f->open && e.time > f->open->time) // a resume went missing
      f->suspended += e.time - f->open->time;
    // A forked child's empty stack still has the activations the fork
    // was made in (the runtime's profile mode keeps them too).
    uint64_t carrier = !t.stack.empty() ? t.stack.back().id
                       : forked_child_  ? kInheritedCarrier | t.inherited_ends
                                        : 0;
    f->open = Suspension{r.site, e.thread, e.time, carrier};
    if (sink_)
      sink_->suspend(f->serial, *r.site, e.thread, e.time);
  } else if (e.kind == kEvAwaitCancel && f->open && f->open->site == r.site) {
    f->open.reset(); // await_suspend returned false: it never suspended
    if (sink_)
      sink_->cancel(f->serial);
  }
}

void LogModel::onResume(const Event &e, ThreadReplay &t, uint64_t transfer_from) {
  t.current = e.frame;
  // The await_suspend that starts this frame, if one does: the one that
  // returned its handle (symmetric transfer: the last event), or the one
  // that called this resume() (the call just entered). Either has ended
  // once other code runs at its level: this frame's.
  AwaitInFlight by;
  if (transfer_from) {
    if (t.await.frame == transfer_from)
      by = t.await;
  } else if (!t.stack.empty() && t.stack.back().frame == e.frame && !t.stack.back().destroy &&
             !t.resumers.empty()) {
    by = t.resumers.back().await;
  }
  t.await = {};
  Frame *fp = frames_.find(e.frame);
  if (!fp && forked_child_) {
    // Suspended when the process forked: no activation of this log ran
    // across that suspension, so its resumption is a wait, as it is for the
    // parent's copy.
    Resolved r = suspendSiteFor(e.site, nullptr);
    if (r.kind == kSiteFinal)
      return;
    fp = &inherit(e, *r.fn);
    fp->open = Suspension{r.site, 0, e.time, 0};
    if (sink_)
      sink_->suspend(fp->serial, *r.site, e.thread, e.time);
  }
  if (!fp)
    return;
  Frame &f = *fp;
  if (f.completed || !f.open)
    return;
  Suspension &s = *f.open;
  if (e.time > s.time)
    f.suspended += e.time - s.time;
  // The carrier can only be on this thread's stack if it suspended here.
  bool same_call = e.thread == s.thread && onStack(t, s.carrier);
  if (!same_call) {
    ++s.site->waits;
    if (s.site->inBody())
      ++f.body_waits;
    else if (s.site->kind == kSiteInitial && (e.thread != f.thread || t.await_depth == 0))
      f.scheduled_start = true;
  }
  if (sink_) {
    if (s.site->kind == kSiteInitial && by.body && by.frame && by.frame != f.serial)
      sink_->awaits(f.serial, by.frame);
    sink_->resume(f.serial, e.thread, e.time, !same_call);
  }
  f.open.reset();
}

void LogModel::process(const Event &e) {
  // Run time spans the first to the last real reading.
  if (!eventCarriesBytes(e.kind) && e.timed && e.time > last_time_)
    last_time_ = e.time;
  if (!eventCarriesBytes(e.kind) && e.timed && e.time < first_time_)
    first_time_ = e.time;
  ThreadReplay &t = thread(e.thread);
  if (e.site) {
    t.last = {e.thread, e.site, e.kind, e.frame};
    t.last_seq = ++events_seen_;
  }
  uint64_t transfer_from = t.transfer_from;
  t.transfer_from = 0;
  switch (e.kind) {
  case kEvFrameAlloc:
  case kEvFrameElided:
    t.alloc_pending = true;
    t.alloc_heap = e.kind == kEvFrameAlloc;
    t.alloc_frame = e.frame;
    t.alloc_bytes = e.bytes;
    break;
  case kEvFrameBegin:
    onBegin(e, t);
    break;
  case kEvRampReturn:
  case kEvResumeExit:
  case kEvDestroyExit:
    pop(t, e.frame);
    leave(t);
    if (t.resumers.size() + 1 < t.await_depth)
      t.await_depth = 0; // the call that ran that await_suspend has returned
    break;
  case kEvResumeEnter:
  case kEvDestroyEnter:
    push(t, e.frame, e.kind == kEvDestroyEnter);
    enter(t, e.frame);
    break;
  case kEvAwaitReady:
  case kEvAwaitSuspend:
  case kEvAwaitCancel:
    onSuspendSite(e, t);
    break;
  case kEvFrameResume:
    onResume(e, t, transfer_from);
    if (transfer_from && sink_)
      if (Frame *f = frames_.find(e.frame); f && f->serial != transfer_from)
        sink_->transfer(transfer_from, f->serial, e.thread, e.time);
    break;
  case kEvFrameFree:
    if (Frame *f = frames_.find(e.frame)) {
      onChildFreed(*f, e, freedBy(t, e.frame));
      closeFrame(*f, e.time, /*destroyed=*/true);
      if (sink_ && f->heap)
        sink_->heap(-int64_t(f->heap_bytes), e.time);
      frames_.erase(e.frame);
    }
    break;
  case kEvDone:
    break;
  }
}

void LogModel::finish() {
  // In creation order: which of equally deep chains a function reports
  // must not depend on where frames happen to sit in the table.
  for (auto &[addr, f] : frames_.byCreation())
    closeFrame(*f, last_time_, /*destroyed=*/false);
  if (forked_child_ && !index_.profile())
    // Copies the child never touched have no event here, but the exit
    // scan's live frames name them (the run-time checks' registry): never
    // destroyed in this process either. A profile counts its own.
    for (const LiveFrame &lf : index_.liveFrames())
      if (lf.frame && lf.function_site && !frames_.find(lf.frame))
        ++functionFor(lf.function_site).not_destroyed;
  frames_.clear();
  if (first_time_ < last_time_)
    report_.run_ns += last_time_ - first_time_;
}

std::vector<LastEvent> LogModel::lastEvents() const {
  std::vector<std::pair<uint64_t, LastEvent>> seen;
  for (const auto &[id, t] : threads_)
    if (t.last_seq)
      seen.emplace_back(t.last_seq, t.last);
  std::sort(seen.begin(), seen.end(),
            [](const auto &a, const auto &b) { return a.first > b.first; });
  std::vector<LastEvent> out;
  for (const auto &[seq, e] : seen)
    out.push_back(e);
  return out;
}

void LogModel::applyProfile(const ProfileData &profile) {
  std::vector<FunctionStats *> fns, unnamed; // unnamed: its function site undefined
  for (const ProfileFunctionData &f : profile.functions) {
    const ProfileFunction &p = f.record;
    FunctionStats fig; // one more log's figures for fn, merged like one
    fig.calls = p.calls;
    fig.heap_frames = p.heap_frames;
    fig.heap_bytes = p.heap_bytes;
    fig.bytes_min = p.heap_min;
    fig.bytes_max = p.heap_max;
    fig.elided_frames = p.elided_frames;
    fig.elided_sized = p.elided_frames; // the runtime knows every elided size
    fig.elided_bytes = p.elided_bytes;
    fig.elided_min = p.elided_min;
    fig.elided_max = p.elided_max;
    fig.completed = p.completed;
    fig.sync_completions = p.sync_completions;
    fig.sync_scheduled_starts = p.sync_scheduled_starts;
    // A forked child's copies were called in the parent: they count here
    // as alive at the start (a child frees them without a call).
    uint64_t alive = p.calls + p.inherited;
    fig.not_destroyed = alive > p.frees ? alive - p.frees : 0;
    fig.unsampled = p.calls > p.sampled ? p.calls - p.sampled : 0;
    auto entries = [](const std::vector<ProfileBucket> &b) {
      std::vector<std::pair<uint64_t, uint64_t>> e;
      for (const ProfileBucket &x : b)
        if (x.count)
          e.emplace_back(x.value_ns, x.count);
      return e;
    };
    fig.busy_ns.addBuckets(entries(f.busy), p.busy_total_ns);
    fig.suspended_ns.addBuckets(entries(f.suspended), p.suspended_total_ns);
    FunctionStats &fn = functionFor(p.site);
    fn.merge(fig);
    fns.push_back(&fn);
    if (!isSiteOf(p.site, kSiteFunction))
      unnamed.push_back(&fn);
  }
  bool lost = false;
  for (const ProfileSite &p : profile.sites) {
    // A suspend site with no definition (its Sites chunk damaged) names no
    // function: its counts would be an empty `<unknown site N>` row.
    if (!index_.sites().count(p.site) || isSiteOf(p.site, kSiteFunction)) {
      lost = true;
      continue;
    }
    SiteStats &s = *suspendSiteFor(p.site, nullptr).site;
    s.ready_events += p.ready;
    s.suspend_events += p.suspend;
    s.cancel_events += p.cancel;
    s.waits += p.waits;
  }
  // Their awaits belong to a function of this profile: to those without a
  // name if any (lost with the same chunk), else to any of them. Those
  // functions' per-site figures are withheld, as a trace's are.
  if (lost)
    for (FunctionStats *fn : unnamed.empty() ? fns : unnamed)
      fn->site_kinds_unknown = true;
}

bool LogModel::isSiteOf(uint32_t site_id, uint8_t kind) const {
  auto it = index_.sites().find(site_id);
  return it != index_.sites().end() && it->second.kind == kind;
}

void analyzeLog(const std::string &path, Report &report, const StopQuery &stop,
                TimelineSink *sink) {
  LogIndex index(path);
  TimeConverter clock((index.header().flags & kFlagTscTimestamps) != 0, index.clockSamples());
  EventMerger merger(index, clock);
  LogModel model(index, report);
  model.setTimeline(sink);
  uint64_t events = 0;
  while (const Event *e = merger.next()) {
    model.process(*e);
    if ((++events & 0xFFFFF) == 0 && stop && stop())
      throw AnalysisStopped{};
  }
  model.finish();
  if (index.profile()) {
    model.applyProfile(*index.profile());
    report.threads += index.profile()->header.threads;
    ++report.profiles;
    const ProfileHeader &h = index.profile()->header;
    // started_ns 0: the runtime never started counting (no instrumented
    // code registered a site), so the file adds no run time; written_ns
    // alone would be the machine's uptime.
    if (h.started_ns && h.written_ns > h.started_ns)
      report.run_ns += h.written_ns - h.started_ns;
  }
  collectFindings(index, report.findings);
  addCrashFinding(index, model.lastEvents(), report.findings);
  if (std::optional<LiveFrames> live = collectLiveFrames(index))
    report.live.push_back(std::move(*live));
  report.logs.push_back(path);
  report.log_ends.push_back(index.end());
  report.events += events;
  report.threads += index.threads().size();
  report.sites += index.sites().size();
}

} // namespace coroscope::analyzer
