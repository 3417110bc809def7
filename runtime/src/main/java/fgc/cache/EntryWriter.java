package fgc.cache;

import fgc.compiler.AlgorithmSpec;
import fgc.compiler.CompiledSolver;
import fgc.compiler.CompilerVersion;
import fgc.compiler.SolverKey;
import fgc.model.Model;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What changes the cache on disk: a new entry written into {@code tmp/} and moved into
 * {@code entries/} with one atomic rename, a failed entry moved into {@code quarantine/}, and the
 * owner-only files and folders they are made of. Apart from {@link SolverCache}'s reading, so that a
 * cache hit in a fresh JVM never loads or verifies this code.
 */
final class EntryWriter {
  /** Writes one file of an entry; a seam for tests that simulate a full disk. */
  interface FileWriter {
    void write(Path file, byte[] bytes) throws IOException;
  }

  /**
   * The writer of real entries. A class rather than a method reference: the first lambda of a
   * fresh JVM spins its call site at run time, a cost every cache hit would pay without using it.
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

  /** {@code fileWriter} null writes real entries (made here, so that a cache hit never loads a writer). */
  EntryWriter(Path root, Path entries, FileWriter fileWriter) {
    this.root = root;
    this.entries = entries;
    this.fileWriter = fileWriter != null ? fileWriter : new PrivateFileWriter();
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
   * like any other on the next load. Anything else that goes wrong is thrown; nothing is left behind.
   */
  void write(CompiledSolver compiled, Model model, AlgorithmSpec spec) throws IOException {
    Path tmp = null;
    try {
      createPrivateDirectories(root.resolve("tmp"));
      createPrivateDirectories(entries);
      tmp = Files.createTempDirectory(root.resolve("tmp"), compiled.key().substring(0, 12) + ".");
      Map<String, Manifest.FileRecord> files = new LinkedHashMap<>();
      for (Map.Entry<String, byte[]> c : compiled.classes().entrySet()) {
        files.put(c.getKey() + ".class", writeFile(tmp.resolve(c.getKey() + ".class"), c.getValue()));
      }
      files.put(SolverCache.MATERIAL, writeFile(tmp.resolve(SolverCache.MATERIAL), SolverKey.material(model, spec).getBytes(StandardCharsets.UTF_8)));
      String simple = compiled.className().substring(compiled.className().lastIndexOf('.') + 1);
      files.put(simple + ".java", writeFile(tmp.resolve(simple + ".java"), compiled.source().getBytes(StandardCharsets.UTF_8)));
      Manifest manifest = new Manifest(compiled.key(), CompilerVersion.id(), model.name(), spec.canonicalText(), compiled.className(), files);
      writeFile(tmp.resolve(Manifest.FILE_NAME), manifest.toBytes());
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
  }

  private Manifest.FileRecord writeFile(Path file, byte[] bytes) throws IOException {
    fileWriter.write(file, bytes);
    return new Manifest.FileRecord(SolverKey.sha256Hex(bytes), bytes.length);
  }

  /** Moves the entry aside (or, failing that, deletes it); returns what was done, for the notice. */
  String quarantine(Path entry) {
    if (!writable()) {
      return "left in place (the cache is read-only)";
    }
    try {
      Path q = root.resolve("quarantine");
      createPrivateDirectories(q);
      Path target = q.resolve(entry.getFileName() + "." + System.currentTimeMillis() + "." + ProcessHandle.current().pid());
      Files.move(entry, target, StandardCopyOption.ATOMIC_MOVE);
      return "moved to " + root.relativize(target);
    } catch (IOException | RuntimeException e) {
      deleteRecursively(entry);
      return Files.exists(entry) ? "could not move it aside" : "deleted it";
    }
  }

  /** A new file readable and writable by its owner only. */
  static void writePrivateFile(Path file, byte[] bytes) throws IOException {
    try {
      Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException e) {
      Files.createFile(file);
    }
    Files.write(file, bytes);
  }

  /** Creates {@code dir} and its parents; the ones it creates get owner-only permissions where POSIX allows. */
  static void createPrivateDirectories(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      return;
    }
    Path parent = dir.getParent();
    if (parent != null) {
      createPrivateDirectories(parent);
    }
    try {
      Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    } catch (UnsupportedOperationException e) {
      Files.createDirectory(dir);
    } catch (java.nio.file.FileAlreadyExistsException e) {
      // Created concurrently: fine.
    }
  }

  static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> {
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
