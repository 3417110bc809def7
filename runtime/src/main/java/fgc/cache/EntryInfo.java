package fgc.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.stream.Stream;

/** What {@code cache list} and {@code cache verify} report about one entry folder. */
public final class EntryInfo {
  /** What {@code verify} did about a bad entry. */
  public enum Action {
    /** Nothing was wrong, or nothing was asked. */
    NONE,
    /** Reported and left as it is (verify without repair, or it could not be moved). */
    LEFT,
    /** Moved to quarantine. */
    QUARANTINED,
    /** Unsafe (a link inside, another owner, writable by others): reported and never touched. */
    UNSAFE_LEFT
  }

  private final String key;
  private final String model;
  private final String algorithm;
  private final long bytes;
  private final String problem;
  private final Action action;

  private EntryInfo(String key, String model, String algorithm, long bytes, String problem, Action action) {
    this.key = key;
    this.model = model;
    this.algorithm = algorithm;
    this.bytes = bytes;
    this.problem = problem;
    this.action = action;
  }

  static EntryInfo of(Path dir) throws IOException {
    long size = 0;
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
          size += Files.size(p);
        }
      }
    }
    String model = "?";
    String algorithm = "?";
    try {
      Path manifest = dir.resolve(Manifest.FILE_NAME);
      if (!Files.isRegularFile(manifest, LinkOption.NOFOLLOW_LINKS)) {
        throw new IOException("no manifest of its own"); // a link is never followed
      }
      Manifest m = Manifest.parse(Files.readAllBytes(manifest));
      model = m.model;
      algorithm = m.algorithm;
    } catch (IOException | CorruptEntryException e) {
      // Listed all the same; verify says what is wrong.
    }
    return new EntryInfo(dir.getFileName().toString(), model, algorithm, size, null, Action.NONE);
  }

  EntryInfo withProblem(String why, Action done) {
    return new EntryInfo(key, model, algorithm, bytes, why, done);
  }

  /**
   * The entry's key.
   *
   * @return the key
   */
  public String key() {
    return key;
  }

  /**
   * The model the entry was compiled for, as its key material names it.
   *
   * @return the model's name
   */
  public String model() {
    return model;
  }

  /**
   * The algorithm and options the entry was compiled with.
   *
   * @return the algorithm's canonical text
   */
  public String algorithm() {
    return algorithm;
  }

  /**
   * The size of the entry's files.
   *
   * @return the size in bytes
   */
  public long bytes() {
    return bytes;
  }

  /**
   * Null when the entry passed verification (or was not verified).
   *
   * @return what is wrong with the entry, or null
   */
  public String problem() {
    return problem;
  }

  /**
   * What {@code verify} did about the entry.
   *
   * @return the action
   */
  public Action action() {
    return action;
  }
}
