/* Simulated annealing of a block's instruction order on llvm-mca's in-order models, replayed
 * as bench/mca_inorder.py replays them (the same rules, in C: a Python replay costs some 3 ms
 * a block, this some 30 us, and the search wants millions of them). Written for the
 * two-lane AArch32 NEON SHA-512 listing (bench/anneal_sha512_neon_x2_a32.py writes its input
 * and reads its output); nothing in it knows SHA-512.
 *
 *   anneal_order IN OUT MOVES DISTANCE T0 T1 SEED [START]
 *
 * IN (integers, whitespace-separated):
 *   n; for each instruction, its count of predecessors and their indices (the instructions
 *   it must follow); the number of models; for each model: weight (thousandths), limit
 *   (cycles), dispatch width, resource kinds and each one's unit count, register count,
 *   instruction count; then for each of the n instructions its count of model instructions
 *   (an AArch32 instruction read as AArch64 may be several) and for each: latency,
 *   micro-ops, BeginGroup, sources (count, registers), destinations (count, registers),
 *   resources (count, then kind and cycles each).
 * A model's cycles: the second of two back-to-back runs of the block, from idle (as
 * mca_inorder.cycles). Cost: the sum over models of weight x cycles, plus 10 x the cycles
 * over its limit. A move takes one instruction up to DISTANCE places, kept only if no
 * dependence is crossed; the temperature falls geometrically from T0 to T1 over MOVES.
 * Deterministic for a SEED. OUT: the best order, an index of IN's instructions a line;
 * START, an order in that form to begin from (else IN's own). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_OPS = 8, MAX_RES = 3, MAX_KINDS = 16, MAX_MODELS = 8, MAX_REGS = 4096, MAX_UNITS = 8 };

struct insn {
    int lat, uops, begin_group;
    int nsrc, src[MAX_OPS], ndst, dst[MAX_OPS];
    int nres, res[MAX_RES], cycles[MAX_RES];
};

struct model {
    double weight, limit;
    int width, nkinds, units[MAX_KINDS], nregs;
    struct insn *insns;
    int *first, *count; /* an input instruction's model instructions */
};

static int n, nmodels;
static int **preds, *npreds, **succs, *nsuccs;
static struct model models[MAX_MODELS];

static uint64_t rng_state = 88172645463325252ull;

static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static double rng_unit(void)
{
    return (double)(rng() >> 11) * (1.0 / 9007199254740992.0);
}

/* llvm-mca's InOrderIssueStage, one instruction at a time: dispatch width, issue in order,
 * sources ready, results written back in program order (against the last issued), a
 * BeginGroup instruction first in its cycle, each resource unit held for its cycles. */
static int replay(const struct model *m, const int *order)
{
    static int ready[MAX_REGS], unit_free[MAX_KINDS][MAX_UNITS];
    int t_prev = 0, last_wb = 0, slot_cycle = 0, slot_used = 0, end_first = 0;

    memset(ready, 0, sizeof(int) * (size_t)m->nregs);
    memset(unit_free, 0, sizeof unit_free);
    for (int run = 0; run < 2; run++) {
        for (int a = 0; a < n; a++) {
            int i = order[a];
            for (int g = 0; g < m->count[i]; g++) {
                const struct insn *x = &m->insns[m->first[i] + g];
                int used = slot_cycle == t_prev ? slot_used : 0;
                int t = t_prev + (used >= m->width ? 1 : 0), pick[MAX_RES];
                int uops = x->uops < m->width ? x->uops : m->width;

                for (int s = 0; s < x->nsrc; s++)
                    if (ready[x->src[s]] > t)
                        t = ready[x->src[s]];
                if (last_wb - x->lat > t)
                    t = last_wb - x->lat;
                for (;; t++) {
                    int taken = slot_cycle == t ? slot_used : 0, ok = 1;
                    if (taken + uops > m->width || (x->begin_group && taken))
                        continue;
                    for (int k = 0; k < x->nres && ok; k++) {
                        int kind = x->res[k], u = 0;
                        while (u < m->units[kind] && unit_free[kind][u] > t)
                            u++;
                        ok = u < m->units[kind];
                        pick[k] = u;
                    }
                    if (ok)
                        break;
                }
                for (int k = 0; k < x->nres; k++)
                    unit_free[x->res[k]][pick[k]] = t + x->cycles[k];
                if (slot_cycle == t) {
                    slot_used += x->uops;
                } else {
                    slot_cycle = t;
                    slot_used = x->uops;
                }
                for (int d = 0; d < x->ndst; d++)
                    ready[x->dst[d]] = t + x->lat;
                t_prev = t;
                last_wb = t + x->lat;
            }
        }
        if (run == 0)
            end_first = t_prev;
    }
    return t_prev - end_first;
}

