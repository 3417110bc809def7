package fgc.compiler;

import fgc.cache.Sha256;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The build step that fingerprints the compiler: Maven runs {@link #main} on this module's class
 * folder right after compiling it (exec-maven-plugin, phase {@code process-classes}) and stamps the
 * fingerprint into {@link BuiltFingerprint}'s class file. Computing it once at build time spares
 * every JVM from reading and hashing the compiler's bytecode just to form a cache key; a test
 * recomputes it from the class files and compares, so the stamp cannot go stale unnoticed.
 *
 * <p>It covers what shapes a generated class: every class of the compiler's packages (those that
 * plan and emit it among them; a few more, such as the reference interpreters, cost only a key
 * change when they change), all but {@link BuiltFingerprint}, which holds the result; and every
 * class of solver-api's {@code fgc.algorithm}, whose constants ({@code Numerics.TINY} and the like)
 * Janino folds into the class's bytes, and whose kernels the class calls.
 */
public final class CompilerFingerprint {
  /** The class file the fingerprint is stamped into, relative to the class folder. */
  static final String STAMPED_CLASS = "fgc/compiler/BuiltFingerprint.class";

  private static final int HEX_DIGITS = 64;

  /**
   * The compiler's packages: every class under them is fingerprinted, found in the class folder or
   * jar rather than listed, so a class added to the compiler cannot be left out.
   */
  static final String COMPILER_PACKAGE = "fgc/compiler/";

  /**
   * The package of solver-api whose every class is fingerprinted: generated classes call its
   * kernels and decoders and have its constants folded into their bytes.
   */
  static final String KERNEL_PACKAGE = "fgc/algorithm/";

  private CompilerFingerprint() {}

  /**
   * {@code CLASS_FOLDER [SOLVER_API]}: writes the fingerprint of the compiler compiled into that
   * folder, with solver-api's classes from {@code SOLVER_API} (a class folder or jar), by default
   * from wherever this JVM loads them.
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 1 && args.length != 2) {
      System.err.println("usage: CompilerFingerprint CLASS_FOLDER [SOLVER_API_CLASSES]");
      System.exit(2);
    }
    Path classes = Paths.get(args[0]);
    Path kernels = args.length == 2 ? Paths.get(args[1]) : kernelLocation();
    stamp(classes.resolve(STAMPED_CLASS), of(classes, kernels));
  }

  /** The class folder or jar this JVM loads solver-api from. */
  static Path kernelLocation() {
    try {
      return Paths.get(
          fgc.algorithm.GeneratedAlgorithm.class
              .getProtectionDomain()
              .getCodeSource()
              .getLocation()
              .toURI());
    } catch (java.net.URISyntaxException | RuntimeException e) {
      throw new IllegalStateException(
          "cannot fingerprint the compiler: solver-api's classes cannot be located (" + e + ")", e);
    }
  }

  /**
   * Overwrites the 64 characters after {@link BuiltFingerprint#MARKER} in {@code classFile} (the
   * placeholder's dashes, or an earlier build's digits) with {@code hex}. The marker must be found
   * followed by 64 such characters exactly once, so nothing else in the class file is touched.
   */
  static void stamp(Path classFile, String hex) throws IOException {
    if (!Sha256.isHex(hex)) {
      throw new IllegalArgumentException("not a fingerprint: " + hex);
    }
    byte[] bytes = Files.readAllBytes(classFile);
    byte[] marker = BuiltFingerprint.MARKER.getBytes(StandardCharsets.US_ASCII);
    int found = -1;
    for (int at = 0; at + marker.length + HEX_DIGITS <= bytes.length; at++) {
      if (startsWith(bytes, at, marker) && stampable(bytes, at + marker.length)) {
        if (found >= 0) {
          throw new IllegalStateException(
              classFile + " holds the fingerprint's place more than once");
        }
        found = at + marker.length;
      }
    }
    if (found < 0) {
      throw new IllegalStateException(
          classFile
              + " holds no place for the fingerprint ("
              + BuiltFingerprint.MARKER
              + " and 64 characters)");
    }
    System.arraycopy(hex.getBytes(StandardCharsets.US_ASCII), 0, bytes, found, HEX_DIGITS);
    Files.write(classFile, bytes);
  }

