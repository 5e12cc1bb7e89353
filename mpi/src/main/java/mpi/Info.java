package mpi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hympj.comm.runtime.ProgramCommand;

/**
 * An {@code MPI_Info}: an ordered set of (key, value) strings that hint at how a call may
 * work. Keys hold 1 to {@link MPI#MAX_INFO_KEY} characters and values at most
 * {@link MPI#MAX_INFO_VAL}; a longer one raises {@code ERR_INFO_KEY} ({@code ERR_INFO_VALUE}),
 * and deleting a key that is not there raises {@code ERR_INFO_NOKEY}. {@link #free} turns
 * the object into a null one, as {@code MPI.INFO_NULL} is: any call but {@link #isNull} on it
 * raises {@code ERR_INFO}. {@code MPI.INFO_ENV} holds what MPI knows of how the job was
 * started ({@code command}, {@code argv}, {@code maxprocs}, {@code host}, {@code arch},
 * {@code wdir}, {@code thread_level}, and Open MPI's {@code ompi_np}, {@code ompi_num_apps},
 * {@code ompi_first_rank}).
 *
 * <p>Invariant: {@code entries} is null exactly when the object is null; its keys keep the
 * order they were first set in, which is the order {@link #getKey} numbers them.
 */
public final class Info implements Freeable {
    private final boolean environment;
    private Map<String, String> entries;

    /**
     * A new, empty info object (MPI_INFO_CREATE).
     *
     * @throws MPIException {@code MPI.ERR_OTHER} before {@code Init} or after {@code Finalize}
     */
    public Info() {
        MPI.checkActive();
        this.environment = false;
        this.entries = new LinkedHashMap<>();
    }

    private Info(boolean environment, Map<String, String> entries) {
        this.environment = environment;
        this.entries = entries;
    }

    /** {@code MPI.INFO_NULL}. */
    static Info nullInfo() {
        return new Info(false, null);
    }

    /** {@code MPI.INFO_ENV}, filled on first use, once the rank is initialised. */
    static Info environment() {
        return new Info(true, null);
    }

    /**
     * Sets {@code key} to {@code value}, replacing a value it had.
     *
     * @param key the key: 1 to {@link MPI#MAX_INFO_KEY} characters
     * @param value the value: at most {@link MPI#MAX_INFO_VAL} characters
     * @throws MPIException {@code MPI.ERR_INFO} on a null or freed info object; {@code MPI.ERR_INFO_KEY} for an empty
     *     or too long key; {@code MPI.ERR_INFO_VALUE} for a too long value
     */
    public synchronized void set(String key, String value) {
        Map<String, String> e = usable("set");
        checkKey("set", key);
        if (value == null || value.length() > MPI.MAX_INFO_VAL) {
            throw new MPIException(MPI.ERR_INFO_VALUE, "Info.set: the value of key '" + key + "' "
                + (value == null ? "is null" : "has " + value.length() + " characters; at most " + MPI.MAX_INFO_VAL
                + " (MPI.MAX_INFO_VAL) are allowed"));
        }
        e.put(key, value);
    }

    /**
     * {@return the value of {@code key}, or null if it has none}
     *
     * @param key the key to look up
     * @throws MPIException {@code MPI.ERR_INFO} on a null or freed info object; {@code MPI.ERR_INFO_KEY} for an empty
     *     or too long key
     */
    public synchronized String get(String key) {
        Map<String, String> e = usable("get");
        checkKey("get", key);
        return e.get(key);
    }

    /**
     * Removes {@code key}; raises {@code ERR_INFO_NOKEY} if it has no value.
     *
     * @param key the key to delete
     * @throws MPIException {@code MPI.ERR_INFO} on a null or freed info object; {@code MPI.ERR_INFO_KEY} for an empty
     *     or too long key; {@code MPI.ERR_INFO_NOKEY} if the key is not set
     */
    public synchronized void delete(String key) {
        Map<String, String> e = usable("delete");
        checkKey("delete", key);
        if (e.remove(key) == null) {
            throw new MPIException(MPI.ERR_INFO_NOKEY, "Info.delete: key '" + key + "' is not set");
        }
    }

