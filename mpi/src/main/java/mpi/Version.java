package mpi;

/** The version of the MPI standard this library implements, as {@link MPI#getVersion} reports it. */
public final class Version {
    private final int version;
    private final int subVersion;

    Version(int version, int subVersion) {
        this.version = version;
        this.subVersion = subVersion;
    }

    /**
     * {@return the MPI standard's major version}
     */
    public int getVersion() {
        return version;
    }

    /**
     * {@return the MPI standard's minor version}
     */
    public int getSubVersion() {
        return subVersion;
    }

    @Override
    public String toString() {
        return "MPI " + version + "." + subVersion;
    }
}
