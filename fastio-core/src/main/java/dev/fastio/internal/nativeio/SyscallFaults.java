package dev.fastio.internal.nativeio;

import java.util.ArrayList;
import java.util.List;

/**
 * Fault injection for the native layer: a plan that makes the Nth system call fail with a chosen
 * {@code errno} without making it, as if the kernel had refused it. A test passes it in, as a
 * layer ({@link NativeLayer#withFaults}) given to the code under test where it takes a layer;
 * that layer's reads, stats, copies and staged writes hand the plan to the {@code Syscalls} they
 * make their calls through, which consults it before each. The production layer has no plan:
 * its calls test one field for null. One operation at a time (a plan counts calls in order).
 * It is how the tests show that every
 * failing call ({@code open}, {@code statx}, {@code read}, {@code ioctl}, {@code lseek},
 * {@code copy_file_range}, {@code linkat}, {@code rename}, …) is an error naming the file, leaves
 * a destination as it was, and leaves nothing open or behind.
 */
public final class SyscallFaults {
    private final int failAt;
    private final int errno;
    private int calls;
    private String refused;
    private int refusedErrno;
    private final List<String> log = new ArrayList<>();
    private String actBefore;
    private int actAt;
    private int actSeen;
    private Runnable action;

    private SyscallFaults(int failAt, int errno) {
        this.failAt = failAt;
        this.errno = errno;
    }

    /**
     * A plan that fails one call.
     *
     * @param failAt the call to fail, counting from 1; 0 fails none and only counts
     * @param errno the error the failed call reports (5 is EIO, 28 ENOSPC)
     * @return the plan, to pass in ({@link NativeLayer#withFaults}) and read its log after
     */
    public static SyscallFaults failing(int failAt, int errno) {
        return new SyscallFaults(failAt, errno);
    }

    /**
     * A plan that fails nothing and counts and logs the calls.
     *
     * @return the plan
     */
    public static SyscallFaults counting() {
        return new SyscallFaults(0, 0);
    }

    /**
     * Also makes every call named {@code call} fail with {@code errno}, as a filesystem or libc
     * without it would: how the fallbacks behind such calls get their own failures tested.
     *
     * @param call the call's name, as in the log
     * @param errno what it reports (22 is EINVAL)
     * @return this plan
     */
    public SyscallFaults refusing(String call, int errno) {
        this.refused = call;
        this.refusedErrno = errno;
        return this;
    }

    /**
     * Also runs {@code action} just before the {@code nth} call named {@code call} is made (or
     * failed): how a test changes the file at one exact point of a read or copy, between its
     * first read and the {@code statx} after it, say, as the JDK path's tests do with their
     * {@code FileOps}.
     *
     * @param call the call's name, as in the log
     * @param nth which of the calls of that name, counting from 1
     * @param action what to do then, on the calling thread
     * @return this plan
     */
    public SyscallFaults before(String call, int nth, Runnable action) {
        this.actBefore = call;
        this.actAt = nth;
        this.action = action;
        return this;
    }

    /**
     * Counts one call and says whether it must fail.
     *
     * @param call the call's name, for the log
     * @return the errno to report, or 0 to make the call
     */
    public int fail(String call) {
        int n = ++calls;
        log.add(call);
        if (call.equals(actBefore) && ++actSeen == actAt) {
            action.run();
        }
        if (n == failAt) {
            return errno;
        }
        return call.equals(refused) ? refusedErrno : 0;
    }

    /** @return the calls counted so far, in order */
    public List<String> log() {
        return List.copyOf(log);
    }

    /** @return whether the chosen call was reached */
    public boolean fired() {
        return failAt > 0 && calls >= failAt;
    }
}
