/* What writing and hashing LoopSim's trace text costs, in plain C: the bytes of a trace formatted from their
 * numbers and hashed.
 *
 *   tracehash FILE [REPS]   FILE is a `loopsim run --trace` JSON-lines file. Each line is split into literal
 *                           pieces (interned, so they sit in cache as a formatter's keys and names would) and
 *                           the integers between them. Timed, best of REPS (default 5): writing every line back
 *                           into an 8 KiB buffer (memcpy of the pieces, integers formatted two digits at a time)
 *                           and hashing each full buffer with streaming XXH64 (seed 0). Prints one JSON line:
 *                           bytes, lines, the hash (`trace_hash`: XXH64 of the file, checked against the file's
 *                           own bytes), and format_hash_cpu_s.
 *
 * Until issue 22 the run's hash was XXH64 of these bytes (`xxhsum -H64` of the trace file), so every fire had
 * to write and hash them: this floor showed no simulator keeping that definition could meet the storm target.
 * The run's `fingerprint` now folds each event's ingredients (docs/scenario-format.md 12.1) and the text is
 * written only for `--trace`; the floor is what such a run still pays for its text, compared in BENCHMARKS.md
 * with the C heap's pop and push. XXH64 as specified in github.com/Cyan4973/xxHash (doc/xxhash_spec.md).
 * Build: cc -O2 -o tracehash tracehash.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* MARK: XXH64 */

static const uint64_t P1 = 11400714785074694791ULL, P2 = 14029467366897019727ULL, P3 = 1609587929392839161ULL,
                      P4 = 9650029242287828579ULL, P5 = 2870177450012600261ULL;

static inline uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
static inline uint64_t read64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static inline uint32_t read32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static inline uint64_t round64(uint64_t acc, uint64_t lane) { return rotl(acc + lane * P2, 31) * P1; }
static inline uint64_t merge(uint64_t acc, uint64_t v) { return (acc ^ round64(0, v)) * P1 + P4; }

typedef struct {
    uint64_t v[4], total;
    uint8_t mem[32];
    size_t used;
} xxh64_state;

static void xxh64_reset(xxh64_state *s) {
    s->v[0] = P1 + P2; s->v[1] = P2; s->v[2] = 0; s->v[3] = -P1;
    s->total = 0; s->used = 0;
}

static inline void stripe(uint64_t v[4], const uint8_t *p) {
    v[0] = round64(v[0], read64(p)); v[1] = round64(v[1], read64(p + 8));
    v[2] = round64(v[2], read64(p + 16)); v[3] = round64(v[3], read64(p + 24));
}

static void xxh64_update(xxh64_state *s, const uint8_t *p, size_t len) {
    const uint8_t *end = p + len;
    s->total += len;
    if (s->used + len < 32) { memcpy(s->mem + s->used, p, len); s->used += len; return; }
    if (s->used) {
        size_t fill = 32 - s->used;
        memcpy(s->mem + s->used, p, fill);
        stripe(s->v, s->mem);
        p += fill; s->used = 0;
    }
    for (; p + 32 <= end; p += 32) stripe(s->v, p);
    s->used = (size_t)(end - p);
    memcpy(s->mem, p, s->used);
}

static uint64_t xxh64_digest(const xxh64_state *s) {
    uint64_t h;
    if (s->total >= 32) {
        const uint64_t *v = s->v;
        h = rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18);
        h = merge(merge(merge(merge(h, v[0]), v[1]), v[2]), v[3]);
    } else {
        h = P5;
    }
    h += s->total;
    const uint8_t *p = s->mem, *end = s->mem + s->used;
    for (; p + 8 <= end; p += 8) h = rotl(h ^ round64(0, read64(p)), 27) * P1 + P4;
    if (p + 4 <= end) { h = rotl(h ^ ((uint64_t)read32(p) * P1), 23) * P2 + P3; p += 4; }
    for (; p < end; p++) h = rotl(h ^ (*p * P5), 11) * P1;
    h ^= h >> 33; h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32;
    return h;
}

/* MARK: Lines as pieces and integers */

/* A line is a run of tokens: a literal piece (its index in the interned table) or INT (the next integer). */
enum { INT = 0xFFFF, MAX_PIECES = 0xFFFE };

typedef struct { const uint8_t *bytes; uint32_t len; } piece;

static piece pieces[MAX_PIECES];
static uint32_t piece_count;
static uint32_t *slots; /* open-addressing table of piece indices + 1 */
static size_t slot_mask;

