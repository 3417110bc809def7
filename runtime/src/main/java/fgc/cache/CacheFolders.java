package fgc.cache;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * What in a cache folder fgc made, told by its names and its marker, and how it is removed: only
 * those items, each after a look at what it is (never following a link), and whatever else is there
 * is left alone and reported. Used by the writing side and {@code cache clear}, never by a cache
 * hit.
 *
 * <pre>
 * &lt;root&gt;/CACHEDIR.TAG
 *     the marker: fgc made this folder (a Cache Directory Tag)
 * &lt;root&gt;/entries/&lt;64 hex&gt;/
 *     an entry
 * &lt;root&gt;/tmp/&lt;12 hex&gt;.&lt;pid&gt;.&lt;digits&gt;/
 *     an entry being written by process pid
 * &lt;root&gt;/quarantine/&lt;64 hex&gt;.&lt;ms&gt;.&lt;pid&gt;/
 *     an entry moved aside at time ms by process pid
 * </pre>
 *
 * An entry's items are {@code manifest}, {@code key-material.txt} and class and source files
 * ({@code *.class}, {@code *.java}).
 */
final class CacheFolders {
  /**
   * The marker's name: the Cache Directory Tagging convention, so backup tools skip the cache too.
   */
  static final String MARKER = "CACHEDIR.TAG";

  private static final String SIGNATURE = "Signature: 8a477f597d28d172789f06886806bc55";
  private static final String MARKER_TEXT =
      SIGNATURE
          + "\n"
          + "# This file is a cache directory tag created by fgc (its solver cache).\n"
          + "# fgc writes into, and 'fgc cache clear' empties, only a folder that holds this"
          + " file.\n";
  private static final String OURS = "created by fgc";

  static final String ENTRIES = "entries";
  static final String TMP = "tmp";
  static final String QUARANTINE = "quarantine";

  /**
   * A temporary folder this old is stale even if a process with its pid runs (the pid was reused).
   */
  static final long TMP_MAX_AGE_MILLIS = 24L * 60 * 60 * 1000;

  /**
   * A temporary folder this old whose writer has exited is stale; a writer fills its folder in
   * seconds.
   */
  static final long TMP_ORPHAN_AGE_MILLIS = 10L * 60 * 1000;

  /** At most this many entries are kept in quarantine; the oldest go first. */
  static final int QUARANTINE_MAX_ITEMS = 8;

  /** And at most this many bytes together. */
  static final long QUARANTINE_MAX_BYTES = 256L << 20;

  private CacheFolders() {}

  static boolean isKey(String name) {
    return name.length() == 64 && hex(name, 0, 64);
  }

  /**
   * {@code <12 hex>.<pid>.<digits>}, or {@code <12 hex>.<digits>} as earlier versions named them.
   */
  static boolean isTmpName(String name) {
    if (name.length() < 14 || !hex(name, 0, 12) || name.charAt(12) != '.') {
      return false;
    }
    String[] parts = name.substring(13).split("\\.", -1);
    return (parts.length == 1 || parts.length == 2) && allDigits(parts);
  }

  /** The writer's pid in a temporary folder's name, or -1 when the name carries none. */
  static long tmpPid(String name) {
    String[] parts = name.substring(13).split("\\.", -1);
    return parts.length == 2 ? parseOr(parts[0], -1) : -1;
  }

  /** {@code <64 hex>.<ms>.<pid>}. */
  static boolean isQuarantineName(String name) {
    if (name.length() < 68 || !hex(name, 0, 64) || name.charAt(64) != '.') {
      return false;
    }
    String[] parts = name.substring(65).split("\\.", -1);
    return parts.length == 2 && allDigits(parts);
  }

  /** When a quarantined entry was moved aside, from its name. */
  static long quarantineTime(String name) {
    return parseOr(name.substring(65).split("\\.", -1)[0], 0);
  }

  /** The name of a file fgc writes into an entry. */
  static boolean isEntryFileName(String name) {
    return name.equals(Manifest.FILE_NAME)
        || name.equals(SolverCache.MATERIAL)
        || (name.endsWith(".class") || name.endsWith(".java")) && Manifest.isSafeFileName(name);
  }

