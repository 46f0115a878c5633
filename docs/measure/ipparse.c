/* Single-threaded C parsers for the IPv4 list, the yardstick fastio's parse is held to ("2x a single-threaded
 * C parser"). Each reads the file in 256 KB blocks with read(2), checks every line as strictly as
 * fastio does (1-3 digits, no leading zero, at most 255, four octets, LF or CRLF) and stores the
 * addresses in an int array. Timed in-process, the file already in the page cache:
 *   gcc -O2 -march=native -o /tmp/ipparse docs/measure/ipparse.c
 *   /tmp/ipparse fastio-data/ipv4-26000000.txt          every parser, best of 5 each
 *   /tmp/ipparse -r 3 shape fastio-data/ipv4-26000000.txt   one, as IpParseBenchmark's C yardsticks run it
 *   /tmp/ipparse --pack IN.txt OUT.bin                    parse and write, as `fastio ips pack` does
 *   /tmp/ipparse --check                                  every parser against "bytewise" (windows, near misses)
 * "bytewise" is the plain loop one would write first; "swar" looks at 16 bytes per line as two
 * 64-bit words and finds the newline and dots with bit tricks (see docs/BENCHMARKS.md, "the parse");
 * "block" is fastio's BlockKernel, newlines of a stretch first, then each line; "shape"
 * the published table-of-81-shapes design on the same stretch loop; "newlines" that loop alone;
 * "simd" the shapes with 16-byte vectors (SSSE3), the SIMD yardstick.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#define BLOCK (256 << 10)
#define PAD 32

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }

/* Parses b[0..to) (whole lines); returns the number of addresses, or -1 at a malformed line. */
static long bytewise(const uint8_t *b, long to, uint32_t *out) {
    long n = 0, i = 0;
    while (i < to) {
        uint32_t ip = 0;
        for (int octet = 0; octet < 4; octet++) {
            int v = 0, digits = 0;
            while (b[i] >= '0' && b[i] <= '9') {
                if (digits == 1 && v == 0) return -1; /* leading zero */
                v = v * 10 + (b[i] - '0');
                if (++digits > 3) return -1;
                i++;
            }
            if (digits == 0 || v > 255) return -1;
            ip = ip << 8 | (uint32_t)v;
            if (octet < 3) {
                if (b[i] != '.') return -1;
                i++;
            }
        }
        if (b[i] == '\r') i++;
        if (b[i] != '\n') return -1;
        i++;
        out[n++] = ip;
    }
    return n;
}

