package fgc.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.compiler.ModelCompiler;
import fgc.driver.Assignments;
import fgc.driver.DecimationDriver;
import fgc.driver.SolveResult;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.model.VariableArray;
import fgc.plan.PlanException;
import fgc.plan.TooLargeException;
import fgc.solver.GeneratedAlgorithm;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every bundled model compiles and solves its example instances with the algorithms that take it;
 * each answer passes a check written for that model here (not the model's own factors alone).
 */
class BundledModelsTest {
  @TempDir Path cacheRoot;

  private SolveResult solve(Model model, Evidence evidence, String algorithm) {
    GeneratedAlgorithm solver =
        new SolverCache(cacheRoot, s -> {})
            .load(model, AlgorithmSpec.named(algorithm))
            .newInstance();
    return DecimationDriver.withDefaults().solve(solver, model, evidence.values());
  }

  @ParameterizedTest
  @MethodSource("fgc.algorithms.Algorithms#names")
  void latinSquareIsCompletedKeepingItsGivens(String algorithm) {
    DataSet data = DataSet.example("latin-5");
    Model model = FgcLanguage.bundled("latin", Map.of(), data);
    int n = 5;
    if (refusedWhenPlanning(model, algorithm)) {
      // Exact inference's cliques on the 5x5 square pass its limit; it completes one of order 4.
      n = 4;
      data =
          DataSet.parse(
              "latin-4.fgd", "x = [\n  1 _ _ _,\n  _ 3 _ _,\n  _ _ _ 2,\n  _ _ 4 _,\n];\n");
      model = FgcLanguage.bundled("latin", Map.of("n", 4L), data);
    }
    assertEquals(n * n, model.variableCount());
    Evidence givens = FgcLanguage.evidence(model, data);
    SolveResult result = solve(model, givens, algorithm);
    assertTrue(result.solved(), result.toString());
    int[] v = result.values();
    for (int a = 0; a < n; a++) {
      boolean[] row = new boolean[n + 1];
      boolean[] col = new boolean[n + 1];
      for (int b = 0; b < n; b++) {
        assertTrue(
            !row[v[a * n + b]] && !col[v[b * n + a]], "row or column " + a + " repeats a value");
        row[v[a * n + b]] = true;
        col[v[b * n + a]] = true;
      }
    }
    keepsGivens(givens, v);
  }

  @ParameterizedTest
  @ValueSource(strings = {"killer-4x4", "killer-9x9"})
  void killerSudokuMeetsEveryCageAndUnit(String example) {
    DataSet data = DataSet.example(example);
    Model model = FgcLanguage.bundled("killer", Map.of(), data);
    for (String algorithm : new String[] {"sumproduct", "maxproduct"}) {
      SolveResult result = solve(model, FgcLanguage.evidence(model, data), algorithm);
      assertTrue(result.solved(), algorithm + ": " + result);
      assertKiller(model, data, example.endsWith("4x4") ? 2 : 3, result.values());
    }
    PlanException e =
        assertThrows(PlanException.class, () -> solve(model, Evidence.none(model), "bp-pairwise"));
    assertEquals(
        fgc.plan.Planner.pairwiseBp()
            + " has no messages for sum factors (sumproduct and maxproduct have)",
        e.getMessage());
  }

  @ParameterizedTest
  @MethodSource("fgc.algorithms.Algorithms#names")
  void petersenGraphGetsAProperThreeColouring(String algorithm) {
    DataSet data = DataSet.example("petersen");
    Model model = FgcLanguage.bundled("colouring", Map.of(), data);
    assertEquals(10, model.variableCount());
    Evidence one = FgcLanguage.observe(model, Evidence.none(model), "colour[0]=2");
    SolveResult result = solve(model, one, algorithm);
    assertTrue(result.solved(), result.toString());
    int[] c = result.values();
    int[][] edges = {
      {0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7}, {3, 8}, {4, 9}, {5, 7},
      {7, 9}, {9, 6}, {6, 8}, {8, 5}
    };
    for (int[] e : edges) {
      assertTrue(c[e[0]] != c[e[1]] && c[e[0]] >= 1 && c[e[0]] <= 3, "edge " + e[0] + "-" + e[1]);
    }
    assertEquals(2, c[0]);
  }

  @Test
  void sudokuOfBoxSizeFiveCompilesForBpPairwise() {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 5L));
    GeneratedAlgorithm solver =
        new SolverCache(cacheRoot, s -> {})
            .load(model, AlgorithmSpec.named("bp-pairwise"))
            .newInstance();
    assertEquals(625, solver.variableCount());
    assertEquals(25, solver.domainSize(0));
    solver.update(1);
    assertTrue(!solver.contradiction());
    assertThrows(
        PlanException.class,
        () -> new SolverCache(cacheRoot, s -> {}).load(model, AlgorithmSpec.named("sumproduct")));
  }

  /**
   * Whether {@code algorithm} refuses {@code model} for its size: then the refusal must come when
   * planning and name the algorithm.
   */
  private static boolean refusedWhenPlanning(Model model, String algorithm) {
    try {
      ModelCompiler.footprint(model, AlgorithmSpec.named(algorithm));
      return false;
    } catch (TooLargeException e) {
      assertTrue(e.getMessage().startsWith(algorithm + " "), e.getMessage());
      return true;
    }
  }

  private static void keepsGivens(Evidence givens, int[] values) {
    int[] g = givens.values();
    for (int i = 0; i < g.length; i++) {
      assertTrue(g[i] == Evidence.NONE || g[i] == values[i], "given " + i + " changed");
    }
  }

  /**
   * Rows, columns and boxes hold 1..N once; each cage's cells differ and add up to its total (read
   * from the data).
   */
  static void assertKiller(Model model, DataSet data, int n, int[] v) {
    int size = n * n;
    VariableArray cell = model.array("cell");
    for (int a = 0; a < size; a++) {
      boolean[] row = new boolean[size + 1];
      boolean[] col = new boolean[size + 1];
      boolean[] box = new boolean[size + 1];
      for (int b = 0; b < size; b++) {
        int r = a / n * n + b / n;
        int c = a % n * n + b % n;
        assertTrue(
            !row[v[cell.at(a, b)]] && !col[v[cell.at(b, a)]] && !box[v[cell.at(r, c)]],
            "unit " + a + " repeats");
        row[v[cell.at(a, b)]] = true;
        col[v[cell.at(b, a)]] = true;
        box[v[cell.at(r, c)]] = true;
      }
    }
    assertNull(Assignments.firstViolation(model, v));
    String[] lines = CageLines.read(data);
    assertTrue(lines.length > 0);
    for (String line : lines) {
      String[] p = line.trim().split("\\s+");
      int total = 0;
      boolean[] seen = new boolean[size + 1];
      for (int k = 1; k + 1 < p.length; k += 2) {
        int x = v[cell.at(Integer.parseInt(p[k]), Integer.parseInt(p[k + 1]))];
        assertTrue(!seen[x], "cage repeats " + x + ": " + line);
        seen[x] = true;
        total += x;
      }
      assertEquals(Integer.parseInt(p[0]), total, "cage " + line);
    }
  }
}
