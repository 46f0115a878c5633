// The C yardsticks of the native layer: what reading a file costs the kernel, with no
// JVM around it. Three loops, each timed best-of-N in nanoseconds per operation:
//   small FILE...   open + fstat + read of the whole file into a malloc'ed buffer of its size + close
//   load FILE       one read of the whole file into a resident buffer of its size (touched before
//                   timing, so no page faults count): the floor for a load into an existing array
//   staged FILE     the same destination filled through a 256 KiB buffer that stays in the CPU cache
//                   (read a chunk, memcpy it on): on machines where the kernel's copy into a large
//                   cold buffer is slow, this is the faster of the two, and the honest floor
//   stat FILE       one stat() of the file: the floor for a validated FileCache hit
// Options before the mode: -n OPS (small/stat calls per round, default 200000), -r ROUNDS (default 7
// for small/stat, 20 for load/staged). Each line of output: "MODE FILE: NS ns (best of the rounds)";
// fastio-bench's CYardstick runs this program and reads that line.
// Build and run from the repository root:
//   gcc -O2 -o /tmp/readfloor docs/measure/readfloor.c
//   /tmp/readfloor small fastio-data/binary-16.bin fastio-data/binary-4096.bin fastio-data/binary-32768.bin
//   /tmp/readfloor load fastio-data/ipv4-26000000.bin
//   /tmp/readfloor stat fastio-data/binary-4096.bin
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static long small_once(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) { perror(path); exit(1); }
    struct stat st;
    if (fstat(fd, &st) < 0) { perror("fstat"); exit(1); }
    char *buf = malloc(st.st_size + 1);
    long n = 0, r;
    while ((r = read(fd, buf + n, st.st_size + 1 - n)) > 0) n += r; // one byte more: finds end of file, as Java does
    close(fd);
    long keep = buf[0];
    free(buf);
    return n + keep;
}

int main(int argc, char **argv) {
    int ops = 200000, rounds = 0, a = 1;
    while (a + 1 < argc && argv[a][0] == '-') {
        if (!strcmp(argv[a], "-n")) ops = atoi(argv[a + 1]);
        else if (!strcmp(argv[a], "-r")) rounds = atoi(argv[a + 1]);
        else { fprintf(stderr, "unknown option %s\n", argv[a]); return 2; }
        a += 2;
    }
    if (argc - a < 2 || ops < 1 || rounds < 0) {
        fprintf(stderr, "usage: %s [-n OPS] [-r ROUNDS] small|load|staged|stat FILE...\n", argv[0]);
        return 2;
    }
    const char *mode = argv[a++];
    for (; a < argc; a++) {
        const char *path = argv[a];
        double best = 1e30;
        long sink = 0;
        if (!strcmp(mode, "small") || !strcmp(mode, "stat")) {
            for (int round = 0; round < (rounds ? rounds : 7); round++) {
                double t0 = now();
                for (int i = 0; i < ops; i++) {
                    if (mode[1] == 'm') sink += small_once(path);
                    else { struct stat st; if (stat(path, &st) < 0) { perror(path); return 1; } sink += st.st_size; }
                }
                double per = (now() - t0) / ops;
                if (per < best) best = per;
            }
        } else if (!strcmp(mode, "load") || !strcmp(mode, "staged")) {
            int fd = open(path, O_RDONLY | O_CLOEXEC);
            if (fd < 0) { perror(path); return 1; }
            struct stat st;
            fstat(fd, &st);
            char *buf = malloc(st.st_size + 1);
            memset(buf, 1, st.st_size + 1); // resident before timing
            close(fd);
            enum { STAGE = 256 << 10 };
            static char stage[STAGE];
            for (int round = 0; round < (rounds ? rounds : 20); round++) {
                double t0 = now();
                fd = open(path, O_RDONLY | O_CLOEXEC);
                long n = 0, r;
                if (mode[0] == 'l') {
                    while (n < st.st_size && (r = read(fd, buf + n, st.st_size - n)) > 0) n += r;
                } else {
                    while (n < st.st_size && (r = read(fd, stage, STAGE)) > 0) { memcpy(buf + n, stage, r); n += r; }
                }
                close(fd);
                double t = now() - t0;
                sink += n + buf[n / 2];
                if (t < best) best = t;
            }
        } else {
            fprintf(stderr, "unknown mode %s\n", mode);
            return 2;
        }
        printf("%s %s: %.0f ns (best of the rounds)%s\n", mode, path, best, sink == 42 ? " " : "");
    }
    return 0;
}
