import mpi.*;

/*
 * In the style of the mpiJava papers' first program: a class that is not public, with
 * "static public void main". Each rank greets the next one round a ring and checks the
 * greeting it gets from the one before.
 */
class Hello {
    static public void main(String[] args) throws MPIException {
        MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        char[] greeting = ("Hello from " + me).toCharArray();
        char[] heard = new char[32];
        Status status = MPI.COMM_WORLD.Sendrecv(greeting, 0, greeting.length, MPI.CHAR, (me + 1) % size, 7,
            heard, 0, heard.length, MPI.CHAR, (me + size - 1) % size, 7);
        String got = new String(heard, 0, status.Get_count(MPI.CHAR));
        if (!got.equals("Hello from " + (me + size - 1) % size)) {
            throw new IllegalStateException("rank " + me + " heard '" + got + "'");
        }
        System.out.println("Hello: rank " + me + " of " + size + " heard '" + got + "'");
        MPI.Finalize();
    }
}
