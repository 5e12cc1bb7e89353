package mpi;

import org.hympj.comm.data.ReductionOps;

/**
 * A reduction operation: a predefined one ({@code MPI.MAX}, {@code MPI.SUM}, ...,
 * {@code MPI.MAXLOC}, {@code MPI.MINLOC}) or a user-defined one. A non-commutative user op
 * is applied in rank order.
 */
public class Op {
    /** The predefined operation's code, or -1 for a user function. */
    final int code;
    final User_function function;
    final boolean commute;
    private final String name;

    Op(int code) {
        this.code = code;
        this.function = null;
        this.commute = true;
        this.name = ReductionOps.name(code);
    }

    /** A user-defined operation; {@code commute} says whether its operands may be swapped. */
    public Op(User_function function, boolean commute) {
        if (function == null) {
            throw new MPIException(MPI.ERR_OP, "a user-defined Op needs a User_function, got null");
        }
        this.code = -1;
        this.function = function;
        this.commute = commute;
        this.name = "user Op (" + function.getClass().getName() + (commute ? ", commutative)" : ", non-commutative)");
    }

    /** Ops hold no resources; MPJ Express's {@code free} does nothing, as here. */
    public void free() {
    }

    public boolean Is_commute() {
        return commute;
    }

    @Override
    public String toString() {
        return name;
    }
}
