package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompilerVersionTest {
  @Test
  void everyClassOfTheCompilerButTheStampHolderIsFingerprinted() throws Exception {
    // No list to keep: what is in the class folder is what is covered.
    Path classes = classFolder();
    Set<String> covered =
        CompilerFingerprint.files(classes, CompilerFingerprint.kernelLocation()).keySet();
    List<String> missing = new ArrayList<>();
    int seen = 0;
    try (Stream<Path> walk = Files.walk(classes.resolve(CompilerFingerprint.COMPILER_PACKAGE))) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        String file = classes.relativize(p).toString().replace('\\', '/');
        if (file.endsWith(".class") && !file.equals(CompilerFingerprint.STAMPED_CLASS)) {
          seen++;
          if (!covered.contains(file)) {
            missing.add(file);
          }
        }
      }
    }
    assertTrue(seen > 20, "the compiler's classes were found: " + seen);
    assertTrue(missing.isEmpty(), "not fingerprinted: " + missing);
    assertTrue(
        !covered.contains(CompilerFingerprint.STAMPED_CLASS),
        "the stamp holder is not fingerprinted: stamping would change it");
    for (String shaping :
        List.of(
            "fgc/compiler/emit/PairwiseBpEmitter.class",
            "fgc/compiler/Emitters.class",
            "fgc/compiler/ModelCompiler.class",
            "fgc/compiler/backend/JaninoBackend.class")) {
      assertTrue(covered.contains(shaping), shaping);
    }
  }

  @Test
  void aClassAddedToTheCompilerChangesTheFingerprint(@TempDir Path copy) throws Exception {
    // What a hand-kept list used to miss: a new planner or emitter class nobody listed.
    Path classes = classFolder();
    copyCompiler(classes, copy);
    Path kernels = CompilerFingerprint.kernelLocation();
    String before = CompilerFingerprint.of(copy, kernels);
    assertEquals(CompilerFingerprint.of(classes, kernels), before);
    Files.copy(
        classes.resolve("fgc/compiler/emit/Tables.class"),
        copy.resolve("fgc/compiler/emit/NewEmitter.class"));
    assertNotEquals(before, CompilerFingerprint.of(copy, kernels));
  }

  private static void copyCompiler(Path classes, Path copy) throws IOException {
    try (Stream<Path> walk = Files.walk(classes.resolve("fgc/compiler"))) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        Path target = copy.resolve(classes.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }

  @Test
  void theFingerprintStampedByTheBuildIsTheOneOfTheClassesOnTheClassPath() {
    // Recomputed from the class files the tests run against: a stale stamp fails here.
    String fromClasses =
        CompilerFingerprint.of(classFolder(), CompilerFingerprint.kernelLocation());
    assertEquals(fromClasses, CompilerVersion.builtFingerprint());
    assertTrue(
        CompilerVersion.id().contains("+" + fromClasses.substring(0, 16) + "/"),
        CompilerVersion.id());
  }

  @Test
  void aChangedByteInAnEmitterOrInOneOfItsNestedClassesChangesTheFingerprint(@TempDir Path copy)
      throws Exception {
    Path classes = classFolder();
    copyCompiler(classes, copy);
    Path kernels = CompilerFingerprint.kernelLocation();
    String before = CompilerFingerprint.of(copy, kernels);
    assertEquals(CompilerFingerprint.of(classes, kernels), before);
    List<Path> targets =
        new ArrayList<>(List.of(copy.resolve("fgc/compiler/emit/FactorBpEmitter.class")));
    try (Stream<Path> nested = Files.list(copy.resolve("fgc/compiler"))) {
      nested
          .filter(p -> p.getFileName().toString().startsWith("Emitters$"))
          .findFirst()
          .ifPresent(targets::add);
    }
    assertEquals(2, targets.size(), "Emitters has a nested class to try: " + targets);
    for (Path target : targets) {
      byte[] bytes = Files.readAllBytes(target);
      bytes[bytes.length / 2] ^= 1;
      Files.write(target, bytes);
      String after = CompilerFingerprint.of(copy, kernels);
      assertNotEquals(before, after, "a flipped byte in " + target.getFileName());
      bytes[bytes.length / 2] ^= 1;
      Files.write(target, bytes);
      assertEquals(before, CompilerFingerprint.of(copy, kernels));
    }
  }

  @Test
  void everyTypeAGeneratedSourceNamesIsFingerprinted() {
    // Janino folds the constants a source names (Numerics.TINY, ...) into the class's bytes, and
    // the
    // class calls the kernels it names: each of those classes must be in the fingerprint, or a
    // change
    // to it would leave every cached class as it was under an unchanged key.
    Set<String> fingerprinted = new HashSet<>();
    for (String file :
        CompilerFingerprint.files(classFolder(), CompilerFingerprint.kernelLocation()).keySet()) {
      fingerprinted.add(file.replaceFirst("^solver-api/", ""));
    }
    java.util.regex.Pattern qualified =
        java.util.regex.Pattern.compile("\\bfgc(?:\\.[A-Za-z_$][A-Za-z0-9_$]*)+");
    Set<String> named = new java.util.TreeSet<>();
    int sources = 0;
    for (EmitterCoverage.Case c : EmitterCoverage.cases()) {
      String source = ModelCompiler.generateSource(c.model, c.spec).text();
      sources++;
      java.util.regex.Matcher m = qualified.matcher(source);
      while (m.find()) {
        if (!m.group().equals(ModelCompiler.GENERATED_PACKAGE)
            && !m.group().startsWith(ModelCompiler.GENERATED_PACKAGE + ".")) {
          named.add(classFileOf(m.group()));
        }
      }
    }
    assertTrue(sources >= 20, "every algorithm on several models: " + sources);
    for (String file : new java.util.ArrayList<>(named)) {
      // A source names a nested class through its outer one (AssignmentKernels.Workspace): those
      // too.
      addNested(load(file.replace('/', '.').replaceAll("\\.class$", "")), named);
    }
    for (String kernel :
        List.of(
            "Numerics",
            "IntTables",
            "DoubleTables",
            "PackedTables",
            "AlldiffKernels",
            "AssignmentKernels$Workspace",
            "FactorKernels",
            "PairwiseKernels",
            "Dirichlets",
            "Noise",
            "PlanDigest",
            "GeneratedAlgorithm")) {
      assertTrue(
          named.contains("fgc/solver/" + kernel + ".class"),
          "the sources name " + kernel + ": " + named);
    }
    Set<String> missing = new java.util.TreeSet<>(named);
    missing.removeAll(fingerprinted);
    assertTrue(
        missing.isEmpty(), "generated sources name classes the fingerprint leaves out: " + missing);
  }

  /**
   * The class file of the type a qualified name in a source starts with: package, class, nested
   * classes, then members.
   */
  private static String classFileOf(String qualified) {
    String[] parts = qualified.split("\\.");
    StringBuilder name = new StringBuilder();
    int at = 0;
    for (; at < parts.length && Character.isLowerCase(parts[at].charAt(0)); at++) {
      name.append(parts[at]).append('.');
    }
    if (at == parts.length) {
      throw new AssertionError(
          "generated source names the package " + qualified + " but no class in it");
    }
    name.append(parts[at++]);
    Class<?> type = load(name.toString());
    if (type == null) {
      throw new AssertionError(
          "generated source names " + qualified + ", which is no class on the class path");
    }
    for (; at < parts.length; at++) {
      Class<?> nested = load(type.getName() + "$" + parts[at]);
      if (nested == null) {
        break; // a member: a constant or a method
      }
      type = nested;
    }
    return type.getName().replace('.', '/') + ".class";
  }

  private static void addNested(Class<?> type, Set<String> out) {
    for (Class<?> nested : type.getDeclaredClasses()) {
      out.add(nested.getName().replace('.', '/') + ".class");
      addNested(nested, out);
    }
  }

  private static Class<?> load(String name) {
    try {
      return Class.forName(name, false, CompilerVersionTest.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      return null;
    }
  }

  @Test
  void aChangedKernelConstantChangesTheFingerprint(@TempDir Path copy) throws Exception {
    // The case a cache key could not see before: Numerics.TINY changed in solver-api alone.
    Path kernels = CompilerFingerprint.kernelLocation();
    Files.createDirectories(copy.resolve(CompilerFingerprint.KERNEL_PACKAGE));
    // Copied from the fingerprint's own reading: solver-api is a class folder or a jar, as the
    // build has it.
    for (java.util.Map.Entry<String, byte[]> f :
        CompilerFingerprint.files(classFolder(), kernels).entrySet()) {
      if (f.getKey().startsWith("solver-api/")) {
        Files.write(copy.resolve(f.getKey().substring("solver-api/".length())), f.getValue());
      }
    }
    String before = CompilerFingerprint.of(classFolder(), copy);
    assertEquals(CompilerFingerprint.of(classFolder(), kernels), before);
    Path numerics = copy.resolve(CompilerFingerprint.KERNEL_PACKAGE).resolve("Numerics.class");
    byte[] bytes = Files.readAllBytes(numerics);
    // The constant pool's CONSTANT_Double (tag 6) holding TINY = 2^-500, made 2^-501.
    byte[] tiny =
        java.nio.ByteBuffer.allocate(9).put((byte) 6).putDouble(fgc.solver.Numerics.TINY).array();
    int at = indexOf(bytes, tiny);
    assertTrue(at >= 0, "Numerics.class holds TINY as a constant");
    System.arraycopy(
        java.nio.ByteBuffer.allocate(8).putDouble(fgc.solver.Numerics.TINY / 2).array(),
        0,
        bytes,
        at + 1,
        8);
    Files.write(numerics, bytes);
    assertNotEquals(
        before,
        CompilerFingerprint.of(classFolder(), copy),
        "a changed Numerics.TINY changes the fingerprint");
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int k = 0; k < needle.length; k++) {
        if (haystack[i + k] != needle[k]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  @Test
  void theBuildStepStampsTheFingerprintIntoTheClassThatIsRead(@TempDir Path folder)
      throws Exception {
    Path classes = classFolder();
    copyCompiler(classes, folder);
    Path stamped = folder.resolve(CompilerFingerprint.STAMPED_CLASS);
    byte[] built = Files.readAllBytes(classes.resolve(CompilerFingerprint.STAMPED_CLASS));
    // A placeholder copy as javac leaves it: the build's stamp put back to dashes.
    String placeholder =
        new String(built, java.nio.charset.StandardCharsets.ISO_8859_1)
            .replace(
                BuiltFingerprint.MARKER + CompilerVersion.builtFingerprint(),
                BuiltFingerprint.MARKER + "-".repeat(64));
    Files.delete(stamped);
    Files.write(stamped, placeholder.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    assertNotEquals(built.length, 0);
    assertEquals(built.length, Files.size(stamped));

    CompilerFingerprint.main(new String[] {folder.toString()});
    assertEquals(
        CompilerFingerprint.of(folder, CompilerFingerprint.kernelLocation()), stampedIn(folder));
    // Stamping again (an incremental build that did not recompile the holder) replaces the old
    // digits.
    String other = "0123456789abcdef".repeat(4);
    CompilerFingerprint.stamp(stamped, other);
    assertEquals(other, stampedIn(folder));
    assertEquals(built.length, Files.size(stamped));
  }

  /** What the holder class in {@code folder} returns, loaded there in a loader of its own. */
  private static String stampedIn(Path folder) throws Exception {
    try (java.net.URLClassLoader loader =
        new java.net.URLClassLoader(new java.net.URL[] {folder.toUri().toURL()}, null)) {
      java.lang.reflect.Method stamped =
          loader.loadClass(BuiltFingerprint.class.getName()).getDeclaredMethod("stamped");
      stamped.setAccessible(true);
      return ((String) stamped.invoke(null)).substring(BuiltFingerprint.MARKER.length());
    }
  }

  private static Path classFolder() {
    try {
      return Paths.get(
          CompilerVersion.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void theJaninoInTheIdIsTheJaninoOnTheClassPath() throws Exception {
    // The identity names Janino's version without loading Janino; the build must agree with it.
    String onPath =
        org.codehaus.janino.SimpleCompiler.class.getPackage().getImplementationVersion();
    if (onPath != null) {
      assertTrue(
          CompilerVersion.id().endsWith("/janino-" + onPath),
          CompilerVersion.id() + " vs " + onPath);
    }
    assertTrue(
        CompilerVersion.id().endsWith("/janino-3.1.12"),
        "pom.xml and CompilerVersion name the same Janino");
  }

  @Test
  void theIdNamesTheReleaseAndAFingerprint() {
    assertTrue(
        CompilerVersion.id().matches("\\d+\\.\\d+\\.\\d+\\+[0-9a-f]{16}/janino-[0-9.]+"),
        CompilerVersion.id());
  }
}
