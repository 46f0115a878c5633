package dev.fastio.internal.nativeio;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Chooses the {@link NativeBinding} once per JVM, binds it on a thread of its own, and logs the
 * choice in one line (logger {@code dev.fastio}): FFM on JDK 22 and later, from the
 * multi-release jar's {@code java22} overlay ({@code FfmBinding}); jffi on JDK 17 to 21
 * ({@link JffiBinding}); else none, and why. One INFO line where the layer is off for a reason the
 * user can act on (native access not enabled on JDK 22+, jffi's stub not loadable), else DEBUG.
 *
 * <p>{@code -Dfastio.native=false} turns the layer off; {@code =true} uses FFM even where native
 * access is not enabled (the JDK then prints its warning). {@code -Dfastio.native.binding=jffi}
 * binds jffi on JDK 22+ too (to race the two bindings on one JDK; from JDK 24 on, JNI warns unless
 * native access is enabled), {@code =ffm} FFM or nothing. The layer covers Linux on x86-64 and
 * aarch64 with UTF-8 file names.
 *
 * <p>Why a thread: binding costs a fresh JVM 60 to 90 ms with jffi and 100 to 150 ms with FFM on
 * this machine, and the logger's first use another 20 to 30 ms; on the caller's thread the first
 * {@code FastRead.readAllBytes} of a small file took 3.6× the JDK's whole-process time on JDK 25.
 * Until the binding is settled the layer is inactive and engines take the JDK path
 * (docs/PERFORMANCE.md, "The first call").
 */
final class NativeBindings {
    private static final String FFM_BINDING = "dev.fastio.internal.nativeio.FfmBinding";
    /** How a refusal for want of native access begins (the FFM binding's message). */
    static final String NO_ACCESS = "native access is not enabled for";
    /** How long {@link #await} waits for a binding that hangs (a stub on a stalled mount) before calling the layer off. */
    private static final long AWAIT_SECONDS = 60;

    private static final CountDownLatch SETTLED = new CountDownLatch(1);
    private static volatile NativeBinding binding;
    private static volatile String status = "pending: the native layer is being bound on a thread of its own";
    private static boolean started;

    private NativeBindings() {}

    /** Starts the binding, once per JVM. */
    static void start() {
        if (started) {
            return;
        }
        synchronized (NativeBindings.class) {
            if (started) {
                return;
            }
            started = true;
        }
        try {
            Binder t = new Binder();
            t.setDaemon(true);
            t.start();
        } catch (SecurityException | OutOfMemoryError noThread) {
            new Binder().run(); // no thread for it: bind here
        }
    }

    /** Waits until the binding is settled (at most a minute), starting it if it was not. */
    static void await() {
        start();
        try {
            if (!SETTLED.await(AWAIT_SECONDS, TimeUnit.SECONDS)) {
                settle(null, "off: binding the native layer took over " + AWAIT_SECONDS + " s", false);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the caller decides: until settled, the layer is inactive
        }
    }

    static boolean settled() {
        return SETTLED.getCount() == 0;
    }

    static NativeBinding binding() {
        return binding;
    }

    static String status() {
        return status;
    }

    /** Binds, settles and logs: the binder thread's work. */
    private static final class Binder extends Thread {
        Binder() {
            super("fastio-native-binding");
        }

        @Override
        public void run() {
            try {
                choose();
            } catch (Throwable t) {
                decided(null, "off: binding failed (" + t + ")", false);
            }
            // a line the user must see is logged before the layer is settled: a program that waits
            // for it and exits at once would otherwise end this daemon thread before the line is out
            if (pendingUserCanAct) {
                log(pendingLine, true);
                publish();
            } else {
                publish();
                log(pendingLine, false);
            }
        }
    }

    /** The one choice; see the class comment. */
    private static void choose() {
        String why = commonRefusal();
        if (why != null) {
            decided(null, "off: " + why, setting().equals("invalid"));
            return;
        }
        int feature = Runtime.version().feature();
        String which = System.getProperty("fastio.native.binding", "auto");
        if (!which.equals("auto") && !which.equals("jffi") && !which.equals("ffm")) {
            decided(null, "off: -Dfastio.native.binding=" + which + " is not auto, jffi or ffm", true);
            return;
        }
        if (which.equals("ffm") && feature < 22) {
            decided(null, "off: -Dfastio.native.binding=ffm, and JDK " + feature + " has no FFM API (final from JDK 22)", true);
            return;
        }
        if (feature >= 22 && !which.equals("jffi")) {
            try {
                NativeBinding b = (NativeBinding) Class.forName(FFM_BINDING).getDeclaredConstructor().newInstance();
                decided(b, "on: libc through the FFM API (JDK " + feature + "); -Dfastio.native=false turns it off", false);
            } catch (java.lang.reflect.InvocationTargetException e) {
                String reason = String.valueOf(e.getCause().getMessage());
                decided(null, "off: " + reason, reason.startsWith(NO_ACCESS));
            } catch (ReflectiveOperationException | LinkageError e) {
                // a jar built on JDK 17 without FASTIO_JDK22_HOME has no FFM binding: jffi, which is in
                // the base, serves where native access is enabled (JNI warns without it from JDK 24 on)
                String noOverlay = "this fastio-core has no JDK 22 part (" + e.getClass().getSimpleName() + "): it was built on a JDK"
                        + " older than 22 without FASTIO_JDK22_HOME, or is not on the path as its multi-release jar";
                if (which.equals("ffm") || !nativeAccessEnabled()) {
                    decided(null, "off: " + noOverlay + "; build it on JDK 22 or newer, or enable native access"
                            + " (--enable-native-access=" + moduleName() + ") to use jffi instead", true);
                    return;
                }
                try {
                    JffiBinding b = JffiBinding.bind();
                    decided(b, "on: libc through " + b.name() + " (JDK " + feature + ", because " + noOverlay
                            + "); -Dfastio.native=false turns it off", true);
                } catch (Throwable t) {
                    decided(null, "off: " + noOverlay + ", and jffi could not be loaded (" + oneLine(t) + ")", true);
                }
            }
            return;
        }
        try {
            JffiBinding b = JffiBinding.bind();
            decided(b, "on: libc through " + b.name() + " (JDK " + feature + "); -Dfastio.native=false turns it off", false);
        } catch (Throwable t) {
            decided(null, "off: jffi could not be loaded, so the JDK path is used (" + oneLine(t) + ")", true);
        }
    }

    /** Whether native access is enabled for fastio's module (JDK 22's {@code Module.isNativeAccessEnabled}), or forced. */
    private static boolean nativeAccessEnabled() {
        if (forcedOn()) {
            return true;
        }
        try {
            return (Boolean) Module.class.getMethod("isNativeAccessEnabled").invoke(NativeBindings.class.getModule());
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    private static String moduleName() {
        Module m = NativeBindings.class.getModule();
        return m.isNamed() ? m.getName() : "ALL-UNNAMED";
    }

    /**
     * {@code -Dfastio.native}, read as a user would mean it: {@code false}, {@code off}, {@code no}
     * or {@code 0} (any case) "false"; {@code true}, {@code on}, {@code yes}, {@code 1} "true";
     * unset, empty or {@code auto} "auto"; anything else "invalid", which turns it off (a setting
     * misspelt to turn the layer off must not leave it on).
     */
    static String setting() {
        String v = System.getProperty("fastio.native", "auto").trim().toLowerCase(java.util.Locale.ROOT);
        switch (v) {
            case "false", "off", "no", "0":
                return "false";
            case "true", "on", "yes", "1":
                return "true";
            case "auto", "":
                return "auto";
            default:
                return "invalid";
        }
    }

    /** Whether {@code -Dfastio.native} forces the layer on (FFM without native access, with the JDK's warning). */
    static boolean forcedOn() {
        return setting().equals("true");
    }

    /** Why no binding may be used here, whichever: the setting, the platform, the file-name encoding; or null. */
    static String commonRefusal() {
        String setting = setting();
        if (setting.equals("false")) {
            return "-Dfastio.native=" + System.getProperty("fastio.native");
        }
        if (setting.equals("invalid")) {
            return "-Dfastio.native=" + System.getProperty("fastio.native") + " is not auto, true or false: off, as a setting meant to turn"
                    + " it off must";
        }
        String os = System.getProperty("os.name", "");
        String arch = System.getProperty("os.arch", "");
        if (!os.equals("Linux") || !(arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"))) {
            return "the native layer covers Linux on x86-64 and aarch64, not " + os + " on " + arch;
        }
        if (!"UTF-8".equalsIgnoreCase(System.getProperty("sun.jnu.encoding", "UTF-8"))) {
            return "file names are encoded in " + System.getProperty("sun.jnu.encoding") + ", not UTF-8";
        }
        return null;
    }

    private static String oneLine(Throwable t) {
        String s = t.toString();
        Throwable c = t.getCause();
        if (c != null && c != t) {
            s += " caused by " + c;
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** What the binder thread decided, published by {@link #publish}. */
    private static NativeBinding pendingBinding;
    private static String pendingLine;
    private static boolean pendingUserCanAct;

    private static void decided(NativeBinding b, String line, boolean userCanAct) {
        pendingBinding = b;
        pendingLine = line;
        pendingUserCanAct = userCanAct;
    }

    private static void publish() {
        settle(pendingBinding, pendingLine, pendingUserCanAct);
    }

    private static void settle(NativeBinding b, String line, boolean userCanAct) {
        synchronized (NativeBindings.class) {
            if (SETTLED.getCount() == 0) {
                return; // settled already (await gave up waiting): the first word stands
            }
            status = line;
            binding = b;
            SETTLED.countDown();
        }
    }

    private static void log(String line, boolean userCanAct) {
        System.getLogger("dev.fastio").log(userCanAct ? System.Logger.Level.INFO : System.Logger.Level.DEBUG, "fastio native layer " + line);
    }
}
