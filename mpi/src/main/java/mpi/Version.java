package mpi;

/** The version of the MPI standard this library implements, as {@link MPI#getVersion} reports it. */
public final class Version {
    private final int version;
    private final int subVersion;

    Version(int version, int subVersion) {
        this.version = version;
        this.subVersion = subVersion;
    }

    /** The MPI standard's major version. */
    public int getVersion() {
        return version;
    }

    /** The MPI standard's minor version. */
    public int getSubVersion() {
        return subVersion;
    }

    @Override
    public String toString() {
        return "MPI " + version + "." + subVersion;
    }
}
