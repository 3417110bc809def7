package fgc.cache;

import fgc.compilation.Artifact;
import fgc.compilation.Sha256;
import fgc.compilation.SolverKey;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The manifest of a cache entry: what it was built for and the SHA-256 and size of every file. Its
 * last line is the SHA-256 of all the lines before it, so a changed byte anywhere in the manifest
 * is caught before any of its claims is believed. The {@code algorithm} line is there only for a
 * kind that has one (a solver).
 *
 * <pre>
 * fgc-cache-entry 2
 * key 3f2a...            (64 hex digits)
 * compiler 0.1.0+...
 * model sudoku
 * kind solver
 * algorithm bp damping=0.5
 * class fgc.generated.Bp_3f2a...
 * file fgc.generated.Bp_3f2a....class 9a0b... 12345
 * manifest-sha256 77c1...
 * </pre>
 */
final class Manifest {
  static final String FILE_NAME = "manifest";
  private static final String FORMAT = "fgc-cache-entry ";
  private static final String HEADER = FORMAT + "2";
  private static final String SEAL = "manifest-sha256 ";

  final String key;
  final String compiler;
  final String model;
  final Artifact kind;

  /** The algorithm's canonical text; null for a kind without one. */
  final String algorithm;

  final String className;

  /**
   * File name to {sha256, size}, in the manifest's order. Not wrapped unmodifiable: iterating a
   * wrapper loads its entry class, a cost on every cache hit; nothing outside this package sees it.
   */
  final Map<String, FileRecord> files;

  Manifest(
      String key,
      String compiler,
      String model,
      Artifact kind,
      String algorithm,
      String className,
      Map<String, FileRecord> files) {
    if ((algorithm != null) != kind.hasAlgorithm()) {
      throw new IllegalArgumentException("internal error: a " + kind.word() + " and algorithm");
    }
    this.key = key;
    this.compiler = compiler;
    this.model = model;
    this.kind = kind;
    this.algorithm = algorithm;
    this.className = className;
    this.files = new LinkedHashMap<>(files);
  }

  static final class FileRecord {
    final String sha256;
    final long size;

    FileRecord(String sha256, long size) {
      this.sha256 = sha256;
      this.size = size;
    }
  }

  byte[] toBytes() {
    StringBuilder sb = new StringBuilder();
    sb.append(HEADER).append('\n');
    sb.append("key ").append(key).append('\n');
    sb.append("compiler ").append(compiler).append('\n');
    sb.append("model ").append(model).append('\n');
    sb.append("kind ").append(kind.word()).append('\n');
    if (algorithm != null) {
      sb.append("algorithm ").append(algorithm).append('\n');
    }
    sb.append("class ").append(className).append('\n');
    for (Map.Entry<String, FileRecord> f : files.entrySet()) {
      sb.append("file ")
          .append(f.getKey())
          .append(' ')
          .append(f.getValue().sha256)
          .append(' ')
          .append(f.getValue().size)
          .append('\n');
    }
    String body = sb.toString();
    String seal = SolverKey.sha256Hex(body.getBytes(StandardCharsets.UTF_8));
    return (body + SEAL + seal + "\n").getBytes(StandardCharsets.UTF_8);
  }

  /** Parses and checks the seal; any deviation is a {@link CorruptEntryException} saying what. */
  static Manifest parse(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    int sealAt = text.lastIndexOf("\n" + SEAL);
    if (sealAt < 0 || !text.endsWith("\n")) {
      throw new CorruptEntryException(LoadStage.MANIFEST, "manifest has no seal line");
    }
    String body = text.substring(0, sealAt + 1);
    String seal = text.substring(sealAt + 1 + SEAL.length(), text.length() - 1);
    if (!seal.equals(SolverKey.sha256Hex(body.getBytes(StandardCharsets.UTF_8)))) {
      throw new CorruptEntryException(
          LoadStage.MANIFEST, "manifest seal does not match its content");
    }
    List<String> lines = new ArrayList<>(List.of(body.split("\n", -1)));
    lines.remove(lines.size() - 1);
    if (!lines.get(0).equals(HEADER) && lines.get(0).startsWith(FORMAT)) {
      // An entry of another fgc: its key could not be this fgc's, but say so plainly.
      throw new CorruptEntryException(
          LoadStage.MANIFEST,
          "manifest is of format "
              + abbreviate(lines.get(0).substring(FORMAT.length()))
              + ", this fgc writes "
              + HEADER.substring(FORMAT.length())
              + ": an entry of another fgc");
    }
    if (lines.size() < 7 || !lines.get(0).equals(HEADER)) {
      throw new CorruptEntryException(
          LoadStage.MANIFEST, "manifest header is not '" + HEADER + "'");
    }
    String key = field(lines.get(1), "key");
    if (!Sha256.isHex(key)) {
      throw new CorruptEntryException(LoadStage.MANIFEST, "manifest key is not 64 hex digits");
    }
    String compiler = field(lines.get(2), "compiler");
    String model = field(lines.get(3), "model");
    String word = field(lines.get(4), "kind");
    Artifact kind = Artifact.named(word);
    if (kind == null) {
      throw new CorruptEntryException(
          LoadStage.MANIFEST, "manifest names no kind of entry fgc makes: " + abbreviate(word));
    }
    int at = 5;
    String algorithm = kind.hasAlgorithm() ? field(lines.get(at++), "algorithm") : null;
    String className = field(lines.get(at++), "class");
    Map<String, FileRecord> files = new LinkedHashMap<>();
    for (; at < lines.size(); at++) {
      String line = lines.get(at);
      String[] parts = field(line, "file").split(" ");
      if (parts.length != 3 || !isSafeFileName(parts[0]) || !Sha256.isHex(parts[1])) {
        throw new CorruptEntryException(
            LoadStage.MANIFEST, "manifest file line is malformed: " + abbreviate(line));
      }
      try {
        files.put(parts[0], new FileRecord(parts[1], Long.parseLong(parts[2])));
      } catch (NumberFormatException e) {
        throw new CorruptEntryException(
            LoadStage.MANIFEST, "manifest file size is not a number: " + abbreviate(line));
      }
    }
    return new Manifest(key, compiler, model, kind, algorithm, className, files);
  }

  /**
   * Entry file names: {@code [A-Za-z0-9_$][A-Za-z0-9_.$-]{0,200}}, no separators and no leading
   * dot, so a manifest can never point outside its folder. Checked by hand, not by a regex:
   * compiling one costs a fresh JVM more than the rest of the manifest's checks.
   */
  static boolean isSafeFileName(String name) {
    if (name.isEmpty() || name.length() > 201) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean plain =
          c >= 'A' && c <= 'Z'
              || c >= 'a' && c <= 'z'
              || c >= '0' && c <= '9'
              || c == '_'
              || c == '$';
      if (!plain && (i == 0 || c != '.' && c != '-')) {
        return false;
      }
    }
    return true;
  }

  private static String field(String line, String name) {
    if (!line.startsWith(name + " ")) {
      throw new CorruptEntryException(
          LoadStage.MANIFEST,
          "manifest line '" + abbreviate(line) + "' should start with '" + name + "'");
    }
    return line.substring(name.length() + 1);
  }

  private static String abbreviate(String s) {
    return s.length() > 80 ? s.substring(0, 80) + "..." : s;
  }
}
