/* Single-threaded C parsers for the IPv4 list, the yardstick issue 3 names ("2x a single-threaded
 * C parser"). Both read the file in 256 KB blocks with read(2), check every line as strictly as
 * fastio does (1-3 digits, no leading zero, at most 255, four octets, LF or CRLF) and store the
 * addresses in an int array. Timed in-process, best of 5, the file already in the page cache:
 *   gcc -O2 -march=native -o /tmp/ipparse docs/measure/ipparse.c
 *   /tmp/ipparse fastio-data/ipv4-26000000.txt
 * "bytewise" is the plain loop one would write first; "swar" looks at 16 bytes per line as two
 * 64-bit words and finds the newline and dots with bit tricks (see docs/BENCHMARKS.md, "the parse");
 * "block" is fastio's BlockKernel (issue 18), newlines of a stretch first, then each line.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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


/* "block": fastio's BlockKernel (issue 18). The newlines of a 4 KiB stretch are found first, 8 bytes
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

static long block(const uint8_t *b, long to, uint32_t *out) {
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
            int64_t r = block_line(b, s, ends[j]);
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

/* Reads the whole file block by block, carrying a partial last line over. */
static long run(const char *path, long (*parse)(const uint8_t *, long, uint32_t *), uint32_t *out) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) { perror(path); exit(1); }
    static uint8_t buf[BLOCK + 64 + PAD];
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

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s FILE\n", argv[0]); return 1; }
    for (int l1 = 1; l1 <= 3; l1++) for (int l2 = 1; l2 <= 3; l2++) for (int l3 = 1; l3 <= 3; l3++) for (int l4 = 1; l4 <= 3; l4++) {
        int p1 = l1, p2 = p1 + 1 + l2, p3 = p2 + 1 + l3, e = p3 + 1 + l4;
        shapes[1 << p1 | 1 << p2 | 1 << p3 | 1 << e] = p1 | p2 << 8 | p3 << 16;
    }
    const char *names[] = {"bytewise", "swar", "block"};
    long (*parsers[])(const uint8_t *, long, uint32_t *) = {bytewise, swar, block};
    for (int p = 0; p < 3; p++) {
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
