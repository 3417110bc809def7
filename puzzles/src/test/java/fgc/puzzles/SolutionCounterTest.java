package fgc.puzzles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class SolutionCounterTest {

  @Test
  void aProperPuzzleHasOneSolutionAndItIsValid() {
    assertEquals(1, SolutionCounter.count(Fixtures.puzzle(), 2));
    assertEquals(1, SolutionCounter.count(Fixtures.puzzle(), 1000));
    Optional<Grid> solution = SolutionCounter.solve(Fixtures.puzzle());
    assertEquals(Optional.of(Fixtures.solution()), solution);
    assertTrue(GridValidator.check(Fixtures.puzzle(), solution.orElseThrow()).valid());
  }

  @Test
  void removingOneCornerOfASwappableRectangleGivesTwoSolutions() {
    // Four cells (two rows of one band, two columns) holding a/b over b/a can swap their values
    // and stay valid, so blanking all four in a full grid leaves exactly two solutions.
    Grid s = Fixtures.solution();
    int[] rect = swappableRectangle(s);
    Grid puzzle = s;
    for (int index : rect) {
      puzzle = puzzle.with(index, 0);
    }
    assertEquals(2, SolutionCounter.count(puzzle, 2));
    assertEquals(2, SolutionCounter.count(puzzle, 100));
    assertEquals(1, SolutionCounter.count(puzzle, 1));
    assertEquals(1, SolutionCounter.count(puzzle.with(rect[0], s.get(rect[0])), 2));
    assertTrue(GridValidator.check(puzzle, SolutionCounter.solve(puzzle).orElseThrow()).valid());
  }

  @Test
  void nodesCountEveryAssignmentTriedAndGrowWithTheBlanks() {
    Grid s = Fixtures.solution();
    SolutionCounter.Count full = SolutionCounter.countWithNodes(s, 2);
    assertEquals(1, full.solutions());
    assertEquals(1, full.nodes(), "a complete grid is the root alone");
    SolutionCounter.Count oneBlank = SolutionCounter.countWithNodes(s.with(0, 0), 2);
    assertEquals(1, oneBlank.solutions());
    assertEquals(2, oneBlank.nodes(), "one forced cell: the root and its one child");
    SolutionCounter.Count puzzle = SolutionCounter.countWithNodes(Fixtures.puzzle(), 2);
    assertEquals(1, puzzle.solutions());
    assertTrue(
        puzzle.nodes() > Fixtures.puzzle().cellCount() - Fixtures.puzzle().givenCount(),
        "at least one node per blank: " + puzzle.nodes());
  }

  private static int[] swappableRectangle(Grid s) {
    for (int r1 = 0; r1 < 9; r1++) {
      for (int r2 = r1 + 1; r2 < 9 && r2 / 3 == r1 / 3; r2++) {
        for (int c1 = 0; c1 < 9; c1++) {
          for (int c2 = c1 + 1; c2 < 9; c2++) {
            if (s.get(r1, c1) == s.get(r2, c2) && s.get(r1, c2) == s.get(r2, c1)) {
              return new int[] {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2};
            }
          }
        }
      }
    }
    throw new AssertionError("the fixture solution has no swappable rectangle");
  }

  @Test
  void countsAllFourByFourGrids() {
    // There are 288 complete 4x4 Sudoku grids, a known figure that checks the search is exhaustive.
    assertEquals(288, SolutionCounter.count(Grid.of(4, new int[16]), 1000));
    assertEquals(100, SolutionCounter.count(Grid.of(4, new int[16]), 100));
  }

  @Test
  void contradictoryPuzzlesHaveNoSolution() {
    Grid conflicting = Fixtures.puzzle().with(2, 5);
    assertEquals(0, SolutionCounter.count(conflicting, 2));
    assertEquals(Optional.empty(), SolutionCounter.solve(conflicting));
    // No given repeats, but r1c9 can hold nothing: its row has 1..8 and its column has 9.
    Grid stuck = Fixtures.grid(9, "12345678." + ".".repeat(8) + "9" + ".".repeat(63));
    assertTrue(GridValidator.conflicts(stuck).isEmpty());
    assertEquals(0, SolutionCounter.count(stuck, 2));
  }

  @Test
  void solvesSixteenBySixteenWithManyGivens() {
    Grid puzzle = PuzzleGenerator.generate(16, 11);
    assertEquals(1, SolutionCounter.count(puzzle, 2));
    Grid solution = SolutionCounter.solve(puzzle).orElseThrow();
    assertTrue(GridValidator.check(puzzle, solution).valid());
  }

  @Test
  void rejectsANonPositiveLimit() {
    assertThrows(IllegalArgumentException.class, () -> SolutionCounter.count(Fixtures.puzzle(), 0));
  }
}