static inline uint64_t ld8(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static inline uint32_t ld4(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
#define HIGH 0x8080808080808080ULL
#define LOW7 0x7F7F7F7F7F7F7F7FULL
static int shapes[1 << 16];
static inline int first_nl(uint64_t x) {
    uint64_t y = x ^ 0x0A0A0A0A0A0A0A0AULL, m = (y - 0x0101010101010101ULL) & ~y & HIGH;
    return m ? __builtin_ctzll(m) >> 3 : 8;
}
static inline int gather(uint64_t h) { return (int)(((h >> 7) * 0x0102040810204080ULL) >> 56); }
static inline uint64_t zero_bytes(uint64_t y) { return ~(((y & LOW7) + LOW7) | y) & HIGH; }
static inline int digits3(const uint8_t *p, int len) { return (int)(((ld4(p) - 0x30303030u) << ((3 - len) << 3)) & 0xFFFFFF); }
static inline int range(int x, int len) {
    int r = (int)(__builtin_bswap32((uint32_t)x) >> 8);
    return (0x020505 - r) | (r - ((0x10000 >> ((3 - len) << 3)) & 0x10100));
}
static inline int value(int x) { return (int)(((uint32_t)x * 0x640A01u) >> 16) & 0xFF; }

/* One line at i: (next line start << 32) | address, or -1 (then the bytewise loop decides). */
static inline int64_t swar_line(const uint8_t *b, long i) {
    uint64_t lo = ld8(b + i), hi = ld8(b + i + 8);
    int nl = first_nl(lo);
    if (nl == 8) nl = 8 + first_nl(hi);
    int end = nl - (b[i + ((nl - 1) & 15)] == '\r');
    int dots = gather(zero_bytes(lo ^ 0x2E2E2E2E2E2E2E2EULL)) | gather(zero_bytes(hi ^ 0x2E2E2E2E2E2E2E2EULL)) << 8;
    int shape = shapes[((dots & ((1 << end) - 1)) | 1 << end) & 0xFFFF];
    int p1 = shape & 0xFF, p2 = (shape >> 8) & 0xFF, p3 = shape >> 16;
    int x1 = digits3(b + i, p1), x2 = digits3(b + i + p1 + 1, p2 - p1 - 1);
    int x3 = digits3(b + i + p2 + 1, p3 - p2 - 1), x4 = digits3(b + i + p3 + 1, end - p3 - 1);
    int bad = (shape - 1) | (15 - nl) | (nl - 7);
    bad |= -((((x1 + 0x767676) | x1 | (x2 + 0x767676) | x2 | (x3 + 0x767676) | x3 | (x4 + 0x767676) | x4)) & 0x808080);
    bad |= range(x1, p1) | range(x2, p2 - p1 - 1) | range(x3, p3 - p2 - 1) | range(x4, end - p3 - 1);
    if (bad < 0) return -1;
    uint32_t ip = (uint32_t)value(x1) << 24 | (uint32_t)value(x2) << 16 | (uint32_t)value(x3) << 8 | (uint32_t)value(x4);
    return (int64_t)(i + nl + 1) << 32 | ip;
}

static long swar(const uint8_t *b, long to, uint32_t *out) {
    long n = 0, i = 0;
    while (i < to) {
        int64_t r = swar_line(b, i);
        if (r < 0) {
            long e = i;
            while (b[e] != '\n') e++;
            long k = bytewise(b + i, e + 1 - i, out + n);
            if (k != 1) return -1;
            n++;
            i = e + 1;
            continue;
        }
        out[n++] = (uint32_t)r;
        i = r >> 32;
    }
    return n;
}


/* "block": fastio's BlockKernel. The newlines of a 4 KiB stretch are found first, 8 bytes
 * per step; then each line is parsed from its known start and end, so consecutive lines do not wait
 * for each other. The first three dots come from two 8-byte loads, the octets from 4-byte loads;
 * every rule is checked arithmetically, two branches per line. Line for line the same as the Java. */
#define STRETCH 4096
static inline int digits_at(const uint8_t *p, int len) { return (int)(((ld4(p) - 0x30303030u) << ((3 - len) << 3)) & 0xFFFFFF); }
static inline int first_digit_unit(int len) { return (1 << (((len - 1) & 3) << 3)) & ~1; }
static inline int64_t block_line(const uint8_t *b, long s, long nl) {
    int len = (int)(nl - s);
    if (len > 0 && b[nl - 1] == '\r') len--;
    uint64_t dl = zero_bytes(ld8(b + s) ^ 0x2E2E2E2E2E2E2E2EULL), dh = zero_bytes(ld8(b + s + 8) ^ 0x2E2E2E2E2E2E2E2EULL);
    int p1 = dl ? __builtin_ctzll(dl) >> 3 : 8; dl &= dl - 1;
    int p2 = dl ? __builtin_ctzll(dl) >> 3 : 8; dl &= dl - 1;
    int z = dl ? __builtin_ctzll(dl) : 64;
    int p3 = (z >> 3) + (((dh ? __builtin_ctzll(dh) : 64) >> 3) & -(z >> 6));
    int l2 = p2 - p1 - 1, l3 = p3 - p2 - 1, l4 = len - p3 - 1;
    int shape = (15 - len) | (p1 - 1) | (3 - p1) | (l2 - 1) | (3 - l2) | (l3 - 1) | (3 - l3) | (l4 - 1) | (3 - l4);
    if (shape < 0) return -1;
    int x1 = digits_at(b + s, p1), x2 = digits_at(b + s + p1 + 1, l2), x3 = digits_at(b + s + p2 + 1, l3), x4 = digits_at(b + s + p3 + 1, l4);
    int r1 = __builtin_bswap32(x1) >> 8, r2 = __builtin_bswap32(x2) >> 8, r3 = __builtin_bswap32(x3) >> 8, r4 = __builtin_bswap32(x4) >> 8;
    int bad = (((x1 + 0x767676) | x1 | (x2 + 0x767676) | x2 | (x3 + 0x767676) | x3 | (x4 + 0x767676) | x4) & 0x808080)
            | (int)((uint32_t)((0x020505 - r1) | (0x020505 - r2) | (0x020505 - r3) | (0x020505 - r4)
               | (r1 - first_digit_unit(p1)) | (r2 - first_digit_unit(l2)) | (r3 - first_digit_unit(l3)) | (r4 - first_digit_unit(l4))) >> 31);
    if (bad) return -1;
    return (int64_t)(((uint32_t)x1 * 0x640A01u) >> 16 & 0xFF) << 24 | (int64_t)(((uint32_t)x2 * 0x640A01u) >> 16 & 0xFF) << 16
         | (int64_t)(((uint32_t)x3 * 0x640A01u) >> 16 & 0xFF) << 8 | (int64_t)(((uint32_t)x4 * 0x640A01u) >> 16 & 0xFF);
}

/* The stretch loop that "block", "shape" and "newlines" share: the newlines of STRETCH bytes first,
 * then `line` on each line; a line it refuses goes to the bytewise parser, which has the last word. */
static inline __attribute__((always_inline)) long by_stretch(const uint8_t *b, long to, uint32_t *out,
                                                             int64_t (*line)(const uint8_t *, long, long)) {
    static int ends[STRETCH + 8];
    long n = 0, s = 0;
    while (s < to) {
        long stop = s + STRETCH < to ? s + STRETCH : to, k = s;
        int m = 0;
        for (; k + 8 <= stop; k += 8) {
            uint64_t nl = zero_bytes(ld8(b + k) ^ 0x0A0A0A0A0A0A0A0AULL);
            int c = __builtin_popcountll(nl);
            ends[m] = (int)(k + (__builtin_ctzll(nl | (1ULL << 63)) >> 3));
            nl &= nl - 1;
            ends[m + 1] = (int)(k + (__builtin_ctzll(nl | (1ULL << 63)) >> 3));
            for (int j = 2; j < c; j++) { nl &= nl - 1; ends[m + j] = (int)(k + (__builtin_ctzll(nl) >> 3)); }
            m += c;
        }
        for (; k < stop; k++) if (b[k] == '\n') ends[m++] = (int)k;
        if (m == 0) return -1;
        for (int j = 0; j < m; j++) {
            int64_t r = line(b, s, ends[j]);
            if (r < 0) {
                long k2 = bytewise(b + s, ends[j] + 1 - s, out + n);
                if (k2 != 1) return -1;
                n++;
            } else {
                out[n++] = (uint32_t)r;
            }
            s = ends[j] + 1;
        }
    }
    return n;
}

static long block(const uint8_t *b, long to, uint32_t *out) { return by_stretch(b, to, out, block_line); }

/* "shape" (the second design): the published SWAR approach the issue cites. The dots of the
 * line's 16 bytes become a 16-bit mask; with the line's end it indexes a table of the 81 valid
 * shapes (1-3 digits per octet), which gives the dots' positions and, per octet, which digit bytes
 * to keep and the least value without a leading zero. Each octet is one 4-byte load ending at its
 * last digit; two octets share a 64-bit word for the digit check, the value (two multiplies by 10)
 * and the range and leading-zero checks. One branch per line. Not in fastio: its Java port was no
 * faster than LineKernel (docs/BENCHMARKS.md, "IPv4 parse"). */
typedef struct { uint64_t keep12, keep34, least12, least34; uint32_t dots; } shape_t;
static shape_t shape_table[82]; /* [0]: no valid shape (dots == 0) */
static uint8_t shape_of[1 << 17];
static void init_shapes(void) {
    int ix = 1;
    for (int l1 = 1; l1 <= 3; l1++) for (int l2 = 1; l2 <= 3; l2++) for (int l3 = 1; l3 <= 3; l3++) for (int l4 = 1; l4 <= 3; l4++) {
        int l[4] = {l1, l2, l3, l4}, p1 = l1, p2 = p1 + 1 + l2, p3 = p2 + 1 + l3, e = p3 + 1 + l4;
        uint64_t keep[4], least[4];
        for (int i = 0; i < 4; i++) { keep[i] = (0xFFFFFFULL << (8 * (3 - l[i]))) & 0xFFFFFF; least[i] = l[i] == 1 ? 0 : l[i] == 2 ? 10 : 100; }
        shape_table[ix] = (shape_t){keep[0] | keep[1] << 32, keep[2] | keep[3] << 32, least[0] | least[1] << 32, least[2] | least[3] << 32,
                                    (uint32_t)(p1 | p2 << 4 | p3 << 8)};
        shape_of[1 << p1 | 1 << p2 | 1 << p3 | 1 << e] = (uint8_t)ix++;
    }
}
static inline uint64_t gather64(uint64_t high_bits) { return ((high_bits >> 7) * 0x0102040810204080ULL) >> 56; }
static inline int64_t shape_line(const uint8_t *b, long s, long nl) {
    long len = nl - s - (b[nl - 1] == '\r');
    uint64_t dl = zero_bytes(ld8(b + s) ^ 0x2E2E2E2E2E2E2E2EULL), dh = zero_bytes(ld8(b + s + 8) ^ 0x2E2E2E2E2E2E2E2EULL);
    /* the dots before the line's end and a bit at the end; a line over 15 bytes gets index 0, no shape */
    uint64_t within = len >= 1 && len <= 15 ? (1UL << len) - 1 : 0;
    uint64_t dots = (gather64(dl) | gather64(dh) << 8) & within;
    const shape_t *t = &shape_table[shape_of[within ? dots | (within + 1) : 0]];
    long p1 = t->dots & 15, p2 = (t->dots >> 4) & 15, p3 = (t->dots >> 8) & 15;
    const uint8_t *q = b + s - 3; /* octet i is the 3 bytes before its dot or the line's end */
    uint64_t a = (((uint64_t)ld4(q + p1) | (uint64_t)ld4(q + p2) << 32) ^ 0x0030303000303030ULL) & t->keep12;
    uint64_t c = (((uint64_t)ld4(q + p3) | (uint64_t)ld4(q + len) << 32) ^ 0x0030303000303030ULL) & t->keep34;
    uint64_t bad = ((a + 0x0076767600767676ULL) | a | (c + 0x0076767600767676ULL) | c) & 0x0080808000808080ULL;
    uint64_t ya = a * 10 + (a >> 8), yc = c * 10 + (c >> 8); /* byte 0: hundreds * 10 + tens */
    uint64_t za = (ya & 0x000000FF000000FFULL) * 10 + ((a >> 16) & 0x000000FF000000FFULL);
    uint64_t zc = (yc & 0x000000FF000000FFULL) * 10 + ((c >> 16) & 0x000000FF000000FFULL);
    bad |= (za | zc) & 0xFFFFFF00FFFFFF00ULL;
    bad |= ~(((za | 0x4000000040000000ULL) - t->least12) & ((zc | 0x4000000040000000ULL) - t->least34)) & 0x4000000040000000ULL;
    bad |= (uint64_t)(t->dots == 0);
    if (bad) return -1;
    return (int64_t)((za & 0xFF) << 24 | (za >> 32 & 0xFF) << 16 | (zc & 0xFF) << 8 | (zc >> 32 & 0xFF));
}
static long shape(const uint8_t *b, long to, uint32_t *out) { return by_stretch(b, to, out, shape_line); }

/* "simd" (the SIMD yardstick): the "shape" design with 16-byte vectors (SSSE3), as published SIMD
 * IPv4 parsers do it (W. Mula, "SIMD-ized parsing of IPv4 addresses"). One compare finds the
 * line's dots; their mask and the line's end pick one of the 81 shapes, whose shuffle gathers each
 * octet's digits into a 4-byte lane [hundreds, tens, ones, 0] (missing digits are 0); one unsigned
 * max checks that every gathered byte is a digit, two multiply-adds give the four values, one
 * compare checks each against 255 and against the least value without a leading zero (10 or 100),
 * and a last shuffle packs the four bytes big-endian. One branch per line; a refused line goes to
 * "bytewise", as in the others. x86-64 with SSSE3 only; elsewhere the mode says it is missing. */
#if defined(__x86_64__)
typedef struct { uint8_t gather[16]; int32_t least[4]; } vshape_t;
static vshape_t vshape_table[82]; /* [0]: a shape that refuses every line */
static void init_vshapes(void) {
    memset(&vshape_table[0], 0, sizeof vshape_table[0]);
    for (int i = 0; i < 4; i++) vshape_table[0].least[i] = 1000; /* no value reaches it: refused */
    int ix = 1;
    for (int l1 = 1; l1 <= 3; l1++) for (int l2 = 1; l2 <= 3; l2++) for (int l3 = 1; l3 <= 3; l3++) for (int l4 = 1; l4 <= 3; l4++) {
        int l[4] = {l1, l2, l3, l4}, start = 0;
        vshape_t *t = &vshape_table[ix++]; /* the same order as init_shapes(), so shape_of indexes both */
        memset(t->gather, 0x80, 16);
        for (int o = 0; o < 4; o++) {
            for (int j = 0; j < l[o]; j++) t->gather[4 * o + (3 - l[o]) + j] = (uint8_t)(start + j);
            t->least[o] = l[o] == 1 ? 0 : l[o] == 2 ? 10 : 100;
            start += l[o] + 1;
        }
    }
}
__attribute__((target("ssse3"))) static inline int64_t simd_line(const uint8_t *b, long s, long nl) {
    long len = nl - s - (b[nl - 1] == '\r');
    __m128i v = _mm_loadu_si128((const __m128i *)(b + s));
    uint32_t within = len >= 1 && len <= 15 ? (1u << len) - 1 : 0;
    uint32_t dots = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('.'))) & within;
    const vshape_t *t = &vshape_table[shape_of[within ? dots | (within + 1) : 0]];
    __m128i d = _mm_shuffle_epi8(_mm_sub_epi8(v, _mm_set1_epi8('0')), _mm_loadu_si128((const __m128i *)t->gather));
    __m128i notdigit = _mm_cmpeq_epi8(_mm_max_epu8(d, _mm_set1_epi8(9)), _mm_set1_epi8(9)); /* all ones where <= 9 */
    __m128i w = _mm_setr_epi8(100, 10, 1, 0, 100, 10, 1, 0, 100, 10, 1, 0, 100, 10, 1, 0);
    __m128i values = _mm_madd_epi16(_mm_maddubs_epi16(d, w), _mm_set1_epi16(1)); /* four int32: the octets */
    __m128i least = _mm_loadu_si128((const __m128i *)t->least);
    __m128i out_of_range = _mm_or_si128(_mm_cmpgt_epi32(values, _mm_set1_epi32(255)), _mm_cmpgt_epi32(least, values));
    if ((_mm_movemask_epi8(notdigit) != 0xFFFF) | (_mm_movemask_epi8(out_of_range) != 0)) return -1;
    return (uint32_t)_mm_cvtsi128_si32(_mm_shuffle_epi8(values, _mm_setr_epi8(12, 8, 4, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)));
}
__attribute__((target("ssse3"))) static long simd(const uint8_t *b, long to, uint32_t *out) { return by_stretch(b, to, out, simd_line); }
static int simd_here(void) { return __builtin_cpu_supports("ssse3"); }
#else
static void init_vshapes(void) {}
static long simd(const uint8_t *b, long to, uint32_t *out) { (void)b; (void)to; (void)out; return -1; }
static int simd_here(void) { return 0; }
#endif

