package fgc.generated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.driver.Assignments;
import fgc.driver.DecimationDriver;
import fgc.driver.SolveResult;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.PuzzleReader;
import fgc.solver.GeneratedAlgorithm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The build-time solvers, used as a user would: no compiler, no cache, just the class and a driver.
 */
class PrecompiledSolverTest {
  @Test
  void solvesEveryEmbeddedPuzzleOfEverySize() {
    for (Grid puzzle : EmbeddedPuzzles.all()) {
      Outcome outcome = solve(puzzle);
      assertTrue(outcome.valid, "not solved: " + puzzle.toLine());
    }
  }

  @Test
  void solvesAllOfEasy50WithDecimationAndNoSearch() throws Exception {
    Path corpus = shared("easy50.txt");
    int total = 0;
    int solved = 0;
    try (PuzzleReader reader = PuzzleReader.open(corpus)) {
      while (reader.hasNext()) {
        PuzzleReader.Entry entry = reader.next();
        assertTrue(entry.isPuzzle(), entry.error());
        total++;
        if (solve(entry.grid()).valid) {
          solved++;
        }
      }
    }
    assertEquals(49, total);
    assertEquals(49, solved, "easy50 solved by sumproduct BP + decimation");
  }

  @Test
  void onHardestEveryAnswerGivenIsValid() throws Exception {
    try (PuzzleReader reader = PuzzleReader.open(shared("hardest.txt"))) {
      int solved = 0;
      while (reader.hasNext()) {
        Outcome o = solve(reader.next().grid());
        assertTrue(!o.claimed || o.valid, "a claimed solution failed the independent check");
        solved += o.valid ? 1 : 0;
      }
      // The reference notebook reached 9 of 11 here; a drop below it is a regression.
      assertTrue(solved >= 9, "hardest solved " + solved + " of 11");
    }
  }

  private static final class Outcome {
    final boolean claimed;
    final boolean valid;

    Outcome(boolean claimed, boolean valid) {
      this.claimed = claimed;
      this.valid = valid;
    }
  }

  private static Outcome solve(Grid puzzle) {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", (long) puzzle.boxSize()));
    GeneratedAlgorithm solver = BuildTimeSourceTest.precompiled(puzzle.boxSize());
    int[] evidence = Assignments.empty(model);
    for (int k = 0; k < puzzle.cellCount(); k++) {
      if (puzzle.get(k) != 0) {
        evidence[k] = puzzle.get(k);
      }
    }
    SolveResult result = DecimationDriver.withDefaults().solve(solver, model, evidence);
    if (!result.solved()) {
      return new Outcome(false, false);
    }
    return new Outcome(
        true, GridValidator.check(puzzle, Grid.of(puzzle.side(), result.values())).valid());
  }

  /** A corpus from ../shared/puzzles (or -Dfgc.shared), skipping the test when it is not there. */
  static Path shared(String name) {
    String configured = System.getProperty("fgc.shared");
    Path dir = configured != null ? Paths.get(configured) : null;
    for (Path p = Paths.get("").toAbsolutePath(); dir == null && p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("shared/puzzles"))) {
        dir = p.resolve("shared/puzzles");
      }
    }
    Assumptions.assumeTrue(
        dir != null && Files.isRegularFile(dir.resolve(name)), "no shared corpus " + name);
    return dir.resolve(name);
  }
}
