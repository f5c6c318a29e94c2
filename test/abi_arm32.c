/* 32-bit ARM: calls a block function with every callee-saved register (r4-r11, d8-d15,
 * AAPCS) set to a known value, and reports whether the function left them so. A kernel in
 * asm that forgets to save one corrupts its caller only now and then (seen: a crash in
 * libcrypto's own SHA-256 a while after a NEON kernel clobbered d8-d9). */
#include <stddef.h>
#include <stdint.h>

/* Returns 1 when r4-r11 and d8-d15 came back as they went in, 0 otherwise. */
int armsha_test_call_preserves(void (*fn)(void *, const uint8_t *, size_t), void *state,
                               const uint8_t *data, size_t nblocks);

/* Register n holds 0xa500nn00 + 0x5a00 + n in both halves of a d register, so that each
 * value is its own. ARM state, so that every register can be written (in Thumb r7 may be
 * the frame pointer). */
__asm__(".text\n"
        ".syntax unified\n"
        ".arm\n"
        ".p2align 2\n"
        ".global armsha_test_call_preserves\n"
        ".type armsha_test_call_preserves, %function\n"
        "armsha_test_call_preserves:\n"
        "    push    {r4-r11, r12, lr}\n" /* ten words: sp stays 8-byte aligned */
        "    vpush   {d8-d15}\n"
        "    mov     r12, r0\n"
        "    mov     r0, r1\n"
        "    mov     r1, r2\n"
        "    mov     r2, r3\n"
        "    .irp    n, 4, 5, 6, 7, 8, 9, 10, 11\n"
        "    movw    r\\n, #(0x5a00 + \\n)\n"
        "    movt    r\\n, #(0xa500 + \\n)\n"
        "    .endr\n"
        "    .irp    n, 8, 9, 10, 11, 12, 13, 14, 15\n"
        "    movw    r3, #(0x3c00 + \\n)\n"
        "    movt    r3, #(0xc300 + \\n)\n"
        "    vmov    d\\n, r3, r3\n"
        "    .endr\n"
        "    blx     r12\n"
        "    .irp    n, 4, 5, 6, 7, 8, 9, 10, 11\n"
        "    movw    r0, #(0x5a00 + \\n)\n"
        "    movt    r0, #(0xa500 + \\n)\n"
        "    cmp     r\\n, r0\n"
        "    bne     1f\n"
        "    .endr\n"
        "    .irp    n, 8, 9, 10, 11, 12, 13, 14, 15\n"
        "    movw    r2, #(0x3c00 + \\n)\n"
        "    movt    r2, #(0xc300 + \\n)\n"
        "    vmov    r0, r1, d\\n\n"
        "    cmp     r0, r2\n"
        "    bne     1f\n"
        "    cmp     r1, r2\n"
        "    bne     1f\n"
        "    .endr\n"
        "    mov     r0, #1\n"
        "    b       2f\n"
        "1:  mov     r0, #0\n"
        "2:  vpop    {d8-d15}\n"
        "    pop     {r4-r11, r12, pc}\n"
        ".size armsha_test_call_preserves, .-armsha_test_call_preserves\n");
