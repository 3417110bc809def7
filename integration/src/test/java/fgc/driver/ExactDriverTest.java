package fgc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.lang.FgcLanguage;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.PuzzleReader;
import fgc.puzzles.SolutionCounter;
import fgc.solver.GeneratedAlgorithm;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExactDriverTest {
  @TempDir Path cacheRoot;

  @Test
  void solvesEveryEmbeddedPuzzleWithAndWithoutLockedCandidates() {
    for (boolean locked : new boolean[] {false, true}) {
      ExactDriver driver = ExactDriver.withDefaults().withLockedCandidates(locked);
      for (Grid puzzle : EmbeddedPuzzles.all()) {
        Model model = sudoku(puzzle.boxSize());
        SolveResult result =
            driver.solve(null, model, DecimationDriverTest.evidence(model, puzzle));
        assertTrue(result.solved(), "not solved: " + puzzle.toLine());
        GridValidator.Verdict verdict =
            GridValidator.check(puzzle, Grid.of(puzzle.side(), result.values()));
        assertTrue(verdict.valid(), verdict.reason());
      }
    }
  }

  @Test
  void aPuzzleWithNoSolutionIsReportedAsSuch() {
    // Row 1 needs a 4 in r1c4, but column 4 already holds a 4 lower down.
    Model model = sudoku(2);
    Grid puzzle = Grid.of(4, new int[] {1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0});
    SolveResult result =
        ExactDriver.withDefaults().solve(null, model, DecimationDriverTest.evidence(model, puzzle));
    assertEquals(SolveResult.Status.NO_SOLUTION, result.status());
    assertNull(result.values());
  }

  @Test
  void givensThatBreakAFactorOrLeaveTheirDomainAreInconsistentEvidence() {
    Model model = sudoku(2);
    int[] evidence = Assignments.empty(model);
    evidence[0] = 1;
    evidence[1] = 1;
    assertEquals(
        SolveResult.Status.INCONSISTENT_EVIDENCE,
        ExactDriver.withDefaults().solve(null, model, evidence).status());
    evidence = Assignments.empty(model);
    evidence[3] = 7;
    assertEquals(
        SolveResult.Status.INCONSISTENT_EVIDENCE,
        ExactDriver.withDefaults().solve(null, model, evidence).status());
  }

  @Test
  void solutionCountsMatchAnIndependentCounterOnRandomPartialGrids() {
    Random random = new Random(42);
    Model model = sudoku(3);
    ExactDriver plain = ExactDriver.withDefaults();
    ExactDriver locked = ExactDriver.withDefaults().withLockedCandidates(true);
    for (int trial = 0; trial < 60; trial++) {
      Grid full =
          SolutionCounter.solve(
                  Grid.of(9, new int[81]).with(random.nextInt(81), 1 + random.nextInt(9)))
              .get();
      int[] cells = new int[81];
      int givens = 18 + random.nextInt(14);
      for (int k = 0; k < givens; k++) {
        int at = random.nextInt(81);
        // Now and then a wrong given, so contradictory grids are counted too.
        cells[at] = random.nextInt(12) == 0 ? 1 + random.nextInt(9) : full.get(at);
      }
      Grid puzzle = Grid.of(9, cells);
      int[] evidence = DecimationDriverTest.evidence(model, puzzle);
      int expected =
          Assignments.firstViolationAmongGiven(model, evidence) != null
              ? 0
              : SolutionCounter.count(puzzle, 3);
      assertEquals(expected, plain.countSolutions(model, evidence, 3), puzzle.toLine());
      assertEquals(expected, locked.countSolutions(model, evidence, 3), puzzle.toLine());
    }
  }

  @Test
  void worksOnModelsThatAreNotGridsWithDomainsThatDiffer() {
    // A 5-cycle needs three colours; with two it has no colouring.
    assertEquals(SolveResult.Status.NO_SOLUTION, solveCycle(5, 2).status());
    SolveResult three = solveCycle(5, 3);
    assertTrue(three.solved());
    // An alldiff over x in 5..7 and y, z in 6..8 of width 3: a permutation of 3 values only when it
    // spans 3.
    ModelBuilder b = Model.builder("offsets");
    VariableArray x = b.variables("x", Domain.range(5, 7), 1);
    VariableArray y = b.variables("y", Domain.range(6, 8), 2);
    b.alldiff(x.firstIndex(), y.firstIndex(), y.firstIndex() + 1);
    b.neq(x.firstIndex(), y.firstIndex());
    Model model = b.build();
    int[] evidence = Assignments.empty(model);
    evidence[y.firstIndex()] = 6;
    evidence[y.firstIndex() + 1] = 7;
    SolveResult result = ExactDriver.withDefaults().solve(null, model, evidence);
    assertTrue(result.solved());
    assertEquals(5, result.values()[x.firstIndex()]);
    // Counted by hand: x = 5 leaves 3 * 2 orders of y, x = 6 and x = 7 two each.
    assertEquals(
        10, ExactDriver.withDefaults().countSolutions(model, Assignments.empty(model), 100));
  }

  @Test
  void valuesBeyondSixtyFourBitsGoToTheGeneralSearch() {
    ModelBuilder b = Model.builder("wide");
    VariableArray x = b.variables("x", Domain.range(1, 65), 2);
    b.neq(x.firstIndex(), x.firstIndex() + 1);
    Model model = b.build();
    SolveResult result = ExactDriver.withDefaults().solve(null, model, Assignments.empty(model));
    assertTrue(result.solved());
    assertNull(Assignments.firstViolation(model, result.values()));
    assertEquals(
        65 * 64,
        ExactDriver.withDefaults().countSolutions(model, Assignments.empty(model), 10_000));
  }

  @Test
  void marginalGuidedBranchingSolvesAndValidates() {
    Model model = sudoku(3);
    GeneratedAlgorithm solver =
        new SolverCache(cacheRoot, System.err::println)
            .load(model, AlgorithmSpec.defaults())
            .newInstance();
    ExactDriver driver = ExactDriver.withDefaults().guidedByMarginals(3, 10);
    assertEquals("exact-marginals", driver.name());
    for (Grid puzzle : EmbeddedPuzzles.all()) {
      if (puzzle.side() != 9) {
        continue;
      }
      SolveResult result =
          driver.solve(solver, model, DecimationDriverTest.evidence(model, puzzle));
      assertTrue(result.solved());
      assertTrue(GridValidator.check(puzzle, Grid.of(9, result.values())).valid());
    }
  }

  @Test
  void solvesEveryGridOfTheSharedHardCorpora() throws IOException {
    ExactDriver driver = ExactDriver.withDefaults().withLockedCandidates(true);
    Model model = sudoku(3);
    for (String corpus : new String[] {"top95.txt", "hardest.txt"}) {
      try (PuzzleReader reader = PuzzleReader.open(shared(corpus))) {
        while (reader.hasNext()) {
          Grid puzzle = reader.next().grid();
          int[] evidence = DecimationDriverTest.evidence(model, puzzle);
          SolveResult result = driver.solve(null, model, evidence);
          assertTrue(result.solved(), puzzle.toLine());
          assertTrue(GridValidator.check(puzzle, Grid.of(9, result.values())).valid());
          assertEquals(
              1, driver.countSolutions(model, evidence, 2), "not unique: " + puzzle.toLine());
        }
      }
    }
  }

  private static SolveResult solveCycle(int length, int colours) {
    ModelBuilder b = Model.builder("cycle");
    VariableArray c = b.variables("c", Domain.range(1, colours), length);
    for (int i = 0; i < length; i++) {
      b.neq(c.firstIndex() + i, c.firstIndex() + (i + 1) % length);
    }
    Model model = b.build();
    SolveResult result = ExactDriver.withDefaults().solve(null, model, Assignments.empty(model));
    if (result.solved()) {
      assertNull(Assignments.firstViolation(model, result.values()));
    }
    return result;
  }

  private static Model sudoku(int box) {
    return FgcLanguage.bundled("sudoku", Map.of("n", (long) box));
  }

  private static Path shared(String name) {
    java.util.Optional<Path> file = fgc.puzzles.SharedCorpora.file(name);
    Assumptions.assumeTrue(file.isPresent(), "no shared corpus " + name);
    return file.get();
  }
}
