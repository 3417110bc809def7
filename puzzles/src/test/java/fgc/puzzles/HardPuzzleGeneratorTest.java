package fgc.puzzles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HardPuzzleGeneratorTest {

  @Test
  void climbsToAMinimalPuzzleWithTheStartsSolutionAndNoLowerRating() {
    for (long seed : new long[] {1, 2, 3}) {
      Grid start = PuzzleGenerator.generate(9, seed);
      Grid hard = HardPuzzleGenerator.generate(9, seed, 60, HardPuzzleGenerator::searchNodes);
      assertEquals(1, SolutionCounter.count(hard, 2));
      assertEquals(SolutionCounter.solve(start), SolutionCounter.solve(hard));
      assertTrue(
          HardPuzzleGenerator.searchNodes(hard) >= HardPuzzleGenerator.searchNodes(start),
          "the climb keeps a puzzle only when it rates at least as hard");
      for (int k = 0; k < hard.cellCount(); k++) {
        if (hard.get(k) != 0) {
          assertTrue(SolutionCounter.count(hard.with(k, 0), 2) > 1, "given " + k + " can go");
        }
      }
    }
  }

  @Test
  void climbsWhenTheRatingHasASlope() {
    // Rated by blanks, the climb must end with no more givens than it started with, and fewer on
    // some seed: it does move.
    int fewer = 0;
    for (long seed = 1; seed <= 4; seed++) {
      Grid start = PuzzleGenerator.generate(9, seed);
      Grid hard = HardPuzzleGenerator.generate(9, seed, 40, g -> g.cellCount() - g.givenCount());
      assertTrue(hard.givenCount() <= start.givenCount());
      fewer += hard.givenCount() < start.givenCount() ? 1 : 0;
    }
    assertTrue(fewer > 0, "no seed climbed to fewer givens");
  }

  @Test
  void isDeterministicAndStartsFromThePlainGenerator() {
    assertEquals(
        HardPuzzleGenerator.generate(9, 7, 30, HardPuzzleGenerator::searchNodes),
        HardPuzzleGenerator.generate(9, 7, 30, HardPuzzleGenerator::searchNodes));
    assertEquals(
        PuzzleGenerator.generate(9, 7),
        HardPuzzleGenerator.generate(9, 7, 0, HardPuzzleGenerator::searchNodes));
  }

  @Test
  void refusesSidesItCannotMinimise() {
    assertThrows(
        IllegalArgumentException.class,
        () -> HardPuzzleGenerator.generate(16, 1, 1, HardPuzzleGenerator::searchNodes));
  }
}
