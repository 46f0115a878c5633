/* What giving a new file its final mode on its descriptor adds to a small atomic copy, without the
 * JVM: N rounds of {O_TMPFILE open, write 5 KiB, [fchmod 0644], linkat to a new name, close, unlink},
 * alternating with and without the fchmod, on the folder given (docs/BENCHMARKS.md, "Writes through
 * descriptors"):
 * With a third argument, the bytes come from that file by copy_file_range, as the native copy moves them:
 *   gcc -O2 -o /tmp/fchmodcost docs/measure/fchmodcost.c && /tmp/fchmodcost DIR 20000 [SOURCE] */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e9 + t.tv_nsec; }

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s DIR ROUNDS [SOURCE]\n", argv[0]); return 2; }
    int src = argc > 3 ? open(argv[3], O_RDONLY) : -1;
    int n = atoi(argv[2]);
    char out[4096], proc[64], buf[5120];
    snprintf(out, sizeof out, "%s/fchmodcost-out", argv[1]);
    memset(buf, 'x', sizeof buf);
    double t[2] = {0, 0};
    for (int i = 0; i < 2 * n; i++) {
        int chmod = i & 1;
        double t0 = now();
        int fd = open(argv[1], O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
        if (fd < 0) { perror("open O_TMPFILE"); return 1; }
        if (src >= 0) {
            loff_t in = 0, out = 0;
            if (copy_file_range(src, &in, fd, &out, sizeof buf, 0) != sizeof buf) { perror("copy_file_range"); return 1; }
        } else if (write(fd, buf, sizeof buf) != sizeof buf) { perror("write"); return 1; }
        if (chmod && fchmod(fd, 0644) < 0) { perror("fchmod"); return 1; }
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
        if (linkat(AT_FDCWD, proc, AT_FDCWD, out, AT_SYMLINK_FOLLOW) < 0) { perror("linkat"); return 1; }
        close(fd);
        t[chmod] += now() - t0;
        unlink(out);
    }
    printf("without fchmod %.2f us, with fchmod %.2f us per file (%d each)\n", t[0] / n / 1e3, t[1] / n / 1e3, n);
    return 0;
}
