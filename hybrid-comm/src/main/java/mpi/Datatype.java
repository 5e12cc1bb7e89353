package mpi;

import org.hympj.comm.data.ElementType;

/**
 * An MPI datatype. The basic ones ({@code MPI.INT}, {@code MPI.DOUBLE}, ...) each describe
 * one element of the matching Java array type; {@code MPI.OBJECT} describes one element of
 * an {@code Object[]} of serializable objects.
 */
public class Datatype {
    final ElementType base;
    private final String name;

    Datatype(ElementType base, String name) {
        this.base = base;
        this.name = name;
    }

    @Override
    public String toString() {
        return name;
    }
}
