//===- sites.h - Registered site tables and their ids ----------------------===//
//
// Each instrumented image registers its table of site descriptors once; the
// runtime numbers them process-wide (ids > 0) and can map an id back to its
// descriptor for stderr reports.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_SITES_H
#define COROSCOPE_RUNTIME_SITES_H

#include "coroscope/hooks.h"

#include <stdint.h>

namespace coroscope {
namespace rt {

/// Numbers [start, stop) and, unless sitesAtSnapshot(), writes it to the
/// log; nothing if this table was registered already. Takes the writer lock.
void registerSites(__coroscope_site *start, __coroscope_site *stop);

/// The descriptor with this id, or null (also when its image was unloaded
/// and forgetUnloadedSites() has noticed).
const __coroscope_site *siteById(uint32_t id);

/// A destroy() call site on coroutine_handle<promise> (the pass records the
/// promise type in the `awaiter` slot of function and call sites), or 0.
uint32_t destroyCallSiteFor(const char *promise);

/// Notes which images were dlclose'd since they registered, so siteById()
/// stops handing out their descriptors: a frame of an unloaded library that
/// is still alive at exit is reported without reading its gone names. Not
/// async-signal-safe (dl_iterate_phdr); serialised by the caller.
void forgetUnloadedSites();

/// Profile mode without run-time checks: registration copies no name, and
/// each profile snapshot carries the sites it names (profileSitesChunk).
/// With checks a finding may name any site, so the tables are written at
/// registration as in trace mode.
bool sitesAtSnapshot();

/// A profile snapshot's Sites chunk (ChunkHeader included) into `out`, or
/// only its size when `out` is null; 0 when it names no site or does not
/// fit `cap`. Names the sites whose id is marked in `marks` (bit 1, by id,
/// [0, limit)), their function sites, and of those functions the frame
/// locals, the forwarding body and the suspend points at the position of
/// one marked (the analyzer ranks those). Sets bit 2 of every site it
/// names; the measuring call and the writing one see the same marks. Reads
/// descriptors, no other memory of the program; allocates with mmap only.
/// Caller holds the writer lock (or failed to get it in a signal handler).
size_t profileSitesChunk(uint8_t *marks, uint32_t limit, char *out, size_t cap);

/// One more than the highest site id handed out so far.
uint32_t siteIdLimit();
/// The SiteKind of a registered id (kept after its image is unloaded), or
/// -1 for an id not handed out. Safe while another image registers.
int siteKind(uint32_t id);

} // namespace rt
} // namespace coroscope

#endif
