package dev.fastio.bench.run;

import java.io.IOException;
import java.util.List;

/**
 * Something a suite's forks share that is too slow to make in each of them: started by the
 * runner in its own JVM before the suite, told to every fork through JVM arguments, and closed
 * after the suite (the in-process HDFS of {@code HdfsLoad}: starting one per benchmark would
 * cost the quick run two minutes).
 */
public interface SuiteFixture {
    /** A started fixture. */
    interface Running extends AutoCloseable {
        /** What the forks need to find it: {@code -D} arguments. */
        List<String> jvmArgs();

        @Override
        void close() throws IOException;
    }

    /** Starts it. */
    Running start() throws IOException;
}
