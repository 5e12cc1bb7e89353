package mpi;

import org.hympj.comm.data.ElementType;

/**
 * An MPI datatype. The basic ones ({@code MPI.INT}, {@code MPI.DOUBLE}, ...) each describe
 * one element of the matching Java array type; {@code MPI.OBJECT} describes one element of
 * an {@code Object[]} of serializable objects; the pair types ({@code MPI.INT2}, ...) of
 * MAXLOC and MINLOC describe two consecutive elements, a value and an index. Counts are in
 * items of the datatype; buffer offsets, as in mpiJava, are in array elements.
 */
public class Datatype {
    final ElementType base;
    /** Array elements per item: 1 for the basic types, 2 for the pair types. */
    final int width;
    private final String name;

    Datatype(ElementType base, String name) {
        this(base, 1, name);
    }

    Datatype(ElementType base, int width, String name) {
        this.base = base;
        this.width = width;
        this.name = name;
    }

    @Override
    public String toString() {
        return name;
    }
}
