package mpi;

/**
 * A file's view as {@link File#setView} set it: where it begins, its etype and filetype, and its
 * data representation. A value; it never changes.
 */
public final class FileView {
    private final long disp;
    private final Datatype etype;
    private final Datatype filetype;
    private final String datarep;

    /**
     * A view.
     *
     * @param disp     the displacement in bytes from the start of the file
     * @param etype    the elementary datatype
     * @param filetype the datatype tiled from the displacement
     * @param datarep  the data representation
     */
    public FileView(long disp, Datatype etype, Datatype filetype, String datarep) {
        this.disp = disp;
        this.etype = etype;
        this.filetype = filetype;
        this.datarep = datarep;
    }

    /**
     * The displacement.
     *
     * @return the displacement in bytes from the start of the file
     */
    public long getDisp() {
        return disp;
    }

    /**
     * The elementary datatype.
     *
     * @return the etype
     */
    public Datatype getEType() {
        return etype;
    }

    /**
     * The datatype tiled from the displacement.
     *
     * @return the filetype
     */
    public Datatype getFileType() {
        return filetype;
    }

    /**
     * The data representation.
     *
     * @return {@code "native"}, {@code "internal"} or {@code "external32"}
     */
    public String getDataRep() {
        return datarep;
    }
}
