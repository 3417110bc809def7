package fgc.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compilation.AlgorithmSpec;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A load-only cache serves checked hits and never compiles. */
class LoadOnlyCacheTest {
  private static final Model SUDOKU4 = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
  private static final AlgorithmSpec SPEC = AlgorithmSpec.defaults();

  @TempDir Path root;

  private final List<String> notices = new ArrayList<>();

  @Test
  void aMissIsAnErrorThatSaysWhatToDoAndWritesNothing() throws Exception {
    SolverCache cache = new SolverCache(root, notices::add).loadOnly();
    SolverCache.NotCachedException e =
        assertThrows(SolverCache.NotCachedException.class, () -> cache.load(SUDOKU4, SPEC));
    assertTrue(
        e.getMessage().contains("load-only") && e.getMessage().contains("fgc compile"),
        e.getMessage());
    try (Stream<Path> files = Files.walk(root)) {
      assertEquals(List.of(root), files.toList(), "nothing written");
    }
  }

  @Test
  void aHitIsServedAfterItsChecks() {
    new SolverCache(root, notices::add).load(SUDOKU4, SPEC);
    LoadedSolver hit = new SolverCache(root, notices::add).loadOnly().load(SUDOKU4, SPEC);
    assertEquals(LoadedSolver.Origin.CACHE_HIT, hit.origin());
    assertEquals(16, hit.newInstance().variableCount());
  }

  @Test
  void aDamagedEntryIsQuarantinedAndNotRecompiled() throws Exception {
    SolverCache writer = new SolverCache(root, notices::add);
    LoadedSolver first = writer.load(SUDOKU4, SPEC);
    Path entry = writer.entryFolder(first.key());
    Path classFile;
    try (Stream<Path> files = Files.list(entry)) {
      classFile = files.filter(p -> p.toString().endsWith(".class")).findFirst().orElseThrow();
    }
    byte[] bytes = Files.readAllBytes(classFile);
    bytes[bytes.length / 2] ^= 1;
    Files.write(classFile, bytes);
    assertThrows(
        SolverCache.NotCachedException.class,
        () -> new SolverCache(root, notices::add).loadOnly().load(SUDOKU4, SPEC));
    assertTrue(notices.stream().anyMatch(n -> n.contains("failed its check")), notices.toString());
    assertTrue(!Files.exists(entry), "the damaged entry was moved to quarantine");
  }
}
