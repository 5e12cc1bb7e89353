package mpi;

import org.hympj.comm.data.ReductionOps;

/**
 * A reduction operation: the predefined ones are the {@code MPI.MAX}, {@code MPI.SUM}, ...
 * constants. (User-defined operations, {@code new Op(User_function, commute)}, and MAXLOC /
 * MINLOC arrive with the rest of the collectives, issue #4.)
 */
public class Op {
    final int code;
    private final String name;

    Op(int code) {
        this.code = code;
        this.name = ReductionOps.name(code);
    }

    @Override
    public String toString() {
        return name;
    }
}
