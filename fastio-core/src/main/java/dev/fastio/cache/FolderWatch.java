package dev.fastio.cache;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.function.Consumer;

/**
 * Invalidates cache entries when files of one folder change, from a daemon thread reading a
 * {@link WatchService}. An overflow (events lost) invalidates everything. Not recursive.
 * Watching adds promptness for {@link Validation#every} and trust policies; it is not needed for
 * correctness under {@link Validation#always()}.
 */
final class FolderWatch implements AutoCloseable {
    private final WatchService service;
    private final Thread thread;

    FolderWatch(Path folder, Consumer<Path> invalidate, Runnable invalidateAll) throws IOException {
        Path dir = folder.toAbsolutePath().normalize();
        this.service = dir.getFileSystem().newWatchService();
        try {
            dir.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
                    StandardWatchEventKinds.ENTRY_MODIFY);
        } catch (IOException | RuntimeException e) {
            // a folder that cannot be watched (missing, not a folder) must not keep the service:
            // each left an inotify instance, its descriptors and a thread, until the per-user
            // limit (128 instances) made later watches fail with that instead of their own error
            try {
                service.close();
            } catch (IOException c) {
                e.addSuppressed(c);
            }
            throw e;
        }
        this.thread = new Thread(() -> {
            try {
                while (true) {
                    WatchKey key = service.take();
                    for (WatchEvent<?> event : key.pollEvents()) {
                        if (event.kind() == StandardWatchEventKinds.OVERFLOW) {
                            invalidateAll.run();
                        } else {
                            invalidate.accept(dir.resolve((Path) event.context()));
                        }
                    }
                    if (!key.reset()) {
                        invalidateAll.run(); // the folder itself is gone
                        return;
                    }
                }
            } catch (InterruptedException | ClosedWatchServiceException e) {
                // closed: stop
            }
        }, "fastio-cache-watch " + dir);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void close() throws IOException {
        service.close();
        thread.interrupt();
    }
}
