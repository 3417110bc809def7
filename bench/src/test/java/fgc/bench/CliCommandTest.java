package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.puzzles.Grid;
import fgc.puzzles.PuzzleGenerator;
import fgc.puzzles.SolutionCounter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code fgc bench cli} accepts from the command it times: only checked answers count. */
class CliCommandTest {
  @TempDir Path dir;

  private final Grid puzzle = PuzzleGenerator.generate(4, 2);
  private final Grid other = PuzzleGenerator.generate(4, 3);
  private final Grid answer = SolutionCounter.solve(puzzle).orElseThrow();
  private final Grid otherAnswer = SolutionCounter.solve(other).orElseThrow();

  private int check(int exitCode, String... lines) throws Exception {
    Path out = dir.resolve("out.txt");
    Files.write(out, List.of(lines));
    return CliCommand.checkOutput(List.of(puzzle, other), out, new CliCommand.Run(1, 1, exitCode));
  }

  @Test
  void theCommandsOwnTimeIsReadFromItsSummaryLine() {
    assertEquals(
        1.234,
        CliCommand.ownSeconds(
            "fgc: line 3: the givens contradict each other\n"
                + "solved 94 of 95 in 1234 ms; 1 input error\n"),
        1e-9);
    assertTrue(Double.isNaN(CliCommand.ownSeconds("fgc: internal error\n")));
  }

  @Test
  void solvedAndEchoedLinesAreCounted() throws Exception {
    assertEquals(2, check(0, answer.toLine(), otherAnswer.toLine()));
    assertEquals(1, check(1, answer.toLine(), other.toLine()), "an echoed puzzle is unsolved");
  }

  @Test
  void aWrongAnswerAMissingLineOrAnExitCodeThatDisagreesStopsTheRun() {
    int blank = 0;
    while (puzzle.get(blank) != 0) {
      blank++;
    }
    // A blank cell given another value: its row now holds that value twice.
    Grid wrong = answer.with(blank, answer.get(blank) % 4 + 1);
    assertTrue(
        assertThrows(
                IllegalStateException.class, () -> check(0, wrong.toLine(), otherAnswer.toLine()))
            .getMessage()
            .contains("line 1 is a wrong answer"));
    assertTrue(
        assertThrows(IllegalStateException.class, () -> check(0, answer.toLine()))
            .getMessage()
            .contains("1 lines for 2 puzzles"));
    assertTrue(
        assertThrows(IllegalStateException.class, () -> check(0, answer.toLine(), other.toLine()))
            .getMessage()
            .contains("exited 0 with 1 of 2 solved"));
  }

  @Test
  void peakMemoryFollowsTheProcessUntilItExits() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isReadable(Path.of("/proc/self/status")), "needs Linux's /proc");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // A heap of 96 MB touched before main runs: at least that much is resident at its peak.
    Process big =
        new ProcessBuilder(
                java, "-Xms96m", "-Xmx96m", "-XX:+AlwaysPreTouch", "-XX:+UseSerialGC", "-version")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    java.util.function.DoubleSupplier bigPeak = CliCommand.peakMemory(big);
    big.waitFor();
    Process small = new ProcessBuilder("sleep", "0.2").start();
    java.util.function.DoubleSupplier smallPeak = CliCommand.peakMemory(small);
    small.waitFor();
    double b = bigPeak.getAsDouble();
    double s = smallPeak.getAsDouble();
    assertTrue(b >= 96, "java with a pre-touched 96 MB heap peaked at " + b + " MB");
    assertTrue(s < 32, "sleep peaked at " + s + " MB");
  }
}
