// Does reading a file straight into a Java array (a critical FFM call with a heap segment) beat
// reading it into a small native buffer and copying from there? The question behind the native layer's
// ArrayFiles target. Prints the best of 40 whole-file reads per chunk size, both ways.
// Run from the repository root on JDK 22+ (after ./fastio gen):
//   java --enable-native-access=ALL-UNNAMED -Xms2g -Xmx2g -XX:+AlwaysPreTouch \
//       docs/measure/DirectIntoArray.java fastio-data/ipv4-2000000.bin

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;

public class DirectIntoArray {
    public static void main(String[] args) throws Throwable {
        Linker linker = Linker.nativeLinker();
        SymbolLookup libc = linker.defaultLookup();
        MethodHandle open = linker.downcallHandle(libc.find("open").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), Linker.Option.firstVariadicArg(2));
        MethodHandle pread = linker.downcallHandle(libc.find("pread").orElseThrow(),
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG), Linker.Option.critical(true));
        MethodHandle close = linker.downcallHandle(libc.find("close").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        Arena arena = Arena.global();
        MemorySegment path = arena.allocateFrom(args[0]);
        long size = Files.size(Path.of(args[0]));
        MemorySegment array = MemorySegment.ofArray(new int[(int) (size / 4)]);
        MemorySegment buffer = arena.allocate(1 << 20, 64);
        for (int round = 0; round < 3; round++) {
            for (long chunk : new long[] {64 << 10, 256 << 10, 1 << 20, 8 << 20}) {
                long direct = Long.MAX_VALUE;
                for (int rep = 0; rep < 40; rep++) {
                    long t0 = System.nanoTime();
                    int fd = (int) open.invokeExact(path, 0, 0);
                    for (long off = 0; off < size; off += chunk) {
                        long n = Math.min(chunk, size - off);
                        long r = (long) pread.invokeExact(fd, array.asSlice(off, n), n, off);
                    }
                    int c = (int) close.invokeExact(fd);
                    direct = Math.min(direct, System.nanoTime() - t0);
                }
                long staged = Long.MAX_VALUE;
                long bufferChunk = Math.min(chunk, buffer.byteSize());
                for (int rep = 0; rep < 40; rep++) {
                    long t0 = System.nanoTime();
                    int fd = (int) open.invokeExact(path, 0, 0);
                    for (long off = 0; off < size; off += bufferChunk) {
                        long n = Math.min(bufferChunk, size - off);
                        long r = (long) pread.invokeExact(fd, buffer, n, off);
                        MemorySegment.copy(buffer, 0, array, off, n);
                    }
                    int c = (int) close.invokeExact(fd);
                    staged = Math.min(staged, System.nanoTime() - t0);
                }
                System.out.printf("chunk %8d: straight into the array %.2f ms, through a native buffer %.2f ms%n",
                        chunk, direct / 1e6, staged / 1e6);
            }
        }
    }
}
