#===- cmake/CoroscopePackage.cmake - CMake package, docs and the .deb -----===#
#
# Included by the top level after the components' install rules:
#
#   - coroscopeConfig.cmake (+ ConfigVersion) for find_package(coroscope
#     CONFIG), from cmake/coroscopeConfig.cmake.in: one written to the build
#     directory's root (-Dcoroscope_DIR=<build>), one installed to
#     share/coroscope/cmake/ (found under CMAKE_PREFIX_PATH or /usr). Both find
#     bin/ lib/ include/ relative to their own location.
#   - the documentation, in share/coroscope/docs/.
#   - CPack: `cpack -G DEB` in the build directory makes coroscope_<version>_
#     <arch>.deb, installing into /usr.
#
# Install layout (`cmake --install build --prefix P`):
#   P/bin/coroscope                      the analyzer
#   P/lib/CoroScope-<major>.so           -fplugin for clang++-<major>
#   P/lib/CoroScopePass-<major>.so       the IR pass for opt -load-pass-plugin
#   P/lib/libcoroscope_lint-<major>.so   loaded by `coroscope lint`
#   P/lib/libcoroscope_rt.{so,a}         the runtime
#   P/include/coroscope/                 hooks.h, log_format.h
#   P/share/coroscope/cmake/             the CMake package
#   P/share/coroscope/docs/              README.md, CHANGELOG.md, docs/
#
#===------------------------------------------------------------------------===#
include(CMakePackageConfigHelpers)

# 0.x: a minor release may change the log format and the plugin arguments.
set(_coroscope_compat SameMinorVersion)

# The build tree's package: its bin/ lib/ include/ are the directory itself.
set(COROSCOPE_CONFIG_TO_PREFIX ".")
configure_file(${PROJECT_SOURCE_DIR}/cmake/coroscopeConfig.cmake.in
               ${CMAKE_BINARY_DIR}/coroscopeConfig.cmake @ONLY)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/coroscopeConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY ${_coroscope_compat})

# The installed package, three levels below the prefix.
set(COROSCOPE_CONFIG_TO_PREFIX "../../..")
configure_file(${PROJECT_SOURCE_DIR}/cmake/coroscopeConfig.cmake.in
               ${CMAKE_BINARY_DIR}/cmake-package/coroscopeConfig.cmake @ONLY)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake-package/coroscopeConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY ${_coroscope_compat})
install(FILES ${CMAKE_BINARY_DIR}/cmake-package/coroscopeConfig.cmake
              ${CMAKE_BINARY_DIR}/cmake-package/coroscopeConfigVersion.cmake
        DESTINATION share/coroscope/cmake)

install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/CHANGELOG.md
        DESTINATION share/coroscope/docs)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION share/coroscope/docs)
# Debian's place for the licence (Apache-2.0 WITH LLVM-exception).
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION share/doc/coroscope RENAME copyright)

#===------------------------------------------------------------------------===#
# CPack: the Debian package
#===------------------------------------------------------------------------===#
set(COROSCOPE_PACKAGE_MAINTAINER "coroscope maintainers <maintainers@users.noreply.a-seed-abc67173.example>"
    CACHE STRING "Maintainer field of the .deb (cpack -G DEB)")

set(CPACK_PACKAGE_NAME coroscope)
set(CPACK_PACKAGE_VENDOR coroscope)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${COROSCOPE_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "C++20 coroutine profiler and misuse checker (Clang plugin, runtime, analyzer)")
string(REPLACE ";" " and clang++-" _coroscope_plugins "${COROSCOPE_LLVM_MAJORS}")
set(CPACK_PACKAGE_DESCRIPTION
    "coroscope shows what C++20 coroutines cost and where they are misused. \
A Clang plugin (one -fplugin= flag) instruments every coroutine and runs \
compile-time checks; the runtime library records frame allocations, suspends \
and resumes per thread and catches misuse (resuming a destroyed frame, \
awaiting twice, ...); the analyzer `coroscope` turns the logs into reports. \
Plugins for clang++-${_coroscope_plugins}. `coroscope flags` prints the \
compiler and linker flags, and find_package(coroscope) provides \
coroscope_instrument() for CMake projects.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_SOURCE_GENERATOR "")
# The build is RelWithDebInfo: the package carries no debug info.
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # coroscope_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${COROSCOPE_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Depends from the ELF files (dpkg-shlibdeps, Debian's dpkg-dev): libc6,
# libstdc++6, and libllvm<major> + libclang-cpp<major> of every plugin.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# A plugin is useful with its clang only; any of them will do.
set(_coroscope_clangs ${COROSCOPE_LLVM_MAJORS})
list(TRANSFORM _coroscope_clangs PREPEND "clang-")
string(REPLACE ";" " | " _coroscope_clangs "${_coroscope_clangs}")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "${_coroscope_clangs}")
# `coroscope report` symbolizes native stacks with llvm-symbolizer-19 when
# present (analyzer/model/symbolize.cpp); cmake for find_package(coroscope).
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "llvm-19, cmake")
include(CPack)