static double cost(const int *order, int *cycles)
{
    double c = 0;
    for (int k = 0; k < nmodels; k++) {
        int v = replay(&models[k], order);
        if (cycles)
            cycles[k] = v;
        c += models[k].weight * v + (v > models[k].limit ? 10.0 * (v - models[k].limit) : 0);
    }
    return c;
}

static int read_int(FILE *f)
{
    int v;
    if (fscanf(f, "%d", &v) != 1) {
        fprintf(stderr, "anneal_order: malformed input\n");
        exit(2);
    }
    return v;
}

static int read_bounded(FILE *f, int max)
{
    int v = read_int(f);
    if (v < 0 || v > max) {
        fprintf(stderr, "anneal_order: %d is over this build's limit %d\n", v, max);
        exit(2);
    }
    return v;
}

static void read_input(FILE *f)
{
    n = read_int(f);
    preds = calloc((size_t)n, sizeof *preds);
    succs = calloc((size_t)n, sizeof *succs);
    npreds = calloc((size_t)n, sizeof(int));
    nsuccs = calloc((size_t)n, sizeof(int));
    for (int i = 0; i < n; i++) {
        npreds[i] = read_bounded(f, n);
        preds[i] = malloc(sizeof(int) * (size_t)(npreds[i] + 1));
        for (int j = 0; j < npreds[i]; j++) {
            preds[i][j] = read_bounded(f, i - 1);
            nsuccs[preds[i][j]]++;
        }
    }
    for (int i = 0; i < n; i++) {
        succs[i] = malloc(sizeof(int) * (size_t)(nsuccs[i] + 1));
        nsuccs[i] = 0;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < npreds[i]; j++)
            succs[preds[i][j]][nsuccs[preds[i][j]]++] = i;
    nmodels = read_bounded(f, MAX_MODELS);
    for (int k = 0; k < nmodels; k++) {
        struct model *m = &models[k];
        m->weight = read_int(f) / 1000.0;
        m->limit = read_int(f);
        m->width = read_bounded(f, 64);
        m->nkinds = read_bounded(f, MAX_KINDS);
        for (int r = 0; r < m->nkinds; r++)
            m->units[r] = read_bounded(f, MAX_UNITS);
        m->nregs = read_bounded(f, MAX_REGS);
        int total = read_int(f), at = 0;
        m->insns = calloc((size_t)total, sizeof(struct insn));
        m->first = calloc((size_t)n, sizeof(int));
        m->count = calloc((size_t)n, sizeof(int));
        for (int i = 0; i < n; i++) {
            m->first[i] = at;
            m->count[i] = read_int(f);
            for (int g = 0; g < m->count[i]; g++, at++) {
                struct insn *x = &m->insns[at];
                if (at >= total) {
                    fprintf(stderr, "anneal_order: more instructions than announced\n");
                    exit(2);
                }
                x->lat = read_int(f);
                x->uops = read_int(f);
                x->begin_group = read_int(f);
                x->nsrc = read_bounded(f, MAX_OPS);
                for (int s = 0; s < x->nsrc; s++)
                    x->src[s] = read_bounded(f, m->nregs - 1);
                x->ndst = read_bounded(f, MAX_OPS);
                for (int s = 0; s < x->ndst; s++)
                    x->dst[s] = read_bounded(f, m->nregs - 1);
                x->nres = read_bounded(f, MAX_RES);
                for (int s = 0; s < x->nres; s++) {
                    x->res[s] = read_bounded(f, m->nkinds - 1);
                    x->cycles[s] = read_int(f);
                }
            }
        }
    }
}