  private static boolean startsWith(byte[] bytes, int at, byte[] prefix) {
    for (int i = 0; i < prefix.length; i++) {
      if (bytes[at + i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the 64 bytes at {@code at} are dashes (the placeholder) or lowercase hex digits (a
   * stamp).
   */
  private static boolean stampable(byte[] bytes, int at) {
    for (int i = at; i < at + HEX_DIGITS; i++) {
      byte b = bytes[i];
      if (!(b == '-' || b >= '0' && b <= '9' || b >= 'a' && b <= 'f')) {
        return false;
      }
    }
    return true;
  }

  /**
   * The SHA-256, in hex, over every class of {@link #COMPILER_PACKAGE} and its subpackages in
   * {@code classes} but the stamped one, by path, then over every class of solver-api's {@link
   * #KERNEL_PACKAGE} in {@code kernels}, by path (each a class folder or jar): for each file a line
   * with its name and size, then its bytes.
   */
  static String of(Path classes, Path kernels) {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (Map.Entry<String, byte[]> file : files(classes, kernels).entrySet()) {
      String header = file.getKey() + ' ' + file.getValue().length + '\n';
      all.writeBytes(header.getBytes(StandardCharsets.UTF_8));
      all.writeBytes(file.getValue());
    }
    return Sha256.hex(all.toByteArray());
  }

  /**
   * Every fingerprinted class file, by its path (solver-api's prefixed {@code solver-api/}), in
   * fingerprint order.
   */
  static Map<String, byte[]> files(Path classes, Path kernels) {
    Map<String, byte[]> out = new LinkedHashMap<>();
    Map<String, byte[]> compiler = classFiles(classes, COMPILER_PACKAGE, true);
    // The stamp holder's bytes are the fingerprint: it cannot be part of what it fingerprints.
    compiler.remove(STAMPED_CLASS);
    if (compiler.isEmpty()) {
      throw new IllegalStateException(
          "cannot fingerprint the compiler: no class of " + COMPILER_PACKAGE + " in " + classes);
    }
    out.putAll(compiler);
    Map<String, byte[]> kernelFiles = classFiles(kernels, KERNEL_PACKAGE, false);
    if (kernelFiles.isEmpty()) {
      throw new IllegalStateException(
          "cannot fingerprint the compiler: no class of " + KERNEL_PACKAGE + " in " + kernels);
    }
    for (Map.Entry<String, byte[]> k : kernelFiles.entrySet()) {
      out.put("solver-api/" + k.getKey(), k.getValue());
    }
    return out;
  }

  /**
   * The class files of package {@code prefix} (with its subpackages when {@code subpackages}) in a
   * class folder or jar, by path relative to its root, sorted, so the order is the same on every
   * machine and in either form.
   */
  private static Map<String, byte[]> classFiles(Path location, String prefix, boolean subpackages) {
    Map<String, byte[]> out = new TreeMap<>();
    if (Files.isDirectory(location)) {
      Path root = location.resolve(prefix);
      if (!Files.isDirectory(root)) {
        return out;
      }
      try (Stream<Path> walk = Files.walk(root, subpackages ? Integer.MAX_VALUE : 1)) {
        for (Path p : (Iterable<Path>) walk::iterator) {
          if (p.getFileName().toString().endsWith(".class") && Files.isRegularFile(p)) {
            out.put(location.relativize(p).toString().replace('\\', '/'), read(p));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return out;
    }
    try (JarFile jar = new JarFile(location.toFile())) {
      for (JarEntry e : Collections.list(jar.entries())) {
        String name = e.getName();
        if (name.startsWith(prefix)
            && name.endsWith(".class")
            && (subpackages || name.indexOf('/', prefix.length()) < 0)) {
          try (InputStream in = jar.getInputStream(e)) {
            out.put(name, in.readAllBytes());
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
