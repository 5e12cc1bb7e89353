package mpi;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;

/**
 * A complex number of {@code MPI.FLOAT_COMPLEX} in a buffer or an array: its real
 * part, then its imaginary part. Number {@code index} of an array of them starts at
 * float {@code 2 × index}.
 */
public final class FloatComplex {
    private final FloatBuffer buffer;
    private final int offset;

    private FloatComplex(FloatBuffer buffer, int index) {
        if (buffer == null) {
            throw new MPIException(MPI.ERR_BUFFER, "FloatComplex.get: the buffer is null");
        }
        this.buffer = buffer;
        this.offset = index * 2;
    }

    /**
     * {@return the complex number at the start of {@code buffer}}
     *
     * @param buffer the buffer that holds the numbers, each a real and an imaginary part
     */
    public static FloatComplex get(FloatBuffer buffer) {
        return new FloatComplex(buffer, 0);
    }

    /**
     * {@return complex number {@code index} of {@code buffer}}
     *
     * @param buffer the buffer that holds the numbers, each a real and an imaginary part
     * @param index the index of the number, from 0 (two elements each)
     */
    public static FloatComplex get(FloatBuffer buffer, int index) {
        return new FloatComplex(buffer, index);
    }

    /**
     * {@return the complex number in the first two elements of {@code array}}
     *
     * @param array the array that holds the numbers, each a real and an imaginary part
     */
    public static FloatComplex get(float[] array) {
        return get(array, 0);
    }

    /**
     * {@return complex number {@code index} of {@code array}}
     *
     * @param array the array that holds the numbers, each a real and an imaginary part
     * @param index the index of the number, from 0 (two elements each)
     */
    public static FloatComplex get(float[] array, int index) {
        return new FloatComplex(FloatBuffer.wrap(array), index);
    }

    /**
     * {@return the complex number at the start of {@code buffer}, read in the buffer's byte order}
     *
     * @param buffer the buffer that holds the numbers, each a real and an imaginary part
     */
    public static FloatComplex get(ByteBuffer buffer) {
        return get(buffer, 0);
    }

    /**
     * {@return complex number {@code index} of {@code buffer}, read in the buffer's byte order}
     *
     * @param buffer the buffer that holds the numbers, each a real and an imaginary part
     * @param index the index of the number, from 0 (two elements each)
     */
    public static FloatComplex get(ByteBuffer buffer, int index) {
        return new FloatComplex(buffer == null ? null : buffer.asFloatBuffer(), index);
    }

    /** {@return the real part} */
    public float getReal() {
        return buffer.get(offset);
    }

    /** {@return the imaginary part} */
    public float getImag() {
        return buffer.get(offset + 1);
    }

    /**
     * Sets the real part.
     *
     * @param real the real part
     */
    public void putReal(float real) {
        buffer.put(offset, real);
    }

    /**
     * Sets the imaginary part.
     *
     * @param imag the imaginary part
     */
    public void putImag(float imag) {
        buffer.put(offset + 1, imag);
    }

    /**
     * {@return the buffer from this number on}
     */
    public FloatBuffer getBuffer() {
        return offset == 0 ? buffer : MPI.slice(buffer, offset);
    }
}
