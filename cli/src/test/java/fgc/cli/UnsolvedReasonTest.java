package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A puzzle a driver leaves unsolved gets a line on standard error that says so and why, whatever
 * the driver, without --explain; its output line is the puzzle unchanged.
 */
class UnsolvedReasonTest {
  @TempDir Path dir;

  @Test
  void everyDriverSaysWhyAPuzzleWasNotSolved() throws Exception {
    // An empty grid: belief propagation alone never picks one of its many solutions.
    String empty = ".".repeat(81);
    Path input = Files.writeString(dir.resolve("p.txt"), empty + "\n");
    for (String driver : new String[] {"single", "iterative"}) {
      CliRun run =
          CliRun.of(
              "solve",
              "--driver",
              driver,
              "--input",
              input.toString(),
              "--cache-dir",
              dir.resolve("c").toString());
      assertEquals(empty + "\n", run.out, run.err);
      assertTrue(
          run.err.contains("fgc: line 1: not solved: " + driver + " found no answer after "),
          run.err);
      assertTrue(run.err.contains("not a proof that none exists"), run.err);
      assertTrue(run.err.contains("solved 0 of 1"), run.err);
    }
  }
}
