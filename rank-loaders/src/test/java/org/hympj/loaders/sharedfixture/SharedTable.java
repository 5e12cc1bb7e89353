package org.hympj.loaders.sharedfixture;

/** Code declared shared by the ranks: one class, one static, for all of them. */
public final class SharedTable {
    public static int entries;

    private SharedTable() {
    }

    public static int add() {
        return ++entries;
    }
}
