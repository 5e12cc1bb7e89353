package org.hympj.comm.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;

/** The MPI error class and sentence of a failed file operation. */
final class FileErrors {
    private FileErrors() {
    }

    /** {@code e}, raised by {@code call} on {@code file}, as MPI's error: which class, and what happened. */
    static EngineException of(String call, String file, IOException e) {
        int errorClass;
        String what;
        if (e instanceof NoSuchFileException) {
            errorClass = ErrorClass.ERR_NO_SUCH_FILE;
            what = missingDirectory(file)
                .map(d -> "its directory " + d + " does not exist")
                .orElse("there is no such file");
        } else if (e instanceof FileAlreadyExistsException) {
            errorClass = ErrorClass.ERR_FILE_EXISTS;
            what = "the file exists and MPI.MODE_EXCL was given";
        } else if (e instanceof AccessDeniedException) {
            errorClass = ErrorClass.ERR_ACCESS;
            what = "permission denied";
        } else if (String.valueOf(e.getMessage()).contains("No space left")) {
            errorClass = ErrorClass.ERR_NO_SPACE;
            what = "no space left on the device";
        } else if (String.valueOf(e.getMessage()).contains("Disk quota")) {
            errorClass = ErrorClass.ERR_QUOTA;
            what = "the disk quota is exceeded";
        } else if (e instanceof FileSystemException && String.valueOf(e.getMessage()).contains("Read-only file system")) {
            errorClass = ErrorClass.ERR_READ_ONLY;
            what = "the file system is read-only";
        } else {
            errorClass = ErrorClass.ERR_IO;
            what = String.valueOf(e);
        }
        return new EngineException(errorClass, call + ": " + file + ": " + what, e);
    }

    /** The directory {@code file} names as its own, if there is no such directory. */
    private static Optional<Path> missingDirectory(String file) {
        try {
            Path parent = Path.of(file).toAbsolutePath().getParent();
            return parent != null && !Files.isDirectory(parent) ? Optional.of(parent) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }
}
