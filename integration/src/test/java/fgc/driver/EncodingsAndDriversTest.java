package fgc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.compiler.ModelCompiler;
import fgc.lang.FgcLanguage;
import fgc.model.FactorKind;
import fgc.model.Model;
import fgc.plan.TooLargeException;
import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.SolutionCounter;
import fgc.solver.GeneratedAlgorithm;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Two encodings of one Sudoku, and every algorithm with every message-passing driver. */
class EncodingsAndDriversTest {
  /**
   * Sudoku with one neq per pair of cells that share a unit (each pair once), instead of alldiff.
   */
  private static final String PAIRWISE_SUDOKU =
      String.join(
          "\n",
          "model sudoku_neq;",
          "param n = 3;",
          "let N = n * n;",
          "var cell[N][N] in 1..N;",
          "observe cell;",
          "for r in 0..N-1, c in 0..N-1, r2 in 0..N-1, c2 in 0..N-1",
          "    where r * N + c < r2 * N + c2"
              + " && (r == r2 || c == c2 || (r / n == r2 / n && c / n == c2 / n)) {",
          "  neq(cell[r][c], cell[r2][c2]);",
          "}",
          "");

  @TempDir Path cacheRoot;

  private GeneratedAlgorithm solver(Model model, String algorithm) {
    return new SolverCache(cacheRoot, System.err::println)
        .load(model, AlgorithmSpec.named(algorithm))
        .newInstance();
  }

  @ParameterizedTest
  @ValueSource(ints = {2})
  void pairwiseNeqAndAlldiffEncodingsGiveTheSameValidSolutions(int n) {
    Model alldiff = FgcLanguage.bundled("sudoku", Map.of("n", (long) n));
    Model pairwise = FgcLanguage.parse("sudoku_neq.fg", PAIRWISE_SUDOKU, Map.of("n", (long) n));
    assertTrue(pairwise.factors().stream().allMatch(f -> f.kind() == FactorKind.NEQ));
    int side = n * n;
    assertEquals(
        side * side * (3 * side - 2 * n - 1) / 2, pairwise.factors().size(), "each peer pair once");
    int compared = 0;
    for (Grid puzzle : EmbeddedPuzzles.all()) {
      if (puzzle.side() != side) {
        continue;
      }
      Grid a = solve(alldiff, "maxproduct", puzzle);
      Grid b = solve(pairwise, "maxproduct", puzzle);
      Grid c = solve(alldiff, "sumproduct", puzzle);
      for (Grid g : new Grid[] {a, b, c}) {
        assertTrue(GridValidator.check(puzzle, g).valid(), GridValidator.check(puzzle, g).reason());
      }
      if (SolutionCounter.count(puzzle, 2) == 1) {
        assertEquals(a, b);
        assertEquals(a, c);
        compared++;
      }
    }
    assertTrue(compared > 0);
  }

  @Test
  void bothEncodingsOfNineByNineGiveTheSameSolutionsUnderTheExactDriver() throws Exception {
    // Pairwise messages cannot see hidden singles, so BP + decimation on the neq encoding fails
    // some puzzles that the alldiff encoding solves; complete search must agree on every one.
    Model alldiff = FgcLanguage.bundled("sudoku", Map.of("n", 3L));
    Model pairwise = FgcLanguage.parse("sudoku_neq.fg", PAIRWISE_SUDOKU, Map.of("n", 3L));
    Driver exact = Drivers.named("exact");
    java.util.List<Grid> puzzles = new java.util.ArrayList<>();
    EmbeddedPuzzles.all().stream().filter(g -> g.side() == 9).forEach(puzzles::add);
    java.nio.file.Path hardest = fgc.puzzles.SharedCorpora.file("hardest.txt").orElse(null);
    if (hardest != null) {
      try (fgc.puzzles.PuzzleReader reader = fgc.puzzles.PuzzleReader.open(hardest)) {
        reader.forEachRemaining(e -> puzzles.add(e.grid()));
      }
    }
    for (Grid puzzle : puzzles) {
      SolveResult a =
          exact.solve(solver(alldiff, "sumproduct"), alldiff, evidence(alldiff, puzzle));
      SolveResult b =
          exact.solve(solver(pairwise, "bp-pairwise"), pairwise, evidence(pairwise, puzzle));
      assertTrue(a.solved() && b.solved(), puzzle.toLine());
      Grid ga = Grid.of(9, a.values());
      assertTrue(GridValidator.check(puzzle, ga).valid());
      assertEquals(ga, Grid.of(9, b.values()), "unique puzzles: the same solution");
    }
  }

