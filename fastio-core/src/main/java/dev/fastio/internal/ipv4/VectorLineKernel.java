package dev.fastio.internal.ipv4;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The line kernel in 16-byte vectors, with the JDK's Vector API ({@code jdk.incubator.vector}):
 * the design of the SIMD yardstick in {@code docs/measure/ipparse.c} ("simd", after W. Muła's
 * SIMD IPv4 parsing), so that the two are compared like for like. Per line:
 * <ol>
 *   <li>one 16-byte load; two compares give the masks of the dots and of the bytes below 14, the
 *       first of which is the line's end (an LF, or a CR before one: checked with one scalar
 *       load);</li>
 *   <li>the dots before the end and the end itself index a table of the 81 valid shapes (1–3
 *       digits per octet); no shape, no fast parse;</li>
 *   <li>the shape's shuffle gathers each octet's digits, less '0', into a 4-byte lane as
 *       units, tens, hundreds, 0 (a missing digit reads lane 15, zeroed);</li>
 *   <li>two compares check that every gathered byte is a digit, two more that each lane, read as
 *       a number, is at most {@code 0x020505} ("255") and at least the shape's least value
 *       without a leading zero;</li>
 *   <li>the four values, {@code hundreds * 100 + tens * 10 + units}, from one 16-bit multiply, and
 *       one last shuffle packs them into the address.</li>
 * </ol>
 * One branch for the shape, one for the checks. (Against a first version with a compare each for
 * LF and CR and two 32-bit multiplies, these two steps made the kernel 13% faster.) A line of 16
 * bytes or more, or any refused line, goes to {@link ExactLineParser}; {@code LineKernelTest} holds this kernel to it as it does the
 * scalar one.
 *
 * <p>Loaded only through {@link LineKernels}, which first checks that the module is in the boot
 * layer: its constant pool names the incubator's classes, which a JVM without the module cannot
 * resolve. Only members present from JDK 17's incubator API to JDK 25's are used (JDK 24 dropped
 * the {@code UNSIGNED_*} comparisons, hence the two signed compares for the digit check).
 */
final class VectorLineKernel implements LineKernel {
    private static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_128;
    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_128;

    /** Shape index (1..81, 0: none) by the bits of the three dots and of the line's end. */
    private static final byte[] SHAPE_OF = new byte[1 << 16];
    /** Per shape, 16 shuffle indexes: octet o's digits into lane o as units, tens, hundreds, 0. */
    private static final byte[] GATHER = new byte[82 * 16];
    /** Per shape, per octet, the least lane value without a leading zero: 0, "10", "100". */
    private static final int[] LEAST = new int[82 * 4];
    /** Lane 15 cleared: the zero the shuffles read for a missing digit (lane 15 is never one). */
    private static final ByteVector ALL_BUT_LAST =
            ByteVector.fromArray(BYTES, new byte[] {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0}, 0);
    /** Per octet, as two shorts: see the value step in {@link #line}. */
    private static final ShortVector WEIGHTS =
            ShortVector.fromArray(ShortVector.SPECIES_128, new short[] {266, 100, 266, 100, 266, 100, 266, 100}, 0);
    /** Octet 0's value to the address's high byte ... octet 3's to its low byte (little-endian lane 0). */
    private static final VectorShuffle<Byte> PACK = VectorShuffle.fromValues(BYTES, 12, 8, 4, 0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15);

    static {
        int shape = 1;
        for (int l1 = 1; l1 <= 3; l1++) {
            for (int l2 = 1; l2 <= 3; l2++) {
                for (int l3 = 1; l3 <= 3; l3++) {
                    for (int l4 = 1; l4 <= 3; l4++) {
                        int[] len = {l1, l2, l3, l4};
                        int at = 0;
                        int key = 0;
                        for (int o = 0; o < 4; o++) {
                            for (int j = 0; j < 4; j++) {
                                GATHER[shape * 16 + 4 * o + j] = 15;
                            }
                            for (int j = 0; j < len[o]; j++) {
                                GATHER[shape * 16 + 4 * o + (len[o] - 1 - j)] = (byte) (at + j);
                            }
                            LEAST[shape * 4 + o] = len[o] == 1 ? 0 : len[o] == 2 ? 0x100 : 0x10000;
                            at += len[o];
                            key |= 1 << at; // the dot after the octet, or the line's end
                            at++;
                        }
                        SHAPE_OF[key] = (byte) shape++;
                    }
                }
            }
        }
    }

    static final VectorLineKernel INSTANCE = new VectorLineKernel();

    private VectorLineKernel() {}

    /**
     * For {@link LineKernels}, which must not name this class where the module is absent: the
     * kernel, or null where the JVM has no 128-bit vectors (the API would then run as plain Java,
     * far slower than the scalar kernel).
     */
    static LineKernel create() {
        return ByteVector.SPECIES_PREFERRED.vectorBitSize() >= 128 ? INSTANCE : null;
    }

    @Override
    public long line(byte[] b, int i) {
        ByteVector v = ByteVector.fromArray(BYTES, b, i);
        // the line ends at its first byte below 14 (signed: LF, CR, any other control byte or any
        // byte from 0x80); which it is, the scalar check below says
        long low = v.compare(VectorOperators.LT, (byte) 14).toLong();
        long dots = v.compare(VectorOperators.EQ, (byte) '.').toLong();
        int end = Long.numberOfTrailingZeros(low); // 64 when none is in the window
        long endBit = 1L << end; // 1 when end is 64: no shape has a bit 0
        int shape = SHAPE_OF[(int) ((dots & (endBit - 1)) | endBit) & 0xFFFF];
        if (shape == 0) {
            return -1;
        }
        int crlf = b[i + end] == '\r' ? 1 : 0;
        ByteVector digits = v.sub((byte) '0').and(ALL_BUT_LAST)
                .rearrange(ByteVector.fromArray(BYTES, GATHER, shape << 4).toShuffle());
        IntVector lanes = digits.reinterpretAsInts();
        VectorMask<Byte> notDigit = digits.compare(VectorOperators.GT, (byte) 9).or(digits.compare(VectorOperators.LT, (byte) 0));
        VectorMask<Integer> outOfRange = lanes.compare(VectorOperators.GT, 0x020505)
                .or(lanes.compare(VectorOperators.LT, IntVector.fromArray(INTS, LEAST, shape << 2)));
        // b[i + end] is the LF, or a CR whose LF must follow; any other byte is refused here
        if (notDigit.anyTrue() | outOfRange.anyTrue() | b[i + end + crlf] != '\n') {
            return -1;
        }
        // as shorts, octet o is [units + 256 * tens, hundreds]; times [266, 100] the first holds
        // 10 * units + 256 * (units + 10 * tens) (no carry for digits), the second 100 * hundreds
        IntVector x = digits.reinterpretAsShorts().mul(WEIGHTS).reinterpretAsInts();
        IntVector values = x.and(0xFFFF).lanewise(VectorOperators.LSHR, 8).add(x.lanewise(VectorOperators.LSHR, 16));
        int address = values.reinterpretAsBytes().rearrange(PACK).reinterpretAsInts().lane(0);
        return (long) (i + end + crlf + 1) << 32 | (address & 0xFFFF_FFFFL);
    }

    @Override
    public int chains() {
        return 4; // 4 measured 20% faster than 2 on JDK 25
    }

    @Override
    public String name() {
        return "vector";
    }
}
