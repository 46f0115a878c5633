import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * What the FFM API costs a fresh JVM before the first native call, step by step: the linker,
 * the first downcall handle, a handle of a new C signature, one of a signature already bound, and
 * the first call. Why fastio's native layer binds each libc function on its first use, and why a
 * one-shot command pays about 0.1 s for it (docs/PERFORMANCE.md, "Start-up"). JDK 22+:
 *
 *   javac -d /tmp/ffm docs/measure/FfmFirstCall.java && jar cf /tmp/ffm.jar -C /tmp/ffm FfmFirstCall.class
 *   java -XX:AOTCacheOutput=/tmp/ffm.aot --enable-native-access=ALL-UNNAMED -cp /tmp/ffm.jar FfmFirstCall  # JDK 25+: the cache
 *   for i in 1 2 3 4 5; do
 *     java --enable-native-access=ALL-UNNAMED -cp /tmp/ffm.jar FfmFirstCall
 *     java -XX:AOTCache=/tmp/ffm.aot --enable-native-access=ALL-UNNAMED -cp /tmp/ffm.jar FfmFirstCall
 *   done
 * (an AOT cache needs the class path in jars: a folder of classes is refused)
 */
public class FfmFirstCall {
    public static void main(String[] args) throws Throwable {
        long t0 = System.nanoTime();
        Linker linker = Linker.nativeLinker();
        SymbolLookup libc = linker.defaultLookup();
        long t1 = System.nanoTime();
        Linker.Option errno = Linker.Option.captureCallState("errno");
        MethodHandle close = linker.downcallHandle(libc.find("close").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT), errno);
        long t2 = System.nanoTime();
        MethodHandle fchmod = linker.downcallHandle(libc.find("fchmod").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT), errno);
        long t3 = System.nanoTime();
        MethodHandle fsync = linker.downcallHandle(libc.find("fsync").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT), errno);
        long t4 = System.nanoTime();
        MethodHandle lseek = linker.downcallHandle(libc.find("lseek").orElseThrow(),
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT), errno);
        long t5 = System.nanoTime();
        int r;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            r = (int) fchmod.invokeExact(state, -1, 0); // a bad descriptor: fails at once, harmlessly
        }
        long t6 = System.nanoTime();
        System.out.printf("linker %.1f ms, first handle %.1f, a new signature %.1f, a bound signature %.1f, another new one %.1f,"
                + " first call %.1f (returned %d)%n", (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, (t4 - t3) / 1e6, (t5 - t4) / 1e6,
                (t6 - t5) / 1e6, r);
        if (close == null || fsync == null || lseek == null) {
            throw new AssertionError();
        }
    }
}
