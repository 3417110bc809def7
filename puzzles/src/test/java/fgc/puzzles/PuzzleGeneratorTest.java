package fgc.puzzles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeout;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PuzzleGeneratorTest {

  @ParameterizedTest
  @CsvSource({"4, 1", "4, 2", "4, 99", "9, 1", "9, 2", "9, 3", "9, -7", "16, 1", "25, 1"})
  void producesPuzzlesWithExactlyOneValidSolution(int side, long seed) {
    Grid puzzle = PuzzleGenerator.generate(side, seed);
    assertEquals(side, puzzle.side());
    assertTrue(puzzle.givenCount() < puzzle.cellCount(), "some givens must have been removed");
    assertEquals(1, SolutionCounter.count(puzzle, 2));
    Grid solution = SolutionCounter.solve(puzzle).orElseThrow();
    assertTrue(GridValidator.check(puzzle, solution).valid());
  }

  @Test
  void isDeterministicForASeed() {
    for (int side : new int[] {4, 9, 16}) {
      assertEquals(PuzzleGenerator.generate(side, 42), PuzzleGenerator.generate(side, 42));
      assertNotEquals(PuzzleGenerator.generate(side, 42), PuzzleGenerator.generate(side, 43));
    }
  }

  @Test
  void nineByNinePuzzlesAreMinimal() {
    // Every cell was tried for removal, so taking away any remaining given must allow a second
    // solution.
    Grid puzzle = PuzzleGenerator.generate(9, 5);
    assertTrue(
        puzzle.givenCount() <= 30, "a minimal 9x9 puzzle rarely keeps many givens: " + puzzle);
    for (int i = 0; i < puzzle.cellCount(); i++) {
      if (puzzle.get(i) != 0) {
        assertEquals(2, SolutionCounter.count(puzzle.with(i, 0), 2), "given at index " + i);
      }
    }
  }

  @Test
  void sixteenBySixteenStaysQuickAndWellFilled() {
    Grid puzzle = assertTimeout(Duration.ofSeconds(5), () -> PuzzleGenerator.generate(16, 2));
    assertTrue(puzzle.givenCount() >= 140, "givens: " + puzzle.givenCount());
  }

  @Test
  void rejectsUnsupportedSides() {
    assertThrows(IllegalArgumentException.class, () -> PuzzleGenerator.generate(8, 1));
  }
}
