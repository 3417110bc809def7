package fgc.plan;

import fgc.compilation.Sha256;
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
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Fingerprints of fgc's own bytecode, computed at build time and stamped into a class file: the
 * planner's ({@link PlannerFingerprint}, the identity in every cache key) and the compiler's (the
 * emitting compiler's identity in every cache entry's manifest). A fingerprint covers the classes
 * of some packages and every class of solver-api's {@link #KERNEL_PACKAGE}, whose constants Janino
 * folds into a generated class's bytes and whose kernels it calls.
 */
public final class Fingerprint {
  private static final int HEX_DIGITS = 64;

  /** The package of solver-api whose every class is fingerprinted. */
  public static final String KERNEL_PACKAGE = "fgc/solver/";

  private Fingerprint() {}

  /** The class folder or jar this JVM loads solver-api from. */
  public static Path kernelLocation() {
    try {
      return Paths.get(
          fgc.solver.GeneratedAlgorithm.class
              .getProtectionDomain()
              .getCodeSource()
              .getLocation()
              .toURI());
    } catch (java.net.URISyntaxException | RuntimeException e) {
      throw new IllegalStateException(
          "cannot fingerprint: solver-api's classes cannot be located (" + e + ")", e);
    }
  }

  /**
   * Overwrites the 64 characters after {@code marker} in {@code classFile} (the placeholder's
   * dashes, or an earlier build's digits) with {@code hex}. The marker must be found followed by 64
   * such characters exactly once, so nothing else in the class file is touched.
   */
  public static void stamp(Path classFile, String marker, String hex) throws IOException {
    if (!Sha256.isHex(hex)) {
      throw new IllegalArgumentException("not a fingerprint: " + hex);
    }
    byte[] bytes = Files.readAllBytes(classFile);
    byte[] markerBytes = marker.getBytes(StandardCharsets.US_ASCII);
    int found = -1;
    for (int at = 0; at + markerBytes.length + HEX_DIGITS <= bytes.length; at++) {
      if (startsWith(bytes, at, markerBytes) && stampable(bytes, at + markerBytes.length)) {
        if (found >= 0) {
          throw new IllegalStateException(
              classFile + " holds the fingerprint's place more than once");
        }
        found = at + markerBytes.length;
      }
    }
    if (found < 0) {
      throw new IllegalStateException(
          classFile + " holds no place for the fingerprint (" + marker + " and 64 characters)");
    }
    System.arraycopy(hex.getBytes(StandardCharsets.US_ASCII), 0, bytes, found, HEX_DIGITS);
    Files.write(classFile, bytes);
  }

  /**
   * The 64 hex digits the build stamped after {@code marker} into {@code stamped} (a {@code
   * BuiltFingerprint}'s text); an error naming {@code module} when the build never stamped it.
   *
   * @param stamped the stamped class's text
   * @param marker the text before the digits
   * @param module the module whose build stamps it, for the error
   * @param stampedClass the stamped class's name, for the error
   * @return the fingerprint's hex digits
   */
  public static String read(String stamped, String marker, String module, String stampedClass) {
    String text = stamped.substring(marker.length());
    if (!fgc.compilation.Sha256.isHex(text)) {
      throw new IllegalStateException(
          "the fingerprint of "
              + module
              + " was never stamped into "
              + stampedClass
              + "; build "
              + module
              + " with Maven, whose process-classes step stamps it");
    }
    return text;
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
   * The SHA-256, in hex, over every class of {@code packages} and their subpackages in {@code
   * classes} but {@code stampedClass}, package by package, by path, then over every class of
   * solver-api's {@link #KERNEL_PACKAGE} in {@code kernels}, by path (each a class folder or jar):
   * for each file a line with its name and size, then its bytes.
   */
  public static String of(Path classes, List<String> packages, String stampedClass, Path kernels) {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (Map.Entry<String, byte[]> file :
        files(classes, packages, stampedClass, kernels).entrySet()) {
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
  public static Map<String, byte[]> files(
      Path classes, List<String> packages, String stampedClass, Path kernels) {
    Map<String, byte[]> out = new LinkedHashMap<>();
    for (String prefix : packages) {
      Map<String, byte[]> own = classFiles(classes, prefix, true);
      // The stamp holder's bytes are the fingerprint: it cannot be part of what it fingerprints.
      own.remove(stampedClass);
      if (own.isEmpty()) {
        throw new IllegalStateException(
            "cannot fingerprint: no class of " + prefix + " in " + classes);
      }
      out.putAll(own);
    }
    Map<String, byte[]> kernelFiles = classFiles(kernels, KERNEL_PACKAGE, false);
    if (kernelFiles.isEmpty()) {
      throw new IllegalStateException(
          "cannot fingerprint: no class of " + KERNEL_PACKAGE + " in " + kernels);
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
