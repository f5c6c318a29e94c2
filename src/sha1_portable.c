/* Portable C SHA-1 block function (FIPS 180-4), the fallback when the CPU lacks SHA-1 instructions. */
#include "armsha/sha1.h"

#include "byteorder.h"
#include "opaque.h"

#include "sha1_round.h"

/* One 64-bit load gives two message words: a load, a byte swap and a shift
 * instead of two loads and two swaps. */
#define LOAD(i)                                                                        \
    ((i) % 2 ? W[i]                                                                    \
             : (q = armsha_load_be64(data + 4 * (i)), W[(i) + 1] = (uint32_t)q,        \
                W[i] = (uint32_t)(q >> 32)))
/* The message schedule rolls through 16 words kept in registers. */
#define SCHED(i) SCHED_ON(W, i)

void armsha_sha1_blocks_portable(uint32_t state[5], const uint8_t *data, size_t nblocks)
{
    const uint8_t *end;
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];
    /* The message schedule and working variables live in registers as far as the target
     * has them; the compiler spills the rest to this function's frame, where the last
     * block's words stay until later calls overwrite them. They are not wiped here: C
     * cannot name spill slots, and clearing W itself gives it an address, which changes
     * the register allocation of the whole loop and costs instructions on every block
     * (bench/RESULTS.md, "Wiping"). The streaming core wipes its own buffer and state. */
    uint32_t W[16];
    uint64_t q;

    /* data may be NULL when there is nothing to hash, and NULL + 0 is undefined in C. */
    if (nblocks == 0)
        return;
    end = data + ARMSHA_SHA1_BLOCK_SIZE * nblocks;
    do {
        ROUNDS5(F1, 0, K1, LOAD);
        ROUNDS5(F1, 5, K1, LOAD);
        ROUNDS5(F1, 10, K1, LOAD);
        ROUND(F1, a, b, c, d, e, K1, LOAD(15));
        ROUND(F1, e, a, b, c, d, K1, SCHED(16));
        ROUND(F1, d, e, a, b, c, K1, SCHED(17));
        ROUND(F1, c, d, e, a, b, K1, SCHED(18));
        ROUND(F1, b, c, d, e, a, K1, SCHED(19));
        ROUNDS5(F2, 20, K2, SCHED);
        ROUNDS5(F2, 25, K2, SCHED);
        ROUNDS5(F2, 30, K2, SCHED);
        ROUNDS5(F2, 35, K2, SCHED);
        ROUNDS5(F3, 40, K3, SCHED);
        ROUNDS5(F3, 45, K3, SCHED);
        ROUNDS5(F3, 50, K3, SCHED);
        ROUNDS5(F3, 55, K3, SCHED);
        ROUNDS5(F2, 60, K4, SCHED);
        ROUNDS5(F2, 65, K4, SCHED);
        ROUNDS5(F2, 70, K4, SCHED);
        ROUNDS5(F2, 75, K4, SCHED);

        /* The old state is read back from memory here: otherwise GCC keeps a copy of
         * it from the previous block alive (spilled) through all 80 rounds. */
        ARMSHA_OPAQUE(state);
        state[0] = a += state[0];
        state[1] = b += state[1];
        state[2] = c += state[2];
        state[3] = d += state[3];
        state[4] = e += state[4];
        data += ARMSHA_SHA1_BLOCK_SIZE;
    } while (data != end);
}
