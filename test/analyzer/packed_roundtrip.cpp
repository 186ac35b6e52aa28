// encodePacked and decodePacked (coroscope/log_format.h) against each other:
// every record decodes to what was encoded, records without a timestamp to
// the previous one, and the sizes are the documented 4/8/12 bytes for the
// common cases. Every shorter prefix of a record must fail to decode (0),
// never read past its end.
// RUN: %clangxx -O1 -fsanitize=address -I%S/../../include %s -o %t
// RUN: %t | FileCheck %s
// CHECK: sizes OK
// CHECK: 1000000 records OK
#include "coroscope/log_format.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

using namespace coroscope::log;

namespace {

int failures = 0;

void expect(bool ok, const char *what, unsigned long long i) {
  if (!ok && failures++ < 10)
    std::printf("FAIL: %s (record %llu)\n", what, i);
}

struct Rec {
  uint8_t kind, flags;
  uint32_t site;
  bool timed;
  uint64_t value, frame;
};

uint32_t encode(std::vector<uint8_t> &out, PackedCursor &c, const Rec &r) {
  uint8_t buf[kPackedMaxRecord];
  uint32_t n = encodePacked(buf, c, r.kind, r.flags, r.site, r.timed, r.value, r.frame);
  out.insert(out.end(), buf, buf + n);
  return n;
}

} // namespace

int main() {
  // The documented sizes.
  {
    std::vector<uint8_t> b;
    PackedCursor c{100, 0x1000, 0};
    expect(encode(b, c, {kEvRampReturn, 0, 1, false, 0, 0x1000}) == 4, "untimed, same frame", 0);
    expect(encode(b, c, {kEvAwaitSuspend, 0, 2, true, 150, 0x1000}) == 8, "time delta", 1);
    expect(encode(b, c, {kEvFrameBegin, 0, 3, true, 160, 0x1100}) == 12, "time and frame delta", 2);
    expect(encode(b, c, {kEvRampReturn, 0, 3, false, 0, 0x1000}) == 4, "other frame", 3);
    expect(encode(b, c, {kEvFrameResume, 0, 2, true, 170, 0x1100}) == 8, "other frame again", 4);
    expect(encode(b, c, {kEvFrameAlloc, 0, 3, true, 64, 0x1100}) == 8, "alloc bytes", 5);
    expect(encode(b, c, {kEvFrameAlloc, 0, 3, true, 1ull << 33, 0x1100}) == 12, "alloc 64-bit bytes", 6);
    expect(encode(b, c, {kEvDone, 0, kPackedSiteEscape, false, 0, 0x1100}) == 8, "escaped site", 7);
    expect(encode(b, c, {kEvDone, 0, 1, true, 169, 0x1100}) == 12, "time backwards", 8);
    expect(encode(b, c, {kEvDone, 0, 1, false, 0, 0x7fff00000000}) == 12, "far frame", 9);
    std::printf(failures ? "sizes FAILED\n" : "sizes OK\n");
  }

  std::mt19937_64 rng(12345);
  const size_t kRecords = 1000000;
  std::vector<Rec> recs(kRecords);
  std::vector<uint64_t> frames = {0x10000, 0x10100, 0x7f0012345600, 0};
  uint64_t ts = 1000;
  for (Rec &r : recs) {
    r.kind = uint8_t(1 + rng() % 13);
    r.flags = uint8_t(rng() % 2);
    uint64_t s = rng() % 16;
    r.site = s == 0 ? 0 : s == 1 ? uint32_t(rng()) : s == 2 ? kPackedSiteEscape : uint32_t(rng() % 5000);
    r.timed = rng() % 3 != 0;
    uint64_t t = rng() % 8;
    ts = t == 0 ? rng() : t == 1 ? ts - rng() % 1000 : ts + rng() % 100000;
    r.value = r.kind == kEvFrameAlloc ? (rng() % 4 ? rng() % 4096 : rng()) : ts;
    uint64_t f = rng() % 8;
    if (f < 3)
      r.frame = frames[rng() % frames.size()];
    else if (f < 6)
      r.frame = frames[0] + (rng() % 0x10000) * 16 - 0x8000 * 16;
    else
      r.frame = rng();
    frames[rng() % frames.size()] = r.frame;
  }
  std::vector<uint8_t> bytes;
  std::vector<uint32_t> sizes;
  PackedCursor enc{7, 0x10000, 0x20000};
  for (const Rec &r : recs)
    sizes.push_back(encode(bytes, enc, r));

  PackedCursor dec{7, 0x10000, 0x20000};
  uint64_t prev_ts = 7;
  size_t at = 0;
  for (size_t i = 0; i < kRecords; ++i) {
    const Rec &r = recs[i];
    // Every prefix of the record is too short, in a buffer that ends there
    // so that AddressSanitizer catches any read past it.
    for (uint32_t cut = 0; cut < sizes[i] && i % 97 == 0; ++cut) {
      std::unique_ptr<uint8_t[]> part(new uint8_t[cut ? cut : 1]);
      std::memcpy(part.get(), bytes.data() + at, cut);
      PackedCursor copy = dec;
      EventRecord e{};
      expect(decodePacked(part.get(), cut, copy, e) == 0, "prefix decodes", i);
    }
    EventRecord e{};
    uint32_t n = decodePacked(bytes.data() + at, bytes.size() - at, dec, e);
    expect(n == sizes[i], "size", i);
    expect(e.kind == r.kind, "kind", i);
    expect(e.flags == (r.flags & kEvFlagHeap), "flags", i);
    expect(e.site == r.site, "site", i);
    expect(e.frame == r.frame, "frame", i);
    if (r.kind == kEvFrameAlloc) {
      expect(e.ts == r.value, "alloc bytes", i);
    } else {
      uint64_t want = r.timed ? r.value : prev_ts;
      expect(e.ts == want, "timestamp", i);
      prev_ts = want;
    }
    at += n ? n : 1;
  }
  expect(at == bytes.size(), "total size", 0);
  if (failures)
    std::printf("%d failures\n", failures);
  else
    std::printf("%zu records OK\n", kRecords);
  return failures != 0;
}
