//===- sites.cpp - Registered site tables and their ids --------------------===//
//
// Tables are few (one per instrumented image), so lookups scan them.
//
//===----------------------------------------------------------------------===//
#include "sites.h"

#include "log_writer.h"

#include <errno.h>
#include <string.h>
#include "coroscope/log_format.h"

namespace coroscope {
namespace rt {

namespace {
struct SiteRange {
  __coroscope_site *start, *stop;
  uint32_t first_id;
};
constexpr int kMaxRanges = 1024;
SiteRange gRanges[kMaxRanges];
int gNumRanges = 0; // written under the writer lock, read racily (append only)
uint32_t gNextSiteId = 0;
// A coroutine without co_yield whose promise type is a generator's (an empty
// generator, `co_return;` only) is a generator too.
void propagateGeneratorFlagsLocked() {
  for (int i = 0; i < gNumRanges; ++i)
    for (__coroscope_site *g = gRanges[i].start; g != gRanges[i].stop; ++g) {
      if (g->kind != log::kSiteFunction || !(g->flags & __coroscope_site_generator) ||
          !g->awaiter || !*g->awaiter)
        continue;
      for (int j = 0; j < gNumRanges; ++j)
        for (__coroscope_site *f = gRanges[j].start; f != gRanges[j].stop; ++f)
          if (f->kind == log::kSiteFunction && f->awaiter && strcmp(f->awaiter, g->awaiter) == 0)
            f->flags |= __coroscope_site_generator;
    }
}
} // namespace

void registerSites(__coroscope_site *start, __coroscope_site *stop) {
  // Every module constructor of an image passes the same range; the first
  // one numbers it. A library loaded again (even at the same address) comes
  // with fresh, unnumbered descriptors and is registered anew.
  if (!start || start == stop || start->id != 0)
    return;
  int saved = errno;
  writerLock();
  if (start->id != 0) {
    writerUnlock();
    errno = saved;
    return;
  }
  uint32_t first = gNextSiteId + 1;
  for (__coroscope_site *s = start; s != stop; ++s)
    s->id = ++gNextSiteId;
  for (__coroscope_site *s = start; s != stop; ++s)
    if (s->kind == log::kSiteYield && s->function)
      const_cast<__coroscope_site *>(s->function)->flags |= __coroscope_site_generator;
  if (gNumRanges < kMaxRanges) {
    gRanges[gNumRanges] = {start, stop, first};
    __atomic_store_n(&gNumRanges, gNumRanges + 1, __ATOMIC_RELEASE);
  }
  propagateGeneratorFlagsLocked();
  writeSitesLocked(start, stop);
  writerUnlock();
  errno = saved;
}

const __coroscope_site *siteById(uint32_t id) {
  int n = __atomic_load_n(&gNumRanges, __ATOMIC_ACQUIRE);
  for (int i = 0; i < n; ++i) {
    const SiteRange &r = gRanges[i];
    if (id >= r.first_id && id < r.first_id + uint32_t(r.stop - r.start))
      return r.start + (id - r.first_id);
  }
  return nullptr;
}

uint32_t destroyCallSiteFor(const char *promise) {
  if (!promise || !*promise)
    return 0;
  int n = __atomic_load_n(&gNumRanges, __ATOMIC_ACQUIRE);
  for (int i = 0; i < n; ++i)
    for (const __coroscope_site *s = gRanges[i].start; s != gRanges[i].stop; ++s)
      if (s->kind == log::kSiteDestroyCall && s->awaiter && strcmp(s->awaiter, promise) == 0)
        return s->id;
  return 0;
}

void writeAllSitesLocked() { rewriteSiteChunksLocked(); }

} // namespace rt
} // namespace coroscope