/* "newlines": the stretch loop alone, each line's "address" its start. What any parser built on
 * finding the newlines first pays before it looks at a digit (with the read, in run()). */
static inline int64_t start_only(const uint8_t *b, long s, long nl) { (void)b; (void)nl; return s & 0x7FFFFFFF; }
static long newlines(const uint8_t *b, long to, uint32_t *out) { return by_stretch(b, to, out, start_only); }

/* Reads the whole file block by block, carrying a partial last line over. */
static long run(const char *path, long (*parse)(const uint8_t *, long, uint32_t *), uint32_t *out) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) { perror(path); exit(1); }
    static uint8_t mem[8 + BLOCK + 64 + PAD];
    uint8_t *buf = mem + 8; /* "shape" reads up to 2 bytes before a line */
    long carry = 0, n = 0;
    for (;;) {
        ssize_t r = read(fd, buf + carry, BLOCK);
        if (r < 0) { perror("read"); exit(1); }
        long limit = carry + r;
        long end = limit;
        if (r == 0) {
            if (limit > 0 && buf[limit - 1] != '\n') buf[limit++] = '\n';
            end = limit;
        } else {
            while (end > 0 && buf[end - 1] != '\n') end--;
        }
        long k = parse(buf, end, out + n);
        if (k < 0) { fprintf(stderr, "malformed line near address %ld\n", n); exit(2); }
        n += k;
        carry = limit - end;
        if (carry > 64) { fprintf(stderr, "a line longer than 64 bytes near address %ld\n", n); exit(2); }
        memmove(buf, buf + end, carry);
        if (r == 0) break;
    }
    close(fd);
    return n;
}

