// The C yardstick of BGZF on one thread: the file's blocks (gzip members that carry their own
// size) inflated one after another, each as one whole buffer into a 64 KiB output, with its
// CRC-32 and length checked, by each of the three decoders on this machine:
//   isal-stateless   Debian's libisal2 (libisal.so.2), isal_inflate_stateless: one call a block
//   isal-stream      the same library's streaming isal_inflate, given the whole block at once
//                    (what fastio's one-thread reader calls, less its copies and framing)
//   libdeflate       Debian's libdeflate0 (libdeflate.so.0), libdeflate_deflate_decompress_ex
//                    and libdeflate_crc32
//   zlib             zlib (libz.so.1), inflate with Z_FINISH and crc32
// It answers whether fastio's one-thread BGZF time is the decoder library's or fastio's calling
// pattern: the file is read into memory first, so only inflating and checking is timed.
// The libraries are opened with dlopen and their few entry points declared here, so the program
// builds with a bare `cc` (no -dev packages, no -l flags; MeasureProgramsBuildTest builds it so).
//
// Usage:
//   bgzfinflate [-r ROUNDS] MODE FILE.bgz       time: best and median of ROUNDS (default 7) passes
//   bgzfinflate -o OUT MODE FILE.bgz            write the inflated bytes to OUT (check: cmp with gzip -dc)
//   -l LIBRARY                                  the isal modes from another build of ISA-L: Intel GKL's
//                                               libgkl_compression.so exports the same isal_inflate*
//                                               (unzip it from gkl-0.8.11.jar, com/intel/gkl/native/)
// Output line (timing): "MODE FILE: BEST ms best, MEDIAN ms median of ROUNDS; N blocks, BYTES bytes out"
// Build and run from the repository root (fastio-data from ./fastio data):
//   cc -O2 -o /tmp/bgzfinflate docs/measure/bgzfinflate.c
//   for m in isal-stateless isal-stream libdeflate zlib; do /tmp/bgzfinflate $m fastio-data/ipv4-26000000.txt.bgz; done
//   /tmp/bgzfinflate -o /tmp/out libdeflate fastio-data/ipv4-26000000.txt.bgz && gzip -dc fastio-data/ipv4-26000000.txt.bgz | cmp - /tmp/out
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_OUT 65536

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void die(const char *what) {
    fprintf(stderr, "bgzfinflate: %s\n", what);
    exit(1);
}

static void *lib(const char *name) {
    void *h = dlopen(name, RTLD_NOW);
    if (!h) {
        fprintf(stderr, "bgzfinflate: %s\n", dlerror());
        exit(1);
    }
    return h;
}

static void *sym(void *h, const char *name) {
    void *f = dlsym(h, name);
    if (!f) {
        fprintf(stderr, "bgzfinflate: %s\n", dlerror());
        exit(1);
    }
    return f;
}

// ISA-L 2.30's struct inflate_state, the fields used (offsets from igzip_lib.h, as Isal.java has them)
#define ISAL_STATE_BYTES 87368
#define ISAL_NEXT_OUT 0
#define ISAL_AVAIL_OUT 8
#define ISAL_NEXT_IN 16
#define ISAL_AVAIL_IN 32
#define ISAL_BLOCK_STATE 21160
#define ISAL_CRC_FLAG 21172
#define ISAL_CRC 21176
#define ISAL_BLOCK_FINISH 5
#define ISAL_GZIP_NO_HDR 2
static void (*isal_inflate_init)(void *);
static int (*isal_inflate)(void *);
static int (*isal_inflate_stateless)(void *);
static unsigned char *isal_state;

#define FIELD(type, off) (*(type *) (isal_state + (off)))

// zlib's z_stream on LP64 (zlib.h 1.2.x)
typedef struct {
    const unsigned char *next_in;
    unsigned avail_in;
    unsigned long total_in;
    unsigned char *next_out;
    unsigned avail_out;
    unsigned long total_out;
    const char *msg;
    void *state;
    void *zalloc, *zfree, *opaque;
    int data_type;
    unsigned long adler, reserved;
} zstream;
static int (*z_inflateInit2_)(zstream *, int, const char *, int);
static int (*z_inflateReset)(zstream *);
static int (*z_inflate)(zstream *, int);
static unsigned long (*z_crc32)(unsigned long, const unsigned char *, unsigned);
static zstream zs;

