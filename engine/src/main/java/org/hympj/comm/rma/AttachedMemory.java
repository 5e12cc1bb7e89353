package org.hympj.comm.rma;

import java.nio.Buffer;
import java.util.Arrays;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;

/**
 * The memory of one rank's dynamic window ({@code MPI_WIN_CREATE_DYNAMIC}): the buffers attached
 * to it, each at its address ({@link BufferAddresses}), which the window's displacements are.
 *
 * <p>Invariant: the attached regions never overlap; each is the buffer the program attached,
 * from its element 0, and its address. Not thread-safe: its window reads and changes it under
 * its {@code applying} lock, so an operation sees a region either wholly attached or not at all.
 */
final class AttachedMemory {
    /** A buffer attached at {@code at}, seen as the window's memory. */
    record Region(long at, WindowMemory memory, Buffer buffer) {
        long end() {
            return at + memory.bytes();
        }
    }

    private Region[] regions = new Region[0];

    /** Attaches {@code buffer} (its first {@code bytes}) at {@code at}; {@code ERR_RMA_ATTACH} if it overlaps an attached one. */
    void attach(String call, Buffer buffer, Buffer memory, long at) {
        Region added = new Region(at, new WindowMemory(memory), buffer);
        for (Region r : regions) {
            if (r.buffer() == buffer || at < r.end() && r.at() < added.end()) {
                throw new EngineException(ErrorClass.ERR_RMA_ATTACH, call + ": the buffer overlaps one attached to the window "
                    + "already (addresses " + r.at() + " to " + r.end() + "); detach that one first");
            }
        }
        regions = Arrays.copyOf(regions, regions.length + 1);
        regions[regions.length - 1] = added;
    }

    /** Detaches {@code buffer}; {@code ERR_ARG} if it is not attached. */
    void detach(String call, Buffer buffer) {
        for (int i = 0; i < regions.length; i++) {
            if (regions[i].buffer() == buffer) {
                Region[] rest = new Region[regions.length - 1];
                System.arraycopy(regions, 0, rest, 0, i);
                System.arraycopy(regions, i + 1, rest, i, rest.length - i);
                regions = rest;
                return;
            }
        }
        throw new EngineException(ErrorClass.ERR_ARG, call + ": the buffer is not attached to the window; detach takes the "
            + "very buffer object that attach was given");
    }

    /**
     * The region that holds {@code count} elements of {@code type} from address {@code at},
     * with that element type; null if none does.
     */
    Region covering(ElementType type, long at, int count) {
        for (Region r : regions) {
            if (at >= r.at() && at + (long) count * type.size() <= r.end()) {
                ElementType held = r.memory().held();
                return held == ElementType.BYTE || held == type && (at - r.at()) % held.size() == 0 ? r : null;
            }
        }
        return null;
    }

    /** Why no region covers the access {@link #covering} refused: {@code ERR_TYPE} or {@code ERR_RMA_RANGE}. */
    int refusal(ElementType type, long at, int count) {
        for (Region r : regions) {
            if (at >= r.at() && at + (long) count * type.size() <= r.end()) {
                return ErrorClass.ERR_TYPE;
            }
        }
        return ErrorClass.ERR_RMA_RANGE;
    }
}
