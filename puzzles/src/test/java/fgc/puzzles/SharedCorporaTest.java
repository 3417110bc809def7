package fgc.puzzles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reads the shared public corpora when they are present next to the project (they are not part of
 * it), and checks reader and counter against their documented contents.
 */
class SharedCorporaTest {

  @ParameterizedTest
  @CsvSource({"easy50.txt, 49", "top95.txt, 95", "hardest.txt, 11"})
  void everyPuzzleReadsAndHasExactlyOneSolution(String name, int expected) throws IOException {
    Path dir = sharedPuzzles();
    Assumptions.assumeTrue(
        dir != null, "no shared/puzzles folder found; set -Dfgc.shared to point at it");
    Path file = dir.resolve(name);
    Assumptions.assumeTrue(Files.isRegularFile(file), file + " is missing");
    int puzzles = 0;
    try (PuzzleReader reader = PuzzleReader.open(file)) {
      while (reader.hasNext()) {
        PuzzleReader.Entry e = reader.next();
        assertTrue(e.isPuzzle(), e::error);
        assertEquals(1, SolutionCounter.count(e.grid(), 2), e::text);
        puzzles++;
      }
    }
    assertEquals(expected, puzzles);
  }

  /**
   * The folder from -Dfgc.shared (the shared folder or its puzzles folder), else the nearest
   * shared/puzzles upwards.
   */
  private static Path sharedPuzzles() {
    String property = System.getProperty("fgc.shared");
    if (property != null && !property.isBlank()) {
      Path p = Path.of(property);
      return Files.isDirectory(p.resolve("puzzles"))
          ? p.resolve("puzzles")
          : Files.isDirectory(p) ? p : null;
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve("puzzles");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
