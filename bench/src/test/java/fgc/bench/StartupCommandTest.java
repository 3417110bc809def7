package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fgc bench startup}: each process against its own round's JVM, and failures stop it. */
class StartupCommandTest {
  @TempDir Path dir;

  @Test
  void eachRatioIsAgainstTheSameRoundsJvm() {
    // Paired: the process is always twice its round's JVM, however the rounds differ.
    double[] jvm = {100, 50, 300};
    double[] process = {200, 100, 600};
    assertEquals(2.0, StartupCommand.medianRatio(process, jvm), 1e-12);
    // Unpaired medians would give 200 / 100; the paired ratios are 1, 4 and 0.5.
    assertEquals(1.0, StartupCommand.medianRatio(new double[] {100, 200, 150}, jvm), 1e-12);
  }

  private String[] run(String script, int expectedCode) throws Exception {
    Path launcher = dir.resolve("fgc");
    Files.writeString(launcher, "#!/bin/sh\n" + script + "\n");
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
    PrintStream savedOut = System.out;
    PrintStream savedErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      assertEquals(
          expectedCode,
          BenchMain.run(
              "startup",
              "--rounds",
              "2",
              "--fgc",
              launcher.toString(),
              "--against",
              launcher.toString(),
              "--network",
              "net.bif"));
    } finally {
      System.setOut(savedOut);
      System.setErr(savedErr);
    }
    return new String[] {
      out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)
    };
  }

  @Test
  void everyProcessGetsAFigureAndAFailedOneStopsTheRun() throws Exception {
    String out = run("exit 0", 0)[0];
    for (String process :
        new String[] {
          "java -version",
          "fgc --version",
          "fgc run sprinkler --observe wet=1 --marginals",
          "fgc run net.bif --observe xray=yes --observe dysp=yes --marginals",
          "fgc solve -q --input ONE"
        }) {
      assertTrue(out.contains("\n" + process + " "), process + " in:\n" + out);
      // Each fgc process once more for the launcher given with --against; the JVM only once.
      int rows = out.split("\n" + java.util.regex.Pattern.quote(process), -1).length - 1;
      assertEquals(process.startsWith("java") ? 1 : 2, rows, process + " in:\n" + out);
    }
    assertTrue(out.contains("\nfgc --version [against] "), out);
    String err = run("[ \"$1\" = solve ] && { echo no puzzles; exit 2; }; exit 0", 1)[1];
    assertTrue(err.contains("solve -q --input") && err.contains("failed (2): no puzzles"), err);
  }
}
