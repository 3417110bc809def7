package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fgc run}: a non-grid model with a data file, its answer printed and checked here. */
class RunCommandTest {
  @TempDir Path dir;

  @Test
  void coloursAGraphFromADataFileWithAnObservedValue() throws Exception {
    Path data = dir.resolve("triangle.fgd");
    Files.writeString(data, "nodes = 4;\nedges = [0 1, 1 2, 2 0, 2 3];\n");
    try (CommandLineHarness cli = new CommandLineHarness()) {
      int code =
          cli.run(
              "run",
              "colouring",
              "--data",
              data.toString(),
              "--observe",
              "colour[3]=1",
              "--cache-dir",
              dir.resolve("cache").toString());
      assertEquals(0, code, cli.err());
      int[] c = new int[4];
      for (String pair : cli.out().strip().split(" ")) {
        c[pair.charAt(7) - '0'] = Integer.parseInt(pair.substring(pair.indexOf('=') + 1));
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
      assertEquals(
          2,
          cli.run(
              "run",
              "colouring",
              "--data",
              data.toString(),
              "--cache-dir",
              dir.resolve("cache").toString()));
      assertTrue(cli.err().startsWith("colouring.fg:11:"), cli.err());
      assertTrue(
          cli.err().contains("index 9 is out of range 0..3 in dimension 1 of 'colour'"), cli.err());
    }
  }

  @Test
  void printsTheChainMarginals() throws Exception {
    Path data = dir.resolve("u.fgd");
    Files.writeString(data, "seen = [1 1 0 _ 1 1];\n");
    try (CommandLineHarness cli = new CommandLineHarness()) {
      assertEquals(
          0,
          cli.run(
              "run",
              "chain",
              "--data",
              data.toString(),
              "--marginals",
              "--cache-dir",
              dir.resolve("cache").toString()));
      assertTrue(cli.out().startsWith("method: exact (elimination)\nweather[0] 0:0."), cli.out());
      assertTrue(cli.out().contains("\nseen[3] 0:"), cli.out());
    }
  }

  @Test
  void marginalsPastEliminationFallBackToBpAndSayWhy() throws Exception {
    Path model = dir.resolve("grid.fg");
    Files.writeString(
        model,
        "model grid;\nvar s[30][30] in 0..1;\n"
            + "for i in 0..29, j in 0..28 { table(s[i][j], s[i][j+1]) = [2, 1, 1, 2]; }\n"
            + "for i in 0..28, j in 0..29 { table(s[i][j], s[i+1][j]) = [2, 1, 1, 2]; }\n");
    try (CommandLineHarness cli = new CommandLineHarness()) {
      int code =
          cli.run(
              "run",
              model.toString(),
              "--marginals",
              "--sweeps",
              "3",
              "--cache-dir",
              dir.resolve("cache").toString());
      assertEquals(0, code, cli.err());
      assertTrue(cli.out().startsWith("method: loopy BP (sumproduct, approximate)"), cli.out());
      assertTrue(
          cli.err()
              .startsWith(
                  "fgc: marginals by sum-product BP, since elimination cannot take model grid"),
          cli.err());
      assertTrue(
          cli.err()
              .contains(
                  "elimination width at least 29 in every order: it holds a 29 x 29 grid of"
                      + " variables"),
          cli.err());
    }
  }

  private String[] lines(String... args) throws Exception {
    try (CommandLineHarness cli = new CommandLineHarness()) {
      String[] all = java.util.Arrays.copyOf(args, args.length + 2);
      all[args.length] = "--cache-dir";
      all[args.length + 1] = dir.resolve("cache").toString();
      assertEquals(0, cli.run(all), cli.err());
      return cli.out().split("\n");
    }
  }

  /** The value after {@code v:} on the line of {@code variable}. */
  private static String value(String[] lines, String variable, int v) {
    for (String line : lines) {
      if (line.startsWith(variable + " ")) {
        String rest = line.substring(line.indexOf(" " + v + ":") + 3);
        return rest.contains(" ") ? rest.substring(0, rest.indexOf(' ')) : rest;
      }
    }
    throw new AssertionError(variable + " not in " + String.join("\n", lines));
  }

  @Test
  void theUmbrellaChainIsExactByDefaultAndSaysSo() throws Exception {
    // The bundled example data file, found by its name; enumeration gives these to four decimals.
    String[] out = lines("run", "chain", "--data", "umbrella.fgd", "--marginals");
    assertEquals("method: exact (elimination)", out[0]);
    String[] expected = {"0.8638", "0.8066", "0.2316", "0.5320", "0.8613", "0.8777"};
    for (int t = 0; t < 6; t++) {
      assertEquals(expected[t], value(out, "weather[" + t + "]", 1), "P(rain on day " + t + ")");
    }
    // Sum-product BP on the chain (a tree) converges to the same numbers and says how it got there.
    String[] bp =
        lines("run", "chain", "--data", "umbrella.fgd", "--marginals", "--algorithm", "sumproduct");
    assertTrue(
        bp[0].matches(
            "method: BP on a tree \\(sumproduct, exact once converged\\):"
                + " \\d+ sweeps, converged to 1e-9"),
        bp[0]);
    for (int t = 0; t < 6; t++) {
      assertEquals(expected[t], value(bp, "weather[" + t + "]", 1));
    }
  }

  @Test
  void theSprinklerNetworkGivenWetGrassIsExact() throws Exception {
    String[] out = lines("run", "sprinkler", "--observe", "wet=1", "--marginals");
    assertEquals("method: exact (elimination)", out[0]);
    assertEquals("0.7079", value(out, "rain", 1));
    assertEquals("0.4298", value(out, "sprinkler", 1));
    // BP on its cycle (cloudy, sprinkler, wet, rain) is approximate, and labelled so.
    String[] loopy =
        lines("run", "sprinkler", "--observe", "wet=1", "--marginals", "--algorithm", "sumproduct");
    assertTrue(
        loopy[0].matches(
            "method: loopy BP \\(sumproduct, approximate\\): \\d+ sweeps, converged to 1e-9"),
        loopy[0]);
    String[] cut =
        lines(
            "run",
            "sprinkler",
            "--observe",
            "wet=1",
            "--marginals",
            "--algorithm",
            "sumproduct",
            "--sweeps",
            "2");
    assertTrue(
        cut[0].matches(
            "method: loopy BP \\(sumproduct, approximate\\): did not converge after 2 sweeps"
                + " \\(largest change \\d(\\.\\d)?e-?\\d+\\)"),
        cut[0]);
    String[] max =
        lines("run", "sprinkler", "--observe", "wet=1", "--marginals", "--algorithm", "maxproduct");
    assertTrue(
        max[0].startsWith("method: max-marginals (maxproduct): not probabilities: "), max[0]);
  }

  @Test
  void everyProbabilityOfAListingHasFourDecimals() throws Exception {
    Path model = dir.resolve("tiny.fg");
    Files.writeString(
        model,
        "model tiny; var x in 0..2; var y in 0..1;\n"
            + "prior(x) = [0, 1.2e-17, 1];\nprior(y) = [1, 3];\n");
    String[] out = lines("run", model.toString(), "--marginals");
    assertEquals("method: exact (elimination)", out[0]);
    assertEquals("x 0:0.0000 1:0.0000 2:1.0000", out[1]);
    assertEquals("y 0:0.2500 1:0.7500", out[2]);
  }

  @Test
  void bpPairwiseOnAnAllDifferentIsLoopyBecauseItsPairsCloseACycle() throws Exception {
    // bp-pairwise runs on the not-equal pairs of the alldiff: three variables, a triangle.
    Path model = dir.resolve("ad3.fg");
    Files.writeString(
        model,
        "model ad3; var x[3] in 0..2;\nalldiff(x[0], x[1], x[2]);\n"
            + "prior(x[0]) = [5, 1, 1];\nprior(x[1]) = [1, 4, 2];\nprior(x[2]) = [2, 2, 3];\n");
    String[] out = lines("run", model.toString(), "--marginals", "--algorithm", "bp-pairwise");
    assertTrue(out[0].startsWith("method: loopy BP (bp-pairwise, approximate)"), out[0]);
    // Two variables: one pair, a tree, where BP is exact once converged.
    Path two = dir.resolve("ad2.fg");
    Files.writeString(
        two,
        "model ad2; var x[2] in 0..2;\nalldiff(x[0], x[1]);\nprior(x[0]) = [5, 1, 1];\n"
            + "neq(x[0], x[1]);\n");
    String[] tree = lines("run", two.toString(), "--marginals", "--algorithm", "bp-pairwise");
    assertTrue(
        tree[0].startsWith("method: BP on a tree (bp-pairwise, exact once converged)"), tree[0]);
  }

  @Test
  void weightsFarBelowTheLargestAreNotClampedInTheExactAnswer() throws Exception {
    Path model = dir.resolve("clamp.uai");
    Files.writeString(model, "MARKOV\n1\n3\n2\n1 0\n1 0\n\n3\n1 1e-160 1e-170\n\n3\n0 1 1.05\n");
    // --task MAR prints full precision, where four decimals would hide the weight.
    String[] out = lines("run", model.toString(), "--task", "MAR");
    assertEquals("MAR", out[0]);
    String[] mar = out[1].split(" ");
    assertEquals(0.0, Double.parseDouble(mar[2]));
    assertEquals(1.05e-10, Double.parseDouble(mar[4]), 1e-14);
  }
}
