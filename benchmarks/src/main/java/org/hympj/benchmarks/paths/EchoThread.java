package org.hympj.benchmarks.paths;

import java.util.function.BooleanSupplier;

/**
 * The other end of an in-process ping-pong: a daemon thread that runs one echo step after
 * another, spinning while a step finds nothing, until stopped.
 */
final class EchoThread {
    private volatile boolean running = true;
    private final Thread thread;

    /** {@code step} echoes one message if one has arrived and says whether it did. */
    EchoThread(String name, BooleanSupplier step) {
        thread = new Thread(() -> {
            while (running) {
                if (!step.getAsBoolean()) {
                    Thread.onSpinWait();
                }
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }

    void stop() throws InterruptedException {
        running = false;
        thread.join();
    }
}
