package org.hympj.loaders.entryfixture;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the entry-point fixtures ran: each main says which method it is, on standard output (for
 * the {@code java} launcher's run) and here (for a run in the test's JVM).
 */
public final class Ran {
    private static final List<String> TAGS = new CopyOnWriteArrayList<>();

    private Ran() {
    }

    static void is(String tag) {
        TAGS.add(tag);
        System.out.println(tag);
    }

    /** The tag of the last main that ran in this JVM, or null. */
    public static String last() {
        return TAGS.isEmpty() ? null : TAGS.get(TAGS.size() - 1);
    }
}