static uint32_t intern(const uint8_t *p, uint32_t len) {
    uint64_t h = 1469598103934665603ULL;
    for (uint32_t i = 0; i < len; i++) h = (h ^ p[i]) * 1099511628211ULL;
    for (size_t i = h & slot_mask;; i = (i + 1) & slot_mask) {
        if (!slots[i]) {
            if (piece_count == MAX_PIECES) { fprintf(stderr, "too many distinct pieces\n"); exit(1); }
            pieces[piece_count] = (piece){p, len};
            slots[i] = ++piece_count;
            return piece_count - 1;
        }
        piece *q = &pieces[slots[i] - 1];
        if (q->len == len && memcmp(q->bytes, p, len) == 0) return slots[i] - 1;
    }
}

static const char DIGIT_PAIRS[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* Writes v (non-negative) in decimal at out; returns the number of bytes. */
static inline int format_uint(uint8_t *out, uint64_t v) {
    uint8_t tmp[20];
    int n = 20;
    while (v >= 100) { n -= 2; memcpy(tmp + n, DIGIT_PAIRS + 2 * (v % 100), 2); v /= 100; }
    if (v >= 10) { n -= 2; memcpy(tmp + n, DIGIT_PAIRS + 2 * v, 2); } else { tmp[--n] = (uint8_t)('0' + v); }
    memcpy(out, tmp + n, 20 - n);
    return 20 - n;
}

static double cpu(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: tracehash FILE [REPS]\n"); return 2; }
    int reps = argc > 2 ? atoi(argv[2]) : 5;
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *bytes = malloc(len > 0 ? (size_t)len : 1);
    if (!bytes || fread(bytes, 1, (size_t)len, f) != (size_t)len) { fprintf(stderr, "cannot read %s\n", argv[1]); return 1; }
    fclose(f);

    /* Split: a digit run that does not start with a 0 (unless it is "0") is an integer; the rest are pieces. */
    slot_mask = (1u << 17) - 1;
    slots = calloc(slot_mask + 1, sizeof *slots);
    uint16_t *tokens = malloc(sizeof *tokens * (size_t)(len + 1));
    uint64_t *ints = malloc(sizeof *ints * (size_t)(len / 2 + 1));
    size_t ntokens = 0, nints = 0;
    long lines = 0;
    for (long i = 0; i < len;) {
        long j = i;
        while (j < len && !(bytes[j] >= '0' && bytes[j] <= '9')) j++;
        if (j > i) tokens[ntokens++] = (uint16_t)intern(bytes + i, (uint32_t)(j - i));
        if (j >= len) break;
        long k = j;
        uint64_t v = 0;
        while (k < len && bytes[k] >= '0' && bytes[k] <= '9' && k - j < 19) v = v * 10 + (bytes[k++] - '0');
        if (bytes[j] == '0' && k - j > 1) { /* leading zero: keep it as text */
            tokens[ntokens++] = (uint16_t)intern(bytes + j, (uint32_t)(k - j));
        } else {
            tokens[ntokens++] = INT;
            ints[nints++] = v;
        }
        i = k;
    }
    for (long i = 0; i < len; i++) lines += bytes[i] == '\n';

    /* Timed: format every token into an 8 KiB buffer, hashing each full buffer. */
    enum { BLOCK = 8192, ROOM = 8192 + 4096 };
    static uint8_t buffer[ROOM];
    uint64_t h = 0;
    double best = 1e300;
    for (int r = 0; r < reps; r++) {
        double t0 = cpu();
        xxh64_state s;
        xxh64_reset(&s);
        size_t used = 0, n = 0;
        for (size_t t = 0; t < ntokens; t++) {
            if (tokens[t] == INT) {
                used += (size_t)format_uint(buffer + used, ints[n++]);
            } else {
                const piece *p = &pieces[tokens[t]];
                if (used + p->len > ROOM) { xxh64_update(&s, buffer, used); used = 0; }
                if (p->len > ROOM) { xxh64_update(&s, p->bytes, p->len); continue; }
                memcpy(buffer + used, p->bytes, p->len);
                used += p->len;
            }
            if (used >= BLOCK) { xxh64_update(&s, buffer, used); used = 0; }
        }
        xxh64_update(&s, buffer, used);
        h = xxh64_digest(&s);
        double t = cpu() - t0;
        if (t < best) best = t;
    }

    xxh64_state s;
    xxh64_reset(&s);
    xxh64_update(&s, bytes, (size_t)len);
    if (h != xxh64_digest(&s)) { fprintf(stderr, "formatted bytes differ from the file's\n"); return 1; }
    printf("{\"bytes\": %ld, \"lines\": %ld, \"pieces\": %u, \"trace_hash\": \"%016llx\", \"format_hash_cpu_s\": %.6f}\n",
           len, lines, piece_count, (unsigned long long)h, best);
    return 0;
}
