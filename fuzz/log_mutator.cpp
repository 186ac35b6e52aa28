//===- fuzz/log_mutator.cpp - Structure-aware mutations of whole logs ------===//
//
// libFuzzer's own mutations of a multi-megabyte log nearly all land in an
// event chunk, where the chunk checksum rejects them: the decoders and the
// model never see a damaged value, and a seed is cut to -max_len anyway.
// This mutator (linked into fuzz_report_large only) knows the chunk layout
// (coroscope/log_format.h): it damages a log as a disk or a copy does (a bit,
// a byte, a cut, chunks dropped, doubled or swapped), and it changes a
// chunk's payload and computes its checksum again (log_checksum.h), so that
// wrong ids, counts and lengths reach every reader behind the checksum.
//
//===----------------------------------------------------------------------===//
#include "coroscope/log_checksum.h"
#include "coroscope/log_format.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

namespace {

using namespace coroscope::log;

struct Chunk {
  size_t offset;  ///< of its ChunkHeader
  size_t payload; ///< bytes
  size_t end() const { return offset + sizeof(ChunkHeader) + payload; }
};

/// The chunks the lengths lead to, from the header's end to the first that
/// does not fit.
std::vector<Chunk> chunksOf(const uint8_t *data, size_t size) {
  std::vector<Chunk> out;
  FileHeader h{};
  if (size < COROSCOPE_LOG_BASE_HEADER_BYTES)
    return out;
  std::memcpy(&h, data, std::min(size, sizeof h));
  for (uint64_t at = h.header_size; at < size && size - at >= sizeof(ChunkHeader);) {
    ChunkHeader ch;
    std::memcpy(&ch, data + at, sizeof ch);
    if (ch.payload_bytes > size - at - sizeof ch)
      break;
    out.push_back({size_t(at), size_t(ch.payload_bytes)});
    at += sizeof ch + ch.payload_bytes;
  }
  return out;
}

void reseal(uint8_t *data, const Chunk &c) {
  // A chunk moved by a mutation may sit at any offset: its header is copied
  // out, not referenced (chunkChecksum() needs it aligned).
  ChunkHeader h;
  std::memcpy(&h, data + c.offset, sizeof h);
  ChunkChecksum checksum;
  checksum.begin(h);
  checksum.add(data + c.offset + sizeof h, c.payload);
  uint32_t sum = checksum.value();
  std::memcpy(data + c.offset + offsetof(ChunkHeader, checksum), &sum, sizeof sum);
}

/// A value a decoder may trip on: an edge, a neighbour of what is there,
/// or a word from elsewhere in the log (another id, offset or count).
uint64_t interesting(std::minstd_rand &rng, uint64_t old, const uint8_t *data, size_t size) {
  static constexpr uint64_t kEdges[] = {0,          1,          2,          7,           8,
                                        0x7f,       0x80,       0xff,       0xffff,      0x10000,
                                        0x7fffffff, 0x80000000, 0xffffffff, ~uint64_t(0)};
  switch (rng() % 4) {
  case 0:
    return kEdges[rng() % std::size(kEdges)];
  case 1:
    return old + 1;
  case 2:
    return old - 1;
  default: {
    uint64_t v = 0;
    size_t at = size >= 8 ? (rng() % (size - 7)) & ~size_t(3) : 0;
    std::memcpy(&v, data + at, std::min<size_t>(8, size));
    return v;
  }
  }
}

size_t mutateChunk(uint8_t *data, size_t size, size_t max_size, std::minstd_rand &rng,
                   const Chunk &c) {
  uint8_t *payload = data + c.offset + sizeof(ChunkHeader);
  switch (rng() % 4) {
  case 0: // one bit
    payload[rng() % c.payload] ^= uint8_t(1u << (rng() % 8));
    break;
  case 1: { // a 1, 2, 4 or 8-byte field, at its alignment
    size_t width = size_t(1) << (rng() % 4);
    if (c.payload < width)
      width = 1;
    size_t at = (rng() % (c.payload - width + 1)) & ~(width - 1);
    uint64_t old = 0;
    std::memcpy(&old, payload + at, width);
    uint64_t v = interesting(rng, old, data, size);
    std::memcpy(payload + at, &v, width);
    break;
  }
  case 2: { // libFuzzer's own mutations, inside a small chunk's payload
    if (c.payload > 4096 || size - c.payload + 4096 > max_size) {
      payload[rng() % c.payload] = uint8_t(rng());
      break;
    }
    std::vector<uint8_t> p(payload, payload + c.payload);
    p.resize(4096);
    size_t n = LLVMFuzzerMutate(p.data(), c.payload, p.size());
    // The payload changes size: what follows moves, the header follows.
    std::memmove(data + c.end() + n - c.payload, data + c.end(), size - c.end());
    std::memcpy(payload, p.data(), n);
    uint64_t bytes = n;
    std::memcpy(data + c.offset + offsetof(ChunkHeader, payload_bytes), &bytes, sizeof bytes);
    size = size - c.payload + n;
    reseal(data, {c.offset, n});
    return size;
  }
  default: // a byte from elsewhere in the chunk
    payload[rng() % c.payload] = payload[rng() % c.payload];
    break;
  }
  reseal(data, c);
  return size;
}

} // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                                          unsigned seed) {
  std::minstd_rand rng(seed);
  std::vector<Chunk> chunks = chunksOf(data, size);
  std::vector<Chunk> with_payload;
  for (const Chunk &c : chunks)
    if (c.payload)
      with_payload.push_back(c);
  if (with_payload.empty() || rng() % 16 == 0)
    return LLVMFuzzerMutate(data, size, max_size);
  unsigned op = rng() % 20;
  if (op < 3) { // a bit flipped on disk
    data[rng() % size] ^= uint8_t(1u << (rng() % 8));
    return size;
  }
  if (op < 5) { // a byte overwritten on disk
    data[rng() % size] = uint8_t(rng());
    return size;
  }
  if (op < 6) // cut short
    return 1 + rng() % size;
  if (op < 8 && chunks.size() >= 2) { // a chunk left out, doubled or swapped with the next
    size_t i = rng() % (chunks.size() - 1);
    const Chunk a = chunks[i], b = chunks[i + 1];
    size_t alen = a.end() - a.offset, blen = b.end() - b.offset;
    switch (rng() % 3) {
    case 0:
      std::memmove(data + a.offset, data + a.end(), size - a.end());
      return size - alen;
    case 1:
      if (size + alen > max_size)
        return size;
      std::memmove(data + a.end() + alen, data + a.end(), size - a.end());
      std::memcpy(data + a.end(), data + a.offset, alen);
      return size + alen;
    default: {
      std::vector<uint8_t> tmp(data + a.offset, data + a.offset + alen);
      std::memmove(data + a.offset, data + b.offset, blen);
      std::memcpy(data + a.offset + blen, tmp.data(), alen);
      return size;
    }
    }
  }
  // The rest: a changed payload that its checksum vouches for.
  return mutateChunk(data, size, max_size, rng, with_payload[rng() % with_payload.size()]);
}
