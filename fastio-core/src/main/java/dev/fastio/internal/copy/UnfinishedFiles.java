package dev.fastio.internal.copy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Removes the new files of writes still under way when the JVM shuts down in order: SIGINT
 * (Ctrl-C), SIGTERM, SIGHUP or {@code System.exit} from another thread. Without it a named
 * temporary file ({@link FolderStagedFile}: JDK 17-21, or no native access) stays beside its
 * destination, as big as the write had got; {@code gzip -d} removes its partial output on
 * SIGINT, and fastio's unnamed files (the native layer) vanish by themselves. A {@code kill -9} runs no
 * hook: that leaves the one documented pattern ({@link TemporaryFiles}).
 *
 * <p>Races, and why they are harmless: the hook runs while the writing thread goes on. A write
 * into a file the hook removed goes into an unnamed file; a publish after the removal fails
 * (the JVM is ending anyway) and leaves the destination as it was; {@link FolderStagedFile}
 * holds its lock across publish and close, so the hook never removes a file that was just put in
 * place. One JVM-wide hook, added with the first write; a write registered while the JVM is
 * already shutting down is not removed by it (its own close still removes it).
 */
final class UnfinishedFiles {
    /** What a write gives this class: removes its new file, if it is still unfinished and still its own. */
    interface Unfinished {
        void removeAtExit();
    }

    private static final Set<Unfinished> OPEN = ConcurrentHashMap.newKeySet();
    private static volatile boolean hooked;

    private UnfinishedFiles() {}

    static void add(Unfinished write) {
        if (!hooked) {
            hook();
        }
        OPEN.add(write);
    }

    static void remove(Unfinished write) {
        OPEN.remove(write);
    }

    private static synchronized void hook() {
        if (hooked) {
            return;
        }
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(UnfinishedFiles::removeAll, "fastio-unfinished-files"));
        } catch (IllegalStateException shuttingDown) {
            // too late for a hook: such a write is removed by its own close, if that runs
        }
        hooked = true;
    }

    private static void removeAll() {
        for (Unfinished u : OPEN) {
            try {
                u.removeAtExit();
            } catch (RuntimeException | Error e) {
                // the JVM is ending: nothing to report to, and the other files still go
            }
        }
    }
}
