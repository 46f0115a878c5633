import java.lang.foreign.*; import java.lang.invoke.*;
/**
 * What the first use of the FFM API costs in a fresh JVM, the part of `fastio gunzip`'s start-up that
 * binding ISA-L adds: the linker and library lookup, then the two downcall handles.
 *
 * <pre>javac -d /tmp/ffm docs/measure/FfmBootstrap.java && java --enable-native-access=ALL-UNNAMED -cp /tmp/ffm FfmBootstrap</pre>
 * (compiled first: the source launcher would warm the JVM up with javac before the timing)
 */
public class FfmBootstrap { public static void main(String[] a) throws Throwable {
  long t0=System.nanoTime();
  Linker l = Linker.nativeLinker();
  SymbolLookup lib = SymbolLookup.libraryLookup("libisal.so.2", Arena.global());
  long t1=System.nanoTime();
  MethodHandle init = l.downcallHandle(lib.find("isal_inflate_init").orElseThrow(), FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
  MethodHandle inf = l.downcallHandle(lib.find("isal_inflate").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
  long t2=System.nanoTime();
  Arena ar = Arena.ofShared(); MemorySegment s = ar.allocate(87368, 64);
  init.invokeExact(s);
  long t3=System.nanoTime();
  int r = (int) inf.invokeExact(s);
  long t4=System.nanoTime();
  ar.close();
  long t5=System.nanoTime();
  System.out.printf("linker+lookup %.1f, handles %.1f, alloc+first call %.1f, 2nd handle call %.1f, close %.1f ms%n",(t1-t0)/1e6,(t2-t1)/1e6,(t3-t2)/1e6,(t4-t3)/1e6,(t5-t4)/1e6);
}}
