package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fgc run}: a non-grid model with a data file, its answer printed and checked here. */
class RunCommandTest {
  @TempDir
  Path dir;

  @Test
  void coloursAGraphFromADataFileWithAnObservedValue() throws Exception {
    Path data = dir.resolve("triangle.fgd");
    Files.writeString(data, "nodes = 4;\nedges = [0 1, 1 2, 2 0, 2 3];\n");
    try (CommandLineHarness cli = new CommandLineHarness()) {
      int code = cli.run("run", "colouring", "--data", data.toString(), "--observe", "colour[3]=1",
          "--cache-dir", dir.resolve("cache").toString());
      assertEquals(0, code, cli.err());
      int[] c = new int[4];
      for (String line : cli.out().split("\n")) {
        c[line.charAt(7) - '0'] = Integer.parseInt(line.substring(line.indexOf('=') + 2).trim());
      }
      assertTrue(c[0] != c[1] && c[1] != c[2] && c[2] != c[0] && c[2] != c[3], cli.out());
      assertEquals(1, c[3]);
    }
  }

  @Test
  void aDataErrorIsPositionedAndExitsTwo() throws Exception {
    Path data = dir.resolve("bad.fgd");
    Files.writeString(data, "nodes = 4;\nedges = [0 1, 1 9];\n");
    try (CommandLineHarness cli = new CommandLineHarness()) {
      assertEquals(2, cli.run("run", "colouring", "--data", data.toString(), "--cache-dir", dir.resolve("cache").toString()));
      assertTrue(cli.err().startsWith("colouring.fg:11:"), cli.err());
      assertTrue(cli.err().contains("index 9 is out of range 0..3 in dimension 1 of 'colour'"), cli.err());
    }
  }

  @Test
  void printsTheChainMarginals() throws Exception {
    Path data = dir.resolve("u.fgd");
    Files.writeString(data, "seen = [1 1 0 _ 1 1];\n");
    try (CommandLineHarness cli = new CommandLineHarness()) {
      assertEquals(0, cli.run("run", "chain", "--data", data.toString(), "--marginals", "--cache-dir", dir.resolve("cache").toString()));
      assertTrue(cli.out().startsWith("weather[0] 0:0."), cli.out());
      assertTrue(cli.out().contains("\nseen[3] 0:"), cli.out());
    }
  }
}