/* "--pack IN OUT": what `fastio ips pack IN OUT` does, single-threaded: parse IN with "shape" (the
 * fastest here), write the addresses as big-endian ints to OUT.tmp and rename it to OUT (no fsync;
 * fastio's default does none either). One parse per process, so that whole processes can be timed
 * side by side with fastio's (docs/measure/ippack-race.sh). */
static int pack(const char *in, const char *out_path) {
    uint32_t *out = malloc(sizeof(uint32_t) * 60000000L);
    long n = run(in, shape, out);
    if (n < 0) { fprintf(stderr, "%s: a malformed line\n", in); return 2; }
    for (long i = 0; i < n; i++) out[i] = __builtin_bswap32(out[i]);
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", out_path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) { perror(tmp); return 1; }
    const char *p = (const char *)out;
    for (long left = n * 4; left > 0;) {
        ssize_t w = write(fd, p, left > (1L << 30) ? (1L << 30) : left);
        if (w < 0) { perror("write"); return 1; }
        p += w; left -= w;
    }
    if (close(fd) != 0 || rename(tmp, out_path) != 0) { perror(out_path); return 1; }
    return 0;
}

#define PARSERS 6
static const char *names[PARSERS] = {"bytewise", "swar", "block", "shape", "newlines", "simd"};
static long (*const parsers[PARSERS])(const uint8_t *, long, uint32_t *) = {bytewise, swar, block, shape, newlines, simd};

