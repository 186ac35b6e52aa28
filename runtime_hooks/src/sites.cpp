//===- sites.cpp - Registered site tables and their ids --------------------===//
//
// Tables are few (one per instrumented image), so lookups scan them. In
// profile mode without run-time checks registration numbers the table and
// nothing more: the names stay in the image, and a profile snapshot copies
// those of the sites that ran (profileSitesChunk).
//
//===----------------------------------------------------------------------===//
#include "sites.h"

#include "log_writer.h"
#include "module_counters.h"
#include "options.h"

#include "coroscope/log_format.h"
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

namespace coroscope {
namespace rt {

namespace {
struct SiteRange {
  __coroscope_site *start, *stop;
  uint32_t first_id;
  bool unloaded; ///< its image was dlclose'd: the descriptors are gone
  /// Profile mode (sitesAtSnapshot): a library's table as a Sites chunk,
  /// copied at registration, for a snapshot after a dlclose; null for the
  /// executable's, which cannot be unloaded.
  const char *copy;
  size_t copy_size;
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
// A dlclose'd image's table is gone: asked of the loader first, then skipped.
void propagateGeneratorFlagsLocked() {
  forgetUnloadedSites();
  auto gone = [](int i) { return __atomic_load_n(&gRanges[i].unloaded, __ATOMIC_ACQUIRE); };
  for (int i = 0; i < gNumRanges; ++i)
    for (__coroscope_site *g = gRanges[i].start; !gone(i) && g != gRanges[i].stop; ++g) {
      if (g->kind != log::kSiteFunction || !(g->flags & __coroscope_site_generator) ||
          !g->awaiter || !*g->awaiter)
        continue;
      for (int j = 0; j < gNumRanges; ++j)
        for (__coroscope_site *f = gRanges[j].start; !gone(j) && f != gRanges[j].stop; ++f)
          if (f->kind == log::kSiteFunction && f->awaiter && strcmp(f->awaiter, g->awaiter) == 0)
            f->flags |= __coroscope_site_generator;
    }
}
// The executable's image is the one the loader names "" (its link map's
// l_name); a shared library, which dlclose may unmap, has a path.
bool inExecutable(const void *at) {
  Dl_info info;
  struct link_map *map = nullptr;
  if (!dladdr1(at, &info, reinterpret_cast<void **>(&map), RTLD_DL_LINKMAP) || !map)
    return false;
  return !map->l_name || !*map->l_name;
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
  forgetUnloadedTablesInLocked(start, stop); // loaded again: its counters may register
  uint32_t first = gNextSiteId + 1;
  for (__coroscope_site *s = start; s != stop; ++s)
    s->id = gNextSiteId + 1 + uint32_t(s - start);
  gNextSiteId += uint32_t(stop - start);
  recordKindsLocked(start, stop);
  __atomic_store_n(&gNextSiteIdPublished, gNextSiteId, __ATOMIC_RELEASE);
  const char *copy = nullptr;
  size_t copy_size = 0;
  if (sitesAtSnapshot() && !inExecutable(start))
    copy = copySitesLocked(start, stop, &copy_size);
  if (gNumRanges < kMaxRanges) {
    gRanges[gNumRanges] = {start, stop, first, false, copy, copy_size};
    __atomic_store_n(&gNumRanges, gNumRanges + 1, __ATOMIC_RELEASE);
  }
  // The generator flag serves the checks only; its propagation compares
  // promise type names, so without checks it is not worth a start-up.
  if (gOptions.checks) {
    for (__coroscope_site *s = start; s != stop; ++s)
      if (s->kind == log::kSiteYield && s->function)
        const_cast<__coroscope_site *>(s->function)->flags |= __coroscope_site_generator;
    propagateGeneratorFlagsLocked();
  }
  if (!sitesAtSnapshot())
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

bool sitesAtSnapshot() { return gOptions.mode == Mode::Profile && !gOptions.checks; }

namespace {
bool isSuspend(uint8_t kind) { return kind >= log::kSiteInitial && kind <= log::kSiteFinal; }

// Whether [start, stop) is still mapped: a snapshot from a crash handler
// cannot ask the loader (forgetUnloadedSites) about a dlclose'd image.
bool rangeMapped(const SiteRange &r) {
  uintptr_t page = uintptr_t(sysconf(_SC_PAGESIZE));
  unsigned char vec[1];
  auto mapped = [&](const void *at) {
    return mincore(reinterpret_cast<void *>(uintptr_t(at) & ~(page - 1)), 1, vec) == 0;
  };
  return mapped(r.start) && mapped(r.stop - 1);
}

// Suspend sites by (function, kind, line, column): the analyzer ranks the
// points of one function at one position (a macro's co_awaits) by awaiter,
// so a snapshot that has one of them has all, and the ranks stay.
struct PositionSet {
  const __coroscope_site **slots = nullptr;
  size_t cap = 0;
  static uint64_t hash(const __coroscope_site &s) {
    uint64_t h = uint64_t(uintptr_t(s.function)) ^ (uint64_t(s.kind) << 56) ^
                 (uint64_t(s.line) << 20) ^ uint64_t(s.column);
    return h * 0x9E3779B97F4A7C15ull;
  }
  static bool same(const __coroscope_site &a, const __coroscope_site &b) {
    return a.function == b.function && a.kind == b.kind && a.line == b.line &&
           a.column == b.column &&
           (a.file == b.file || (a.file && b.file && !strcmp(a.file, b.file)));
  }
  const __coroscope_site **slot(const __coroscope_site &s) const {
    for (size_t i = hash(s) & (cap - 1);; i = (i + 1) & (cap - 1))
      if (!slots[i] || same(*slots[i], s))
        return &slots[i];
  }
};
} // namespace

size_t profileSitesChunk(uint8_t *marks, uint32_t limit, char *out, size_t cap) {
  enum : uint8_t { kRan = 1, kWrite = 2 };
  auto marked = [&](const __coroscope_site *s, uint8_t bit) {
    return s && s->id < limit && (marks[s->id] & bit);
  };
  int n = __atomic_load_n(&gNumRanges, __ATOMIC_ACQUIRE);
  bool mapped[kMaxRanges];
  size_t reached = 0;
  for (int i = 0; i < n; ++i) {
    const SiteRange &r = gRanges[i];
    mapped[i] = !__atomic_load_n(&r.unloaded, __ATOMIC_ACQUIRE) && rangeMapped(r);
    if (!mapped[i])
      continue;
    // The function of a suspend site that ran is named too, even if no
    // frame of it began since the counting started (a forked child).
    for (const __coroscope_site *s = r.start; s != r.stop; ++s)
      if (marked(s, kRan) && isSuspend(s->kind)) {
        ++reached;
        if (s->function && s->function->id < limit)
          marks[s->function->id] |= kRan;
      }
  }
  PositionSet pos;
  if (reached) {
    pos.cap = 1;
    while (pos.cap < 2 * reached)
      pos.cap *= 2;
    void *mem = mmap(nullptr, pos.cap * sizeof(*pos.slots), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    pos.slots = mem == MAP_FAILED ? nullptr : static_cast<const __coroscope_site **>(mem);
    for (int i = 0; pos.slots && i < n; ++i)
      for (const __coroscope_site *s = gRanges[i].start; mapped[i] && s != gRanges[i].stop; ++s)
        if (marked(s, kRan) && isSuspend(s->kind))
          *pos.slot(*s) = s;
  }
  // What a snapshot names: the sites with counts, their functions, and of
  // those functions what the analyzer reads with them (frame locals for the
  // large-frame advice, a forwarding body, suspend points sharing a
  // position with one that ran).
  uint64_t payload = sizeof(log::SitesHeader);
  uint32_t count = 0;
  for (int i = 0; i < n; ++i)
    for (const __coroscope_site *s = gRanges[i].start; mapped[i] && s != gRanges[i].stop; ++s) {
      bool write = marked(s, kRan);
      if (!write && marked(s->function, kRan)) {
        if (s->kind == log::kSiteFrameLocal || s->kind == log::kSiteForwardingBody)
          write = true;
        else if (isSuspend(s->kind) && pos.slots && *pos.slot(*s))
          write = true;
      }
      if (write && s->id < limit) {
        marks[s->id] |= kWrite;
        payload += siteEntryBytes(*s);
        ++count;
      }
    }
  if (pos.slots)
    munmap(pos.slots, pos.cap * sizeof(*pos.slots));
  // An unloaded library's names survive in its copy: written whole when
  // the snapshot counts one of its sites.
  bool copied[kMaxRanges];
  size_t copies = 0;
  for (int i = 0; i < n; ++i) {
    const SiteRange &r = gRanges[i];
    copied[i] = false;
    if (mapped[i] || !r.copy)
      continue;
    for (uint32_t id = r.first_id; id < r.first_id + uint32_t(r.stop - r.start) && id < limit; ++id)
      if (marks[id] & kRan) {
        copied[i] = true;
        copies += r.copy_size;
        break;
      }
  }
  size_t size = (count ? sizeof(log::ChunkHeader) + payload : 0) + copies;
  if (!size)
    return 0;
  if (!out)
    return size;
  if (size > cap)
    return 0;
  char *p = out;
  for (int i = 0; i < n; ++i)
    if (copied[i]) {
      memcpy(p, gRanges[i].copy, gRanges[i].copy_size);
      p += gRanges[i].copy_size;
    }
  if (!count)
    return size;
  log::ChunkHeader ch{log::kChunkSites, 0, payload};
  memcpy(p, &ch, sizeof ch);
  p += sizeof ch;
  log::SitesHeader sh{count, 0};
  memcpy(p, &sh, sizeof sh);
  p += sizeof sh;
  for (int i = 0; i < n; ++i)
    for (const __coroscope_site *s = gRanges[i].start; mapped[i] && s != gRanges[i].stop; ++s)
      if (marked(s, kWrite))
        p = putSiteEntry(p, *s);
  return size;
}

uint32_t siteIdLimit() { return __atomic_load_n(&gNextSiteIdPublished, __ATOMIC_ACQUIRE) + 1; }

int siteKind(uint32_t id) {
  uint8_t *kinds = __atomic_load_n(&gKinds, __ATOMIC_ACQUIRE);
  return kinds && id > 0 && id < siteIdLimit() ? kinds[id] : -1;
}

} // namespace rt
} // namespace coroscope