  @Test
  void theEmptyNineByNineGridGetsAValidSolution() {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 3L));
    Grid empty = Grid.of(9, new int[81]);
    assertTrue(GridValidator.check(empty, solve(model, "maxproduct", empty)).valid());
    assertTrue(GridValidator.check(empty, solve(model, "sumproduct", empty)).valid());
  }

  @ParameterizedTest
  @MethodSource("fgc.algorithms.Algorithms#names")
  void singleAndIterativeNeverCallABrokenReadoutSolvedAndCountItsConflicts(String algorithm) {
    // 9x9 Sudoku where the algorithm takes it; exact inference refuses it when planning (its
    // alldiff tables pass the limit), and is held to the same contract on 4x4.
    int n = refusedWhenPlanning(FgcLanguage.bundled("sudoku", Map.of("n", 3L)), algorithm) ? 2 : 3;
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", (long) n));
    int side = n * n;
    int puzzles = 0;
    for (Driver driver : new Driver[] {Drivers.named("single"), Drivers.named("iterative")}) {
      for (Grid puzzle : EmbeddedPuzzles.all()) {
        if (puzzle.side() != side) {
          continue;
        }
        puzzles++;
        SolveResult r = driver.solve(solver(model, algorithm), model, evidence(model, puzzle));
        if (r.solved()) {
          assertTrue(GridValidator.check(puzzle, Grid.of(side, r.values())).valid());
          assertEquals(0, r.conflicts());
        } else {
          assertEquals(SolveResult.Status.UNSOLVED, r.status());
          assertTrue(r.conflicts() > 0, "an unsolved readout breaks at least one factor");
          assertEquals(null, r.values());
        }
        assertEquals(0, r.restarts(), driver.name() + " never restarts");
      }
    }
    assertTrue(puzzles > 0, "embedded puzzles of side " + side);
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

  @Test
  void singleShotSumProductSolvesAPuzzleThatNeedsOnlySingles() {
    // The first embedded 9x9 puzzle needs only naked singles (see embedded.txt): exact alldiff
    // messages find every forced value, so one inference and a readout suffice.
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 3L));
    Grid puzzle =
        EmbeddedPuzzles.all().stream().filter(g -> g.side() == 9).findFirst().orElseThrow();
    SolveResult r =
        Drivers.named("single").solve(solver(model, "sumproduct"), model, evidence(model, puzzle));
    assertTrue(r.solved());
    assertEquals(1, SolutionCounter.count(puzzle, 2));
  }

  @Test
  void iterativeFixesAtMostKPerRound() {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    Grid puzzle = Grid.of(4, new int[] {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 3});
    int[] perRound = new int[1];
    int[] rounds = new int[1];
    SolveEvents counting =
        new SolveEvents() {
          @Override
          public void decision(int variable, int value, double margin, boolean sampled) {
            perRound[0]++;
          }
        };
    SolveResult r =
        IterativeDriver.withDefaults()
            .withPerRound(4)
            .solve(solver(model, "sumproduct"), model, evidence(model, puzzle), counting);
    rounds[0] = (int) Math.ceil(r.decisions() / 4.0);
    assertEquals(13, r.decisions(), "every free cell fixed exactly once");
    assertEquals(13, perRound[0]);
    assertFalse(rounds[0] > 4);
  }

  private Grid solve(Model model, String algorithm, Grid puzzle) {
    SolveResult r =
        Drivers.named("decimate").solve(solver(model, algorithm), model, evidence(model, puzzle));
    assertTrue(r.solved(), algorithm + " did not solve " + puzzle.toLine());
    return Grid.of(puzzle.side(), r.values());
  }

  static int[] evidence(Model model, Grid puzzle) {
    int[] evidence = Assignments.empty(model);
    for (int k = 0; k < puzzle.cellCount(); k++) {
      if (puzzle.get(k) != 0) {
        evidence[k] = puzzle.get(k);
      }
    }
    return evidence;
  }
}
