/* A 64-byte block as sixteen big-endian 32-bit words in four vectors, for the AArch32
 * SHA-1 and SHA-256 kernels; the pointer steps past the block. */
#ifndef ARMSHA_ARM32_LOAD_BLOCK_H
#define ARMSHA_ARM32_LOAD_BLOCK_H

#include <arm_neon.h>

/* arm_neon.h for AArch32 has no vld1q_u8_x2, and GCC gives each vld1q_u8 an address of
 * its own: through asm the load steps the pointer itself. GCC prints a register list for
 * a pair of vectors (%h), so that half a block takes one VLD1; clang cannot, and takes
 * two. Big-endian (armeb) takes the intrinsics: there GCC has no register pair for
 * "=w" (impossible constraint) and clang numbers the lanes of a q register that asm's
 * VLD1.8 filled otherwise than its own vld1q_u8 would. */
#if defined(__GNUC__) && !defined(__clang__) && !defined(__ARMEB__)
#define ARMSHA_LOAD_HALF(lo, hi, p)                                      \
    do {                                                                 \
        uint8x16x2_t h_;                                                 \
        __asm__("vld1.8 %h0, [%1]!"                                      \
                : "=w"(h_), "+r"(p) : "m"(*(const uint8_t(*)[32])(p)));  \
        lo = vreinterpretq_u32_u8(vrev32q_u8(h_.val[0]));                \
        hi = vreinterpretq_u32_u8(vrev32q_u8(h_.val[1]));                \
    } while (0)
#elif defined(__GNUC__) && !defined(__ARMEB__)
#define ARMSHA_LOAD_HALF(lo, hi, p)                                      \
    do {                                                                 \
        uint8x16_t l_, h_;                                               \
        __asm__("vld1.8 {%q0}, [%2]!\n\t"                                \
                "vld1.8 {%q1}, [%2]!"                                    \
                : "=&w"(l_), "=w"(h_), "+r"(p) : "m"(*(const uint8_t(*)[32])(p))); \
        lo = vreinterpretq_u32_u8(vrev32q_u8(l_));                       \
        hi = vreinterpretq_u32_u8(vrev32q_u8(h_));                       \
    } while (0)
#else
#define ARMSHA_LOAD_HALF(lo, hi, p)                                      \
    do {                                                                 \
        lo = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));              \
        hi = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8((p) + 16)));       \
        (p) += 32;                                                       \
    } while (0)
#endif

/* For the kernels ordered for in-order cores (sha*_ops.h): 32 bytes at p into two quads,
 * the bytes as they are (ARMSHA_REV32 makes the words), p stepped past them, each a volatile
 * asm as the rounds' (the load stays where the kernel puts it). ARMSHA_LOAD_BYTES_HALF steps
 * p by an ADD of its own, ARMSHA_LOAD_BYTES_HALF_WB by the VLD1's write-back, an instruction
 * fewer: in llvm-mca's in-order models an instruction issues only once it would not write
 * back before the ones already issued, and the write-back (ready after a cycle) then waits
 * out the SHA instruction before it, the ADD much less (bench/RESULTS.md, "PBKDF2 on two
 * lanes, AArch32 CE", says where each is used). */
#if defined(__GNUC__) && !defined(__clang__) && !defined(__ARMEB__)
#define ARMSHA_LOAD_BYTES_HALF_(lo, hi, p, step)                                       \
    do {                                                                               \
        uint8x16x2_t h_;                                                               \
        __asm__ __volatile__("vld1.8 %h0, [%1]" step                                   \
                             : "=w"(h_), "+r"(p) : "m"(*(const uint8_t(*)[32])(p)));   \
        lo = h_.val[0];                                                                \
        hi = h_.val[1];                                                                \
    } while (0)
#define ARMSHA_LOAD_BYTES_HALF(lo, hi, p) ARMSHA_LOAD_BYTES_HALF_(lo, hi, p, "\n\tadd %1, %1, #32")
#define ARMSHA_LOAD_BYTES_HALF_WB(lo, hi, p) ARMSHA_LOAD_BYTES_HALF_(lo, hi, p, "!")
#define ARMSHA_REV32(w, x) __asm__ __volatile__("vrev32.8 %q0, %q1" : "=w"(w) : "w"(x))
#elif defined(__GNUC__) && !defined(__ARMEB__)
#define ARMSHA_LOAD_BYTES_HALF(lo, hi, p)                                              \
    __asm__ __volatile__("vld1.8 {%q0}, [%2]\n\tadd %2, %2, #16\n\t"                   \
                         "vld1.8 {%q1}, [%2]\n\tadd %2, %2, #16"                       \
                         : "=&w"(lo), "=w"(hi), "+r"(p) : "m"(*(const uint8_t(*)[32])(p)))
#define ARMSHA_LOAD_BYTES_HALF_WB(lo, hi, p)                                           \
    __asm__ __volatile__("vld1.8 {%q0}, [%2]!\n\tvld1.8 {%q1}, [%2]!"                  \
                         : "=&w"(lo), "=w"(hi), "+r"(p) : "m"(*(const uint8_t(*)[32])(p)))
#define ARMSHA_REV32(w, x) __asm__ __volatile__("vrev32.8 %q0, %q1" : "=w"(w) : "w"(x))
#else
#define ARMSHA_LOAD_BYTES_HALF(lo, hi, p) \
    do {                                  \
        lo = vld1q_u8(p);                 \
        hi = vld1q_u8((p) + 16);          \
        (p) += 32;                        \
    } while (0)
#define ARMSHA_LOAD_BYTES_HALF_WB(lo, hi, p) ARMSHA_LOAD_BYTES_HALF(lo, hi, p)
#define ARMSHA_REV32(w, x) ((w) = vreinterpretq_u32_u8(vrev32q_u8(x)))
#endif

#define ARMSHA_LOAD_BLOCK_BE32(w0, w1, w2, w3, p) \
    do {                                          \
        ARMSHA_LOAD_HALF(w0, w1, p);              \
        ARMSHA_LOAD_HALF(w2, w3, p);              \
    } while (0)

#endif
