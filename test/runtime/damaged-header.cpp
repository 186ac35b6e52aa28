// A damaged file header is named as damage, with the byte that explains its
// checksum mismatch, never as a log of a newer coroscope (one byte of the
// version read "unsupported log version 23041"); a header rewritten with
// another version and a checksum that holds is a newer format.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: env COROSCOPE_OUT=%t.log %t
// RUN: %coroscope report %t.log > /dev/null
// RUN: %python %S/../tools/header_damage.py %t.log %t.version.log 9=0x5a
// RUN: not %coroscope report %t.version.log 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: coroscope: error: {{.*}}version.log: offset 9: damaged file header (checksum mismatch): byte 9, in `version`, reads 0x5a where its checksum wants 0x00
// RUN: %python %S/../tools/header_damage.py %t.log %t.magic.log 3=0x00
// RUN: not %coroscope report %t.magic.log 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: coroscope: error: {{.*}}magic.log: offset 3: damaged file header (checksum mismatch): byte 3, in `magic`, reads 0x00 where its checksum wants 0x53
// RUN: %python %S/../tools/header_damage.py %t.log %t.two.log 9=0x5a 20=0xff
// RUN: not %coroscope report %t.two.log 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: coroscope: error: {{.*}}two.log: offset 0: damaged file header (checksum mismatch){{$}}
// RUN: %python %S/../tools/header_damage.py %t.log %t.newer.log 8=2 --reseal
// RUN: not %coroscope report %t.newer.log 2>&1 | FileCheck %s --check-prefix=NEWER
// NEWER: coroscope: error: {{.*}}newer.log: offset 8: unsupported log version 2 (this analyzer reads version 1)
#include <coroutine>

struct task {
  struct promise_type {
    task get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};

task work() { co_return; }

int main() { work(); }
