package dev.fastio.bench.run;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A benchmark that explains a cost in the suite whose class declares it, and that a variant
 * extending that class (the two-thread or cold twin of a suite) would only measure again:
 * {@link SuiteRunner} leaves it out of the variants, as it leaves out their inherited C
 * yardsticks. No claim judges such a method.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface DeclaringSuiteOnly {}
