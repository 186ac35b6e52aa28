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

/// Numbers [start, stop) and writes it to the log, unless this table was
/// registered already. Takes the writer lock.
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

/// One more than the highest site id handed out so far.
uint32_t siteIdLimit();
/// The SiteKind of a registered id (kept after its image is unloaded), or
/// -1 for an id not handed out. Safe while another image registers.
int siteKind(uint32_t id);

} // namespace rt
} // namespace coroscope

#endif