static void move(int *order, int *pos, int from, int to)
{
    int x = order[from];
    if (to < from)
        for (int a = from; a > to; a--) {
            order[a] = order[a - 1];
            pos[order[a]] = a;
        }
    else
        for (int a = from; a < to; a++) {
            order[a] = order[a + 1];
            pos[order[a]] = a;
        }
    order[to] = x;
    pos[x] = to;
}

static void report(FILE *f, const char *what, double c, const int *order)
{
    int cycles[MAX_MODELS];
    cost(order, cycles);
    fprintf(f, "%s %.0f, cycles", what, c);
    for (int k = 0; k < nmodels; k++)
        fprintf(f, " %d", cycles[k]);
    fprintf(f, "\n");
}

int main(int argc, char **argv)
{
    if (argc != 8 && argc != 9) {
        fprintf(stderr, "usage: anneal_order IN OUT MOVES DISTANCE T0 T1 SEED [START]\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 2;
    }
    read_input(in);
    fclose(in);
    long moves = atol(argv[3]);
    int distance = atoi(argv[4]);
    double t0 = atof(argv[5]), t1 = atof(argv[6]);
    rng_state += (uint64_t)atol(argv[7]) * 0x9E3779B97F4A7C15ull;

    int *order = malloc(sizeof(int) * (size_t)n), *pos = malloc(sizeof(int) * (size_t)n);
    int *best = malloc(sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++)
        order[i] = i;
    if (argc == 9) {
        FILE *f = fopen(argv[8], "r");
        if (!f) {
            perror(argv[8]);
            return 2;
        }
        for (int i = 0; i < n; i++)
            order[i] = read_bounded(f, n - 1);
        fclose(f);
    }
    for (int i = 0; i < n; i++)
        pos[i] = -1;
    for (int i = 0; i < n; i++) {
        if (pos[order[i]] >= 0) {
            fprintf(stderr, "anneal_order: START names %d twice\n", order[i]);
            return 2;
        }
        pos[order[i]] = i;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < npreds[i]; j++)
            if (pos[preds[i][j]] > pos[i]) {
                fprintf(stderr, "anneal_order: START puts %d before %d, which it follows\n", i, preds[i][j]);
                return 2;
            }
    double cur = cost(order, NULL), best_cost = cur;
    memcpy(best, order, sizeof(int) * (size_t)n);
    report(stderr, "start: cost", cur, order);
    for (long it = 1; it <= moves; it++) {
        double temp = t0 * pow(t1 / t0, (double)it / (double)moves);
        int from = (int)(rng() % (uint64_t)n);
        int to = from + (int)(rng() % (uint64_t)(2 * distance + 1)) - distance;
        if (to < 0 || to >= n || to == from)
            continue;
        int x = order[from], ok = 1;
        if (to < from) { /* x moves up: past none of its predecessors */
            for (int j = 0; j < npreds[x] && ok; j++)
                ok = pos[preds[x][j]] < to;
        } else { /* x moves down: past none of its successors */
            for (int j = 0; j < nsuccs[x] && ok; j++)
                ok = pos[succs[x][j]] > to;
        }
        if (!ok)
            continue;
        move(order, pos, from, to);
        double c = cost(order, NULL);
        if (c <= cur || rng_unit() < exp((cur - c) / temp)) {
            cur = c;
            if (c < best_cost) {
                best_cost = c;
                memcpy(best, order, sizeof(int) * (size_t)n);
            }
        } else {
            move(order, pos, to, from);
        }
        if (it % 1000000 == 0) {
            char what[64];
            snprintf(what, sizeof what, "%ld moves: best cost", it);
            report(stderr, what, best_cost, best);
        }
    }
    FILE *out = fopen(argv[2], "w");
    if (!out) {
        perror(argv[2]);
        return 2;
    }
    for (int a = 0; a < n; a++)
        fprintf(out, "%d\n", best[a]);
    fclose(out);
    report(stdout, "best: cost", best_cost, best);
    return 0;
}