static void *(*ld_alloc)(void);
static int (*ld_decompress_ex)(void *, const void *, size_t, void *, size_t, size_t *, size_t *);
static uint32_t (*ld_crc32)(uint32_t, const void *, size_t);
static void *ld;

enum mode { ISAL_STATELESS, ISAL_STREAM, LIBDEFLATE, ZLIB };

static const char *isal_library = "libisal.so.2";

static void bind(enum mode m) {
    if (m == ISAL_STATELESS || m == ISAL_STREAM) {
        void *h = lib(isal_library);
        isal_inflate_init = sym(h, "isal_inflate_init");
        isal_inflate = sym(h, "isal_inflate");
        isal_inflate_stateless = sym(h, "isal_inflate_stateless");
        if (posix_memalign((void **) &isal_state, 64, ISAL_STATE_BYTES)) die("out of memory");
        memset(isal_state, 0, ISAL_STATE_BYTES);
    } else if (m == LIBDEFLATE) {
        void *h = lib("libdeflate.so.0");
        ld_alloc = sym(h, "libdeflate_alloc_decompressor");
        ld_decompress_ex = sym(h, "libdeflate_deflate_decompress_ex");
        ld_crc32 = sym(h, "libdeflate_crc32");
        ld = ld_alloc();
        if (!ld) die("libdeflate_alloc_decompressor failed");
    } else {
        void *h = lib("libz.so.1");
        z_inflateInit2_ = sym(h, "inflateInit2_");
        z_inflateReset = sym(h, "inflateReset");
        z_inflate = sym(h, "inflate");
        z_crc32 = sym(h, "crc32");
        memset(&zs, 0, sizeof zs);
        if (z_inflateInit2_(&zs, -15, "1.2.13", (int) sizeof zs) != 0) die("inflateInit2 failed");
    }
}

// Inflates one block's deflate data into out; returns bytes out and sets *crc, or -1 when corrupt.
static long inflate_block(enum mode m, const unsigned char *in, size_t len, unsigned char *out, uint32_t *crc) {
    switch (m) {
    case ISAL_STATELESS:
        isal_inflate_init(isal_state);
        FIELD(uint32_t, ISAL_CRC_FLAG) = ISAL_GZIP_NO_HDR;
        FIELD(const unsigned char *, ISAL_NEXT_IN) = in;
        FIELD(uint32_t, ISAL_AVAIL_IN) = (uint32_t) len;
        FIELD(unsigned char *, ISAL_NEXT_OUT) = out;
        FIELD(uint32_t, ISAL_AVAIL_OUT) = MAX_OUT;
        if (isal_inflate_stateless(isal_state) != 0) return -1;
        *crc = FIELD(uint32_t, ISAL_CRC);
        return MAX_OUT - FIELD(uint32_t, ISAL_AVAIL_OUT);
    case ISAL_STREAM:
        isal_inflate_init(isal_state);
        FIELD(uint32_t, ISAL_CRC_FLAG) = ISAL_GZIP_NO_HDR;
        FIELD(const unsigned char *, ISAL_NEXT_IN) = in;
        FIELD(uint32_t, ISAL_AVAIL_IN) = (uint32_t) len;
        FIELD(unsigned char *, ISAL_NEXT_OUT) = out;
        FIELD(uint32_t, ISAL_AVAIL_OUT) = MAX_OUT;
        if (isal_inflate(isal_state) != 0 || FIELD(uint32_t, ISAL_BLOCK_STATE) != ISAL_BLOCK_FINISH) return -1;
        *crc = FIELD(uint32_t, ISAL_CRC);
        return MAX_OUT - FIELD(uint32_t, ISAL_AVAIL_OUT);
    case LIBDEFLATE: {
        size_t used, n;
        if (ld_decompress_ex(ld, in, len, out, MAX_OUT, &used, &n) != 0 || used != len) return -1;
        *crc = ld_crc32(0, out, n);
        return (long) n;
    }
    default:
        z_inflateReset(&zs);
        zs.next_in = in;
        zs.avail_in = (unsigned) len;
        zs.next_out = out;
        zs.avail_out = MAX_OUT;
        if (z_inflate(&zs, 4 /* Z_FINISH */) != 1 /* Z_STREAM_END */ || zs.avail_in != 0) return -1;
        *crc = (uint32_t) z_crc32(0, out, MAX_OUT - zs.avail_out);
        return MAX_OUT - zs.avail_out;
    }
}

