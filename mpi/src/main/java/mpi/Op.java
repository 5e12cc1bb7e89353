package mpi;

import org.hympj.comm.data.Reduction;
import org.hympj.comm.data.ReductionOps;
import org.hympj.comm.data.TypeMap;

/**
 * A reduction operation: a predefined one ({@code MPI.MAX}, {@code MPI.SUM}, ...,
 * {@code MPI.MAXLOC}, {@code MPI.MINLOC}) or a user-defined one. A non-commutative user op
 * is applied in rank order.
 *
 * <p>The engine's collectives combine contributions through a {@link Reduction}: a
 * predefined op is the engine's own, shared by every rank; a user op is adapted for each
 * call, so that its {@link User_function} gets the packed form of the call's datatype.
 */
public class Op {
    /** The predefined operation's code, or -1 for a user function. */
    final int code;
    final User_function function;
    final boolean commute;
    /** The engine's operation for a predefined op; null for a user function. */
    private final Reduction predefined;
    private final String name;

    Op(int code) {
        this.code = code;
        this.function = null;
        this.commute = true;
        this.predefined = Reduction.predefined(code);
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
        this.predefined = null;
        this.name = "user Op (" + function.getClass().getName() + (commute ? ", commutative)" : ", non-commutative)");
    }

    /** Ops hold no resources; MPJ Express's {@code free} does nothing, as here. */
    public void free() {
    }

    public boolean Is_commute() {
        return commute;
    }

    /** How the engine combines contributions of {@code datatype} with this op. */
    Reduction reduction(Datatype datatype) {
        return predefined != null ? predefined : new UserReduction(function, commute, datatype.packedForm());
    }

    @Override
    public String toString() {
        return name;
    }

    /**
     * A user function as an engine reduction: by mpiJava's contract it writes
     * {@code in op inout} into its inout argument, the higher operand.
     */
    private static final class UserReduction extends Reduction {
        private final User_function function;
        private final Datatype packed;

        UserReduction(User_function function, boolean commute, Datatype packed) {
            super(commute);
            this.function = function;
            this.packed = packed;
        }

        @Override
        public Object combine(Object lower, Object higher, int items, TypeMap type) {
            function.Call(lower, 0, higher, 0, items, packed);
            return higher;
        }

        @Override
        public void fold(Object in, int inOffset, Object inout, int inoutOffset, int items, TypeMap type) {
            function.Call(in, inOffset, inout, inoutOffset, items, packed);
        }
    }
}