  private static boolean hex(String s, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
        return false;
      }
    }
    return true;
  }

  private static boolean allDigits(String[] parts) {
    for (String p : parts) {
      if (p.isEmpty() || p.length() > 20) { // an unsigned long, as temporary names take it
        return false;
      }
      for (int i = 0; i < p.length(); i++) {
        if (p.charAt(i) < '0' || p.charAt(i) > '9') {
          return false;
        }
      }
    }
    return true;
  }

  private static long parseOr(String digits, long otherwise) {
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      return otherwise;
    }
  }

  /** Whether {@code root} holds fgc's marker. */
  static boolean marked(Path root) {
    Path marker = root.resolve(MARKER);
    if (!Files.isRegularFile(marker, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    try (InputStream in = new FileInputStream(marker.toFile())) {
      String text = new String(in.readNBytes(4096), StandardCharsets.UTF_8);
      return text.startsWith(SIGNATURE) && text.contains(OURS);
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Null when fgc may write into {@code root}, having made it (with its marker) if it did not exist
   * or was empty, or marked it if it is a cache an earlier fgc made (only fgc's folders, holding
   * only fgc's items); else why not, naming what fgc did not make.
   */
  static String claim(Path root) throws IOException {
    if (marked(root)) {
      return null;
    }
    if (Files.exists(root, LinkOption.NOFOLLOW_LINKS) || Files.isSymbolicLink(root)) {
      if (!Files.isDirectory(root)) {
        return root + " is not a folder";
      }
      List<String> foreign = foreign(root, 3);
      if (!foreign.isEmpty()) {
        return notOurs(root, foreign);
      }
    } else {
      EntryWriter.createPrivateDirectories(root);
    }
    // Written beside and renamed into place, so a marker is whole or absent; each writer its own
    // file.
    Path tmp = Files.createTempFile(root, MARKER + ".", ".tmp");
    try {
      Files.write(tmp, MARKER_TEXT.getBytes(StandardCharsets.UTF_8));
      Files.move(tmp, root.resolve(MARKER), StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
    return null;
  }

  /**
   * The folder {@code name} under {@code root} ({@link #ENTRIES}, {@link #TMP}, {@link
   * #QUARANTINE}), made owner-only if absent. A link there is refused, never followed: fgc would
   * otherwise move entries into, and trim, a folder the link's maker chose.
   *
   * @throws IOException naming the link (or other non-folder) and how to remove it
   */
  static Path ownFolder(Path root, String name) throws IOException {
    Path dir = root.resolve(name);
    if (notAFolder(dir) == null) {
      return dir;
    }
    // Absent: made here. Another process may make it between the two looks; either way the
    // second look judges what is there now (a link or a file is never replaced).
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      EntryWriter.createPrivateDirectories(dir);
    }
    String problem = notAFolder(dir);
    if (problem != null) {
      throw new IOException(problem);
    }
    return dir;
  }

  /**
   * Null when {@code dir} is a folder itself (not a link to one); else why it is not one to use.
   */
  static String notAFolder(Path dir) {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(dir, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      return dir + " does not exist";
    }
    if (a.isSymbolicLink()) {
      return dir
          + " is a symbolic link, which fgc does not follow inside its cache (remove the link"
          + " itself with 'rm "
          + dir
          + "'; what it points to is not touched)";
    }
    return a.isDirectory() ? null : dir + " is not a folder (fgc did not make it)";
  }

  /**
   * {@code CACHEDIR.TAG.<digits>.tmp}: a marker being written, renamed into place when complete.
   */
  private static boolean isMarkerTmp(String name) {
    return name.startsWith(MARKER + ".")
        && name.endsWith(".tmp")
        && allDigits(
            new String[] {
              name.substring(MARKER.length() + 1, Math.max(MARKER.length() + 1, name.length() - 4))
            });
  }

  /** Why a folder without the marker is not fgc's to write into or clear. */
  static String notOurs(Path root, List<String> foreign) {
    return root
        + " holds things fgc did not make ("
        + String.join(", ", foreign)
        + (foreign.size() >= 3 ? ", ..." : "")
        + ") and no "
        + MARKER
        + " of fgc's";
  }

  /**
   * Up to {@code limit} items under {@code root} that fgc did not make, as paths relative to it: at
   * the top anything but the three folders, inside them anything not named as fgc names its items,
   * and inside those anything but entry files. Empty for a cache an earlier fgc made, and for an
   * empty folder.
   */
  static List<String> foreign(Path root, int limit) throws IOException {
    List<String> out = new ArrayList<>();
    try (DirectoryStream<Path> top = Files.newDirectoryStream(root)) {
      for (Path p : top) {
        String name = p.getFileName().toString();
        if (name.equals(MARKER) && marked(root) || isMarkerTmp(name)) {
          continue; // fgc's marker (written meanwhile by another process), or one being written
        }
        boolean folder = Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
        if (!folder || !(name.equals(ENTRIES) || name.equals(TMP) || name.equals(QUARANTINE))) {
          out.add(name);
        } else {
          try (DirectoryStream<Path> items = Files.newDirectoryStream(p)) {
            for (Path item : items) {
              String itemName = item.getFileName().toString();
              if (!Files.exists(item, LinkOption.NOFOLLOW_LINKS)) {
                continue; // gone since it was listed: another process's temporary entry, renamed
                // into place
              }
              boolean named =
                  name.equals(ENTRIES)
                      ? isKey(itemName)
                      : name.equals(TMP) ? isTmpName(itemName) : isQuarantineName(itemName);
              if (!named || !Files.isDirectory(item, LinkOption.NOFOLLOW_LINKS)) {
                out.add(name + "/" + itemName);
              } else {
                String inside = foreignFile(item);
                if (inside != null) {
                  out.add(name + "/" + itemName + "/" + inside);
                }
              }
              if (out.size() >= limit) {
                return out;
              }
            }
          }
        }
        if (out.size() >= limit) {
          return out;
        }
      }
    }
    return out;
  }

  /**
   * The first item of an entry-shaped folder that is not an entry file (a folder, another name), or
   * null.
   */
  private static String foreignFile(Path folder) throws IOException {
    try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
      for (Path f : files) {
        String name = f.getFileName().toString();
        if (!isEntryFileName(name) || Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)) {
          return name;
        }
      }
    } catch (NoSuchFileException e) {
      return null; // renamed away while it was read: another process's entry moving into place
    }
    return null;
  }

  /**
   * Removes an entry-shaped folder of fgc's: every entry file in it that is a regular file of this
   * user's or a symbolic link of this user's (the link, never what it points to), then the folder
   * if that left it empty. Anything else stays; returns null when the folder is gone, else what
   * stayed.
   */
  static String removeItem(Path folder, CacheSafety safety) {
    return remove(folder, safety).kept;
  }

  /**
   * What {@link #remove} did: the files it deleted, and what stayed (null when the folder is gone).
   */
  static final class Removal {
    final int files;
    final String kept;

    Removal(int files, String kept) {
      this.files = files;
      this.kept = kept;
    }
  }

  /**
   * As {@link #removeItem}, also counting the files deleted, which a partly removed folder has too.
   */
  static Removal remove(Path folder, CacheSafety safety) {
    int deleted = 0;
    try {
      BasicFileAttributes attributes =
          Files.readAttributes(folder, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      if (!attributes.isDirectory()) {
        return new Removal(
            0,
            attributes.isSymbolicLink()
                ? "a symbolic link fgc did not make (rm " + folder + " removes the link itself)"
                : "not a folder");
      }
      if (!safety.ownedByUser(folder)) {
        return new Removal(0, "owned by another user");
      }
      List<String> kept = new ArrayList<>();
      try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
        for (Path f : files) {
          String name = f.getFileName().toString();
          BasicFileAttributes a =
              Files.readAttributes(f, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
          if (!isEntryFileName(name) || !(a.isRegularFile() || a.isSymbolicLink())) {
            kept.add(name + " (not a file fgc writes)");
          } else if (!safety.ownedByUser(f)) {
            kept.add(name + " (owned by another user)");
          } else {
            // A link is removed itself, what it points to is not touched.
            deleted += Files.deleteIfExists(f) ? 1 : 0;
          }
        }
      }
      if (!kept.isEmpty()) {
        return new Removal(
            deleted,
            (deleted > 0 ? "removed " + deleted + " of fgc's files, " : "")
                + "kept "
                + String.join(", ", kept));
      }
      Files.deleteIfExists(folder);
      return new Removal(deleted, null);
    } catch (NoSuchFileException e) {
      // Removed meanwhile (another process): gone is what was asked.
      return new Removal(
          deleted,
          Files.exists(folder, LinkOption.NOFOLLOW_LINKS)
              ? "changed while it was removed (" + SolverCache.describe(e) + ")"
              : null);
    } catch (IOException e) {
      return new Removal(deleted, "cannot be removed (" + SolverCache.describe(e) + ")");
    }
  }

  /**
   * Removes the temporary folders under {@code tmp} that no writer will finish: older than {@link
   * #TMP_ORPHAN_AGE_MILLIS} with no live process of the pid in their name, or older than {@link
   * #TMP_MAX_AGE_MILLIS}. What a crash (kill -9) mid-write left behind. Best effort.
   */
  static int sweepStaleTmp(Path tmp, CacheSafety safety, long now) {
    int removed = 0;
    if (!Files.isDirectory(tmp, LinkOption.NOFOLLOW_LINKS)) {
      return 0;
    }
    try (DirectoryStream<Path> items = Files.newDirectoryStream(tmp)) {
      for (Path item : items) {
        String name = item.getFileName().toString();
        if (!isTmpName(name)) {
          continue;
        }
        long age;
        try {
          age = now - Files.getLastModifiedTime(item, LinkOption.NOFOLLOW_LINKS).toMillis();
        } catch (IOException e) {
          continue;
        }
        long pid = tmpPid(name);
        boolean writerGone =
            pid < 0
                || pid != ProcessHandle.current().pid()
                    && !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        if (age > TMP_MAX_AGE_MILLIS || age > TMP_ORPHAN_AGE_MILLIS && writerGone) {
          removed += removeItem(item, safety) == null ? 1 : 0;
        }
      }
    } catch (IOException | RuntimeException e) {
      // Best effort: a folder left now is looked at again on the next write.
    }
    return removed;
  }

  /**
   * Keeps quarantine within {@link #QUARANTINE_MAX_ITEMS} and {@link #QUARANTINE_MAX_BYTES}:
   * removes the oldest quarantined entries (by the time in their names) until both hold, never
   * {@code keep} (the one just moved there). Only items named as fgc names them are counted or
   * removed.
   */
  static void boundQuarantine(Path quarantine, String keep, CacheSafety safety) {
    if (notAFolder(quarantine) != null) {
      return; // a link (or gone): nothing there is fgc's to trim
    }
    List<String> names = new ArrayList<>();
    List<Long> sizes = new ArrayList<>();
    long total = 0;
    try (DirectoryStream<Path> items = Files.newDirectoryStream(quarantine)) {
      for (Path item : items) {
        String name = item.getFileName().toString();
        if (isQuarantineName(name) && Files.isDirectory(item, LinkOption.NOFOLLOW_LINKS)) {
          long size = size(item);
          names.add(name);
          sizes.add(size);
          total += size;
        }
      }
    } catch (IOException | RuntimeException e) {
      return;
    }
    int count = names.size();
    while (count > QUARANTINE_MAX_ITEMS || total > QUARANTINE_MAX_BYTES && count > 1) {
      int oldest = -1;
      for (int i = 0; i < names.size(); i++) {
        if (names.get(i) != null
            && !names.get(i).equals(keep)
            && (oldest < 0 || quarantineTime(names.get(i)) < quarantineTime(names.get(oldest)))) {
          oldest = i;
        }
      }
      if (oldest < 0) {
        return;
      }
      removeItem(quarantine.resolve(names.get(oldest)), safety);
      total -= sizes.get(oldest);
      names.set(oldest, null);
      count--;
    }
  }

  /** The bytes of the regular files directly in {@code folder}. */
  static long size(Path folder) {
    long size = 0;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
      for (Path f : files) {
        BasicFileAttributes a =
            Files.readAttributes(f, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        size += a.isRegularFile() ? a.size() : 0;
      }
    } catch (IOException e) {
      // Counted as far as it could be read.
    }
    return size;
  }
}
