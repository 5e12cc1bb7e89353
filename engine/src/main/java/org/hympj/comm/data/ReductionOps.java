package org.hympj.comm.data;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The predefined MPI reduction operations, element by element on Java arrays:
 * {@code acc[accOffset + i] = acc[accOffset + i] OP in[inOffset + i]}. The left operand is
 * always the lower-ranked contribution, so a reduction that combines contributions in rank
 * order keeps that order.
 *
 * <p>Which op applies to which type follows MPI: MAX, MIN, SUM, PROD to every numeric type
 * (BYTE, CHAR, SHORT, INT, LONG, FLOAT, DOUBLE); LAND, LOR, LXOR to the integer types and
 * BOOLEAN; BAND, BOR, BXOR to the integer types and BOOLEAN. OBJECT has no predefined op.
 * MAXLOC and MINLOC apply to pairs: two consecutive elements of a numeric type (mpiJava's
 * {@code MPI.INT2}, ...), or the value-index pairs laid out in bytes of a {@link Compound}
 * ({@code MPI.DOUBLE_INT}, ...), and to nothing else; a complex number takes SUM and PROD only.
 */
public final class ReductionOps {
    public static final int MAX = 0;
    public static final int MIN = 1;
    public static final int SUM = 2;
    public static final int PROD = 3;
    public static final int LAND = 4;
    public static final int BAND = 5;
    public static final int LOR = 6;
    public static final int BOR = 7;
    public static final int LXOR = 8;
    public static final int BXOR = 9;
    /** On (value, index) pairs: the larger value; the smaller index among equal values. */
    public static final int MAXLOC = 10;
    /** On (value, index) pairs: the smaller value; the smaller index among equal values. */
    public static final int MINLOC = 11;
    /** One-sided accumulation's operations, which apply to no reduction: every reduction with one raises ERR_OP. */
    public static final int REPLACE = 12;
    public static final int NO_OP = 13;

    private static final String[] NAMES = {"MAX", "MIN", "SUM", "PROD", "LAND", "BAND", "LOR", "BOR", "LXOR", "BXOR",
        "MAXLOC", "MINLOC", "REPLACE", "NO_OP"};
    /** The number of predefined operations; their codes are 0 up to it. */
    public static final int COUNT = NAMES.length;