/* "--check": every parser but "newlines" against "bytewise", on a buffer of two lines each: the
 * first has each of the 81 shapes (digits drawn at random, LF or CRLF) and then, at each of the 16
 * bytes of the window a parser reads, each of the 256 byte values; then near misses written out.
 * Same count and same addresses, or both refusing. Prints the first difference; exit 1 if any. */
static int check_one(const uint8_t *text, long len, const char *what) {
    static uint8_t buf[64 + PAD];
    static uint32_t want[8], got[8];
    if (len > 64) return 0;
    memset(buf, 'x', sizeof buf);
    memcpy(buf, text, (size_t)len);
    long n = bytewise(buf, len, want);
    for (int p = 1; p < PARSERS; p++) {
        if (p == 4 || (p == 5 && !simd_here())) continue;
        long k = parsers[p](buf, len, got);
        if (k != n || (n > 0 && memcmp(want, got, sizeof(uint32_t) * (size_t)n) != 0)) {
            fprintf(stderr, "%s differs from bytewise on %s: %ld vs %ld lines, \"", names[p], what, k, n);
            for (long i = 0; i < len; i++) fprintf(stderr, buf[i] >= 32 && buf[i] < 127 ? "%c" : "\\x%02x", buf[i]);
            fprintf(stderr, "\"\n");
            return 1;
        }
    }
    return 0;
}
static int check(void) {
    static const char *misses[] = {"01.2.3.4\n", "1.2.3.04\n", "256.1.1.1\n", "1.1.1.256\n", "999.1.1.1\n", "1000.1.1.1\n", "1..2.3\n",
        "1.2.3\n", "1.2.3.4.5\n", "1.2.3.4.\n", ".1.2.3\n", "1.2.3.4\r\r\n", "1.2.3.4 \n", " 1.2.3.4\n", "1.2.3.4\r\n",
        "255.255.255.255\n", "0.0.0.0\n", "100.200.250.255\r\n", "1.2.3.4\n", "\n", "\r\n", "00.1.1.1\n", "1.1.1.1111\n",
        "255.255.255.2555\n", "1.2.3.4\x00\n", "1.2.3.4/\n", "1.2.3.:\n", "12.34.56.789\n"};
    int bad = 0;
    for (size_t i = 0; i < sizeof misses / sizeof *misses; i++) bad |= check_one((const uint8_t *)misses[i], (long)strlen(misses[i]), "a near miss");
    uint64_t seed = 88172645463325252ULL;
    for (int l1 = 1; l1 <= 3; l1++) for (int l2 = 1; l2 <= 3; l2++) for (int l3 = 1; l3 <= 3; l3++) for (int l4 = 1; l4 <= 3; l4++)
    for (int crlf = 0; crlf < 2; crlf++) {
        uint8_t line[64];
        int l[4] = {l1, l2, l3, l4}, k = 0;
        for (int o = 0; o < 4; o++) {
            for (int j = 0; j < l[o]; j++) {
                seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;
                line[k++] = (uint8_t)('0' + (j == 0 && l[o] > 1 ? 1 + seed % 2 : seed % 10)); /* at most 2xx: mostly valid */
            }
            if (o < 3) line[k++] = '.';
        }
        if (crlf) line[k++] = '\r';
        line[k++] = '\n';
        memcpy(line + k, "9.8.7.6\n", 8);
        long len = k + 8;
        bad |= check_one(line, len, "a valid line");
        for (int at = 0; at < 16 && at < len - 1; at++) {
            for (int v = 0; v < 256; v++) {
                uint8_t m[64];
                memcpy(m, line, (size_t)len);
                m[at] = (uint8_t)v;
                bad |= check_one(m, len, "a changed byte");
                if (bad) return 1;
            }
        }
    }
    printf("%s: every parser agrees with bytewise\n", bad ? "FAILED" : "ok");
    return bad;
}

