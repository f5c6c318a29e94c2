/* Portable C SHA-256 block function (FIPS 180-4), the fallback when the CPU lacks SHA-2 instructions. */
#include "armsha/sha256.h"

#include "byteorder.h"
#include "sha2_constants.h"
#include "opaque.h"

#include "sha256_round.h"

/* One 64-bit load gives two message words: a load, a byte swap and a shift
 * instead of two loads and two swaps. */
#define LOAD(i)                                                                        \
    ((i) % 2 ? W[i]                                                                    \
             : (q = armsha_load_be64(data + 4 * (i)), W[(i) + 1] = (uint32_t)q,        \
                W[i] = (uint32_t)(q >> 32)))
/* The message schedule rolls through 16 words kept in registers. */
#define SCHED(i) SCHED_ON(W, i)

void armsha_sha256_blocks_portable(uint32_t state[8], const uint8_t *data, size_t nblocks)
{
    const uint8_t *end;
    const uint32_t *k = armsha_sha256_k;
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    /* The message schedule and working variables live in registers as far as the target
     * has them; the compiler spills the rest to this function's frame, where the last
     * block's words stay until later calls overwrite them. They are not wiped here: C
     * cannot name spill slots, and clearing W itself gives it an address, which changes
     * the register allocation of the whole loop and costs instructions on every block
     * (bench/RESULTS.md, "Wiping"). The streaming core wipes its own buffer and state. */
    uint32_t W[16], x, y;
    uint64_t q;

    /* data may be NULL when there is nothing to hash, and NULL + 0 is undefined in C. */
    if (nblocks == 0)
        return;
    end = data + ARMSHA_SHA256_BLOCK_SIZE * nblocks;
    do {
        /* Hides where k points, so that the constants are loaded through one base
         * register inside the loop, not from an address made afresh for each of them,
         * nor all hoisted out of the loop and spilled. */
        ARMSHA_OPAQUE(k);
        y = b ^ c;

        ROUNDS8(0, LOAD);
        ROUNDS8(8, LOAD);
        ROUNDS8(16, SCHED);
        ROUNDS8(24, SCHED);
        ROUNDS8(32, SCHED);
        ROUNDS8(40, SCHED);
        ROUNDS8(48, SCHED);
        ROUNDS8(56, SCHED);

        /* The old state is read back from memory here: otherwise GCC keeps a copy of
         * it from the previous block alive (spilled) through all 64 rounds. */
        ARMSHA_OPAQUE(state);
        state[0] = a += state[0];
        state[1] = b += state[1];
        state[2] = c += state[2];
        state[3] = d += state[3];
        state[4] = e += state[4];
        state[5] = f += state[5];
        state[6] = g += state[6];
        state[7] = h += state[7];
        data += ARMSHA_SHA256_BLOCK_SIZE;
    } while (data != end);
}
