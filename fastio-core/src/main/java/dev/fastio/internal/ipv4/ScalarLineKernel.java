package dev.fastio.internal.ipv4;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The default line kernel: one well-formed line with few branches, from 4-byte loads (scalar
 * Java, every JDK). It refuses anything unusual (-1) and leaves it to {@link ExactLineParser},
 * which is also what {@code LineKernelTest} checks it against.
 */
final class ScalarLineKernel implements LineKernel {
    static final ScalarLineKernel INSTANCE = new ScalarLineKernel();

    private ScalarLineKernel() {}

    @Override
    public long line(byte[] b, int i) {
        return fastLine(b, i);
    }

    @Override
    public int chains() {
        return 2; // 4 measured slower than 2 on JDK 25 (the same on 17)
    }

    @Override
    public String name() {
        return "scalar";
    }

    /** 1 if {@code d} is 0..9, else 0, without a branch. */
    private static int isDigit(int d) {
        return ((d | (9 - d)) >>> 31) ^ 1;
    }

    /**
     * Parses one well-formed line starting at {@code i}: returns {@code (next line start << 32) |
     * address}, or -1 for anything unusual (the exact parser then looks at it).
     */
    static long fastLine(byte[] b, int i) {
        int ip = 0;
        for (int octet = 0; octet < 4; octet++) {
            // one 4-byte load holds the octet's up-to-3 digits and the byte after them
            int w = (int) INT_LE.get(b, i);
            int d0 = (w & 0xFF) - '0';
            int d1 = ((w >>> 8) & 0xFF) - '0';
            int d2 = ((w >>> 16) & 0xFF) - '0';
            int n1 = isDigit(d1);
            int n2 = n1 & isDigit(d2);
            int v = (d0 * (1 + 9 * n1) + d1 * n1) * (1 + 9 * n2) + d2 * n2;
            if (isDigit(d0) == 0 || v > 255 || (d0 == 0 && n1 == 1)) {
                return -1;
            }
            int len = 1 + n1 + n2;
            int t = (w >>> (len << 3)) & 0xFF;
            ip = ip << 8 | v;
            if (octet < 3) {
                if (t != '.') {
                    return -1;
                }
                i += len + 1;
            } else if (t == '\n') {
                i += len + 1;
            } else if (t == '\r' && b[i + len + 1] == '\n') {
                i += len + 2;
            } else {
                return -1;
            }
        }
        return (long) i << 32 | (ip & 0xFFFF_FFFFL);
    }

    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
}
