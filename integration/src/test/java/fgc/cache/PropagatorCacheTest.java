package fgc.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compilation.SolverKey;
import fgc.driver.Assignments;
import fgc.driver.ExactDriver;
import fgc.driver.SolveResult;
import fgc.driver.search.PropagatorSource;
import fgc.driver.search.Search;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.plan.BitmaskTables;
import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.solver.Propagator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exact search's generated propagators as entries of the solver cache: stored once, loaded by
 * later runs without compiling, checked against the digest of the model's tables, quarantined and
 * recompiled when they fail a check; a load-only cache without one leaves the search its own
 * propagation, which gives the same answers.
 */
class PropagatorCacheTest {
  private static final Model SUDOKU9 = FgcLanguage.bundled("sudoku", Map.of("n", 3L));
  private static final Model SUDOKU4 = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
  private static final BitmaskTables TABLES9 = BitmaskTables.of(SUDOKU9);

  @TempDir Path root;

  private final List<String> notices = new ArrayList<>();

  private SolverCache cache() {
    return new SolverCache(root, notices::add);
  }

  private static String key(Model model) {
    return SolverKey.ofPropagator(model);
  }

  @Test
  void aPropagatorIsStoredAsAnEntryAndASecondRunLoadsItWithoutCompiling() throws IOException {
    SolverCache first = cache();
    Propagator made = first.propagators().propagator(SUDOKU9, TABLES9, true).join();
    assertEquals(1, first.compilations());
    Path entry = first.entryFolder(key(SUDOKU9));
    String manifest = Files.readString(entry.resolve(Manifest.FILE_NAME), StandardCharsets.UTF_8);
    assertTrue(
        manifest.contains("\nkind propagator\n")
            && !manifest.contains("\nalgorithm ")
            && manifest.contains("\nmodel sudoku\n"),
        manifest);
    assertEquals(key(SUDOKU9), made.key());
    assertEquals(TABLES9.digest(), made.tablesDigest());

    SolverCache second = cache();
    Propagator loaded = second.propagators().propagator(SUDOKU9, TABLES9, true).join();
    assertEquals(0, second.compilations(), "loaded from its entry");
    assertEquals(1, second.definitions());
    assertEquals(TABLES9.digest(), loaded.tablesDigest());
    assertSameSearchAsTheOwnPropagation(loaded);
    assertEquals(List.of(), notices);

    List<EntryInfo> listed = second.list();
    assertEquals(1, listed.size());
    assertEquals("propagator", listed.get(0).kind());
    assertEquals("", listed.get(0).algorithm(), "a propagator has no algorithm");
    assertNull(
        second.verify(false).get(0).problem(), "verify checks it against its model's tables");
  }

  @Test
  void theDriversOfOneCacheShareOneLoadAndSolveAsWithout() {
    SolverCache cache = cache();
    PropagatorSource source = cache.propagators();
    ExactDriver with = ExactDriver.withDefaults().withGeneratedPropagation(source, 0);
    ExactDriver other = ExactDriver.withDefaults().withGeneratedPropagation(source, 0);
    ExactDriver without = ExactDriver.withDefaults();
    for (Grid puzzle : EmbeddedPuzzles.all()) {
      if (puzzle.side() == 9) {
        int[] evidence = evidence(puzzle);
        SolveResult a = with.solve(null, SUDOKU9, evidence);
        SolveResult b = other.solve(null, SUDOKU9, evidence);
        SolveResult c = without.solve(null, SUDOKU9, evidence);
        assertArrayEquals(c.values(), a.values());
        assertArrayEquals(c.values(), b.values());
        assertEquals(c.decisions(), a.decisions());
        assertTrue(GridValidator.check(puzzle, Grid.of(9, a.values())).valid());
      }
    }
    assertTrue(with.propagatesGenerated() && other.propagatesGenerated());
    assertEquals(1, cache.compilations(), "one compile for both drivers");
  }

  @Test
  void aCorruptedEntryIsQuarantinedAndRecompiled() throws IOException {
    cache().propagators().propagator(SUDOKU9, TABLES9, true).join();
    Path entry = cache().entryFolder(key(SUDOKU9));
    Path classFile = classFile(entry);
    byte[] bytes = Files.readAllBytes(classFile);
    bytes[bytes.length / 2] ^= 1;
    Files.write(classFile, bytes);

    SolverCache recovering = cache();
    Propagator recovered = recovering.propagators().propagator(SUDOKU9, TABLES9, true).join();
    assertEquals(1, recovering.compilations());
    assertEquals(1, notices.size(), notices.toString());
    assertTrue(
        notices.get(0).contains("propagator for model sudoku")
            && notices.get(0).contains("SHA-256")
            && notices.get(0).contains("moved to quarantine")
            && notices.get(0).contains("recompiling"),
        notices.get(0));
    assertEquals(1, CacheFixtures.count(root.resolve(CacheFolders.QUARANTINE)));
    assertSameSearchAsTheOwnPropagation(recovered);

    SolverCache after = cache();
    after.propagators().propagator(SUDOKU9, TABLES9, true).join();
    assertEquals(0, after.compilations(), "the recompiled entry was stored");
  }

