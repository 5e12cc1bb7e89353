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

    private static final String[] NAMES = {"MAX", "MIN", "SUM", "PROD", "LAND", "BAND", "LOR", "BOR", "LXOR", "BXOR"};

    private ReductionOps() {
    }

    public static String name(int op) {
        return "MPI." + NAMES[op];
    }

    /** True if {@code op} is defined on {@code type}. */
    public static boolean appliesTo(int op, ElementType type) {
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

    /** {@code acc[accOffset + i] = acc[accOffset + i] op in[inOffset + i]} for {@code i < count}. */
    public static void combine(int op, ElementType type, Object in, int inOffset, Object acc, int accOffset, int count) {
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
