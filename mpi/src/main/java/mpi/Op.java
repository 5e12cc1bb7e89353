package mpi;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.hympj.comm.data.ElementType;
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
 * An Open MPI {@link UserFunction} is adapted to a {@code User_function}, so both faces'
 * user ops reach the engine the same way.
 */
public class Op implements Freeable {
    /** The predefined operation's code, or -1 for a user function. */
    final int code;
    final User_function function;
    final boolean commute;
    /** The engine's operation for a predefined op; null for a user function. */
    private final Reduction predefined;
    private final String name;
    private volatile boolean freed;

    Op(int code) {
        this.code = code;
        this.function = null;
        this.commute = true;
        this.predefined = Reduction.predefined(code);
        this.name = ReductionOps.name(code);
    }

    /**
     * A user-defined operation; {@code commute} says whether its operands may be swapped.
     *
     * @param function the function that combines two operands
     * @param commute whether the operation is commutative, which lets the reduction combine operands in any order
     * @throws MPIException {@code MPI.ERR_OP} if {@code function} is null
     */
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

    /**
     * Open MPI's user-defined operation; {@code commute} says whether its operands may be
     * swapped. Its function gets arrays, or ByteBuffers if it overrides that form (see
     * {@link UserFunction}).
     *
     * @param function the function that combines two operands
     * @param commute whether the operation is commutative, which lets the reduction combine operands in any order
     * @throws MPIException {@code MPI.ERR_OP} if {@code function} is null
     */
    public Op(UserFunction function, boolean commute) {
        this(adapt(function), commute);
    }

    private static User_function adapt(UserFunction function) {
        if (function == null) {
            throw new MPIException(MPI.ERR_OP, "a user-defined Op needs a UserFunction, got null");
        }
        return new OpenMpiFunction(function);
    }

    /**
     * Releases a user-defined op, whose handle becomes null ({@link #isNull}) and which then
     * raises ERR_OP in a reduction. A predefined op cannot be freed: MPI makes that an error
     * and Open MPI raises ERR_OP for it.
     *
     * @throws MPIException {@code MPI.ERR_OP} for a predefined operation
     */
    public void free() {
        if (function == null) {
            throw new MPIException(MPI.ERR_OP, "Op.free: " + this + " is a predefined operation, which cannot be freed");
        }
        freed = true;
    }

    /**
     * {@return true for a user-defined op that has been freed}
     */
    public boolean isNull() {
        return freed;
    }

    /**
     * {@return whether the operands may be swapped (Open MPI's name for {@link #Is_commute})}
     */
    public boolean isCommutative() {
        return commute;
    }

    /** {@return whether the operands may be swapped: true for the predefined ops, as given for a user-defined one} */
    public boolean Is_commute() {
        return commute;
    }

    /** How the engine combines contributions of {@code datatype} with this op. */
    Reduction reduction(Datatype datatype) {
        if (freed) {
            throw new MPIException(MPI.ERR_OP, this + " has been freed");
        }
        return predefined != null ? predefined : new UserReduction(function, commute, datatype.packedForm());
    }

    @Override
    public String toString() {
        return name;
    }

    /**
     * An Open MPI user function as an mpiJava one: arrays of exactly the items' elements, from
     * element 0 (as Open MPI makes them, so a function may loop over their length), or
     * ByteBuffers in the platform's order when the function takes those.
     */
    private static final class OpenMpiFunction extends User_function {
        private final UserFunction function;
        private final boolean takesBuffers;

        OpenMpiFunction(UserFunction function) {
            this.function = function;
            this.takesBuffers = UserFunction.takesBuffers(function);
        }

        @Override
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            ElementType base = datatype.map.base;
            int elements = count * datatype.map.width;
            if (takesBuffers && base != ElementType.BOOLEAN && !base.isObject()) {
                ByteBuffer in = ByteBuffer.allocate(elements * base.size()).order(ByteOrder.nativeOrder());
                ByteBuffer inOut = ByteBuffer.allocate(elements * base.size()).order(ByteOrder.nativeOrder());
                base.pack(invec, inoffset, elements, in.array(), 0);
                base.pack(inoutvec, inoutoffset, elements, inOut.array(), 0);
                function.call(in, inOut, count, datatype);
                base.unpack(inOut.array(), 0, inoutvec, inoutoffset, elements);
            } else if (inoffset == 0 && inoutoffset == 0 && Array.getLength(invec) == elements
                && Array.getLength(inoutvec) == elements) {
                function.call(invec, inoutvec, count, datatype);
            } else {
                Object in = base.newArray(elements);
                Object inOut = base.newArray(elements);
                System.arraycopy(invec, inoffset, in, 0, elements);
                System.arraycopy(inoutvec, inoutoffset, inOut, 0, elements);
                function.call(in, inOut, count, datatype);
                System.arraycopy(inOut, 0, inoutvec, inoutoffset, elements);
            }
        }
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