    /**
     * {@return the number of keys set}
     */
    public synchronized int size() {
        return usable("size").size();
    }

    /**
     * {@return the {@code i}-th key, counting from 0 in the order the keys were first set}
     *
     * @param i the index of the key, from 0
     * @throws MPIException {@code MPI.ERR_INFO} on a null or freed info object; {@code MPI.ERR_ARG} if {@code i} is not
     *     below {@link #size}
     */
    public synchronized String getKey(int i) {
        Map<String, String> e = usable("getKey");
        if (i < 0 || i >= e.size()) {
            throw new MPIException(MPI.ERR_ARG, "Info.getKey: key number " + i + " is out of range for an info object of "
                + e.size() + " keys");
        }
        List<String> keys = new ArrayList<>(e.keySet());
        return keys.get(i);
    }

    /**
     * {@return a new info object with the same keys and values (MPI_INFO_DUP)}
     */
    public synchronized Info dup() {
        return new Info(false, new LinkedHashMap<>(usable("dup")));
    }

    /** As {@link #dup}. */
    @Override
    public Info clone() {
        return dup();
    }

    /**
     * Releases the object, which becomes null; {@code MPI.INFO_ENV} and {@code MPI.INFO_NULL} cannot be freed.
     *
     * @throws MPIException {@code MPI.ERR_INFO} on a null or freed info object, and for {@code MPI.INFO_ENV}
     */
    @Override
    public synchronized void free() {
        usable("free");
        if (environment) {
            throw new MPIException(MPI.ERR_INFO, "Info.free: MPI.INFO_ENV is predefined and cannot be freed");
        }
        entries = null;
    }

    /**
     * {@return true for {@code MPI.INFO_NULL} and for a freed info object}
     */
    public synchronized boolean isNull() {
        return entries == null && !environment;
    }

    private Map<String, String> usable(String call) {
        MPI.checkActive();
        if (entries == null && environment) {
            entries = environmentEntries();
        }
        if (entries == null) {
            throw new MPIException(MPI.ERR_INFO, "Info." + call + ": the info object is null (MPI.INFO_NULL, or freed)");
        }
        return entries;
    }

    private static void checkKey(String call, String key) {
        if (key == null || key.isEmpty() || key.length() > MPI.MAX_INFO_KEY) {
            throw new MPIException(MPI.ERR_INFO_KEY, "Info." + call + ": a key has 1 to " + MPI.MAX_INFO_KEY
                + " (MPI.MAX_INFO_KEY) characters, got " + (key == null ? "null" : key.length() + " in '" + key + "'"));
        }
    }

    /**
     * The keys MPI defines for {@code MPI_INFO_ENV}, and those Open MPI adds that its programs
     * read ({@code ompi_np}, {@code ompi_num_apps}, {@code ompi_first_rank}): a job runs one
     * program on all of {@code MPI.COMM_WORLD}.
     */
    private static Map<String, String> environmentEntries() {
        ProgramCommand program = MPI.runtime().job().program();
        String size = Integer.toString(MPI.COMM_WORLD.Size());
        String pwd = System.getenv("PWD");
        Map<String, String> e = new LinkedHashMap<>();
        e.put("command", program.command());
        e.put("argv", program.argv());
        e.put("maxprocs", size);
        e.put("host", MPI.Get_processor_name());
        e.put("arch", System.getProperty("os.arch"));
        e.put("wdir", pwd != null ? pwd : System.getProperty("user.dir"));
        e.put("thread_level", "MPI_THREAD_MULTIPLE");
        e.put("ompi_np", size);
        e.put("ompi_num_apps", "1");
        e.put("ompi_first_rank", "0");
        return e;
    }


    @Override
    public synchronized String toString() {
        return isNull() ? "MPI.INFO_NULL" : "Info" + (environment && entries == null ? "(MPI.INFO_ENV)" : entries);
    }
}
