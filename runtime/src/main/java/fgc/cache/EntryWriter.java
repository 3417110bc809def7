package fgc.cache;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.Artifact;
import fgc.compilation.CompiledSolver;
import fgc.compilation.SolverCompilers;
import fgc.compilation.SolverKey;
import fgc.model.Model;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What changes the cache on disk: a new entry written into {@code tmp/} and moved into {@code
 * entries/} with one atomic rename, a failed entry moved into {@code quarantine/}, and the
 * owner-only files and folders they are made of. Apart from {@link SolverCache}'s reading, so that
 * a cache hit in a fresh JVM never loads or verifies this code.
 */
final class EntryWriter {
  /** Writes one file of an entry; a seam for tests that simulate a full disk. */
  interface FileWriter {
    void write(Path file, byte[] bytes) throws IOException;
  }

  /**
   * The writer of real entries. A class rather than a method reference: the first lambda of a fresh
   * JVM spins its call site at run time, a cost every cache hit would pay without using it.
   */
  static final class PrivateFileWriter implements FileWriter {
    @Override
    public void write(Path file, byte[] bytes) throws IOException {
      writePrivateFile(file, bytes);
    }
  }

  private final Path root;
  private final Path entries;
  private final FileWriter fileWriter;
  private final CacheSafety safety;
  private final long maxFileBytes;

  /**
   * {@code fileWriter} null writes real entries (made here, so that a cache hit never loads a
   * writer). {@code maxFileBytes} is the reader's limit: nothing larger is written.
   */
  EntryWriter(
      Path root, Path entries, FileWriter fileWriter, CacheSafety safety, long maxFileBytes) {
    this.root = root;
    this.entries = entries;
    this.fileWriter = fileWriter != null ? fileWriter : new PrivateFileWriter();
    this.safety = safety;
    this.maxFileBytes = maxFileBytes;
  }

