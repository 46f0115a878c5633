package dev.fastio.internal.nativeio;

/**
 * Whether this JVM may call native code at all, decided without binding anything: the platform,
 * the file-name encoding, native access, and {@code -Dfastio.native}. {@link NativeFiles} (libc)
 * and {@link Isal} (ISA-L) each ask it before binding their own library.
 */
final class NativeAccess {
    private NativeAccess() {}

    /**
     * @return the reason the native layer must not be used here, or null; binds nothing, so a
     *     caller that needs one library (ISA-L) does not pay for binding libc's calls
     */
    /** How a refusal for want of native access begins. */
    private static final String NO_ACCESS = "native access is not enabled for";

    /** Whether {@code refusal} says only that native access is not enabled. */
    static boolean flagMissing(String refusal) {
        return refusal != null && refusal.startsWith(NO_ACCESS);
    }

    static String refusal() {
        String setting = System.getProperty("fastio.native", "auto");
        if (setting.equals("false")) {
            return "-Dfastio.native=false";
        }
        String os = System.getProperty("os.name", "");
        String arch = System.getProperty("os.arch", "");
        if (!os.equals("Linux") || !(arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"))) {
            return "the native layer covers Linux on x86-64 and aarch64, not " + os + " on " + arch;
        }
        if (!"UTF-8".equalsIgnoreCase(System.getProperty("sun.jnu.encoding", "UTF-8"))) {
            return "file names are encoded in " + System.getProperty("sun.jnu.encoding") + ", not UTF-8";
        }
        Module module = NativeAccess.class.getModule();
        if (!setting.equals("true") && !module.isNativeAccessEnabled()) {
            String name = module.isNamed() ? module.getName() : "ALL-UNNAMED";
            return NO_ACCESS + " " + (module.isNamed() ? "module " + name : "the class path")
                    + ": run java with --enable-native-access=" + name + " (or -Dfastio.native=true to use it anyway,"
                    + " and the JDK prints a warning)";
        }
        return null;
    }

}
