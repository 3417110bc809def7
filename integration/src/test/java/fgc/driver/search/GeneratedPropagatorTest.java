package fgc.driver.search;

import static fgc.driver.search.ExactFixtures.chain;
import static fgc.driver.search.ExactFixtures.evidence;
import static fgc.driver.search.ExactFixtures.sudoku;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.cache.SolverCache;
import fgc.compiler.backend.JaninoBackend;
import fgc.compiler.emit.PropagatorEmitter;
import fgc.driver.Assignments;
import fgc.driver.ExactDriver;
import fgc.driver.SolveResult;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.plan.BitmaskTables;
import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.PuzzleGenerator;
import fgc.solver.Propagator;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated {@link Propagator} against the search's own propagation ({@code
 * BitmaskPropagation}): the same rules, so the same fixpoints, hence the same count, first
 * solution, nodes and backtracks; every solution checked by {@link GridValidator} or {@link
 * Assignments#firstViolation}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GeneratedPropagatorTest {
  private static final String KEY = "0123456789abcdef".repeat(4);
  @TempDir Path root;

  /** One per test class, made on first use (after the folder): each model is compiled once. */
  private PropagatorSource compiled;

  private PropagatorSource compiled() {
    if (compiled == null) {
      compiled = new SolverCache(root, notice -> {}).propagators();
    }
    return compiled;
  }

  /** A new propagator for {@code model}'s tables, made now; null when they do not fit. */
  private Propagator propagatorFor(Model model, BitmaskTables tables) {
    return compiled().fits(tables) ? compiled().propagator(model, tables, true).join() : null;
  }

  @Test
  void agreesOnGeneratedAndEmbeddedPuzzles() {
    ExactFixtures.uniqueOnGeneratedAndEmbeddedPuzzles(new int[] {4, 9}, this::compareOnGrid);
  }

  @Test
  void agreesOnGridsWithoutSolutionAndWithMany() {
    ExactFixtures.countsOnGridsWithoutSolutionAndWithMany(11, this::compareOnGrid);
  }

  @Test
  void agreesOnTheSharedHardCorporaWhenPresent() throws IOException {
    ExactFixtures.uniqueOnTheSharedHardCorpora(this::compareOnGrid);
  }

  @Test
  void agreesOnModelsThatAreNotSudoku() {
    ExactFixtures.countsOnModelsThatAreNotSudoku(this::compareOnModel);
  }

  @Test
  void modelsThatDoNotFitKeepTheSearchesOwnPropagation() {
    // 16x16: 128 unit pairs, more than one word; diagonal Sudoku: no segment covers.
    for (Model model : new Model[] {sudoku(16), ExactFixtures.diagonalSudoku()}) {
      BitmaskTables tables = BitmaskTables.of(model);
      assertFalse(compiled().fits(tables));
      assertTrue(compiled().propagator(model, tables, true).isCompletedExceptionally());
      assertNull(propagatorFor(model, tables));
      assertFalse(Search.overMasks(tables, null).propagatesGenerated());
    }
    ExactDriver driver = ExactDriver.withDefaults().withGeneratedPropagation(compiled(), 0);
    Grid puzzle = PuzzleGenerator.generate(16, 1);
    SolveResult result = driver.solve(null, sudoku(16), evidence(sudoku(16), puzzle));
    assertFalse(driver.propagatesGenerated());
    assertTrue(GridValidator.check(puzzle, Grid.of(16, result.values())).valid());
  }

  @Test
  void theDriverSwitchesToTheGeneratedPropagatorAfterItsThresholdAndStillSolves()
      throws InterruptedException {
    Model model = sudoku(9);
    ExactDriver now = ExactDriver.withDefaults().withGeneratedPropagation(compiled(), 0);
    ExactDriver later = ExactDriver.withDefaults().withGeneratedPropagation(compiled(), 2);
    ExactDriver never = ExactDriver.withDefaults().withGeneratedPropagation(null, 0);
    for (int round = 0; round < 200 && !later.propagatesGenerated(); round++) {
      for (Grid puzzle : EmbeddedPuzzles.all()) {
        if (puzzle.side() == 9) {
          for (ExactDriver driver : new ExactDriver[] {now, later, never}) {
            SolveResult result = driver.solve(null, model, evidence(model, puzzle));
            assertTrue(
                GridValidator.check(puzzle, Grid.of(9, result.values())).valid(), puzzle.toLine());
          }
          assertTrue(now.propagatesGenerated());
          assertFalse(never.propagatesGenerated());
        }
      }
      // The later one compiles on the source's thread; give it time rather than spin.
      Thread.sleep(round == 0 ? 0 : 50);
    }
    assertTrue(later.propagatesGenerated(), "switched once its compile finished");
  }

  @Test
  void theSourceUnrollsEveryCellOfUnitsAndSegmentsInSmallGroupsAndNamesNoModel() {
    BitmaskTables tables = BitmaskTables.of(sudoku(9));
    String source = PropagatorEmitter.of(tables, KEY);
    // 27 units of 9 cells and 54 segments of 3 cells, each cell a constant index.
    assertEquals(27 * 9 + 54 * 3, source.split("c = s\\[\\d+\\];", -1).length - 1);
    // 10 units (90 cells) per group method: 3 groups; segments 30 per group: 2.
    assertTrue(
        source.contains("hiddenSinglesOf2(") && !source.contains("hiddenSinglesOf3("),
        "unit groups");
    assertTrue(
        source.contains("refreshSegmentsOf1(") && !source.contains("refreshSegmentsOf2("),
        "segment groups");
    assertFalse(source.toLowerCase(java.util.Locale.ROOT).contains("sudoku"));
  }

  @Test
  void everyGeneratedMethodStaysUnderTheJitsSizeLimit() throws IOException {
    // HotSpot never compiles a method of more than 8,000 bytes of bytecode (HugeMethodLimit).
    Model wide =
        FgcLanguage.parse(
            "wide", "model wide;\nvar x[64] in 1..64;\nalldiff(x[i] for i in 0..63);\n", Map.of());
    for (Model model :
        new Model[] {
          sudoku(9), FgcLanguage.bundled("latin", Map.of("n", 8L)), chain(256, 64, true), wide
        }) {
      String source = PropagatorEmitter.of(BitmaskTables.of(model), KEY);
      Map<String, byte[]> classes =
          JaninoBackend.compile("P.java", source, Propagator.class.getClassLoader());
      Map<String, Integer> sizes =
          codeSizes(classes.get(PropagatorEmitter.PACKAGE + "." + PropagatorEmitter.CLASS));
      // Janino compiles a private method foo to a static foo$ taking the instance.
      boolean grouped =
          sizes.keySet().stream().anyMatch(name -> name.startsWith("hiddenSinglesOf0"));
      assertTrue(grouped || model.name().equals("cycle"), model.name() + ": " + sizes);
      // The static initializer (the tables) runs once, interpreted; its limit is the JVM's 64 KB.
      assertTrue(sizes.remove("<clinit>") < 65536, model.name() + ": " + sizes);
      int largest = sizes.values().stream().mapToInt(Integer::intValue).max().getAsInt();
      assertTrue(largest < 8000, model.name() + ": " + sizes);
    }
  }

  /** Bytes of bytecode per method name (the largest of overloads), read from a class file. */
  private static Map<String, Integer> codeSizes(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    in.skipBytes(8);
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      if (tag == 1) {
        utf8[i] = in.readUTF();
      } else if (tag == 5 || tag == 6) {
        in.skipBytes(8);
        i++;
      } else {
        // Class, String, MethodType, Module, Package: 2; MethodHandle: 3; the rest: 4.
        in.skipBytes(
            tag == 7 || tag == 8 || tag == 16 || tag == 19 || tag == 20 ? 2 : tag == 15 ? 3 : 4);
      }
    }
    in.skipBytes(6);
    in.skipBytes(2 * in.readUnsignedShort());
    Map<String, Integer> sizes = new java.util.TreeMap<>();
    for (boolean methods : new boolean[] {false, true}) {
      for (int member = in.readUnsignedShort(); member > 0; member--) {
        in.skipBytes(2);
        String name = utf8[in.readUnsignedShort()];
        in.skipBytes(2);
        for (int attribute = in.readUnsignedShort(); attribute > 0; attribute--) {
          String kind = utf8[in.readUnsignedShort()];
          int length = in.readInt();
          if (methods && kind.equals("Code")) {
            in.skipBytes(4);
            int code = in.readInt();
            sizes.merge(name, code, Math::max);
            in.skipBytes(length - 8);
          } else {
            in.skipBytes(length);
          }
        }
      }
    }
    return sizes;
  }

  /**
   * Both propagations on {@code puzzle}: the same count (returned), first solution, nodes and
   * backtracks, and a valid grid.
   */
  private int compareOnGrid(Model model, Grid puzzle, int limit) {
    Search[] both = both(model);
    int[] evidence = evidence(model, puzzle);
    int expected = both[0].run(evidence, Assignments.NONE, limit, Search.Listener.NONE);
    int found = both[1].run(evidence, Assignments.NONE, limit, Search.Listener.NONE);
    assertEquals(expected, found, "solutions");
    assertEquals(both[0].nodes(), both[1].nodes(), "nodes");
    assertEquals(both[0].backtracks(), both[1].backtracks(), "backtracks");
    assertArrayEquals(both[0].solution(), both[1].solution());
    if (found > 0) {
      GridValidator.Verdict verdict =
          GridValidator.check(puzzle, Grid.of(puzzle.side(), both[1].solution()));
      assertTrue(verdict.valid(), verdict.reason());
    }
    return found;
  }

  /**
   * Both propagations on any model: the same count (returned), nodes and first solution, which
   * passes the model's check.
   */
  private int compareOnModel(Model model, int[] evidence, int limit) {
    Search[] both = both(model);
    int found = both[1].run(evidence, Assignments.NONE, limit, Search.Listener.NONE);
    assertEquals(both[0].run(evidence, Assignments.NONE, limit, Search.Listener.NONE), found);
    assertEquals(both[0].nodes(), both[1].nodes(), "nodes");
    assertArrayEquals(both[0].solution(), both[1].solution());
    if (found > 0) {
      int[] values = both[1].solution();
      assertNull(Assignments.firstViolation(model, values));
      for (int v = 0; v < evidence.length; v++) {
        assertTrue(
            evidence[v] == Assignments.NONE || evidence[v] == values[v], "given " + v + " kept");
      }
    }
    return found;
  }

  /** The search's own propagation, then the generated one (asserted to be in use). */
  private Search[] both(Model model) {
    BitmaskTables tables = BitmaskTables.of(model);
    Search generated = Search.overMasks(tables, propagatorFor(model, tables));
    assertTrue(generated.propagatesGenerated(), model.name() + " fits a generated propagator");
    return new Search[] {Search.overMasks(tables, true), generated};
  }
}
