package org.hympj.nested;

/**
 * The teams' settings, this module's own (it cannot see HyMPJ's runtime, whose
 * {@code Configuration} holds the rest). The default size of a team: the cores this rank owns,
 * that is the machine's available processors divided by the ranks on this node (at least 1),
 * so ranks × threads do not oversubscribe the node. Overrides, first found wins: the
 * {@code hympj.threads} system property, the {@code HYMPJ_THREADS} environment variable. The
 * ranks on this node come from {@code hympj.local.ranks} or {@code HYMPJ_LOCAL_RANKS}, which
 * the launcher sets. A team thread's wait budgets: {@code hympj.team.spins} and
 * {@code hympj.team.yields}. A value that cannot be used is refused with the property's name.
 */
public final class TeamSizing {
    private TeamSizing() {
    }

    /**
     * The size of a team made with {@link Team#create()}.
     *
     * @return the explicit size if one is set, else this rank's share of the cores (at least 1)
     */
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

    /** Busy-wait iterations of a team thread before it yields ({@code hympj.team.spins}); fewer when the team oversubscribes. */
    static int spins(boolean oversubscribed) {
        return count("hympj.team.spins", oversubscribed ? 50 : 20_000);
    }

    /** Yields of a team thread before it parks ({@code hympj.team.yields}). */
    static int yields(boolean oversubscribed) {
        return count("hympj.team.yields", oversubscribed ? 10 : 100);
    }

    private static int count(String property, int otherwise) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            return otherwise;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("system property " + property + " must be a whole number of at least 0, got '" + value + "'");
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
