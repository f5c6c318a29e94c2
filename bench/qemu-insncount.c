/* Minimal QEMU TCG plugin (plugin API v1, QEMU 7.x): counts guest
 * instructions executed and prints the total at exit ("insns N" into FILE, or stderr).
 * Build and use (every bench script does; bench/RESULTS.md "How to reproduce"):
 *   gcc -O2 -shared -fPIC -fvisibility=hidden -o insncount.so bench/qemu-insncount.c
 *   qemu-aarch64 -cpu max -plugin ./insncount.so,out=FILE prog args
 * Debian's qemu-user 7.2 has plugin support but ships no plugins or qemu-plugin.h, so
 * only the few API declarations it needs are written out here. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define EXPORT __attribute__((visibility("default")))
typedef uint64_t qemu_plugin_id_t;
typedef struct {
    const char *target_name;
    struct { int min, cur; } version;
    int system_emulation;
    union { struct { int smp_vcpus, max_vcpus; } system; };
} qemu_info_t;
struct qemu_plugin_tb;
typedef void (*tb_trans_cb)(qemu_plugin_id_t, struct qemu_plugin_tb *);
typedef void (*atexit_cb)(qemu_plugin_id_t, void *);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t, tb_trans_cb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *, int op, void *ptr, uint64_t imm);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t, atexit_cb, void *);

EXPORT int qemu_plugin_version = 1;
static uint64_t insns;
static const char *out;

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_inline(tb, 0, &insns, qemu_plugin_tb_n_insns(tb));
}

static void on_exit_(qemu_plugin_id_t id, void *p)
{
    (void)id; (void)p;
    FILE *f = out ? fopen(out, "w") : stderr;
    if (!f) f = stderr;
    fprintf(f, "insns %" PRIu64 "\n", insns);
    if (f != stderr) fclose(f);
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++)
        if (!strncmp(argv[i], "out=", 4)) out = argv[i] + 4;
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
    qemu_plugin_register_atexit_cb(id, on_exit_, NULL);
    return 0;
}
