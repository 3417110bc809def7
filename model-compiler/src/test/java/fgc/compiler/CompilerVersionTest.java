package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class CompilerVersionTest {
  /** Classes that do not shape what is emitted: the build-time driver, output holder, and test twins. */
  private static final Set<String> NOT_SHAPING = Set.of(
      "fgc.compiler.BuildTimeGenerator", "fgc.compiler.CompiledSolver", "fgc.compiler.CompilerVersion",
      "fgc.compiler.ModelCompiler$GeneratedSource", "fgc.compiler.plan.PlanException");

  @Test
  void everyClassThatShapesTheOutputIsFingerprinted() throws Exception {
    Path classes = Paths.get(CompilerVersion.class.getProtectionDomain().getCodeSource().getLocation().getPath());
    Set<String> fingerprinted = new HashSet<>(CompilerVersion.FINGERPRINTED);
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
    assertTrue(missing.isEmpty(), "add to CompilerVersion.FINGERPRINTED (or NOT_SHAPING): " + missing);
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
