/* TCG plugin: the executed sequence of chosen translated blocks, with their instruction bytes.
 *
 *   -plugin blocktrace.so,addrs=FILE,out=FILE
 *
 * FILE `addrs` lists the guest start addresses (hex, one a line) of the blocks to follow:
 * bench/blocktrace.py takes them from a bench/qemu-tbprof.c profile (the blocks a call runs
 * once per hashed block). Output: a line "T id vaddr insn-bytes..." per translation of such
 * a block (each instruction's bytes in memory order, hex, as qemu reports them: qemu-arm 7.2
 * adds the next Thumb halfword near a page end, which bench/blocktrace.py checks and cuts off),
 * then "E id..." lines, the ids in
 * the order the blocks ran. A block that runs is run whole (no exceptions in the kernels),
 * so the instructions executed are the concatenation of the blocks in that order.
 * The API is declared by hand, as in qemu-tbprof.c (Debian ships no qemu-plugin.h).
 * Single-threaded guests only. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))
typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
typedef void (*tb_trans_cb)(qemu_plugin_id_t, struct qemu_plugin_tb *);
typedef void (*atexit_cb)(qemu_plugin_id_t, void *);
typedef void (*exec_cb)(unsigned int vcpu, void *userdata);
enum { QEMU_PLUGIN_CB_NO_REGS = 0 };
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t, tb_trans_cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *, exec_cb, int flags, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *, size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t, atexit_cb, void *);

EXPORT int qemu_plugin_version = 1;

static uint64_t *wanted; /* sorted start addresses */
static size_t nwanted;
static FILE *out;
static uint32_t *seq; /* ids in execution order */
static size_t nseq, capseq;
static uintptr_t next_id = 1;
static int overflow;

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return x < y ? -1 : x > y;
}

static int is_wanted(uint64_t vaddr)
{
    return bsearch(&vaddr, wanted, nwanted, sizeof(*wanted), cmp_u64) != NULL;
}

static void on_exec(unsigned int vcpu, void *userdata)
{
    (void)vcpu;
    if (nseq == capseq) {
        /* Bounded: a run that follows more blocks than this is not one call's. */
        if (capseq >= (1u << 26)) {
            overflow = 1;
            return;
        }
        capseq = capseq ? 2 * capseq : 1u << 16;
        seq = realloc(seq, capseq * sizeof(*seq));
        if (seq == NULL) {
            overflow = 1;
            capseq = nseq = 0;
            return;
        }
    }
    seq[nseq++] = (uint32_t)(uintptr_t)userdata;
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    uint64_t vaddr = qemu_plugin_tb_vaddr(tb);
    size_t n = qemu_plugin_tb_n_insns(tb);
    uintptr_t tid;

    (void)id;
    if (n == 0 || !is_wanted(vaddr))
        return;
    tid = next_id++;
    fprintf(out, "T %" PRIuPTR " %" PRIx64, tid, vaddr);
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        const unsigned char *b = qemu_plugin_insn_data(insn);
        size_t sz = qemu_plugin_insn_size(insn);

        fputc(' ', out);
        for (size_t k = 0; k < sz; k++)
            fprintf(out, "%02x", b[k]);
    }
    fputc('\n', out);
    qemu_plugin_register_vcpu_tb_exec_cb(tb, on_exec, QEMU_PLUGIN_CB_NO_REGS, (void *)tid);
}

static void on_exit_(qemu_plugin_id_t id, void *p)
{
    (void)id;
    (void)p;
    for (size_t i = 0; i < nseq; i++)
        fprintf(out, "%s%" PRIu32, i % 32 == 0 ? (i ? "\nE " : "E ") : " ", seq[i]);
    fprintf(out, "\n%s\n", overflow ? "OVERFLOW" : "END");
    fclose(out);
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const void *info, int argc, char **argv)
{
    const char *addrs = NULL, *path = NULL;
    size_t cap = 0;
    unsigned long long a;
    FILE *f;

    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "addrs=", 6) == 0)
            addrs = argv[i] + 6;
        else if (strncmp(argv[i], "out=", 4) == 0)
            path = argv[i] + 4;
    }
    if (addrs == NULL || path == NULL || (f = fopen(addrs, "r")) == NULL) {
        fprintf(stderr, "blocktrace: needs addrs=FILE and out=FILE\n");
        return -1;
    }
    while (fscanf(f, "%llx", &a) == 1) {
        if (nwanted == cap) {
            cap = cap ? 2 * cap : 1024;
            if ((wanted = realloc(wanted, cap * sizeof(*wanted))) == NULL) {
                fclose(f);
                return -1;
            }
        }
        wanted[nwanted++] = a;
    }
    fclose(f);
    qsort(wanted, nwanted, sizeof(*wanted), cmp_u64);
    if ((out = fopen(path, "w")) == NULL)
        return -1;
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
    qemu_plugin_register_atexit_cb(id, on_exit_, NULL);
    return 0;
}
