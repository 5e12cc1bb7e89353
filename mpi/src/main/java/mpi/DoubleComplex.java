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

    /**
     * {@return the complex number at the start of {@code buffer}}
     *
     * @param buffer the buffer that holds the numbers, each a real and an imaginary part
     */
    public static DoubleComplex get(DoubleBuffer buffer) {
        return new DoubleComplex(buffer, 0);
    }

    /**
     * {@return complex number {@code index} of {@code buffer}}
     *
     * @param buffer the buffer that holds the numbers, each a real and an imaginary part
     * @param index the index of the number, from 0 (two elements each)
     */
    public static DoubleComplex get(DoubleBuffer buffer, int index) {
        return new DoubleComplex(buffer, index);
    }

    /**
     * {@return the complex number in the first two elements of {@code array}}
     *
     * @param array the array that holds the numbers, each a real and an imaginary part
     */
    public static DoubleComplex get(double[] array) {
        return get(array, 0);
    }

    /**
     * {@return complex number {@code index} of {@code array}}
     *
     * @param array the array that holds the numbers, each a real and an imaginary part
     * @param index the index of the number, from 0 (two elements each)
     */
    public static DoubleComplex get(double[] array, int index) {
        return new DoubleComplex(DoubleBuffer.wrap(array), index);
    }

    /**
     * {@return the complex number at the start of {@code buffer}, read in the buffer's byte order}
     *
     * @param buffer the buffer that holds the numbers, each a real and an imaginary part
     */
    public static DoubleComplex get(ByteBuffer buffer) {
        return get(buffer, 0);
    }

    /**
     * {@return complex number {@code index} of {@code buffer}, read in the buffer's byte order}
     *
     * @param buffer the buffer that holds the numbers, each a real and an imaginary part
     * @param index the index of the number, from 0 (two elements each)
     */
    public static DoubleComplex get(ByteBuffer buffer, int index) {
        return new DoubleComplex(buffer == null ? null : buffer.asDoubleBuffer(), index);
    }

    /** {@return the real part} */
    public double getReal() {
        return buffer.get(offset);
    }

    /** {@return the imaginary part} */
    public double getImag() {
        return buffer.get(offset + 1);
    }

    /**
     * Sets the real part.
     *
     * @param real the real part
     */
    public void putReal(double real) {
        buffer.put(offset, real);
    }

    /**
     * Sets the imaginary part.
     *
     * @param imag the imaginary part
     */
    public void putImag(double imag) {
        buffer.put(offset + 1, imag);
    }

    /**
     * {@return the buffer from this number on}
     */
    public DoubleBuffer getBuffer() {
        return offset == 0 ? buffer : MPI.slice(buffer, offset);
    }
}