  @Test
  void aDoctoredEntryMadeForOtherTablesIsRefused() throws IOException {
    cache().propagators().propagator(SUDOKU9, TABLES9, true).join();
    cache().propagators().propagator(SUDOKU4, BitmaskTables.of(SUDOKU4), true).join();
    Path target = cache().entryFolder(key(SUDOKU9));
    Map<String, byte[]> donor = CacheFixtures.snapshot(cache().entryFolder(key(SUDOKU4)));
    // The 4x4's class, its key rewritten to the 9x9's and the manifest sealed again: every check on
    // bytes passes.
    CacheFixtures.doctor(target, key(SUDOKU9), donor, key(SUDOKU4));
    List<EntryInfo> verified = cache().verify(false);
    assertTrue(
        verified.stream()
            .anyMatch(i -> i.problem() != null && i.problem().contains("made for other tables")),
        verified.toString());

    SolverCache loading = cache();
    Propagator propagator = loading.propagators().propagator(SUDOKU9, TABLES9, true).join();
    assertEquals(TABLES9.digest(), propagator.tablesDigest(), "the refused class was not used");
    assertEquals(1, loading.compilations());
    assertTrue(
        notices.stream()
            .anyMatch(
                n ->
                    n.contains("tables digest")
                        && n.contains("made for other tables")
                        && n.contains("moved to quarantine")),
        notices.toString());
    assertSameSearchAsTheOwnPropagation(propagator);
  }

  @Test
  void aLoadOnlyCacheWithoutTheEntryLeavesTheSearchItsOwnPropagationWithOneNotice()
      throws IOException {
    SolverCache cache = cache().loadOnly();
    PropagatorSource source = cache.propagators();
    CompletableFuture<Propagator> none = source.propagator(SUDOKU9, TABLES9, true);
    CompletionException e = assertThrows(CompletionException.class, none::join);
    assertTrue(e.getCause() instanceof SolverCache.NotCachedException, e.toString());
    ExactDriver driver = ExactDriver.withDefaults().withGeneratedPropagation(source, 0);
    for (Grid puzzle : EmbeddedPuzzles.all()) {
      if (puzzle.side() == 9) {
        SolveResult result = driver.solve(null, SUDOKU9, evidence(puzzle));
        assertTrue(GridValidator.check(puzzle, Grid.of(9, result.values())).valid());
      }
    }
    assertFalse(driver.propagatesGenerated());
    assertEquals(0, cache.compilations());
    assertEquals(1, notices.size(), notices.toString());
    assertTrue(
        notices.get(0).contains("load-only")
            && notices.get(0).contains("its own code")
            && notices.get(0).contains("same answers"),
        notices.get(0));
    try (Stream<Path> files = Files.walk(root)) {
      assertEquals(List.of(root), files.toList(), "nothing written");
    }

    // Once an entry is there, the load-only cache serves it.
    cache().propagators().propagator(SUDOKU9, TABLES9, true).join();
    SolverCache loadOnly = cache().loadOnly();
    assertNotNull(loadOnly.propagators().propagator(SUDOKU9, TABLES9, true).join());
    assertEquals(0, loadOnly.compilations());
  }

  @Test
  void aReadOnlyCacheCompilesInMemoryWithAWarningAndWritesNothing() throws IOException {
    Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("r-x------"));
    try {
      SolverCache cache = cache();
      Propagator propagator = cache.propagators().propagator(SUDOKU9, TABLES9, true).join();
      assertSameSearchAsTheOwnPropagation(propagator);
      assertEquals(1, cache.compilations());
      assertEquals(1, notices.size(), notices.toString());
      assertTrue(
          notices.get(0).contains("read-only") && notices.get(0).contains("compiled in memory"),
          notices.get(0));
      try (Stream<Path> files = Files.list(root)) {
        assertEquals(0, files.count());
      }
    } finally {
      Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwx------"));
    }
  }

  @Test
  void anUnsafeCacheIsNotUsedAndThePropagatorIsCompiledInMemory() throws IOException {
    cache().propagators().propagator(SUDOKU9, TABLES9, true).join();
    Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxrwxrwx"));
    try {
      SolverCache cache = cache();
      cache.propagators().propagator(SUDOKU9, TABLES9, true).join();
      assertEquals(1, cache.compilations(), "the entry in an unsafe folder is not read");
      assertTrue(
          notices.stream()
              .anyMatch(n -> n.contains("not using the cache") && n.contains("compiled in memory")),
          notices.toString());
    } finally {
      Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwx------"));
    }
  }

  private static Path classFile(Path entry) throws IOException {
    try (Stream<Path> files = Files.list(entry)) {
      return files.filter(p -> p.toString().endsWith(".class")).findFirst().orElseThrow();
    }
  }

  private static int[] evidence(Grid puzzle) {
    int[] evidence = Assignments.empty(SUDOKU9);
    int first = SUDOKU9.arrayOf(0).firstIndex();
    for (int k = 0; k < puzzle.cellCount(); k++) {
      if (puzzle.get(k) != 0) {
        evidence[first + k] = puzzle.get(k);
      }
    }
    return evidence;
  }

  /**
   * The same count, first solution, nodes and backtracks as the search's own propagation on the
   * embedded 9x9 puzzles.
   */
  private static void assertSameSearchAsTheOwnPropagation(Propagator propagator) {
    Search own = Search.overMasks(TABLES9, null);
    Search generated = Search.overMasks(TABLES9, propagator);
    assertTrue(generated.propagatesGenerated());
    for (Grid puzzle : EmbeddedPuzzles.all()) {
      if (puzzle.side() == 9) {
        int[] evidence = evidence(puzzle);
        assertEquals(
            own.run(evidence, Assignments.NONE, 2, Search.Listener.NONE),
            generated.run(evidence, Assignments.NONE, 2, Search.Listener.NONE));
        assertEquals(own.nodes(), generated.nodes());
        assertEquals(own.backtracks(), generated.backtracks());
        assertArrayEquals(own.solution(), generated.solution());
      }
    }
  }
}