static uint32_t le32(const unsigned char *p) {
    return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t) p[3] << 24;
}

// One pass over the file: every block inflated and checked; returns blocks, adds bytes to *total.
static long pass(enum mode m, const unsigned char *file, size_t size, unsigned char *out, FILE *sink, long *total) {
    long blocks = 0;
    for (size_t at = 0; at < size; blocks++) {
        const unsigned char *h = file + at;
        if (size - at < 18 || h[0] != 0x1f || h[1] != 0x8b || h[2] != 8 || !(h[3] & 4)) {
            fprintf(stderr, "bgzfinflate: no BGZF header at offset %zu\n", at);
            exit(1);
        }
        size_t xlen = h[10] | h[11] << 8, bsize = 0;
        for (size_t i = 12; i + 4 <= 12 + xlen && i + 4 <= size - at;) {
            size_t sl = h[i + 2] | h[i + 3] << 8;
            if (h[i] == 'B' && h[i + 1] == 'C' && sl == 2) bsize = (size_t) (h[i + 4] | h[i + 5] << 8) + 1;
            i += 4 + sl;
        }
        size_t data = 12 + xlen;
        if (bsize < data + 8 || bsize > size - at || (h[3] & ~4)) {
            fprintf(stderr, "bgzfinflate: not a BGZF block (or a flag it does not handle) at offset %zu\n", at);
            exit(1);
        }
        uint32_t crc;
        long n = inflate_block(m, h + data, bsize - data - 8, out, &crc);
        if (n < 0 || crc != le32(h + bsize - 8) || (uint32_t) n != le32(h + bsize - 4)) {
            fprintf(stderr, "bgzfinflate: bad block at offset %zu\n", at);
            exit(1);
        }
        if (sink && fwrite(out, 1, (size_t) n, sink) != (size_t) n) die("write failed");
        *total += n;
        at += bsize;
    }
    return blocks;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    int rounds = 7;
    const char *outPath = NULL;
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (!strcmp(argv[i], "-r")) rounds = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-o")) outPath = argv[i + 1];
        else if (!strcmp(argv[i], "-l")) isal_library = argv[i + 1];
        else break;
    }
    if (argc - i != 2 || rounds < 1 || rounds > 1000) {
        fprintf(stderr, "usage: bgzfinflate [-r ROUNDS | -o OUT] [-l LIBRARY] isal-stateless|isal-stream|libdeflate|zlib FILE.bgz\n");
        return 2;
    }
    const char *name = argv[i], *path = argv[i + 1];
    enum mode m;
    if (!strcmp(name, "isal-stateless")) m = ISAL_STATELESS;
    else if (!strcmp(name, "isal-stream")) m = ISAL_STREAM;
    else if (!strcmp(name, "libdeflate")) m = LIBDEFLATE;
    else if (!strcmp(name, "zlib")) m = ZLIB;
    else {
        fprintf(stderr, "bgzfinflate: unknown mode %s\n", name);
        return 2;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *file = malloc(size > 0 ? (size_t) size : 1), *out = malloc(MAX_OUT);
    if (!file || !out) die("out of memory");
    if (fread(file, 1, (size_t) size, f) != (size_t) size) die("read failed");
    fclose(f);
    bind(m);
    long total = 0, blocks;
    if (outPath) {
        FILE *sink = fopen(outPath, "wb");
        if (!sink) {
            perror(outPath);
            return 1;
        }
        pass(m, file, (size_t) size, out, sink, &total);
        if (fclose(sink)) die("write failed");
        return 0;
    }
    blocks = pass(m, file, (size_t) size, out, NULL, &total); // warm-up: pages, caches, the library
    double *t = malloc(sizeof(double) * (size_t) rounds);
    for (int r = 0; r < rounds; r++) {
        long ignored = 0;
        double start = now_ms();
        pass(m, file, (size_t) size, out, NULL, &ignored);
        t[r] = now_ms() - start;
    }
    qsort(t, (size_t) rounds, sizeof(double), by_value);
    printf("%s %s: %.1f ms best, %.1f ms median of %d; %ld blocks, %ld bytes out\n", name, path, t[0], t[rounds / 2], rounds,
           blocks, total);
    return 0;
}
