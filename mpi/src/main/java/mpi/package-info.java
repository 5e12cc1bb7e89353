/**
 * HyMPJ's MPI API: mpiJava 1.2's classes and methods (with MPJ Express's additions) and Open
 * MPI 5's Java API, in the same classes.
 *
 * <p>A program calls {@link mpi.MPI#Init} first and {@link mpi.MPI#Finalize} last, and
 * communicates through {@link mpi.MPI#COMM_WORLD}, the communicator of every rank of the job.
 * Started by {@code hympjrun}, each rank of the job runs the program's {@code main}: ranks are
 * threads of a JVM, JVMs of a node, or JVMs on several nodes, and the API is the same for all.
 * Started with plain {@code java}, the program is a job of one rank.
 *
 * <p>Two faces:
 * <ul>
 *   <li>mpiJava 1.2, the API of MPJ Express: capitalised methods ({@code Send}, {@code Recv},
 *       {@code Bcast}, {@code Allreduce}, {@code Create_cart}, ...); a buffer is a Java array,
 *       with an offset into it and a count in items of the datatype.</li>
 *   <li>Open MPI's Java bindings: camelCase methods ({@code send}, {@code recv},
 *       {@code iSend}, {@code allReduce}, {@code createCart}, ...); a buffer is an array or a
 *       {@code java.nio} buffer, used from its start ({@link mpi.MPI#slice} shifts it), and
 *       the non-blocking calls take {@code java.nio} buffers ({@link mpi.MPI#newIntBuffer}
 *       and its siblings make direct ones).</li>
 * </ul>
 * Both faces call the same operations on the same objects, so one program may use both.
 *
 * <p>Errors: a call with a bad argument, or a failed operation, raises {@link
 * mpi.MPIException}, unchecked, whose {@link mpi.MPIException#getErrorClass} is one of the
 * {@code MPI.ERR_*} classes; the {@code @throws} clause of each method says which, and when.
 * That holds under {@link mpi.MPI#ERRORS_RETURN}, the initial errhandler; under {@link
 * mpi.MPI#ERRORS_ARE_FATAL} the error ends the whole job.
 */
package mpi;
