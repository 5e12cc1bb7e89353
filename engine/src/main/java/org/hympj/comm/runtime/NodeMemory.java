package org.hympj.comm.runtime;

import java.nio.ByteBuffer;

/**
 * Memory that the JVMs of one node map together, for shared-memory windows: a path that reaches
 * other JVMs of this node offers it. A name is made by one JVM and mapped by the others once it
 * exists; once every JVM has mapped it, its file is unlinked, so nothing of it is left in the
 * file system whatever happens to the job afterwards, and each JVM unmaps it when done.
 */
public interface NodeMemory {
    /**
     * The memory named {@code name} within the job, {@code bytes} long, in the platform's byte
     * order: made here if {@code create}, else mapped as the JVM that made it left it.
     */
    ByteBuffer map(String name, int bytes, boolean create);

    /** Removes the file of {@code name}, which every JVM of the node has mapped; the mappings stay. */
    void unlink(String name);

    /** Unmaps {@code name} in this JVM; no buffer over it may be used afterwards. */
    void unmap(String name);
}
