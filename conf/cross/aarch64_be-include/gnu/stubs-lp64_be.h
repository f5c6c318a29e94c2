/* glibc's <gnu/stubs.h> for aarch64 names this file on big-endian; Debian ships no
 * big-endian libc, so it is missing. It lists unimplemented functions: none matter to
 * armsha, which only compile-checks against these headers. */
