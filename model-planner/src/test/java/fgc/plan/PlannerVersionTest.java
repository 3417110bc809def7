package fgc.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The planner's identity, the one in every cache key: stamped by the build from the planner's own
 * class files, covering every one of them, and changed by any changed byte.
 */
class PlannerVersionTest {
  @Test
  void theStampIsTheFingerprintOfTheClassesOnTheClassPath() {
    String fromClasses = PlannerFingerprint.of(classFolder(), Fingerprint.kernelLocation());
    assertEquals(fromClasses, PlannerVersion.builtFingerprint());
    assertEquals(PlannerVersion.RELEASE + "+" + fromClasses.substring(0, 16), PlannerVersion.id());
  }

  @Test
  void everyClassOfThePlannerButTheStampHolderIsFingerprinted() throws IOException {
    Path classes = classFolder();
    Set<String> covered = PlannerFingerprint.files(classes, Fingerprint.kernelLocation()).keySet();
    List<String> missing = new ArrayList<>();
    int seen = 0;
    for (String prefix : PlannerFingerprint.PACKAGES) {
      try (Stream<Path> walk = Files.walk(classes.resolve(prefix))) {
        for (Path p : (Iterable<Path>) walk::iterator) {
          String file = classes.relativize(p).toString().replace('\\', '/');
          if (file.endsWith(".class") && !file.equals(PlannerFingerprint.STAMPED_CLASS)) {
            seen++;
            if (!covered.contains(file)) {
              missing.add(file);
            }
          }
        }
      }
    }
    assertTrue(seen > 40, "the planner's classes were found: " + seen);
    assertEquals(List.of(), missing);
    assertTrue(!covered.contains(PlannerFingerprint.STAMPED_CLASS), "the stamp holder is left out");
    for (String shaping :
        List.of(
            "fgc/plan/Planner.class",
            "fgc/plan/Lowerings.class",
            "fgc/algorithms/PairwiseBp.class",
            "fgc/compilation/SolverKey.class",
            "fgc/reference/ReferencePairwiseBp.class",
            "solver-api/fgc/solver/Numerics.class")) {
      assertTrue(covered.contains(shaping), shaping);
    }
  }

  @Test
  void aChangedByteInAPlannerClassChangesTheFingerprint(@TempDir Path copy) throws IOException {
    Path classes = classFolder();
    for (String prefix : PlannerFingerprint.PACKAGES) {
      try (Stream<Path> walk = Files.walk(classes.resolve(prefix))) {
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
    Path kernels = Fingerprint.kernelLocation();
    String before = PlannerFingerprint.of(copy, kernels);
    assertEquals(PlannerFingerprint.of(classes, kernels), before);
    Path target = copy.resolve("fgc/plan/Lowerings.class");
    byte[] bytes = Files.readAllBytes(target);
    bytes[bytes.length / 2] ^= 1;
    Files.write(target, bytes);
    assertNotEquals(before, PlannerFingerprint.of(copy, kernels));
  }

  private static Path classFolder() {
    try {
      return Paths.get(
          PlannerVersion.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
