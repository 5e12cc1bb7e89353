package org.hympj.benchmarks.pingpong;

import org.hympj.comm.match.RankInbox;

/**
 * Refuses to measure thread ranks without their inbox. Without {@code --add-opens
 * java.base/jdk.internal.misc=ALL-UNNAMED} (which {@code hympjrun} gives every job) Agrona
 * cannot reach the JDK's {@code Unsafe}, and small messages take the slower sender-side path,
 * which no job takes: a figure of that path would mislead.
 */
final class InboxRequired {
    private InboxRequired() {
    }

    static void check() {
        if (!RankInbox.available()) {
            throw new IllegalStateException("thread ranks have no inbox in this JVM: start it with "
                + "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED, as hympjrun does, or this measures a path no job takes");
        }
    }
}
