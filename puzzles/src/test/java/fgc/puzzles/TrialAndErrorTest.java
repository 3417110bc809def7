package fgc.puzzles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TrialAndErrorTest {

  /** Made by {@code fgc bench hardset --rating trial --steps 30000 --count 1 --seed 105}. */
  private static final String BEYOND_DEPTH_ONE =
      "...6.........3...5.21..7...1.3..42.....8....9......13...9.4.7...659..4..2........";

  @Test
  void aPuzzleSinglesSolveNeedsNoRound() {
    Grid solution = SolutionCounter.solve(PuzzleGenerator.generate(9, 1)).orElseThrow();
    Grid oneBlank = solution.with(0, 0);
    TrialAndError.Result r = TrialAndError.closure(oneBlank);
    assertFalse(r.contradiction() || r.stuck());
    assertEquals(0, r.rounds());
    assertEquals(0, TrialAndError.rating(oneBlank));
  }

  @Test
  void neverFindsAContradictionInAPuzzleThatHasASolution() {
    // A removal is sound only if it never empties a puzzle that has a solution.
    for (long seed = 1; seed <= 20; seed++) {
      Grid puzzle = PuzzleGenerator.generate(9, seed);
      TrialAndError.Result r = TrialAndError.closure(puzzle);
      assertFalse(r.contradiction(), puzzle.toLine());
      assertTrue(r.stuck() || r.openLeft() == 0, puzzle.toLine());
    }
  }

  @Test
  void findsTheContradictionOfGivensWithoutASolution() {
    // Row 1 needs a 4 in r1c4, but column 4 already holds a 4 lower down.
    Grid puzzle = Grid.of(4, new int[] {1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0});
    assertTrue(TrialAndError.closure(puzzle).contradiction());
  }

  @Test
  void aPuzzleOfTheClimbIsBeyondDepthOneAndRatesAboveEveryPuzzleWithin() {
    Grid puzzle = Fixtures.grid(9, BEYOND_DEPTH_ONE);
    assertEquals(1, SolutionCounter.count(puzzle, 2));
    TrialAndError.Result r = TrialAndError.closure(puzzle);
    assertTrue(r.stuck());
    assertTrue(r.openLeft() > 0);
    for (long seed = 1; seed <= 5; seed++) {
      Grid within = PuzzleGenerator.generate(9, seed);
      assertTrue(TrialAndError.rating(puzzle) > TrialAndError.rating(within));
    }
  }

  @Test
  void refusesSidesItDoesNotRate() {
    assertThrows(
        IllegalArgumentException.class,
        () -> TrialAndError.closure(PuzzleGenerator.generate(16, 1)));
  }
}
