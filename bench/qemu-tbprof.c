/* QEMU TCG plugin (API v1, QEMU 7.x): how often each translation block ran, for bench/breakdown.py.
 * Usage: qemu-aarch64 -plugin ./tbprof.so,out=FILE prog args
 * FILE gets one line per block: "guest-vaddr(hex) instructions executions".
 * Like bench/qemu-insncount.c, it declares the few API functions it
 * uses because Debian ships no qemu-plugin.h. Single-threaded guests only. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))
typedef uint64_t qemu_plugin_id_t;
typedef struct {
    const char *target_name;
    struct {
        int min, cur;
    } version;
    int system_emulation;
    union {
        struct {
            int smp_vcpus, max_vcpus;
        } system;
    };
} qemu_info_t;
struct qemu_plugin_tb;
typedef void (*tb_trans_cb)(qemu_plugin_id_t, struct qemu_plugin_tb *);
typedef void (*atexit_cb)(qemu_plugin_id_t, void *);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t, tb_trans_cb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *, int op, void *ptr, uint64_t imm);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t, atexit_cb, void *);

EXPORT int qemu_plugin_version = 1;

/* Open addressing on (vaddr, length); entries never move, because each
 * translated block keeps a pointer to its counter. */
#define SLOTS (1u << 20)
struct slot {
    uint64_t vaddr;
    uint64_t ninsns; /* 0: free */
    uint64_t count;
};
static struct slot *table;
static const char *out;

static struct slot *lookup(uint64_t vaddr, uint64_t n)
{
    uint64_t h = (vaddr >> 2) * 0x9e3779b97f4a7c15u + n;

    for (uint32_t i = 0; i < SLOTS; i++) {
        struct slot *s = &table[(h + i) & (SLOTS - 1)];

        if (s->ninsns == 0) {
            s->vaddr = vaddr;
            s->ninsns = n;
            return s;
        }
        if (s->vaddr == vaddr && s->ninsns == n)
            return s;
    }
    return NULL;
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t n = qemu_plugin_tb_n_insns(tb);
    struct slot *s;

    (void)id;
    if (n == 0 || (s = lookup(qemu_plugin_tb_vaddr(tb), n)) == NULL)
        return;
    qemu_plugin_register_vcpu_tb_exec_inline(tb, 0, &s->count, 1);
}

static void on_exit_(qemu_plugin_id_t id, void *p)
{
    FILE *f = out != NULL ? fopen(out, "w") : stderr;

    (void)id;
    (void)p;
    if (f == NULL)
        f = stderr;
    for (uint32_t i = 0; i < SLOTS; i++)
        if (table[i].ninsns != 0 && table[i].count != 0)
            fprintf(f, "%" PRIx64 " %" PRIu64 " %" PRIu64 "\n", table[i].vaddr, table[i].ninsns,
                    table[i].count);
    if (f != stderr)
        fclose(f);
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++)
        if (strncmp(argv[i], "out=", 4) == 0)
            out = argv[i] + 4;
    table = calloc(SLOTS, sizeof(*table));
    if (table == NULL)
        return -1;
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
    qemu_plugin_register_atexit_cb(id, on_exit_, NULL);
    return 0;
}