  /** Whether entries may be written and moved: the owner has not made the cache read-only. */
  boolean writable() {
    Path existing = root;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null || !CacheSafety.ownerMayWrite(existing)) {
      return false;
    }
    return !Files.isDirectory(entries) || CacheSafety.ownerMayWrite(entries);
  }

  /**
   * Writes the entry of {@code compiled} and renames it into place. When another writer got there
   * first the rename fails on the non-empty target; that is no error, since its entry is checked
   * like any other on the next load. Returns null when written (or beaten to it), else why it was
   * not written: the entry would hold a file larger than a load accepts, or the cache folder is not
   * fgc's (a string, not an exception: a cache hit, which never writes, should not load one).
   * Anything else that goes wrong is thrown. Nothing is left behind either way.
   */
  String write(CompiledSolver compiled, Model model, Artifact kind, AlgorithmSpec spec)
      throws IOException {
    Map<String, byte[]> contents = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> c : compiled.classes().entrySet()) {
      contents.put(c.getKey() + ".class", c.getValue());
    }
    contents.put(
        SolverCache.MATERIAL,
        SolverKey.material(model, kind, spec).getBytes(StandardCharsets.UTF_8));
    String simple = compiled.className().substring(compiled.className().lastIndexOf('.') + 1);
    contents.put(simple + ".java", compiled.source().getBytes(StandardCharsets.UTF_8));
    Map<String, Manifest.FileRecord> files = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> c : contents.entrySet()) {
      files.put(
          c.getKey(),
          new Manifest.FileRecord(SolverKey.sha256Hex(c.getValue()), c.getValue().length));
    }
    Manifest manifest =
        new Manifest(
            compiled.key(),
            SolverCompilers.require().identity(),
            model.name(),
            kind,
            spec == null ? null : spec.canonicalText(),
            compiled.className(),
            files);
    contents.put(Manifest.FILE_NAME, manifest.toBytes());
    for (Map.Entry<String, byte[]> c : contents.entrySet()) {
      long limit = SolverCache.fileLimit(c.getKey(), maxFileBytes);
      if (c.getValue().length > limit) {
        // The reader's limit, applied before anything is written: an entry a load would refuse is
        // never stored.
        return "the "
            + kind.word()
            + " for model "
            + model.name()
            + " is too large to cache ("
            + c.getKey()
            + " is "
            + megabytes(c.getValue().length)
            + ", "
            + (limit == maxFileBytes ? "an entry file" : "its key material")
            + " at most "
            + megabytes(limit)
            + ")";
      }
    }
    String refused = CacheFolders.claim(root);
    if (refused != null) {
      return "not writing into " + root + ": " + refused;
    }
    Path tmpRoot;
    try {
      tmpRoot = CacheFolders.ownFolder(root, CacheFolders.TMP);
      CacheFolders.ownFolder(root, CacheFolders.ENTRIES);
    } catch (IOException e) {
      return "not writing into " + root + ": " + e.getMessage();
    }
    CacheFolders.sweepStaleTmp(tmpRoot, safety, System.currentTimeMillis());
    Path tmp = null;
    try {
      tmp =
          Files.createTempDirectory(
              tmpRoot, compiled.key().substring(0, 12) + "." + ProcessHandle.current().pid() + ".");
      for (Map.Entry<String, byte[]> c : contents.entrySet()) {
        fileWriter.write(
            tmp.resolve(c.getKey()), c.getValue()); // the manifest last: it was put in last
      }
      try {
        Files.move(tmp, entries.resolve(compiled.key()), StandardCopyOption.ATOMIC_MOVE);
        tmp = null;
      } catch (AtomicMoveNotSupportedException e) {
        throw e;
      } catch (FileSystemException e) {
        // Another writer got there first.
      }
    } finally {
      if (tmp != null) {
        deleteRecursively(tmp);
      }
    }
    return null;
  }

  static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
  }

  /**
   * Moves the entry aside into quarantine; returns what was done, for the notice. Only what this
   * process moved is ever removed: when the entry is gone already (another process moved it aside
   * first) nothing is done, and when what was moved is not the entry that was judged (another
   * process had meanwhile put a fresh one in its place; {@code judged} is the manifest that was
   * read, null if there was none) it is put back. Quarantine is then trimmed to its bounds.
   */
  String quarantine(Path entry, byte[] judged) {
    if (!writable()) {
      return "left in place (the cache is read-only)";
    }
    Path target;
    try {
      String refused = CacheFolders.claim(root);
      if (refused != null) {
        return "left in place (fgc does not write into " + root + ": " + refused + ")";
      }
      Path q;
      try {
        q = CacheFolders.ownFolder(root, CacheFolders.QUARANTINE);
      } catch (IOException e) {
        return "left in place (" + e.getMessage() + ")";
      }
      target =
          q.resolve(
              entry.getFileName()
                  + "."
                  + System.currentTimeMillis()
                  + "."
                  + ProcessHandle.current().pid());
      Files.move(entry, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (NoSuchFileException e) {
      if (!Files.exists(entry, LinkOption.NOFOLLOW_LINKS)) {
        return "already moved aside by another process";
      }
      return "left in place (it could not be moved aside: " + SolverCache.describe(e) + ")";
    } catch (IOException | RuntimeException e) {
      return "left in place (it could not be moved aside: " + SolverCache.describe(e) + ")";
    }
    if (!Arrays.equals(judged, manifestOf(target))) {
      // Not the entry that failed: a fresh one another process renamed into place after the check.
      try {
        Files.move(target, entry, StandardCopyOption.ATOMIC_MOVE);
        return "already replaced by another process; its entry left in place";
      } catch (IOException e) {
        // Yet another one is in place now: this copy is ours (we moved it) and a duplicate.
        CacheFolders.removeItem(target, safety);
        return "already replaced by another process";
      }
    }
    CacheFolders.boundQuarantine(target.getParent(), target.getFileName().toString(), safety);
    return "moved to " + root.relativize(target);
  }

  /**
   * The manifest's bytes in {@code folder} as a load reads them: null when there is none it could
   * read.
   */
  private byte[] manifestOf(Path folder) {
    Path m = folder.resolve(Manifest.FILE_NAME);
    if (!Files.isRegularFile(m, LinkOption.NOFOLLOW_LINKS)) {
      return null;
    }
    try (InputStream in = Files.newInputStream(m)) {
      byte[] bytes = in.readNBytes((int) maxFileBytes + 1);
      return bytes.length > maxFileBytes ? null : bytes;
    } catch (IOException e) {
      return null;
    }
  }

  /** A new file readable and writable by its owner only. */
  static void writePrivateFile(Path file, byte[] bytes) throws IOException {
    try {
      Files.createFile(
          file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException e) {
      Files.createFile(file);
    }
    Files.write(file, bytes);
  }

  /**
   * Creates {@code dir} and its parents; the ones it creates get owner-only permissions where POSIX
   * allows.
   */
  static void createPrivateDirectories(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      return;
    }
    Path parent = dir.getParent();
    if (parent != null) {
      createPrivateDirectories(parent);
    }
    try {
      Files.createDirectory(
          dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    } catch (UnsupportedOperationException e) {
      Files.createDirectory(dir);
    } catch (FileAlreadyExistsException e) {
      // Created concurrently: fine.
    }
  }

  static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException ignored) {
                  // Best effort: what remains is never trusted, because it is not an entry.
                }
              });
    } catch (IOException ignored) {
      // As above.
    }
  }
}
