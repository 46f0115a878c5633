package dev.fastio.internal.nativeio;

import dev.fastio.copy.When;
import dev.fastio.internal.copy.CopySource;
import dev.fastio.internal.copy.StagedFile;
import dev.fastio.internal.gzip.BlockInflater;
import dev.fastio.internal.gzip.RawInflater;
import java.nio.file.Path;

/**
 * Finds the {@link NativeLayer} once per JVM and logs the choice (logger {@code dev.fastio}):
 * the overlay's {@code FfmLayer} where the JVM is 22 or newer and the jar's
 * {@code META-INF/versions/22} holds it, else {@link #JDK_ONLY}. The FFM layer itself says
 * whether it is on, and logs one line at INFO when it is off only because native access is not
 * enabled, naming the flag that enables it (as Lucene does for its vector module).
 */
final class NativeLayers {
    private static final System.Logger LOG = System.getLogger("dev.fastio");
    /** The class the {@code java22} overlay adds; absent from the base. */
    private static final String FFM_LAYER = "dev.fastio.internal.nativeio.FfmLayer";

    /** The layer of a JVM without the FFM API, or whose jar has no overlay: handles nothing. */
    static final NativeLayer JDK_ONLY = new JdkOnly("off: JDK " + Runtime.version().feature()
            + " (the native layer needs JDK 22 or newer)");

    static final NativeLayer LAYER = find();

    private NativeLayers() {}

    private static NativeLayer find() {
        NativeLayer layer = JDK_ONLY;
        if (Runtime.version().feature() >= 22) {
            try {
                layer = (NativeLayer) Class.forName(FFM_LAYER).getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | LinkageError e) {
                layer = new JdkOnly("off: this fastio-core has no JDK 22 part (" + e + "): it was built on a JDK older than 22,"
                        + " or is not on the path as its multi-release jar; build it on JDK 22 or newer");
            }
        }
        // the one line of the layer's status, whichever layer it is
        LOG.log(layer.offForWantOfFlag() ? System.Logger.Level.INFO : System.Logger.Level.DEBUG, "fastio native layer " + layer.status());
        return layer;
    }

    /** Handles nothing: every caller takes the JDK path. */
    private static final class JdkOnly implements NativeLayer {
        private final String status;

        JdkOnly(String status) {
            this.status = status;
        }

        @Override
        public boolean active() {
            return false;
        }

        @Override
        public String status() {
            return status;
        }

        @Override
        public long uses() {
            return 0;
        }

        @Override
        public boolean handles(Path file) {
            return false;
        }

        @Override
        public byte[] readAllBytes(Path file, boolean checked) {
            throw new IllegalStateException("the native layer is not active: " + status);
        }

        @Override
        public byte[] readGrowing(Path file) {
            throw new IllegalStateException("the native layer is not active: " + status);
        }

        @Override
        public Stat stat(Path file) {
            throw new IllegalStateException("the native layer is not active: " + status);
        }

        @Override
        public StagedFile stage(Path target, Path dir, String name, StagedFile.Options options) {
            return null;
        }

        @Override
        public boolean copies(Path source, Path target) {
            return false;
        }

        @Override
        public CopySource openCopySource(Path source, When reflink, When sparse, boolean prefix) {
            throw new IllegalStateException("the native layer is not active: " + status);
        }

        @Override
        public String decoderRefusal(NativeDecoder decoder) {
            return Runtime.version().feature() >= 22
                    ? decoder.label() + " is not bound: the native layer is " + status
                    : "JDK " + Runtime.version().feature() + " has no FFM API (" + decoder.label() + " is bound from JDK 22 on)";
        }

        @Override
        public RawInflater newInflater(int inputChunk) {
            throw new IllegalStateException(decoderRefusal(NativeDecoder.ISAL));
        }

        @Override
        public BlockInflater newBlockInflater(NativeDecoder decoder) {
            throw new IllegalStateException(decoderRefusal(decoder));
        }
    }
}
