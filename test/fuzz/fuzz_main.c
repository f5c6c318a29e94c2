/* A main() for the fuzz targets without libFuzzer: replays the files (or folders of files) named
 * on the command line, or runs a fixed, seeded number of pseudo-random inputs. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../helper.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Random inputs: ARMSHA_FUZZ_ITERS of them (default from the build, scaled for qemu), from
 * ARMSHA_FUZZ_SEED (default 1). */
#ifndef FUZZ_DEFAULT_ITERS
#define FUZZ_DEFAULT_ITERS 2000
#endif
#define MAX_INPUT 40000

/* Where the input being run goes if it crashes, so that it can be replayed as an argument. */
static const uint8_t *cur_data;
static size_t cur_size;
static char crash_path[256];

static void on_crash(int sig)
{
    int fd = open(crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    static const char msg[] = "fuzz: crashing input written to ";

    if (fd >= 0) {
        size_t off = 0;

        while (off < cur_size) {
            ssize_t w = write(fd, cur_data + off, cur_size - off);

            if (w <= 0)
                break;
            off += (size_t)w;
        }
        close(fd);
        if (write(2, msg, sizeof(msg) - 1) > 0 && write(2, crash_path, strlen(crash_path)) > 0
            && write(2, "\n", 1) > 0)
            fd = -1;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void run(const uint8_t *data, size_t size)
{
    cur_data = data;
    cur_size = size;
    LLVMFuzzerTestOneInput(data, size);
}

static uint64_t rng;

/* The shared generator (test/helper.c): the same inputs on every machine for a given seed. */
static uint64_t rnd(void)
{
    return armsha_rng_next(&rng);
}

/* Mostly short inputs, where the buffering cases are dense; now and then long ones, where the
 * kernels run many blocks in one call. */
static size_t random_size(void)
{
    switch (rnd() % 8) {
    case 0: case 1: case 2: case 3: return (size_t)(rnd() % 160);
    case 4: case 5: return (size_t)(rnd() % 700);
    case 6: return (size_t)(rnd() % 3000);
    default: return (size_t)(rnd() % MAX_INPUT);
    }
}

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    size_t size = 0, cap = 0, n;

    if (f == NULL) {
        perror(path);
        return 0;
    }
    do {
        if (size == cap) {
            uint8_t *nb = realloc(buf, cap = cap * 2 + 4096);

            if (nb == NULL) {
                free(buf);
                fclose(f);
                return 0;
            }
            buf = nb;
        }
        n = fread(buf + size, 1, cap - size, f);
        size += n;
    } while (n > 0);
    fclose(f);
    run(buf, size);
    free(buf);
    return 1;
}

static int replay(const char *path, unsigned long *count)
{
    struct stat st;
    DIR *d;
    struct dirent *e;
    int ok = 1;

    if (stat(path, &st) != 0) {
        perror(path);
        return 0;
    }
    if (!S_ISDIR(st.st_mode)) {
        *count += 1;
        return replay_file(path);
    }
    if ((d = opendir(path)) == NULL) {
        perror(path);
        return 0;
    }
    while ((e = readdir(d)) != NULL) {
        char sub[4096];

        if (e->d_name[0] == '.')
            continue;
        snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
        ok &= replay(sub, count);
    }
    closedir(d);
    return ok;
}

int main(int argc, char **argv)
{
    const char *prog = strrchr(argv[0], '/') != NULL ? strrchr(argv[0], '/') + 1 : argv[0];
    const char *s;
    unsigned long iters = FUZZ_DEFAULT_ITERS, seed = 1;
    static const int sigs[] = {SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE};
    uint8_t *buf;

    if ((s = getenv("ARMSHA_FUZZ_ITERS")) != NULL && *s != '\0')
        iters = strtoul(s, NULL, 0);
    if ((s = getenv("ARMSHA_FUZZ_SEED")) != NULL && *s != '\0')
        seed = strtoul(s, NULL, 0);
    snprintf(crash_path, sizeof(crash_path), "crash-%s-seed%lu.bin", prog, seed);
    for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
        signal(sigs[i], on_crash);

    LLVMFuzzerInitialize(&argc, &argv);

    if (argc > 1) {
        unsigned long count = 0;
        int ok = 1;

        snprintf(crash_path, sizeof(crash_path), "crash-%s-replay.bin", prog);
        for (int i = 1; i < argc; i++)
            ok &= replay(argv[i], &count);
        printf("%s: replayed %lu inputs\n", prog, count);
        /* An empty folder replays nothing: never a pass. */
        return ok && count > 0 ? 0 : 1;
    }

    buf = malloc(MAX_INPUT);
    if (buf == NULL)
        return 1;
    rng = armsha_rng_start(seed, 2);
    for (unsigned long it = 0; it < iters; it++) {
        size_t size = random_size();

        for (size_t i = 0; i < size; i++)
            buf[i] = (uint8_t)(rnd() >> 56);
        run(buf, size);
    }
    free(buf);
    printf("%s: %lu random inputs from seed %lu, all digests agree "
           "(ARMSHA_FUZZ_ITERS / ARMSHA_FUZZ_SEED change them)\n",
           prog, iters, seed);
    return 0;
}
