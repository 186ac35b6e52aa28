"""fake_compilers.py DIR - compilers that only answer --version.

Writes shell scripts into DIR printing the --version output of compilers
`coroscope flags --compile` and `coroscope lint --compiler` must tell apart
(flags-compiler.test, test/lint/compiler.test); any other command line fails.
DIR/clang++ is Clang 19 (the default compiler without $CXX when DIR is first
on PATH); DIR/gcc-only/clang++ is g++ under that name.
"""
import os
import stat
import sys

VERSIONS = {
    "clang19": "Debian clang version 19.1.7 (++20250114103332+cd708029e0b2-1~exp1~20250114103446.78)\n"
               "Target: x86_64-pc-linux-gnu\nThread model: posix\nInstalledDir: /usr/lib/llvm-19/bin",
    "clang22": "clang version 22.1.8 (https://github.com/llvm/llvm-project 0123456789abcdef)\n"
               "Target: x86_64-unknown-linux-gnu",
    "clang18": "Ubuntu clang version 18.1.3 (1ubuntu1)\nTarget: x86_64-pc-linux-gnu",
    "apple": "Apple clang version 15.0.0 (clang-1500.3.9.4)\nTarget: arm64-apple-darwin23.4.0",
    "gxx": "g++ (Debian 12.2.0-14+deb12u1) 12.2.0\n"
           "Copyright (C) 2022 Free Software Foundation, Inc.",
    "noversion": "clang version unknown",
    "silent": None,
    "clang++": "Debian clang version 19.1.7 (++20250114103332+cd708029e0b2-1~exp1~20250114103446.78)",
    "gcc-only/clang++": "g++ (Debian 12.2.0-14+deb12u1) 12.2.0",
}


def main():
    root = sys.argv[1]
    for name, text in VERSIONS.items():
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write("#!/bin/sh\n")
            if text is None:
                f.write("exit 1\n")
            else:
                f.write('[ "$#" -eq 1 ] && [ "$1" = --version ] || exit 9\n')
                f.write("cat <<'END'\n" + text + "\nEND\n")
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


if __name__ == "__main__":
    main()
