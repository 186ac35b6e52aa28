//===- model/log_jobs.cpp - Several logs analyzed in parallel -------------===//
#include "model/log_jobs.h"

#include "model/model.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

namespace coroscope::analyzer {

unsigned jobThreads(unsigned jobs) {
  if (jobs != 0)
    return jobs;
  return std::max(1u, std::thread::hardware_concurrency());
}

void forEachLog(size_t logs, unsigned jobs,
                const std::function<void(size_t, const StopQuery &)> &analyze,
                const std::function<void(size_t)> &merge) {
  size_t threads = std::min<size_t>(jobThreads(jobs), logs);
  if (threads <= 1) {
    StopQuery never = [] { return false; };
    for (size_t i = 0; i < logs; ++i) {
      analyze(i, never);
      merge(i);
    }
    return;
  }

  // Logs are taken in order; a thread waits before starting one more than
  // `ahead` past the next to merge, which bounds the results held at once.
  const size_t ahead = 2 * threads;
  std::mutex m;
  std::condition_variable cv;
  size_t next = 0;   // the next log to start
  size_t merged = 0; // logs merged so far
  bool quit = false; // the merging thread stopped: start nothing more
  std::vector<char> done(logs, 0);
  std::vector<std::exception_ptr> errors(logs);
  std::atomic<size_t> first_failed{SIZE_MAX};

  auto work = [&] {
    for (;;) {
      size_t i;
      {
        std::unique_lock<std::mutex> lock(m);
        cv.wait(lock, [&] { return quit || next >= logs || next < merged + ahead; });
        if (quit || next >= logs)
          return;
        i = next++;
      }
      StopQuery stop = [&first_failed, i] {
        return first_failed.load(std::memory_order_relaxed) < i;
      };
      std::exception_ptr error;
      try {
        if (!stop())
          analyze(i, stop);
      } catch (const AnalysisStopped &) {
      } catch (...) {
        error = std::current_exception();
        size_t seen = first_failed.load();
        while (i < seen && !first_failed.compare_exchange_weak(seen, i)) {
        }
      }
      {
        std::lock_guard<std::mutex> lock(m);
        errors[i] = error;
        done[i] = 1;
      }
      cv.notify_all();
    }
  };

  std::vector<std::thread> pool;
  for (size_t t = 0; t < threads; ++t)
    pool.emplace_back(work);

  std::exception_ptr failure;
  for (size_t i = 0; i < logs && !failure; ++i) {
    {
      std::unique_lock<std::mutex> lock(m);
      cv.wait(lock, [&] { return done[i] != 0; });
      failure = errors[i];
    }
    if (!failure) {
      try {
        merge(i);
      } catch (...) {
        failure = std::current_exception();
      }
    }
    {
      std::lock_guard<std::mutex> lock(m);
      merged = i + 1;
      if (failure) {
        quit = true;
        first_failed.store(i);
      }
    }
    cv.notify_all();
  }
  for (std::thread &t : pool)
    t.join();
  if (failure)
    std::rethrow_exception(failure);
}

Report analyzeLogs(const std::vector<std::string> &logs, unsigned jobs) {
  Report total;
  std::vector<std::optional<Report>> parts(logs.size());
  forEachLog(
      logs.size(), jobs,
      [&](size_t i, const StopQuery &stop) {
        Report r;
        analyzeLog(logs[i], r, stop);
        parts[i] = std::move(r);
      },
      [&](size_t i) {
        total.merge(std::move(*parts[i]));
        parts[i].reset();
      });
  return total;
}

} // namespace coroscope::analyzer
