package fgc.cache;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.Artifact;
import fgc.compilation.CompiledSolver;
import fgc.model.Model;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The cache on disk: where entries live, whether its folders may be trusted, and everything that
 * changes it (storing an entry, moving one into quarantine, clearing), with the notices about it.
 * The writing itself is {@link EntryWriter}'s, made only when needed so that a cache hit never
 * loads it; what in a folder is fgc's is {@link CacheFolders}'.
 */
final class EntryStore {
  /** What a user can do about an entry fgc will not touch, when 'cache clear' would remove it. */
  static final String UNSAFE_ADVICE =
      "Remove it, or run 'fgc cache clear', which removes fgc's own entries "
          + "(and links inside them, without following them) and leaves what is not fgc's.";

  private final Path root;
  private final Consumer<String> log;
  private final CacheSafety safety;
  private final EntryWriter.FileWriter fileWriter;
  private final long maxFileBytes;
  private final Set<String> warned = new HashSet<>();

  /**
   * {@code fileWriter} null writes real entries; {@code maxFileBytes} is the limit of the writer
   * and the reader alike.
   */
  EntryStore(
      Path root,
      Consumer<String> log,
      CacheSafety safety,
      EntryWriter.FileWriter fileWriter,
      long maxFileBytes) {
    this.root = root;
    this.log = log;
    this.safety = safety;
    this.fileWriter = fileWriter;
    this.maxFileBytes = maxFileBytes;
  }

  Path root() {
    return root;
  }

  Path entries() {
    return root.resolve(CacheFolders.ENTRIES);
  }

  Path entryFolder(String key) {
    return entries().resolve(key);
  }

  /**
   * Why the cache's own folders may not be trusted, or null; folders that do not exist yet are
   * fine.
   */
  String unsafeFolders() {
    String problem = safety.problem(root, true);
    return problem != null ? problem : safety.problem(entries(), false);
  }

  /**
   * What does remove the unsafe {@code entry}: 'cache clear' keeps a link in place of an entry and
   * another user's files, so for those the advice is the command that does.
   */
  String unsafeAdvice(Path entry) {
    if (Files.isSymbolicLink(entry)) {
      return "Remove the link itself with 'rm "
          + entry
          + "' (what it points to is not touched;"
          + " 'fgc cache clear' leaves a link it did not make).";
    }
    if (!safety.ownedByUser(entry)) {
      return "It is another user's: they (or an administrator) can remove it with 'rm -r "
          + entry
          + "'; 'fgc cache clear' leaves another user's files.";
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(entry)) {
      for (Path f : files) {
        if (!safety.ownedByUser(f)) {
          return "It holds another user's file "
              + f.getFileName()
              + ": they (or an administrator)"
              + " can remove it with 'rm -r "
              + entry
              + "'; 'fgc cache clear' leaves it.";
        }
      }
    } catch (IOException e) {
      // Unreadable: the general advice below.
    }
    return UNSAFE_ADVICE;
  }

  /** Passes a notice on. */
  void notice(String message) {
    log.accept(message);
  }

  /** Passes a notice on, the first time only for its {@code kind} in this cache. */
  void warnOnce(String kind, String message) {
    synchronized (warned) {
      if (!warned.add(kind)) {
        return;
      }
    }
    log.accept(message);
  }

  /** Made when needed: a cache hit never loads the writing code. */
  private EntryWriter writer() {
    return new EntryWriter(root, entries(), fileWriter, safety, maxFileBytes);
  }

  /**
   * Moves a failed entry aside ({@link EntryWriter#quarantine}); returns what was done, for the
   * notice.
   */
  String quarantine(Path entry, byte[] judged) {
    return writer().quarantine(entry, judged);
  }

  /**
   * Stores an entry of kind {@code kind} ({@code spec} null for a kind without an algorithm); false
   * (after one warning per cache and kind of failure) when it is not stored.
   */
  boolean store(CompiledSolver compiled, Model model, Artifact kind, AlgorithmSpec spec) {
    EntryWriter writer = writer();
    if (Files.exists(root) && !Files.isDirectory(root)) {
      warnOnce(
          "not a folder",
          "fgc: warning: the cache folder "
              + root
              + " is a file, not a folder; compiled in memory");
      return false;
    }
    if (!writer.writable()) {
      warnOnce(
          "read-only", "fgc: warning: the cache at " + root + " is read-only; compiled in memory");
      return false;
    }
    try {
      String notStored = writer.write(compiled, model, kind, spec);
      if (notStored != null) {
        warnOnce(notStored, "fgc: warning: " + notStored + "; compiled in memory, not cached");
        return false;
      }
      return true;
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      warnOnce(
          "unwritable",
          "fgc: warning: cannot write the cache at "
              + root
              + " ("
              + SolverCache.describe(e)
              + "); compiled in memory");
      return false;
    }
  }

  /**
   * One line per entry: key, model, kind, algorithm, size in bytes, shape.
   *
   * @return the entries
   * @throws IOException when the cache folder cannot be read
   */
  List<EntryInfo> list() throws IOException {
    List<EntryInfo> out = new ArrayList<>();
    if (!Files.isDirectory(entries())) {
      return out;
    }
    try (Stream<Path> dirs = Files.list(entries())) {
      for (Path dir : (Iterable<Path>) dirs.sorted()::iterator) {
        if (CacheFolders.isKey(dir.getFileName().toString())) {
          out.add(EntryInfo.of(dir));
        }
      }
    }
    return out;
  }

  /**
   * Removes what fgc made under the root: every entry (and any link inside one, never what it
   * points to), temporary folder and quarantined entry it recognises by name and content, and
   * nothing else. Refuses a folder without fgc's marker unless it holds only fgc's items (a cache
   * an earlier fgc made); see {@link ClearReport}.
   *
   * @return what was removed and what was kept
   * @throws IOException when the cache folder cannot be read
   */
  ClearReport clear() throws IOException {
    ClearReport report = new ClearReport(root);
    if (!Files.exists(root)) {
      return report;
    }
    String unsafe = safety.problem(root, true);
    if (unsafe != null) {
      return report.refused(unsafe);
    }
    if (!Files.isDirectory(root)) {
      return report.refused(root + " is not a folder");
    }
    if (!CacheFolders.marked(root)) {
      List<String> foreign = CacheFolders.foreign(root, 3);
      if (!foreign.isEmpty()) {
        return report.refused(CacheFolders.notOurs(root, foreign));
      }
    }
    for (String sub : List.of(CacheFolders.ENTRIES, CacheFolders.TMP, CacheFolders.QUARANTINE)) {
      Path folder = root.resolve(sub);
      if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
        continue;
      }
      String problem = safety.problem(folder, false);
      if (problem != null) {
        report.kept(sub, problem);
        continue;
      }
      try (DirectoryStream<Path> items = Files.newDirectoryStream(folder)) {
        for (Path item : items) {
          String name = item.getFileName().toString();
          boolean ours =
              sub.equals(CacheFolders.ENTRIES)
                  ? CacheFolders.isKey(name)
                  : sub.equals(CacheFolders.TMP)
                      ? CacheFolders.isTmpName(name)
                      : CacheFolders.isQuarantineName(name);
          CacheFolders.Removal done =
              ours
                  ? CacheFolders.remove(item, safety)
                  : new CacheFolders.Removal(0, "not made by fgc");
          if (done.kept != null) {
            report.kept(sub + "/" + name, done.kept);
            report.partlyRemoved(done.files);
          } else {
            report.removed(sub);
          }
        }
      }
    }
    return report;
  }
}
