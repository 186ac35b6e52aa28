//===- sites.cpp - Registered site tables and their ids --------------------===//
//
// Tables are few (one per instrumented image), so lookups scan them.
//
//===----------------------------------------------------------------------===//
#include "sites.h"

#include "log_writer.h"

#include "coroscope/log_format.h"
#include <errno.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>

namespace coroscope {
namespace rt {

namespace {
struct SiteRange {
  __coroscope_site *start, *stop;
  uint32_t first_id;
  bool unloaded; ///< its image was dlclose'd: the descriptors are gone
};
constexpr int kMaxRanges = 1024;
SiteRange gRanges[kMaxRanges];
int gNumRanges = 0; // written under the writer lock, read racily (append only)
uint32_t gNextSiteId = 0;
uint32_t gNextSiteIdPublished = 0; // ids up to it have their kind recorded
// Each id's SiteKind, copied at registration: a profile snapshot reads it
// after an image (and its descriptors) may have been unloaded. Grown under
// the writer lock; an old array stays mapped for a reader that has it.
uint8_t *gKinds = nullptr;
uint32_t gKindsCap = 0;

void recordKindsLocked(const __coroscope_site *start, const __coroscope_site *stop) {
  uint32_t need = gNextSiteId + 1;
  if (need > gKindsCap) {
    uint32_t cap = gKindsCap ? gKindsCap : 4096;
    while (cap < need)
      cap *= 2;
    void *mem = mmap(nullptr, cap, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED)
      return;
    if (gKinds)
      memcpy(mem, gKinds, gKindsCap);
    __atomic_store_n(&gKinds, static_cast<uint8_t *>(mem), __ATOMIC_RELEASE);
    gKindsCap = cap;
  }
  for (const __coroscope_site *s = start; s != stop; ++s)
    gKinds[s->id] = s->kind;
}
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
    s->id = gNextSiteId + 1 + uint32_t(s - start);
  gNextSiteId += uint32_t(stop - start);
  recordKindsLocked(start, stop);
  __atomic_store_n(&gNextSiteIdPublished, gNextSiteId, __ATOMIC_RELEASE);
  for (__coroscope_site *s = start; s != stop; ++s)
    if (s->kind == log::kSiteYield && s->function)
      const_cast<__coroscope_site *>(s->function)->flags |= __coroscope_site_generator;
  if (gNumRanges < kMaxRanges) {
    gRanges[gNumRanges] = {start, stop, first, false};
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
      return __atomic_load_n(&r.unloaded, __ATOMIC_ACQUIRE) ? nullptr : r.start + (id - r.first_id);
  }
  return nullptr;
}

uint32_t destroyCallSiteFor(const char *promise) {
  if (!promise || !*promise)
    return 0;
  int n = __atomic_load_n(&gNumRanges, __ATOMIC_ACQUIRE);
  for (int i = 0; i < n; ++i)
    for (const __coroscope_site *s = gRanges[i].start;
         !__atomic_load_n(&gRanges[i].unloaded, __ATOMIC_ACQUIRE) && s != gRanges[i].stop; ++s)
      if (s->kind == log::kSiteDestroyCall && s->awaiter && strcmp(s->awaiter, promise) == 0)
        return s->id;
  return 0;
}

namespace {
int markLoaded(struct dl_phdr_info *info, size_t, void *data) {
  auto *loaded = static_cast<bool *>(data);
  int n = __atomic_load_n(&gNumRanges, __ATOMIC_ACQUIRE);
  for (int i = 0; i < n; ++i) {
    uintptr_t at = reinterpret_cast<uintptr_t>(gRanges[i].start);
    for (int h = 0; h < info->dlpi_phnum; ++h) {
      const ElfW(Phdr) &ph = info->dlpi_phdr[h];
      uintptr_t lo = info->dlpi_addr + ph.p_vaddr;
      if (ph.p_type == PT_LOAD && at >= lo && at < lo + ph.p_memsz)
        loaded[i] = true;
    }
  }
  return 0;
}
} // namespace

void forgetUnloadedSites() {
  static bool loaded[kMaxRanges];
  int n = __atomic_load_n(&gNumRanges, __ATOMIC_ACQUIRE);
  for (int i = 0; i < n; ++i)
    loaded[i] = false;
  dl_iterate_phdr(markLoaded, loaded);
  for (int i = 0; i < n; ++i)
    if (!loaded[i])
      __atomic_store_n(&gRanges[i].unloaded, true, __ATOMIC_RELEASE);
}

uint32_t siteIdLimit() { return __atomic_load_n(&gNextSiteIdPublished, __ATOMIC_ACQUIRE) + 1; }

int siteKind(uint32_t id) {
  uint8_t *kinds = __atomic_load_n(&gKinds, __ATOMIC_ACQUIRE);
  return kinds && id > 0 && id < siteIdLimit() ? kinds[id] : -1;
}

} // namespace rt
} // namespace coroscope
