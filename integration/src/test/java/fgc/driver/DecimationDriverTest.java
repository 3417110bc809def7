package fgc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecimationDriverTest {
  @TempDir
  Path cacheRoot;

  private GeneratedAlgorithm solverFor(Model model) {
    return new SolverCache(cacheRoot, System.err::println).load(model, AlgorithmSpec.defaults()).newInstance();
  }

  @Test
  void solvesEveryEmbeddedPuzzleAndTheAnswersPassTheIndependentCheck() {
    for (Grid puzzle : EmbeddedPuzzles.all()) {
      Model model = FgcLanguage.bundled("sudoku", Map.of("n", (long) puzzle.boxSize()));
      SolveResult result = DecimationDriver.withDefaults().solve(solverFor(model), model, evidence(model, puzzle));
      assertTrue(result.solved(), "not solved: " + puzzle.toLine());
      GridValidator.Verdict verdict = GridValidator.check(puzzle, Grid.of(puzzle.side(), result.values()));
      assertTrue(verdict.valid(), verdict.reason());
      assertTrue(result.decisions() > 0 && result.sweeps() > 0);
    }
  }

  @Test
  void givensThatBreakAFactorAreReportedNotSolved() {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    int[] evidence = Assignments.empty(model);
    evidence[0] = 1;
    evidence[1] = 1;
    SolveResult result = DecimationDriver.withDefaults().solve(solverFor(model), model, evidence);
    assertEquals(SolveResult.Status.INCONSISTENT_EVIDENCE, result.status());
    assertFalse(result.solved());
  }

  @Test
  void aPuzzleWithNoSolutionButNoDirectConflictIsNeverCalledSolved() {
    // Row 1 needs a 4 in r1c4, but column 4 already holds a 4 lower down: no completion exists.
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    Grid puzzle = Grid.of(4, new int[] {1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0});
    SolveResult result = DecimationDriver.withDefaults().withRestarts(3).solve(solverFor(model), model, evidence(model, puzzle));
    assertNotEquals(SolveResult.Status.SOLVED, result.status());
    assertEquals(3, result.restarts());
  }

  @Test
  void theModelCheckCatchesABrokenAssignment() {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    int[] values = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
    assertEquals(null, Assignments.firstViolation(model, values));
    values[15] = 3;
    assertTrue(Assignments.firstViolation(model, values).contains("are both 3"));
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
