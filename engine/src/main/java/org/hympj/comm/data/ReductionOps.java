package org.hympj.comm.data;

/**
 * The predefined MPI reduction operations, element by element on Java arrays:
 * {@code acc[accOffset + i] = acc[accOffset + i] OP in[inOffset + i]}. The left operand is
 * always the lower-ranked contribution, so a reduction that combines contributions in rank
 * order keeps that order.
 *
 * <p>Which op applies to which type follows MPI: MAX, MIN, SUM, PROD to every numeric type
 * (BYTE, CHAR, SHORT, INT, LONG, FLOAT, DOUBLE); LAND, LOR, LXOR to the integer types and
 * BOOLEAN; BAND, BOR, BXOR to the integer types and BOOLEAN. OBJECT has no predefined op.
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

    private static final String[] NAMES = {"MAX", "MIN", "SUM", "PROD", "LAND", "BAND", "LOR", "BOR", "LXOR", "BXOR",
        "MAXLOC", "MINLOC"};

    private ReductionOps() {
    }

    public static String name(int op) {
        return "MPI." + NAMES[op];
    }

    /** True if {@code op} is defined on {@code type} (for MAXLOC and MINLOC: on pairs of it). */
    public static boolean appliesTo(int op, ElementType type) {
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
