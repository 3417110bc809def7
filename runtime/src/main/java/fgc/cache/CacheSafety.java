package fgc.cache;

import com.sun.security.auth.module.UnixSystem;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;

/**
 * Who may have written the cache. A class file is code: a folder that another user owns or can
 * write could hand fgc a foreign class with a matching manifest, so such folders and files are
 * never loaded from. The checks need POSIX attributes; where there are none, they pass.
 */
final class CacheSafety {
  /**
   * The bits of {@code st_mode} read here (POSIX {@code S_IFMT}, {@code S_IFLNK}, {@code S_IWUSR},
   * {@code S_IWGRP}, {@code S_IWOTH}).
   */
  private static final int FILE_TYPE = 0170000;

  private static final int SYMBOLIC_LINK = 0120000;
  private static final int OWNER_WRITE = 0200;
  private static final int GROUP_WRITE = 0020;
  private static final int OTHERS_WRITE = 0002;

  /** The user's numeric id, or -1 when the platform does not say. */
  private final long uid;

  private CacheSafety(long uid) {
    this.uid = uid;
  }

  static CacheSafety forCurrentUser() {
    return new CacheSafety(currentUid());
  }

  /**
   * The process's user id: on Linux from {@code /proc/self/status}, a small file read, where the
   * JDK's {@code UnixSystem} would load a module and a native library into every fresh JVM that
   * reads the cache; elsewhere from {@code UnixSystem}.
   */
  private static long currentUid() {
    long id = uidFromProc();
    if (id >= 0) {
      return id;
    }
    try {
      return new UnixSystem().getUid();
    } catch (LinkageError | RuntimeException e) {
      return -1; // Not a Unix platform (or the module is absent): ownership cannot be compared.
    }
  }

  /**
   * The real user id on the {@code Uid:} line of {@code /proc/self/status}, or -1 where there is
   * none.
   */
  static long uidFromProc() {
    String status;
    try (InputStream in = new FileInputStream("/proc/self/status")) {
      status = new String(in.readNBytes(1 << 16), StandardCharsets.US_ASCII);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    int at = status.indexOf("\nUid:");
    if (at < 0) {
      return -1;
    }
    int i = at + "\nUid:".length();
    while (i < status.length() && (status.charAt(i) == '\t' || status.charAt(i) == ' ')) {
      i++;
    }
    long id = 0;
    int digits = 0;
    for (;
        i < status.length() && status.charAt(i) >= '0' && status.charAt(i) <= '9' && digits < 10;
        i++, digits++) {
      id = id * 10 + (status.charAt(i) - '0');
    }
    return digits == 0 ? -1 : id;
  }

  /** For tests: the checks as another user would see them. */
  static CacheSafety forUid(long uid) {
    return new CacheSafety(uid);
  }

  /**
   * Null when entries may be read from {@code path}, else why not. {@code followLinks} is true for
   * the cache root (a symbolic link the user made is their choice) and false inside it.
   */
  String problem(Path path, boolean followLinks) {
    LinkOption[] options =
        followLinks ? new LinkOption[0] : new LinkOption[] {LinkOption.NOFOLLOW_LINKS};
    Map<String, Object> attributes;
    try {
      // One stat call for type, permission bits and owner, through the view that holds them raw.
      attributes = Files.readAttributes(path, "unix:mode,uid", options);
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      return null;
    } catch (IOException e) {
      return Files.exists(path, LinkOption.NOFOLLOW_LINKS)
          ? path + " cannot be inspected (" + e.getClass().getSimpleName() + ")"
          : null;
    }
    Object mode = attributes.get("mode");
    Object owner = attributes.get("uid");
    if (!(mode instanceof Integer)) {
      return path + " cannot be inspected (no file mode)";
    }
    int bits = (Integer) mode;
    if ((bits & FILE_TYPE) == SYMBOLIC_LINK) {
      return path + " is a symbolic link";
    }
    if (uid >= 0 && owner instanceof Integer && ((Integer) owner).longValue() != uid) {
      return path + " is owned by another user (uid " + owner + ")";
    }
    if ((bits & (GROUP_WRITE | OTHERS_WRITE)) != 0) {
      return path + " is writable by other users (chmod go-w to fix)";
    }
    return null;
  }

  /**
   * Whether {@code path} itself (a link, not what it points to) belongs to this user; true where
   * owners cannot be told.
   */
  boolean ownedByUser(Path path) {
    if (uid < 0) {
      return true;
    }
    try {
      Object owner = Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
      return !(owner instanceof Integer) || ((Integer) owner).longValue() == uid;
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Whether the owner means the folder to be written: it exists, the owner's write bit is set and
   * the platform agrees. The bit is checked as well because a superuser may write anything.
   */
  static boolean ownerMayWrite(Path dir) {
    if (!Files.isDirectory(dir) || !Files.isWritable(dir)) {
      return false;
    }
    try {
      Object mode = Files.getAttribute(dir, "unix:mode");
      return !(mode instanceof Integer) || ((Integer) mode & OWNER_WRITE) != 0;
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
