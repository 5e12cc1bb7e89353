package mpi;

/**
 * An {@code MPI_Count}: a count of elements or bytes that may exceed an {@code int}, ordered by
 * its value. Comparable with any object, as Open MPI's raw {@code Comparable} is.
 */
public final class Count implements Comparable<Object> {
    private long count;

    /**
     * A count of {@code count}.
     *
     * @param count the value
     */
    public Count(long count) {
        this.count = count;
    }

    /** {@return the value} */
    public long getCount() {
        return count;
    }

    /**
     * Changes the value.
     *
     * @param count the new value
     */
    public void setCount(long count) {
        this.count = count;
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof Count && ((Count) obj).count == count;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(count);
    }

    /** Orders by value; a Count comes before anything that is not one, as in Open MPI. */
    @Override
    public int compareTo(Object obj) {
        return obj instanceof Count ? Long.compare(count, ((Count) obj).count) : -1;
    }

    @Override
    public String toString() {
        return Long.toString(count);
    }
}
