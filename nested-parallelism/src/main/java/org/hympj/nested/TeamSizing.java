package org.hympj.nested;

/**
 * The default size of a team: the cores this rank owns, that is the machine's available
 * processors divided by the ranks on this node (at least 1), so ranks × threads do not
 * oversubscribe the node. Overrides, first found wins: the {@code hympj.threads} system
 * property, the {@code HYMPJ_THREADS} environment variable. The ranks on this node come from
 * {@code hympj.local.ranks} or {@code HYMPJ_LOCAL_RANKS}, which the launcher sets.
 */
public final class TeamSizing {
    private TeamSizing() {
    }

    public static int defaultThreads() {
        Integer explicit = positive("hympj.threads", "HYMPJ_THREADS");
        if (explicit != null) {
            return explicit;
        }
        return Math.max(1, Runtime.getRuntime().availableProcessors() / localRanks());
    }

    /**
     * Whether a team of {@code size} outnumbers this rank's share of the cores: every rank on
     * the node may run a team as large, and a thread spinning for its team then holds a core
     * another rank's team needs (docs/decisions/thread-team.md).
     */
    static boolean oversubscribed(int size) {
        return (long) size * localRanks() > Runtime.getRuntime().availableProcessors();
    }

    /** The ranks on this node (1 when the launcher did not say). */
    private static int localRanks() {
        Integer localRanks = positive("hympj.local.ranks", "HYMPJ_LOCAL_RANKS");
        return localRanks == null ? 1 : localRanks;
    }

    private static Integer positive(String property, String variable) {
        String value = System.getProperty(property);
        String source = "system property " + property;
        if (value == null) {
            value = System.getenv(variable);
            source = "environment variable " + variable;
        }
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(source + " must be a positive number of threads, got '" + value + "'");
    }
}
