package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.PuzzleGenerator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile puzzle files through {@code solve}: every bad line gets its own error naming its line and
 * the reason and is echoed unchanged, every valid line is still solved and written in order, and
 * the exit code says some input was bad.
 */
class HostilePuzzleInputTest {
  @TempDir Path dir;

  @Test
  void everyKindOfBadLineIsReportedAloneAndTheGoodOnesAreSolvedInOrder() throws Exception {
    String good9 = nineByNine(0);
    String other9 = nineByNine(1);
    String conflicting = "55" + good9.substring(2).replace('5', '.');
    String foreign = good9.substring(0, 40) + "?" + good9.substring(41);
    String sixteen = PuzzleGenerator.generate(16, 5).toLine();
    String[] lines = {
      "# a 9x9 run with every kind of bad line", // 1
      good9, // 2
      good9.substring(0, 50), // 3: wrong length
      foreign, // 4: foreign character
      conflicting, // 5: givens already conflict
      other9, // 6: valid, CRLF
      sixteen, // 7: a 16x16 line in a 9x9 run
      good9 + "1", // 8: one cell too many
      "", // 9: blank
      other9, // 10
    };
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < lines.length; i++) {
      text.append(lines[i]).append(i == 5 || i == 9 ? "\r\n" : "\n");
    }
    Path input = dir.resolve("hostile.txt");
    Files.writeString(input, text.toString());
    Path output = dir.resolve("out.txt");
    CliRun run =
        CliRun.of(
            "solve",
            "--param",
            "n=3",
            "--input",
            input.toString(),
            "--output",
            output.toString(),
            "--cache-dir",
            dir.resolve("cache").toString());
    assertEquals(2, run.exitCode, run::toString);

    List<String> out = Files.readAllLines(output);
    assertEquals(8, out.size(), "one line per puzzle line, comments and blanks skipped: " + out);
    assertSolved(good9, out.get(0));
    assertEquals(good9.substring(0, 50), out.get(1));
    assertEquals(foreign, out.get(2));
    assertEquals(conflicting, out.get(3));
    assertSolved(other9, out.get(4));
    assertEquals(sixteen, out.get(5));
    assertEquals(good9 + "1", out.get(6));
    assertSolved(other9, out.get(7));

    String err = run.err;
    assertTrue(
        err.contains("hostile.txt:3: ") && err.contains("expected 16, 81, 256 or 625 cells"), err);
    assertTrue(err.contains("hostile.txt:4: "), err);
    assertTrue(err.contains("hostile.txt:5: ") && err.contains("givens conflict"), err);
    assertTrue(err.contains("line 7: ") && err.contains("a 16x16 puzzle has 256 cells"), err);
    assertTrue(err.contains("hostile.txt:8: "), err);
    assertEquals(
        5,
        err.lines().filter(l -> l.startsWith("fgc: ")).count(),
        "one error per bad line:\n" + err);
    assertTrue(err.contains("solved 3 of 4"), err);
  }

  @Test
  void emptyAndCommentOnlyFilesSayTheyHoldNoPuzzles() throws Exception {
    for (String text : List.of("", "# only\n# comments\n\n   \n", "\r\n\r\n")) {
      Path input = dir.resolve("nothing.txt");
      Files.writeString(input, text);
      CliRun run =
          CliRun.of(
              "solve", "--input", input.toString(), "--cache-dir", dir.resolve("cache").toString());
      assertEquals(2, run.exitCode, run::toString);
      assertEquals("", run.out);
      assertTrue(run.err.contains("nothing.txt holds no puzzles"), run.err);
    }
  }

  @Test
  void bytesThatAreNotTextAreBadLinesNotACrash() throws Exception {
    Path input = dir.resolve("binary.txt");
    byte[] junk = new byte[4000];
    new java.util.Random(3).nextBytes(junk);
    byte[] good = ("\n" + "1...........4..3" + "\n").getBytes(StandardCharsets.UTF_8);
    byte[] all = java.util.Arrays.copyOf(junk, junk.length + good.length);
    System.arraycopy(good, 0, all, junk.length, good.length);
    Files.write(input, all);
    CliRun run =
        CliRun.of(
            "solve", "--input", input.toString(), "--cache-dir", dir.resolve("cache").toString());
    assertEquals(2, run.exitCode, run::toString);
    String[] out = run.out.split("\n");
    assertTrue(
        GridValidator.check(CliRun.grid(4, "1...........4..3"), CliRun.grid(4, out[out.length - 1]))
            .valid(),
        run::toString);
    assertTrue(run.err.contains("solved 1 of 1"), run.err);
    assertTrue(run.err.lines().noneMatch(l -> l.contains("Exception")), run.err);
  }

  private static void assertSolved(String puzzle, String answer) {
    Grid p = CliRun.grid(9, puzzle);
    assertTrue(GridValidator.check(p, CliRun.grid(9, answer)).valid(), puzzle + " -> " + answer);
  }

  private static String nineByNine(int index) {
    return EmbeddedPuzzles.all().stream()
        .filter(g -> g.side() == 9)
        .skip(index)
        .findFirst()
        .orElseThrow()
        .toLine();
  }
}
