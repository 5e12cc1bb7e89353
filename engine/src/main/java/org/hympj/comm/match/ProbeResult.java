package org.hympj.comm.match;

import org.hympj.comm.data.ElementType;

/** The envelope of a message found by a probe. */
public final class ProbeResult {
    public int source;
    public int tag;
    public int count;
    public ElementType type;
}