/* "-r ROUNDS MODE FILE": one parser, best of ROUNDS, printed as readfloor.c prints its modes
 * ("MODE FILE: N ns (best of the rounds)"), which is how IpParseBenchmark's C yardsticks read it.
 * A malformed line exits with status 2, as the all-modes run does. */
static int one(int rounds, const char *mode, const char *path) {
    for (int p = 0; p < PARSERS; p++) {
        if (strcmp(mode, names[p]) != 0) continue;
        if (p == 5 && !simd_here()) { fprintf(stderr, "simd needs an x86-64 CPU with SSSE3\n"); return 1; }
        uint32_t *out = malloc(sizeof(uint32_t) * 60000000L);
        double best = 1e30;
        for (int rep = 0; rep < (rounds > 0 ? rounds : 1); rep++) {
            double t = now();
            run(path, parsers[p], out);
            double ms = now() - t;
            if (ms < best) best = ms;
        }
        printf("%s %s: %.0f ns (best of the rounds)\n", mode, path, best * 1e6);
        free(out);
        return 0;
    }
    fprintf(stderr, "unknown mode %s (bytewise, swar, block, shape, newlines or simd)\n", mode);
    return 1;
}

int main(int argc, char **argv) {
    init_shapes();
    init_vshapes();
    if (argc == 2 && strcmp(argv[1], "--check") == 0) return check();
    if (argc == 4 && strcmp(argv[1], "--pack") == 0) return pack(argv[2], argv[3]);
    if (argc == 5 && strcmp(argv[1], "-r") == 0) return one(atoi(argv[2]), argv[3], argv[4]);
    if (argc != 2) { fprintf(stderr, "usage: %s FILE | -r ROUNDS MODE FILE | --pack IN OUT | --check\n", argv[0]); return 1; }
    for (int l1 = 1; l1 <= 3; l1++) for (int l2 = 1; l2 <= 3; l2++) for (int l3 = 1; l3 <= 3; l3++) for (int l4 = 1; l4 <= 3; l4++) {
        int p1 = l1, p2 = p1 + 1 + l2, p3 = p2 + 1 + l3, e = p3 + 1 + l4;
        shapes[1 << p1 | 1 << p2 | 1 << p3 | 1 << e] = p1 | p2 << 8 | p3 << 16;
    }
    for (int p = 0; p < PARSERS; p++) {
        if (p == 5 && !simd_here()) continue;
        uint32_t *out = malloc(sizeof(uint32_t) * 60000000L); /* one array, reused: the JVM's heap is pre-touched too */
        double best = 1e30;
        long n = 0;
        for (int rep = 0; rep < 5; rep++) {
            double t = now();
            n = run(argv[1], parsers[p], out);
            double ms = now() - t;
            if (ms < best) best = ms;
        }
        printf("%-8s %ld addresses, best of 5: %.1f ms (%.2f ns per line), checksum %u\n", names[p], n, best, best * 1e6 / n, out[n / 2]);
        free(out);
    }
    return 0;
}
