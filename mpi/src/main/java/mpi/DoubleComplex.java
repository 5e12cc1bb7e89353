package mpi;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;

/**
 * A complex number of {@code MPI.DOUBLE_COMPLEX} in a buffer or an array: its real
 * part, then its imaginary part. Number {@code index} of an array of them starts at
 * double {@code 2 × index}.
 */
public final class DoubleComplex {
    private final DoubleBuffer buffer;
    private final int offset;

    private DoubleComplex(DoubleBuffer buffer, int index) {
        if (buffer == null) {
            throw new MPIException(MPI.ERR_BUFFER, "DoubleComplex.get: the buffer is null");
        }
        this.buffer = buffer;
        this.offset = index * 2;
    }

    /** The complex number at the start of {@code buffer}. */
    public static DoubleComplex get(DoubleBuffer buffer) {
        return new DoubleComplex(buffer, 0);
    }

    /** Complex number {@code index} of {@code buffer}. */
    public static DoubleComplex get(DoubleBuffer buffer, int index) {
        return new DoubleComplex(buffer, index);
    }

    /** The complex number in the first two elements of {@code array}. */
    public static DoubleComplex get(double[] array) {
        return get(array, 0);
    }

    /** Complex number {@code index} of {@code array}. */
    public static DoubleComplex get(double[] array, int index) {
        return new DoubleComplex(DoubleBuffer.wrap(array), index);
    }

    /** The complex number at the start of {@code buffer}, read in the buffer's byte order. */
    public static DoubleComplex get(ByteBuffer buffer) {
        return get(buffer, 0);
    }

    /** Complex number {@code index} of {@code buffer}, read in the buffer's byte order. */
    public static DoubleComplex get(ByteBuffer buffer, int index) {
        return new DoubleComplex(buffer == null ? null : buffer.asDoubleBuffer(), index);
    }

    public double getReal() {
        return buffer.get(offset);
    }

    public double getImag() {
        return buffer.get(offset + 1);
    }

    public void putReal(double real) {
        buffer.put(offset, real);
    }

    public void putImag(double imag) {
        buffer.put(offset + 1, imag);
    }

    /** The buffer from this number on. */
    public DoubleBuffer getBuffer() {
        return offset == 0 ? buffer : MPI.slice(buffer, offset);
    }
}
