/* The floor for the LoopSim benchmarks: the same workloads on a plain binary heap, no simulator around it.
 *
 *   heap storm N T_NS   timer k repeats every INTERVALS[k % 3] ns, first due at that interval + (k % 1000) us;
 *                       entries (time, sequence, id) in a binary min-heap; every entry due at or before T_NS
 *                       is popped, counted as a fire, and pushed back at time + interval with a new sequence
 *                       (done as one replace-top + sift-down). Same fires as LoopSim and SimPy.
 *   heap churn M        M objects allocated (malloc, a slot in an id table with a free list, refcount 1) and
 *                       released (refcount 0: free, slot recycled), one at a time: LoopSim's alloc/release.
 *
 * Prints one JSON line: setup_s, run_s (wall), setup_cpu_s, run_cpu_s (process CPU time), fires or objects,
 * and a checksum. Build: cc -O2 -o heap heap.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const int64_t INTERVALS[3] = {16666667, 100000000, 1000000000};

typedef struct { int64_t time; uint64_t seq; uint32_t id; } entry;

static inline int less(const entry *a, const entry *b) {
    return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* CPU time of this process: what a run costs when the machine is shared (wall time counts the waits). */
static double cpu(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sift_up(entry *h, size_t i) {
    entry e = h[i];
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!less(&e, &h[p])) break;
        h[i] = h[p];
        i = p;
    }
    h[i] = e;
}

static void sift_down(entry *h, size_t n, size_t i) {
    entry e = h[i];
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && less(&h[c + 1], &h[c])) c++;
        if (!less(&h[c], &e)) break;
        h[i] = h[c];
        i = c;
    }
    h[i] = e;
}

static int storm(size_t n, int64_t until) {
    double t0 = now(), c0 = cpu();
    entry *h = malloc(n * sizeof(entry));
    int64_t *interval = malloc(n * sizeof(int64_t));
    uint64_t seq = 0;
    for (size_t k = 0; k < n; k++) {
        interval[k] = INTERVALS[k % 3];
        h[k] = (entry){interval[k] + (int64_t)(k % 1000) * 1000, seq++, (uint32_t)k};
        sift_up(h, k);
    }
    double t1 = now(), c1 = cpu();
    uint64_t fires = 0, checksum = 0;
    while (n > 0 && h[0].time <= until) {
        fires++;
        checksum = checksum * 31 + h[0].id;
        h[0].time += interval[h[0].id];
        h[0].seq = seq++;
        sift_down(h, n, 0);
    }
    double t2 = now(), c2 = cpu();
    printf("{\"setup_s\": %.6f, \"run_s\": %.6f, \"setup_cpu_s\": %.6f, \"run_cpu_s\": %.6f, \"fires\": %llu, "
           "\"checksum\": %llu}\n", t1 - t0, t2 - t1, c1 - c0, c2 - c1, (unsigned long long)fires,
           (unsigned long long)checksum);
    free(h);
    free(interval);
    return 0;
}

typedef struct { uint32_t index, generation, retain; uint32_t cls; void *slots[3]; } object;

static int churn(size_t m) {
    double t0 = now(), c0 = cpu();
    size_t cap = 1024, count = 0, nfree = 0;
    object **table = calloc(cap, sizeof(object *));
    uint32_t *generations = calloc(cap, sizeof(uint32_t));
    uint32_t *freelist = malloc(cap * sizeof(uint32_t));
    uint64_t checksum = 0;
    for (size_t i = 0; i < m; i++) {
        uint32_t index;
        if (nfree) index = freelist[--nfree];
        else {
            if (count == cap) {
                cap *= 2;
                table = realloc(table, cap * sizeof(object *));
                generations = realloc(generations, cap * sizeof(uint32_t));
                freelist = realloc(freelist, cap * sizeof(uint32_t));
            }
            index = (uint32_t)count++;
            generations[index] = 0;
        }
        object *o = malloc(sizeof(object));
        *o = (object){index, generations[index], 1, 1, {0, 0, 0}};
        table[index] = o;
        /* release: the last strong reference goes, the object is freed and its slot recycled */
        object *r = table[index];
        if (--r->retain == 0) {
            checksum += r->index + r->generation;
            table[index] = NULL;
            generations[index]++;
            freelist[nfree++] = index;
            free(r);
        }
    }
    double t1 = now(), c1 = cpu();
    printf("{\"setup_s\": 0, \"run_s\": %.6f, \"run_cpu_s\": %.6f, \"objects\": %zu, \"checksum\": %llu}\n",
           t1 - t0, c1 - c0, m, (unsigned long long)checksum);
    free(table);
    free(generations);
    free(freelist);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 4 && !strcmp(argv[1], "storm")) return storm(strtoull(argv[2], 0, 10), strtoll(argv[3], 0, 10));
    if (argc == 3 && !strcmp(argv[1], "churn")) return churn(strtoull(argv[2], 0, 10));
    fprintf(stderr, "usage: heap storm N T_NS | heap churn M\n");
    return 2;
}
