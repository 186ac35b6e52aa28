//===- log/event_merge.cpp - Time-ordered merge of thread streams ---------===//
//
// The heap holds stream indices, not events: each stream has exactly one
// pending event, so the heap never grows beyond the thread count and an index
// doubles as the tie-breaker (streams are sorted by thread number).
//
// Most of a log comes in runs: one thread's events that all happen before
// the next event of every other thread (a single-threaded log is one run).
// The stream at the front is therefore taken out of the heap and delivered
// from until its next event would sort after the heap's top, which costs one
// comparison per event instead of a heap update.
//
//===----------------------------------------------------------------------===//
#include "log/event_merge.h"

#include <algorithm>

namespace coroscope::analyzer {

struct EventMerger::Stream {
  Stream(LogReader &reader, const ThreadInfo &info, size_t max_block, size_t batch)
      : source(reader, info, max_block), thread(info.thread), events(batch) {}
  ThreadStream source;
  uint32_t thread;
  std::vector<Event> events;
  size_t pos = 0, end = 0; ///< events not yet delivered: [pos, end)
  uint64_t last_ts = 0;    ///< the raw timestamp of the latest timed event
  uint64_t last_time = 0;  ///< and its time in ns, for FrameAlloc
  bool timed = false;      ///< last_ts holds a timestamp
  bool real = false;       ///< the thread has had a real reading
};

namespace {
// Memory per thread: one block of file bytes and one batch of events. Logs
// with many threads get smaller ones so the total stays within tens of MiB
// (down to 4 KiB blocks: 10,000 threads, all busy at once, take 40 MiB).
constexpr size_t kBlockBudget = size_t(32) << 20;
constexpr size_t kEventBudget = size_t(4) << 20;
constexpr size_t kSmallestBlock = size_t(4) << 10;
} // namespace

EventMerger::EventMerger(const LogIndex &index, const TimeConverter &clock) : clock_(clock) {
  size_t threads = std::max<size_t>(index.threads().size(), 1);
  size_t max_block =
      std::clamp(kBlockBudget / threads, kSmallestBlock, SegmentReader::kDefaultBlock);
  batch_ = std::clamp<size_t>(kEventBudget / sizeof(Event) / threads, 64, 1024);
  records_.resize(batch_);
  for (const ThreadInfo &t : index.threads())
    streams_.push_back(std::make_unique<Stream>(index.reader(), t, max_block, batch_));
  for (size_t i = 0; i < streams_.size(); ++i)
    if (fill(*streams_[i])) {
      heap_.push_back(i);
      siftUp(heap_.size() - 1);
    }
}

EventMerger::~EventMerger() = default;

bool EventMerger::fill(Stream &s) {
  size_t n = s.source.read(records_.data(), batch_);
  s.pos = 0;
  s.end = n;
  if (n == 0) {
    std::vector<Event>().swap(s.events); // done: free the batch
    return false;
  }
  const bool tsc = clock_.converts();
  // Records before the thread's first real reading: in logs whose first
  // chunk starts from base_ts 0 (runtimes before it was a reading), the
  // untimed ones decode to 0. They happened at or before that reading and
  // take its time, so none lands before the thread existed.
  size_t unread_from = s.real ? n : 0;
  for (size_t i = 0; i < n; ++i) {
    const log::EventRecord &r = records_[i];
    Event &e = s.events[i];
    e.kind = r.kind;
    e.flags = r.flags;
    e.site = r.site;
    e.thread = s.thread;
    e.frame = r.frame;
    if (log::eventCarriesBytes(r.kind)) {
      e.bytes = r.ts;
      e.time = s.last_time;
      e.timed = s.real;
      continue;
    }
    e.bytes = 0;
    if (!s.real) {
      if (r.ts == 0) {
        e.time = 0;
        e.timed = false;
        continue;
      }
      s.real = true;
    }
    e.timed = true;
    // Packed records without a timestamp repeat the previous one: convert
    // each distinct timestamp once.
    if (!tsc) {
      e.time = r.ts;
    } else if (s.timed && r.ts == s.last_ts) {
      e.time = s.last_time;
    } else {
      e.time = clock_.toNs(r.ts);
      s.last_ts = r.ts;
      s.timed = true;
    }
    s.last_time = e.time;
    for (; unread_from < i; ++unread_from) {
      s.events[unread_from].time = e.time;
      s.events[unread_from].timed = true;
    }
    unread_from = n;
  }
  return true;
}

bool EventMerger::before(size_t a, size_t b) const {
  const Stream &x = *streams_[a], &y = *streams_[b];
  uint64_t tx = x.events[x.pos].time, ty = y.events[y.pos].time;
  return tx != ty ? tx < ty : a < b;
}

void EventMerger::siftUp(size_t hole) {
  size_t v = heap_[hole];
  while (hole > 0) {
    size_t parent = (hole - 1) / 2;
    if (!before(v, heap_[parent]))
      break;
    heap_[hole] = heap_[parent];
    hole = parent;
  }
  heap_[hole] = v;
}

void EventMerger::siftDown(size_t hole) {
  size_t v = heap_[hole], n = heap_.size();
  for (;;) {
    size_t child = 2 * hole + 1;
    if (child >= n)
      break;
    if (child + 1 < n && before(heap_[child + 1], heap_[child]))
      ++child;
    if (!before(heap_[child], v))
      break;
    heap_[hole] = heap_[child];
    hole = child;
  }
  heap_[hole] = v;
}

const Event *EventMerger::next() {
  if (run_ != SIZE_MAX) {
    Stream &s = *streams_[run_];
    if (s.pos < s.end || fill(s)) {
      if (heap_.empty() || before(run_, heap_.front()))
        return &s.events[s.pos++];
      // Another stream is first now: the run goes back into the heap and
      // that stream's run starts.
      size_t top = heap_.front();
      heap_.front() = run_;
      siftDown(0);
      run_ = top;
    } else if (!heap_.empty()) {
      run_ = heap_.front();
      heap_.front() = heap_.back();
      heap_.pop_back();
      if (!heap_.empty())
        siftDown(0);
    } else {
      run_ = SIZE_MAX;
      return nullptr;
    }
  } else {
    if (heap_.empty())
      return nullptr;
    run_ = heap_.front();
    heap_.front() = heap_.back();
    heap_.pop_back();
    if (!heap_.empty())
      siftDown(0);
  }
  Stream &s = *streams_[run_];
  return &s.events[s.pos++];
}

} // namespace coroscope::analyzer
