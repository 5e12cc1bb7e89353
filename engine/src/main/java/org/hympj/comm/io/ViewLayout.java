package org.hympj.comm.io;

import java.util.Arrays;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;

/**
 * Which bytes of a file a view lets a rank see, in order: MPI's (displacement, etype,
 * filetype) as byte ranges. The filetype is tiled from the displacement, one item every
 * extent; the bytes of its typemap, tile after tile, are the view's data, numbered from 0.
 * Offsets into a view count etypes, so etype offset {@code k} is data byte
 * {@code k × etypeBytes}.
 *
 * <p>Invariant: {@code runStarts} ascend and the runs neither overlap nor pass
 * {@code tileExtent} (MPI's rule that a filetype's displacements are nonnegative and never
 * decrease), {@code runData[r]} is the data bytes of the runs before {@code r},
 * {@code tileBytes} their total and a whole number of etypes; a contiguous view is one run that
 * fills its tile, and maps data byte {@code b} to file byte {@code displacement + b}. A view
 * never changes once built.
 */
public final class ViewLayout {
    /** The view a file has when opened: displacement 0, etype and filetype {@code MPI.BYTE}. */
    public static final ViewLayout BYTES = new ViewLayout(0, 1, new long[] {0}, new long[] {1}, 1, DataRepresentation.NATIVE);

    private final long displacement;
    private final int etypeBytes;
    private final long[] runStarts;
    private final long[] runLengths;
    private final long[] runData;
    private final long tileBytes;
    private final long tileExtent;
    private final boolean contiguous;
    private final DataRepresentation representation;

    private ViewLayout(long displacement, int etypeBytes, long[] runStarts, long[] runLengths, long tileExtent,
                       DataRepresentation representation) {
        this.displacement = displacement;
        this.etypeBytes = etypeBytes;
        this.runStarts = runStarts;
        this.runLengths = runLengths;
        this.tileExtent = tileExtent;
        this.representation = representation;
        this.runData = new long[runStarts.length];
        long data = 0;
        for (int r = 0; r < runStarts.length; r++) {
            runData[r] = data;
            data += runLengths[r];
        }
        this.tileBytes = data;
        this.contiguous = runStarts.length == 1 && runStarts[0] == 0 && runLengths[0] == tileExtent;
    }

    /**
     * The view of {@code etype} items through {@code filetype} tiles from byte
     * {@code displacement}, in {@code representation}; ERR_ARG or ERR_TYPE with a sentence for
     * a view MPI does not allow.
     */
    public static ViewLayout of(String call, long displacement, TypeMap etype, TypeMap filetype,
                                DataRepresentation representation) {
        if (displacement < 0) {
            throw new EngineException(ErrorClass.ERR_ARG, call + ": the displacement must not be negative, got " + displacement);
        }
        if (etype.base.isObject() || filetype.base.isObject()) {
            throw new EngineException(ErrorClass.ERR_TYPE, call + ": a view of Java objects has no bytes in a file");
        }
        long etypeSize = (long) etype.width * etype.base.size();
        if (etypeSize == 0) {
            throw new EngineException(ErrorClass.ERR_TYPE, call + ": etype " + etype + " holds no data");
        }
        int unit = filetype.base.size();
        long tileBytes = (long) filetype.width * unit;
        if (tileBytes == 0 || tileBytes % etypeSize != 0) {
            throw new EngineException(ErrorClass.ERR_TYPE, call + ": filetype " + filetype + " holds " + tileBytes
                + " bytes, which is no positive whole number of etypes of " + etypeSize + " bytes (" + etype + ")");
        }
        int n = filetype.runCount();
        long[] starts = new long[n];
        long[] lengths = new long[n];
        long end = 0;
        for (int r = 0; r < n; r++) {
            starts[r] = (long) filetype.runStart(r) * unit;
            lengths[r] = (long) filetype.runLength(r) * unit;
            if (starts[r] < end) {
                throw new EngineException(ErrorClass.ERR_TYPE, call + ": filetype " + filetype + (r == 0
                    ? " starts before its item (a negative displacement)"
                    : " goes back in the file (its displacements decrease or overlap)")
                    + "; a filetype's displacements must be nonnegative and never decrease");
            }
            end = starts[r] + lengths[r];
        }
        long extent = (long) filetype.extent * unit;
        if (end > extent) {
            throw new EngineException(ErrorClass.ERR_TYPE, call + ": filetype " + filetype + " reaches " + end
                + " bytes into its tile but its extent is " + extent + ", so its tiles would overlap; resize it"
                + " (Datatype.createResized) to an extent that holds it");
        }
        return new ViewLayout(displacement, (int) etypeSize, starts, lengths, extent, representation);
    }

    public long displacement() {
        return displacement;
    }

    /** The bytes of one etype: offsets into the view count these. */
    public int etypeBytes() {
        return etypeBytes;
    }

    public DataRepresentation representation() {
        return representation;
    }

    /** The file byte that holds data byte {@code dataByte} of the view. */
    public long fileOffset(long dataByte) {
        if (contiguous) {
            return displacement + dataByte;
        }
        long tile = dataByte / tileBytes;
        long within = dataByte - tile * tileBytes;
        int r = run(within);
        return displacement + tile * tileExtent + runStarts[r] + (within - runData[r]);
    }

    /** How many data bytes from {@code dataByte} on lie next to each other in the file. */
    public long contiguousFrom(long dataByte) {
        if (contiguous) {
            return Long.MAX_VALUE - dataByte;
        }
        long within = dataByte % tileBytes;
        int r = run(within);
        return runData[r] + runLengths[r] - within;
    }

    /** The data bytes of the view that lie below file byte {@code fileByte}: where the view ends in a file of that size. */
    public long dataBelow(long fileByte) {
        long past = fileByte - displacement;
        if (past <= 0) {
            return 0;
        }
        if (contiguous) {
            return past;
        }
        long tiles = past / tileExtent;
        long rest = past - tiles * tileExtent;
        long data = tiles * tileBytes;
        for (int r = 0; r < runStarts.length && runStarts[r] < rest; r++) {
            data += Math.min(runLengths[r], rest - runStarts[r]);
        }
        return data;
    }

    /** The run of a tile that holds data byte {@code within} of it. */
    private int run(long within) {
        int r = Arrays.binarySearch(runData, within);
        return r >= 0 ? r : -r - 2;
    }
}
