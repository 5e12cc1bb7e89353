package org.hympj.comm.data;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

/**
 * Java serialization of the {@code MPI.OBJECT} type. Each thread rank has its own class
 * loader, so the receiver resolves classes through its own loader, never the sender's: the
 * objects it gets are instances of its own copies of the program's classes.
 */
public final class ObjectSerialization {
    private ObjectSerialization() {
    }

    /** Serializes {@code count} elements of {@code objects} from {@code offset}. */
    public static byte[] write(Object[] objects, int offset, int count) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 32 * count);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (int i = 0; i < count; i++) {
                out.writeObject(objects[offset + i]);
            }
        }
        return bytes.toByteArray();
    }

    /**
     * Reads {@code count} objects into {@code dst} from {@code dstOffset}, resolving their
     * classes through {@code loader}.
     */
    public static void read(byte[] src, int srcOffset, int length, Object[] dst, int dstOffset, int count,
                            ClassLoader loader) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new RankObjectInputStream(new ByteArrayInputStream(src, srcOffset, length), loader)) {
            for (int i = 0; i < count; i++) {
                dst[dstOffset + i] = in.readObject();
            }
        }
    }

    private static final class RankObjectInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        RankObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
