package dev.fastio.report;

import java.io.Serializable;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;

/**
 * A benchmark method named by a method reference ({@code OpenStreamBenchmark::fileChannel}), so
 * that a claim about a method cannot outlive a rename of it: the rename fails compilation. The
 * name is read from the reference's {@link SerializedLambda}, the way query libraries read
 * property names from getters.
 */
public final class BenchmarkMethod {
    private BenchmarkMethod() {}

    /**
     * A reference to a benchmark method that takes no argument.
     *
     * @param <T> the benchmark class
     */
    @FunctionalInterface
    public interface NoArgument<T> extends Serializable {
        /**
         * Calls the method.
         *
         * @param bench the benchmark
         * @throws Throwable what it throws
         */
        void call(T bench) throws Throwable;
    }

    /**
     * A reference to a benchmark method that takes one argument (a {@code Blackhole} or a state).
     *
     * @param <T> the benchmark class
     * @param <A> the argument's type
     */
    @FunctionalInterface
    public interface OneArgument<T, A> extends Serializable {
        /**
         * Calls the method.
         *
         * @param bench the benchmark
         * @param argument its argument
         * @throws Throwable what it throws
         */
        void call(T bench, A argument) throws Throwable;
    }

    /**
     * Returns the name of the method {@code ref} refers to.
     *
     * @param ref a method reference
     * @param <T> the benchmark class
     * @return the method's name, as JMH writes it after the class name
     */
    public static <T> String name(NoArgument<T> ref) {
        return implName(ref);
    }

    /**
     * Returns the name of the method {@code ref} refers to.
     *
     * @param ref a method reference
     * @param <T> the benchmark class
     * @param <A> the argument's type
     * @return the method's name, as JMH writes it after the class name
     */
    public static <T, A> String name(OneArgument<T, A> ref) {
        return implName(ref);
    }

    private static String implName(Serializable ref) {
        try {
            Method writeReplace = ref.getClass().getDeclaredMethod("writeReplace");
            writeReplace.setAccessible(true);
            SerializedLambda l = (SerializedLambda) writeReplace.invoke(ref);
            if (l.getImplMethodName().startsWith("lambda$")) {
                throw new IllegalArgumentException("not a method reference: " + l.getImplMethodName());
            }
            return l.getImplMethodName();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read the method reference " + ref, e);
        }
    }
}
