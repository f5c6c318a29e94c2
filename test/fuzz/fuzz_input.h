/* Decoding of the fuzz inputs shared by the targets: a list of update lengths, then the message. */
#ifndef ARMSHA_FUZZ_INPUT_H
#define ARMSHA_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* At most this many update lengths; the list repeats until the message is used up. */
#define FUZZ_MAX_SPLITS 15

/* An update length 0 with this flag is made with a NULL data pointer. */
#define FUZZ_NULL_DATA 0x80000000u

/* Reads n update lengths from *p (advancing it past them; fewer where the input ends).
 * One byte b per length, in a shape meant to make short pieces, block-sized pieces and
 * zero-length updates equally easy for a fuzzer to reach:
 *   b < 0x80: b bytes;  0x80..0x87: 0 bytes;  0x88..0x8f: 0 bytes with NULL data;
 *   b >= 0x90: ((b - 0x90) << 8 | next byte) bytes, up to 28671. */
static inline size_t fuzz_read_splits(const uint8_t **p, const uint8_t *end, size_t n,
                                      uint32_t splits[FUZZ_MAX_SPLITS])
{
    size_t i;

    for (i = 0; i < n && i < FUZZ_MAX_SPLITS && *p < end; i++) {
        unsigned b = *(*p)++;

        if (b < 0x80)
            splits[i] = b;
        else if (b < 0x88)
            splits[i] = 0;
        else if (b < 0x90)
            splits[i] = FUZZ_NULL_DATA;
        else if (*p < end)
            splits[i] = (uint32_t)(b - 0x90) << 8 | *(*p)++;
        else
            splits[i] = 0;
    }
    return i;
}

/* Walks a message through the split list: the next piece's length, or its flags (see
 * FUZZ_NULL_DATA); the list repeats while it holds a nonzero length, and whatever is left
 * when it holds none goes in one last piece. */
typedef struct fuzz_splitter {
    const uint32_t *splits;
    size_t nsplits;
    size_t next;   /* index into splits */
    size_t left;   /* message bytes not yet handed out */
    int any_bytes; /* the list has a nonzero length */
} fuzz_splitter;

static inline void fuzz_splitter_start(fuzz_splitter *s, const uint32_t *splits, size_t nsplits,
                                       size_t msglen)
{
    s->splits = splits;
    s->nsplits = nsplits;
    s->next = 0;
    s->left = msglen;
    s->any_bytes = 0;
    for (size_t i = 0; i < nsplits; i++)
        if ((splits[i] & ~FUZZ_NULL_DATA) != 0)
            s->any_bytes = 1;
}

/* Returns 0 when the message is done (every listed zero-length update included, once);
 * else 1 with *len the next piece's length and *null_data whether to pass NULL. */
static inline int fuzz_splitter_next(fuzz_splitter *s, size_t *len, int *null_data)
{
    if (s->next == s->nsplits) {
        if (s->left == 0)
            return 0;
        if (!s->any_bytes) {
            *len = s->left;
            *null_data = 0;
            s->left = 0;
            return 1;
        }
        s->next = 0;
    }
    {
        uint32_t v = s->splits[s->next++];
        size_t n = v & ~FUZZ_NULL_DATA;

        if (n > s->left)
            n = s->left;
        *len = n;
        *null_data = n == 0 && (v & FUZZ_NULL_DATA) != 0;
        s->left -= n;
    }
    return 1;
}

/* Prints a digest in hex after a label, for the report before a trap. */
static inline void fuzz_print_hex(const char *label, const uint8_t *p, size_t n)
{
    fprintf(stderr, "  %s ", label);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, "%02x", p[i]);
    fprintf(stderr, "\n");
}

#endif
