package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Errors the planner finds about a factor point at the model line that made it, as language errors
 * do.
 */
class PlanErrorPositionTest {
  @TempDir Path dir;

  @Test
  void anAlldiffWiderThanTheValuesPointsAtItsLine() throws Exception {
    Path model =
        Files.writeString(
            dir.resolve("tight.fg"),
            "model tight;\nvar x[3] in 1..2;\n\nalldiff(x[i] for i in 0..2);\n");
    CliRun run = CliRun.of("compile", model.toString(), "--cache-dir", dir.resolve("c").toString());
    assertEquals(2, run.exitCode, run.toString());
    assertEquals(
        "fgc: "
            + model
            + ":4:1: factor 0 (alldiff) needs 3 different values"
            + " but the model has only 2: it can never hold\n"
            + "  alldiff(x[i] for i in 0..2);\n  ^\n",
        run.err);
  }

  @Test
  void aContradictionPointsAtTheFactorThatClosesIt() throws Exception {
    Path model =
        Files.writeString(
            dir.resolve("clash.fg"),
            "model clash;\nvar x[2] in 1..3;\nx[0] == x[1];\nx[0] != x[1];\n");
    CliRun run = CliRun.of("compile", model.toString(), "--cache-dir", dir.resolve("c").toString());
    assertEquals(
        1, run.exitCode, run.toString()); // no solution, as fgc --help says, not a usage error
    assertEquals(
        true,
        run.err.startsWith("fgc: " + model + ":4:1: the model has no solution: "),
        run.toString());
    assertEquals(true, run.err.endsWith("\n  x[0] != x[1];\n  ^\n"), run.toString());
  }
}
