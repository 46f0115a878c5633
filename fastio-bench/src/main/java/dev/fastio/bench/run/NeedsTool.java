package dev.fastio.bench.run;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A benchmark that runs a program as a process ({@code igzip}, {@code pigz}, …). Where the program
 * is not on the PATH, {@link SuiteRunner} leaves the benchmark out, rather than failing the suite,
 * and the report's claims that need it say they were not measured and how to install it.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface NeedsTool {
    /** @return the program's name, looked up on the PATH */
    String value();

    /** @return the Debian package that installs it */
    String debian();
}
