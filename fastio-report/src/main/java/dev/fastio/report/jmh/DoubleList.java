package dev.fastio.report.jmh;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * An unmodifiable list of doubles held in one {@code double[]}: 8 bytes a sample, where a
 * {@code List<Double>} of boxed values takes about 20. A result's samples are kept this way.
 */
final class DoubleList extends AbstractList<Double> implements RandomAccess {
    private static final DoubleList EMPTY = new DoubleList(new double[0]);

    private final double[] values;

    private DoubleList(double[] values) {
        this.values = values;
    }

    /** {@code values} itself, which the caller must not change afterwards. */
    static DoubleList wrap(double[] values) {
        return values.length == 0 ? EMPTY : new DoubleList(values);
    }

    /** The same values, copied (no copy where {@code list} is already one of these). */
    static DoubleList copyOf(List<Double> list) {
        if (list instanceof DoubleList d) {
            return d;
        }
        double[] v = new double[list.size()];
        int i = 0;
        for (Double d : list) {
            v[i++] = d; // a null is an error, as in List.copyOf
        }
        return wrap(v);
    }

    @Override
    public Double get(int index) {
        return values[index];
    }

    @Override
    public int size() {
        return values.length;
    }

    /** True where every value is a finite number. */
    boolean allFinite() {
        for (double v : values) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        return true;
    }
}
