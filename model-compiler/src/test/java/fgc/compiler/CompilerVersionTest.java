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
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompilerVersionTest {
  /** Classes that do not shape what is emitted: the build-time driver, output holder, and test twins. */
  private static final Set<String> NOT_SHAPING = Set.of(
      "fgc.compiler.BuildTimeGenerator", "fgc.compiler.CompiledSolver", "fgc.compiler.CompilerVersion",
      "fgc.compiler.CompilerFingerprint", "fgc.compiler.BuiltFingerprint",
      "fgc.compiler.ModelCompiler$GeneratedSource", "fgc.compiler.plan.PlanException",
      "fgc.compiler.plan.TooLargeException", "fgc.compiler.plan.NoSolutionException");

  @Test
  void everyClassThatShapesTheOutputIsFingerprinted() throws Exception {
    Path classes = classFolder();
    Set<String> fingerprinted = new HashSet<>(CompilerFingerprint.FINGERPRINTED);
    for (String name : fingerprinted) {
      Class.forName(name); // every listed name is a real class
    }
    List<String> all;
    try (Stream<Path> walk = Files.walk(classes.resolve("fgc/compiler"))) {
      all = walk.filter(p -> p.toString().endsWith(".class"))
          .map(p -> classes.relativize(p).toString().replace('/', '.').replaceAll("\\.class$", ""))
          .filter(name -> !name.startsWith("fgc.compiler.reference."))
          .collect(Collectors.toList());
    }
    Set<String> missing = new HashSet<>();
    for (String name : all) {
      String outer = name.contains("$") && !NOT_SHAPING.contains(name) ? name.substring(0, name.indexOf('$')) : name;
      if (!fingerprinted.contains(outer) && !NOT_SHAPING.contains(name)) {
        missing.add(name);
      }
    }
    assertTrue(missing.isEmpty(), "add to CompilerFingerprint.FINGERPRINTED (or NOT_SHAPING): " + missing);
  }

  @Test
  void theFingerprintStampedByTheBuildIsTheOneOfTheClassesOnTheClassPath() {
    // Recomputed from the class files the tests run against: a stale stamp fails here.
    String fromClasses = CompilerFingerprint.of(classFolder());
    assertEquals(fromClasses, CompilerVersion.builtFingerprint());
    assertTrue(CompilerVersion.id().contains("+" + fromClasses.substring(0, 16) + "/"), CompilerVersion.id());
  }

  @Test
  void aChangedByteInAnEmitterOrInOneOfItsNestedClassesChangesTheFingerprint(@TempDir Path copy) throws Exception {
    Path classes = classFolder();
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
    String before = CompilerFingerprint.of(copy);
    assertEquals(CompilerFingerprint.of(classes), before);
    List<Path> targets = new ArrayList<>(List.of(copy.resolve("fgc/compiler/emit/FactorBpEmitter.class")));
    try (Stream<Path> nested = Files.list(copy.resolve("fgc/compiler/plan"))) {
      nested.filter(p -> p.getFileName().toString().startsWith("PairPotentials$")).findFirst().ifPresent(targets::add);
    }
    assertEquals(2, targets.size(), "PairPotentials has a nested class to try: " + targets);
    for (Path target : targets) {
      byte[] bytes = Files.readAllBytes(target);
      bytes[bytes.length / 2] ^= 1;
      Files.write(target, bytes);
      String after = CompilerFingerprint.of(copy);
      assertNotEquals(before, after, "a flipped byte in " + target.getFileName());
      bytes[bytes.length / 2] ^= 1;
      Files.write(target, bytes);
      assertEquals(before, CompilerFingerprint.of(copy));
    }
  }

  @Test
  void theBuildStepStampsTheFingerprintIntoTheClassThatIsRead(@TempDir Path folder) throws Exception {
    Path classes = classFolder();
    for (String name : CompilerFingerprint.FINGERPRINTED) {
      String file = name.replace('.', '/') + ".class";
      Files.createDirectories(folder.resolve(file).getParent());
      Files.copy(classes.resolve(file), folder.resolve(file));
    }
    Path stamped = folder.resolve(CompilerFingerprint.STAMPED_CLASS);
    byte[] built = Files.readAllBytes(classes.resolve(CompilerFingerprint.STAMPED_CLASS));
    // A placeholder copy as javac leaves it: the build's stamp put back to dashes.
    String placeholder = new String(built, java.nio.charset.StandardCharsets.ISO_8859_1)
        .replace(BuiltFingerprint.MARKER + CompilerVersion.builtFingerprint(), BuiltFingerprint.MARKER + "-".repeat(64));
    Files.write(stamped, placeholder.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    assertNotEquals(built.length, 0);
    assertEquals(built.length, Files.size(stamped));

    CompilerFingerprint.main(new String[] {folder.toString()});
    assertEquals(CompilerFingerprint.of(folder), stampedIn(folder));
    // Stamping again (an incremental build that did not recompile the holder) replaces the old digits.
    String other = "0123456789abcdef".repeat(4);
    CompilerFingerprint.stamp(stamped, other);
    assertEquals(other, stampedIn(folder));
    assertEquals(built.length, Files.size(stamped));
  }

  /** What the holder class in {@code folder} returns, loaded there in a loader of its own. */
  private static String stampedIn(Path folder) throws Exception {
    try (java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {folder.toUri().toURL()}, null)) {
      java.lang.reflect.Method stamped = loader.loadClass(BuiltFingerprint.class.getName()).getDeclaredMethod("stamped");
      stamped.setAccessible(true);
      return ((String) stamped.invoke(null)).substring(BuiltFingerprint.MARKER.length());
    }
  }

  private static Path classFolder() {
    try {
      return Paths.get(CompilerVersion.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void theJaninoInTheIdIsTheJaninoOnTheClassPath() throws Exception {
    // The identity names Janino's version without loading Janino; the build must agree with it.
    String onPath = org.codehaus.janino.SimpleCompiler.class.getPackage().getImplementationVersion();
    if (onPath != null) {
      assertTrue(CompilerVersion.id().endsWith("/janino-" + onPath), CompilerVersion.id() + " vs " + onPath);
    }
    assertTrue(CompilerVersion.id().endsWith("/janino-3.1.12"), "pom.xml and CompilerVersion name the same Janino");
  }

  @Test
  void theIdNamesTheReleaseAndAFingerprint() {
    assertTrue(CompilerVersion.id().matches("\\d+\\.\\d+\\.\\d+\\+[0-9a-f]{16}/janino-[0-9.]+"), CompilerVersion.id());
  }
}
