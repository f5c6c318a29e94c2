/* The little of an operating system the freestanding test program needs (Debian has no
 * big-endian libc): Linux system calls through svc 0, output, and the C entry point. */
#ifndef ARMSHA_FREESTANDING_H
#define ARMSHA_FREESTANDING_H

#include <stddef.h>
#include <stdint.h>

/* Writes all n bytes to fd; returns 0 or a negative errno. */
long armsha_fs_write(int fd, const void *p, size_t n);
/* openat(AT_FDCWD, path, O_RDONLY): a descriptor or a negative errno. */
int armsha_fs_open(const char *path);
/* Reads until n bytes or end of file; returns the count or a negative errno. */
long armsha_fs_read_all(int fd, void *p, size_t n);
void armsha_fs_close(int fd);
_Noreturn void armsha_fs_exit(int status);

/* Standard output, unbuffered. */
void armsha_fs_puts(const char *s);
void armsha_fs_putu(unsigned long v);
void armsha_fs_puthex(const uint8_t *p, size_t n);

/* The program: called by _start with the arguments the kernel put on the stack; its
 * return value is the exit status. */
int armsha_fs_main(int argc, char **argv);

#endif
