package fgc.cache;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
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
  private final String kind;
  private final String algorithm;
  private final String shape;
  private final long bytes;
  private final String problem;
  private final Action action;

  private EntryInfo(
      String key,
      String model,
      String kind,
      String algorithm,
      String shape,
      long bytes,
      String problem,
      Action action) {
    this.key = key;
    this.model = model;
    this.kind = kind;
    this.algorithm = algorithm;
    this.shape = shape;
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
    String kind = "?";
    String algorithm = "?";
    try {
      Path manifest = dir.resolve(Manifest.FILE_NAME);
      if (!Files.isRegularFile(manifest, LinkOption.NOFOLLOW_LINKS)) {
        throw new IOException("no manifest of its own"); // a link is never followed
      }
      Manifest m = Manifest.parse(Files.readAllBytes(manifest));
      model = m.model;
      kind = m.kind.word();
      algorithm = m.algorithm == null ? "" : m.algorithm;
    } catch (IOException | CorruptEntryException e) {
      // Listed all the same; verify says what is wrong.
    }
    return new EntryInfo(
        dir.getFileName().toString(),
        model,
        kind,
        algorithm,
        shape(dir.resolve(SolverCache.MATERIAL)),
        size,
        null,
        Action.NONE);
  }

  /**
   * The model's variables and factors as the key material states them ({@code cell[9][9] in 1..9;
   * 27 alldiff}), or "?" when it cannot be read. The key holds the model as its params made it, not
   * the params themselves, so this is what tells two entries of one model apart. Read line by line,
   * without building the model: a listing stays cheap, and verify judges the material.
   */
  static String shape(Path material) {
    if (!Files.isRegularFile(material, LinkOption.NOFOLLOW_LINKS)) {
      return "?";
    }
    StringBuilder vars = new StringBuilder();
    Map<String, Integer> factors = new LinkedHashMap<>();
    try (BufferedReader r = Files.newBufferedReader(material, StandardCharsets.UTF_8)) {
      boolean inModel = false;
      for (String line; (line = r.readLine()) != null; ) {
        if (line.startsWith("fgc-model ")) {
          inModel = true;
        } else if (!inModel || line.equals("end")) {
          continue;
        } else if (line.startsWith("var ")) {
          // var NAME [DIM...] in LO..HI observed|latent
          String[] w = line.split(" ");
          StringBuilder v = new StringBuilder(w[1]);
          int k = 2;
          for (; k < w.length && !w[k].equals("in"); k++) {
            v.append('[').append(w[k]).append(']');
          }
          v.append(k + 1 < w.length ? " in " + w[k + 1] : "");
          vars.append(vars.length() == 0 ? "" : ", ").append(v);
        } else if (!line.isEmpty()) {
          // A family of like factors is one line: KIND SCOPE (x COUNT step ...)... [= T] [PART]
          int tilde = line.indexOf(" ~ ");
          String head = tilde < 0 ? line : line.substring(0, tilde);
          long count = 1;
          String[] w = head.split(" ");
          for (int k = 1; k + 1 < w.length; k++) {
            if (w[k].equals("x")) {
              count *= Long.parseLong(w[k + 1]);
            }
          }
          int counted = (int) Math.min(count, Integer.MAX_VALUE);
          factors.merge(line.substring(0, Math.max(0, line.indexOf(' '))), counted, Integer::sum);
        }
      }
    } catch (IOException | RuntimeException e) {
      return "?";
    }
    StringBuilder out = new StringBuilder(vars.length() == 0 ? "no variables" : vars);
    String sep = "; ";
    for (Map.Entry<String, Integer> f : factors.entrySet()) {
      out.append(sep)
          .append(f.getValue())
          .append(' ')
          .append(f.getKey().isEmpty() ? "?" : f.getKey());
      sep = ", ";
    }
    return out.toString();
  }

  EntryInfo withProblem(String why, Action done) {
    return new EntryInfo(key, model, kind, algorithm, shape, bytes, why, done);
  }

  /**
   * The model's variables (name, dimensions, values) and its factors counted by kind, as the
   * entry's key material states them; "?" when it cannot be read.
   *
   * @return for example {@code cell[4][4] in 1..4; 12 alldiff}
   */
  public String shape() {
    return shape;
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
   * What the entry holds, as its manifest names it ({@code fgc.compilation.Artifact}): {@code
   * solver} or {@code propagator}; "?" when the manifest cannot be read.
   *
   * @return the kind's name
   */
  public String kind() {
    return kind;
  }

  /**
   * The algorithm and options the entry was compiled with: empty for a kind without an algorithm (a
   * propagator), "?" when the manifest cannot be read.
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
