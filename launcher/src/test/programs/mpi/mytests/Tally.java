package mpi.mytests;

/* Package-private, with statics: one count per rank when each rank has its own copy. */
class Tally {
    static int counted;
    static int last = -1;

    static void count(int rank) {
        counted++;
        last = rank;
    }
}