    private static final VarHandle SHORT_BYTES = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.nativeOrder());
    private static final VarHandle INT_BYTES = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final VarHandle LONG_BYTES = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle FLOAT_BYTES = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.nativeOrder());
    private static final VarHandle DOUBLE_BYTES = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.nativeOrder());

    private ReductionOps() {
    }

    /** True if {@code op} is defined on the items of {@code type}. */
    public static boolean appliesTo(int op, TypeMap type) {
        Compound compound = type.compound;
        if (compound != null && compound.isValueIndexPair()) {
            return op == MAXLOC || op == MINLOC;
        }
        if (compound == Compound.COMPLEX) {
            return op == SUM || op == PROD;
        }
        return appliesTo(op, type.base) && (op < MAXLOC || type.width % 2 == 0);
    }

    /**
     * {@code acc[accOffset..] = acc[accOffset..] op in[inOffset..]} for {@code items} packed
     * items of {@code packed}, which {@link #appliesTo} allows; offsets count base elements.
     */
    public static void combine(int op, TypeMap packed, Object in, int inOffset, Object acc, int accOffset, int items) {
        Compound compound = packed.compound;
        if (compound != null && compound.isValueIndexPair()) {
            combineBytePairs(op == MAXLOC, compound, (byte[]) in, inOffset, (byte[]) acc, accOffset, items * packed.width
                / compound.packedWidth());
        } else if (compound == Compound.COMPLEX && op == PROD) {
            multiplyComplex(packed.base, in, inOffset, acc, accOffset, items * packed.width / 2);
        } else {
            combine(op, packed.base, in, inOffset, acc, accOffset, items * packed.width);
        }
    }

    public static String name(int op) {
        return "MPI." + NAMES[op];
    }

    /** True if {@code op} is defined on {@code type} (for MAXLOC and MINLOC: on pairs of it). */
    public static boolean appliesTo(int op, ElementType type) {
        if (op > MINLOC) {
            return false;
        }
        if (op >= MAXLOC) {
            return type == ElementType.SHORT || type == ElementType.INT || type == ElementType.LONG
                || type == ElementType.FLOAT || type == ElementType.DOUBLE;
        }
        switch (type) {
            case OBJECT:
                return false;
            case FLOAT:
            case DOUBLE:
                return op <= PROD;
            case BOOLEAN:
                return op >= LAND;
            default:
                return true;
        }
    }

    /**
     * {@code acc[accOffset + i] = acc[accOffset + i] op in[inOffset + i]} for {@code i < count}
     * elements; for MAXLOC and MINLOC, {@code count} elements are {@code count / 2} pairs.
     */
    public static void combine(int op, ElementType type, Object in, int inOffset, Object acc, int accOffset, int count) {
        if (op >= MAXLOC) {
            combinePairs(op == MAXLOC, type, in, inOffset, acc, accOffset, count / 2);
            return;
        }
        switch (type) {
            case BYTE: {
                byte[] a = (byte[]) acc;
                byte[] b = (byte[]) in;
                for (int i = 0; i < count; i++) {
                    a[accOffset + i] = (byte) integer(op, a[accOffset + i], b[inOffset + i]);
                }
                break;
            }
            case CHAR: {
                char[] a = (char[]) acc;
                char[] b = (char[]) in;
                for (int i = 0; i < count; i++) {
                    a[accOffset + i] = (char) integer(op, a[accOffset + i], b[inOffset + i]);
                }
                break;
            }
            case SHORT: {
                short[] a = (short[]) acc;
                short[] b = (short[]) in;
                for (int i = 0; i < count; i++) {
                    a[accOffset + i] = (short) integer(op, a[accOffset + i], b[inOffset + i]);
                }
                break;
            }
            case INT: {
                int[] a = (int[]) acc;
                int[] b = (int[]) in;
                for (int i = 0; i < count; i++) {
                    a[accOffset + i] = (int) integer(op, a[accOffset + i], b[inOffset + i]);
                }
                break;
            }
            case LONG: {
                long[] a = (long[]) acc;
                long[] b = (long[]) in;
                for (int i = 0; i < count; i++) {
                    a[accOffset + i] = integer(op, a[accOffset + i], b[inOffset + i]);
                }
                break;
            }
            case FLOAT: {
                float[] a = (float[]) acc;
                float[] b = (float[]) in;
                for (int i = 0; i < count; i++) {
                    a[accOffset + i] = (float) real(op, a[accOffset + i], b[inOffset + i]);
                }
                break;
            }
            case DOUBLE: {
                double[] a = (double[]) acc;
                double[] b = (double[]) in;
                for (int i = 0; i < count; i++) {
                    a[accOffset + i] = real(op, a[accOffset + i], b[inOffset + i]);
                }
                break;
            }
            case BOOLEAN: {
                boolean[] a = (boolean[]) acc;
                boolean[] b = (boolean[]) in;
                for (int i = 0; i < count; i++) {
                    boolean x = a[accOffset + i];
                    boolean y = b[inOffset + i];
                    a[accOffset + i] = op == LAND || op == BAND ? x & y : op == LOR || op == BOR ? x | y : x ^ y;
                }
                break;
            }
            default:
                throw new IllegalArgumentException("no predefined reduction on " + type);
        }
    }

    private static void combinePairs(boolean max, ElementType type, Object in, int inOffset, Object acc, int accOffset, int pairs) {
        for (int p = 0; p < pairs; p++) {
            int a = accOffset + 2 * p;
            int b = inOffset + 2 * p;
            int byValue = compare(type, in, b, acc, a);
            boolean takeIn = max ? byValue > 0 : byValue < 0;
            if (takeIn || (byValue == 0 && compare(type, in, b + 1, acc, a + 1) < 0)) {
                System.arraycopy(in, b, acc, a, 2);
            }
        }
    }

    /** MAXLOC or MINLOC on packed value-index pairs of bytes: the value, then its int index. */
    private static void combineBytePairs(boolean max, Compound pair, byte[] in, int inOffset, byte[] acc, int accOffset,
                                         int pairs) {
        int width = pair.packedWidth();
        int index = pair.value.size();
        for (int p = 0; p < pairs; p++) {
            int a = accOffset + p * width;
            int b = inOffset + p * width;
            int byValue = compareBytes(pair.value, in, b, acc, a);
            boolean takeIn = max ? byValue > 0 : byValue < 0;
            if (takeIn || (byValue == 0 && (int) INT_BYTES.get(in, b + index) < (int) INT_BYTES.get(acc, a + index))) {
                System.arraycopy(in, b, acc, a, width);
            }
        }
    }

    /** Compares the value of type {@code type} at byte {@code i} of {@code x} with the one at byte {@code j} of {@code y}. */
    private static int compareBytes(ElementType type, byte[] x, int i, byte[] y, int j) {
        switch (type) {
            case SHORT: return Short.compare((short) SHORT_BYTES.get(x, i), (short) SHORT_BYTES.get(y, j));
            case LONG: return Long.compare((long) LONG_BYTES.get(x, i), (long) LONG_BYTES.get(y, j));
            case FLOAT: return Float.compare((float) FLOAT_BYTES.get(x, i), (float) FLOAT_BYTES.get(y, j));
            default: return Double.compare((double) DOUBLE_BYTES.get(x, i), (double) DOUBLE_BYTES.get(y, j));
        }
    }

    /** {@code acc = acc × in} for {@code numbers} complex numbers, each a real and an imaginary part. */
    private static void multiplyComplex(ElementType type, Object in, int inOffset, Object acc, int accOffset, int numbers) {
        for (int k = 0; k < numbers; k++) {
            int a = accOffset + 2 * k;
            int b = inOffset + 2 * k;
            if (type == ElementType.FLOAT) {
                float[] x = (float[]) acc;
                float[] y = (float[]) in;
                float re = x[a] * y[b] - x[a + 1] * y[b + 1];
                x[a + 1] = x[a] * y[b + 1] + x[a + 1] * y[b];
                x[a] = re;
            } else {
                double[] x = (double[]) acc;
                double[] y = (double[]) in;
                double re = x[a] * y[b] - x[a + 1] * y[b + 1];
                x[a + 1] = x[a] * y[b + 1] + x[a + 1] * y[b];
                x[a] = re;
            }
        }
    }

    /** Compares {@code x[i]} with {@code y[j]} in the type's own domain (no precision lost for long). */
    private static int compare(ElementType type, Object x, int i, Object y, int j) {
        switch (type) {
            case SHORT: return Short.compare(((short[]) x)[i], ((short[]) y)[j]);
            case INT: return Integer.compare(((int[]) x)[i], ((int[]) y)[j]);
            case LONG: return Long.compare(((long[]) x)[i], ((long[]) y)[j]);
            case FLOAT: return Float.compare(((float[]) x)[i], ((float[]) y)[j]);
            default: return Double.compare(((double[]) x)[i], ((double[]) y)[j]);
        }
    }

    private static long integer(int op, long x, long y) {
        switch (op) {
            case MAX: return Math.max(x, y);
            case MIN: return Math.min(x, y);
            case SUM: return x + y;
            case PROD: return x * y;
            case LAND: return (x != 0 && y != 0) ? 1 : 0;
            case BAND: return x & y;
            case LOR: return (x != 0 || y != 0) ? 1 : 0;
            case BOR: return x | y;
            case LXOR: return ((x != 0) != (y != 0)) ? 1 : 0;
            default: return x ^ y;
        }
    }

    private static double real(int op, double x, double y) {
        switch (op) {
            case MAX: return Math.max(x, y);
            case MIN: return Math.min(x, y);
            case SUM: return x + y;
            default: return x * y;
        }
    }
}
