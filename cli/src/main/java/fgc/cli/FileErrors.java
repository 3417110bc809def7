package fgc.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What went wrong with a file, in words a user can act on ("no such folder /data", "permission
 * denied"), instead of the bare path or exception name that Java's file exceptions carry.
 */
public final class FileErrors {
  private FileErrors() {}

  /** Why {@code e} happened, without the file's name: "no such file", "permission denied", ... */
  public static String why(Throwable e) {
    if (e instanceof NoSuchFileException n) {
      return n.getFile() == null ? "no such file" : missing(n.getFile());
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NotDirectoryException n) {
      return (n.getFile() == null ? "a part of the path" : n.getFile()) + " is not a folder";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "it already exists";
    }
    if (e instanceof DirectoryNotEmptyException) {
      return "it is a folder that is not empty";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return lowerFirst(f.getReason());
    }
    if (e instanceof UncheckedIOException u && u.getCause() != null) {
      return why(u.getCause());
    }
    String message = e.getMessage();
    return message == null || message.isBlank()
        ? e.getClass().getSimpleName()
        : lowerFirst(message);
  }

  /**
   * A whole message for a file error that reached the command line: the file, if the exception
   * names one, and why; an unchecked wrapper keeps its own words and adds its cause's.
   */
  public static String message(Throwable e) {
    if (e instanceof UncheckedIOException u && u.getCause() != null) {
      String own = u.getMessage();
      return own == null || own.equals(u.getCause().toString())
          ? message(u.getCause())
          : own + ": " + why(u.getCause());
    }
    if (e instanceof FileSystemException f) {
      return (f.getFile() != null ? f.getFile() + ": " : "") + why(f);
    }
    return e.getMessage() == null ? why(e) : e.getMessage();
  }

  /** "no such file", or "no such folder X" naming the first folder of the path that is missing. */
  static String missing(String file) {
    try {
      Path path = Path.of(file).normalize();
      Path parent = path.getParent();
      if (parent == null || Files.isDirectory(parent)) {
        return "no such file";
      }
      Path missing = parent;
      while (missing.getParent() != null && !Files.exists(missing.getParent())) {
        missing = missing.getParent();
      }
      if (missing.getParent() != null && !Files.isDirectory(missing.getParent())) {
        return missing.getParent() + " is a file, not a folder";
      }
      return "no such folder " + missing;
    } catch (InvalidPathException e) {
      return "no such file";
    }
  }

  private static String lowerFirst(String s) {
    if (s.length() > 1
        && Character.isUpperCase(s.charAt(0))
        && Character.isLowerCase(s.charAt(1))) {
      return s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1);
    }
    return s;
  }

  /** The same, for an {@link IOException} that a command turns into an input error. */
  static IllegalArgumentException inputError(String what, IOException e) {
    return new IllegalArgumentException("cannot read " + what + ": " + why(e), e);
  }
}
