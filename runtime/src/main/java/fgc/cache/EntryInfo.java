package fgc.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** What {@code cache list} and {@code cache verify} report about one entry folder. */
public final class EntryInfo {
  private final String key;
  private final String model;
  private final String algorithm;
  private final long bytes;
  private final String problem;

  private EntryInfo(String key, String model, String algorithm, long bytes, String problem) {
    this.key = key;
    this.model = model;
    this.algorithm = algorithm;
    this.bytes = bytes;
    this.problem = problem;
  }

  static EntryInfo of(Path dir) throws IOException {
    long size = 0;
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        if (Files.isRegularFile(p)) {
          size += Files.size(p);
        }
      }
    }
    String model = "?";
    String algorithm = "?";
    try {
      Manifest m = Manifest.parse(Files.readAllBytes(dir.resolve(Manifest.FILE_NAME)));
      model = m.model;
      algorithm = m.algorithm;
    } catch (IOException | CorruptEntryException e) {
      // Listed all the same; verify says what is wrong.
    }
    return new EntryInfo(dir.getFileName().toString(), model, algorithm, size, null);
  }

  EntryInfo withProblem(String why) {
    return new EntryInfo(key, model, algorithm, bytes, why);
  }

  public String key() {
    return key;
  }

  public String model() {
    return model;
  }

  public String algorithm() {
    return algorithm;
  }

  public long bytes() {
    return bytes;
  }

  /** Null when the entry passed verification (or was not verified). */
  public String problem() {
    return problem;
  }
}
