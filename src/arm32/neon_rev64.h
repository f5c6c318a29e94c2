/* REV64(q): the asm text that turns the 64-bit words a NEON load of a message leaves in the
 * CPU's byte order (vld1.64, vldr) into the message's big-endian values; nothing on a
 * big-endian CPU. For the generated SHA-512 NEON kernels (sha512_neon.c, sha512_neon_x2.c). */
#ifndef ARMSHA_ARM32_NEON_REV64_H
#define ARMSHA_ARM32_NEON_REV64_H

#if defined(__ARMEB__)
#define REV64(q) ""
#else
#define REV64(q) "vrev64.8   " q ", " q "\n\t"
#endif

#endif
