package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.puzzles.Grid;
import fgc.puzzles.PuzzleGenerator;
import fgc.puzzles.SolutionCounter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fgc bench hardset}: one line per seed, each a minimal puzzle with the start's solution and
 * one solution only, rated in its comment; an unknown rating is a usage error.
 */
class HardSetCommandTest {
  @TempDir Path cache;

  private String run(String... args) {
    PrintStream old = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      assertEquals(0, BenchMain.run(args));
    } finally {
      System.setOut(old);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void everyLineIsAUniquePuzzleOfItsSeedWithItsRating() {
    for (String rating :
        new String[] {"decimate", "decimate-seeds", "candidates", "backtracks", "trial"}) {
      String out =
          run(
              "hardset",
              "--count",
              "2",
              "--seed",
              "5",
              "--steps",
              "10",
              "--rating",
              rating,
              "--cache-dir",
              cache.toString());
      List<String> lines = out.lines().filter(l -> !l.startsWith("#")).toList();
      assertEquals(2, lines.size(), out);
      Pattern line =
          Pattern.compile(
              "([.1-9]{81})  # hardset\\((\\d+), 10\\): (\\d+) givens, \\d+ candidates,"
                  + " \\d+ backtracks, \\d+ nodes, (trial and error: \\d+ rounds?|beyond trial and"
                  + " error of depth one)");
      for (int k = 0; k < 2; k++) {
        Matcher m = line.matcher(lines.get(k));
        assertTrue(m.matches(), lines.get(k));
        assertEquals(5 + k, Long.parseLong(m.group(2)));
        Grid puzzle = Grid.of(9, cells(m.group(1)));
        assertEquals(puzzle.givenCount(), Integer.parseInt(m.group(3)));
        assertEquals(1, SolutionCounter.count(puzzle, 2));
        assertEquals(
            SolutionCounter.solve(PuzzleGenerator.generate(9, 5 + k)),
            SolutionCounter.solve(puzzle));
      }
    }
  }

  @Test
  void anUnknownRatingIsAUsageError() {
    assertEquals(2, BenchMain.run("hardset", "--rating", "fastest", "--count", "1"));
  }

  @Test
  void aNegativeRestartCapIsAUsageError() {
    assertEquals(2, BenchMain.run("hardset", "--climb-restarts", "-1", "--count", "1"));
  }

  @Test
  void aCapOtherThanTheDefaultIsNamedInTheHeader() {
    String out =
        run(
            "hardset",
            "--count",
            "1",
            "--steps",
            "2",
            "--climb-restarts",
            "3",
            "--cache-dir",
            cache.toString());
    assertTrue(out.lines().findFirst().orElseThrow().contains("--climb-restarts 3"), out);
  }

  private static int[] cells(String text) {
    int[] cells = new int[text.length()];
    for (int i = 0; i < cells.length; i++) {
      char c = text.charAt(i);
      cells[i] = c == '.' ? 0 : c - '0';
    }
    return cells;
  }
}
