//===- state/event_merge.cpp - Time-ordered merge of thread streams -------===//
//
// The heap holds stream indices, not events: each stream has exactly one
// pending event, so the heap never grows beyond the thread count and an index
// doubles as the tie-breaker (streams are sorted by thread number).
//
//===----------------------------------------------------------------------===//
#include "state/event_merge.h"

#include <algorithm>

namespace coroscope::analyzer {

EventMerger::EventMerger(const LogIndex &index, const TimeConverter &clock)
    : clock_(clock) {
  for (const ThreadInfo &t : index.threads())
    streams_.push_back(std::make_unique<ThreadStream>(index.reader(), t));
  last_time_.assign(streams_.size(), 0);
  pending_.resize(streams_.size());
  for (size_t i = 0; i < streams_.size(); ++i)
    if (advance(i))
      heap_.push_back(i);
  std::make_heap(heap_.begin(), heap_.end(), Later{this});
}

EventMerger::~EventMerger() = default;

bool EventMerger::Later::operator()(size_t a, size_t b) const {
  const Event &x = self->pending_[a];
  const Event &y = self->pending_[b];
  if (x.time != y.time)
    return x.time > y.time;
  return a > b;
}

bool EventMerger::advance(size_t i) {
  log::EventRecord r;
  if (!streams_[i]->next(r))
    return false;
  Event &e = pending_[i];
  e.kind = r.kind;
  e.flags = r.flags;
  e.site = r.site;
  e.thread = streams_[i]->thread();
  e.frame = r.frame;
  if (r.kind == log::kEvFrameAlloc) {
    e.bytes = r.ts;
    e.time = last_time_[i];
  } else {
    e.bytes = 0;
    e.time = clock_.toNs(r.ts);
    last_time_[i] = e.time;
  }
  return true;
}

bool EventMerger::next(Event &event) {
  if (heap_.empty())
    return false;
  Later later{this};
  std::pop_heap(heap_.begin(), heap_.end(), later);
  size_t i = heap_.back();
  event = pending_[i];
  if (advance(i))
    std::push_heap(heap_.begin(), heap_.end(), later);
  else
    heap_.pop_back();
  return true;
}

} // namespace coroscope::analyzer
