package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fgc run} and {@code fgc compile} on models at the edges: weights near the largest double,
 * models and evidence without solutions, models past the compiler's limits, a model whose sweeps
 * are slow. Never an all-zero or NaN marginal with exit 0, never an internal error (exit 70).
 */
class DegenerateRunTest {
  @TempDir Path dir;

  private Path model(String name, String text) throws Exception {
    Path file = dir.resolve(name + ".fg");
    Files.writeString(file, text);
    return file;
  }

  private String cache() {
    return dir.resolve("cache").toString();
  }

  @Test
  void hugeWeightsGiveTheirMarginalsAndASolution() throws Exception {
    Path file =
        model(
            "huge",
            "model w; var w[2] in 0..1;\n"
                + "prior(w[0]) = [1e308, 1e308];\n"
                + "prior(w[0]) = [1e308, 1e308];\nprior(w[0]) = [1e308, 1e308];\n");
    for (String algorithm : fgc.compilation.AlgorithmSpec.knownAlgorithms()) {
      try (CommandLineHarness cli = new CommandLineHarness()) {
        assertEquals(
            0,
            cli.run(
                "run",
                file.toString(),
                "--marginals",
                "--algorithm",
                algorithm,
                "--cache-dir",
                cache()),
            cli.err());
        assertTrue(
            cli.out().startsWith("method: ")
                && cli.out().indexOf('\n') == cli.out().indexOf("\nw[0] "),
            cli.out());
        assertTrue(
            cli.out().endsWith("\nw[0] 0:0.5000 1:0.5000\nw[1] 0:0.5000 1:0.5000\n"),
            algorithm + ": " + cli.out());
      }
      try (CommandLineHarness cli = new CommandLineHarness()) {
        assertEquals(
            0,
            cli.run("run", file.toString(), "--algorithm", algorithm, "--cache-dir", cache()),
            algorithm + ": " + cli.err());
        assertTrue(cli.out().startsWith("w[0]="), cli.out());
      }
    }
  }

  @Test
  void aModelWithoutSolutionsExitsOneNamingTheFactors() throws Exception {
    Path priors =
        model(
            "priors", "model w; var w[2] in 0..1;\nprior(w[0]) = [0, 1];\nprior(w[0]) = [1, 0];\n");
    Path clash = model("clash", "model w; var w[2] in 0..1;\neq(w[0], w[1]);\nneq(w[0], w[1]);\n");
    for (String algorithm : new String[] {"sumproduct", "bp-pairwise"}) {
      for (boolean marginals : new boolean[] {true, false}) {
        try (CommandLineHarness cli = new CommandLineHarness()) {
          String[] args = {
            "run",
            priors.toString(),
            "--algorithm",
            algorithm,
            "--cache-dir",
            cache(),
            "--marginals"
          };
          assertEquals(
              1, cli.run(java.util.Arrays.copyOf(args, marginals ? args.length : args.length - 1)));
          assertEquals("", cli.out());
          assertEquals(
              "fgc: "
                  + priors
                  + ":3:1: the model has no solution: prior(w[0]) = [0, 1]"
                  + " (factor 0) and prior(w[0]) = [1, 0] (factor 1)"
                  + " leave w[0] no value\n  prior(w[0]) = [1, 0];\n  ^\n",
              cli.err());
        }
      }
      try (CommandLineHarness cli = new CommandLineHarness()) {
        assertEquals(
            1,
            cli.run(
                "run",
                clash.toString(),
                "--marginals",
                "--algorithm",
                algorithm,
                "--cache-dir",
                cache()));
        assertEquals("", cli.out());
        assertTrue(
            cli.err()
                .startsWith(
                    "fgc: "
                        + clash
                        + ":3:1: the model has no solution: eq(w[0], w[1])"
                        + " (factor 0) and neq(w[0], w[1]) (factor 1) clash"),
            cli.err());
      }
    }
  }

  @Test
  void evidenceThatBpRulesOutPrintsNoMarginals() throws Exception {
    // Two colours for a triangle: with w[0] given, BP's messages leave a neighbour no value.
    Path triangle =
        model(
            "triangle",
            "model tri; var w[3] in 0..1; observe w;\n"
                + "neq(w[0], w[1]);\nneq(w[1], w[2]);\nneq(w[0], w[2]);\n");
    for (String algorithm : new String[] {"sumproduct", "maxproduct", "bp-pairwise"}) {
      try (CommandLineHarness cli = new CommandLineHarness()) {
        assertEquals(
            1,
            cli.run(
                "run",
                triangle.toString(),
                "--marginals",
                "--observe",
                "w[0]=0",
                "--algorithm",
                algorithm,
                "--cache-dir",
                cache()),
            algorithm + ": " + cli.out());
        assertEquals("", cli.out(), algorithm);
        assertTrue(
            cli.err()
                .startsWith(
                    "fgc: no marginals: the evidence contradicts the model:"
                        + " BP rules out every value of w["),
            cli.err());
      }
      try (CommandLineHarness cli = new CommandLineHarness()) {
        assertEquals(
            1,
            cli.run(
                "run",
                triangle.toString(),
                "--marginals",
                "--observe",
                "w[0]=0",
                "--observe",
                "w[1]=0",
                "--algorithm",
                algorithm,
                "--cache-dir",
                cache()));
        assertEquals("", cli.out(), algorithm);
        assertEquals(
            "fgc: no marginals: the evidence contradicts the model:"
                + " factor 0 (neq): w[0] and w[1] are both 0\n",
            cli.err());
      }
    }
  }

  @Test
  void evidenceOfProbabilityZeroUnderExactInferenceSaysSo() throws Exception {
    // Two colours for a triangle: no assignment at all (the cheap checks do not see it), so exact
    // inference finds Z = 0 whatever is observed.
    Path triangle =
        model(
            "triangle0",
            "model tri; var w[3] in 0..1; observe w;\n"
                + "neq(w[0], w[1]);\nneq(w[1], w[2]);\nneq(w[0], w[2]);\n");
    try (CommandLineHarness cli = new CommandLineHarness()) {
      assertEquals(
          1,
          cli.run(
              "run",
              triangle.toString(),
              "--marginals",
              "--observe",
              "w[0]=0",
              "--cache-dir",
              cache()));
      assertEquals("", cli.out());
      assertEquals(
          "fgc: no marginals: the evidence contradicts the model: it has probability zero\n",
          cli.err());
    }
  }

  @Test
  void evidenceOfProbabilityZeroUnderLoopyBpSaysSoAsExactInferenceDoes() throws Exception {
    // Loopy BP on the two-coloured triangle settles on one half each; the answer must still be
    // that there are no marginals, exit 1, for one run and for a case of --input.
    Path triangle =
        model(
            "triangle1",
            "model tri; var w[3] in 0..1; observe w;\n"
                + "neq(w[0], w[1]);\nneq(w[1], w[2]);\nneq(w[0], w[2]);\n");
    Path cases = dir.resolve("cases.txt");
    Files.writeString(cases, "w[0]=0\n");
    try (CommandLineHarness cli = new CommandLineHarness()) {
      String[] loopy = {"--marginals", "--algorithm", "sumproduct", "--cache-dir", cache()};
      assertEquals(1, cli.run(concat(new String[] {"run", triangle.toString()}, loopy)));
      assertEquals("", cli.out());
      assertEquals(
          "fgc: no marginals: the model has no solution: it has probability zero"
              + " (no assignment allows every factor)\n",
          cli.err());
      String[] batch = {"run", triangle.toString(), "--input", cases.toString()};
      assertEquals(1, cli.run(concat(batch, loopy)), cli.err());
      assertEquals("# case 1 (line 1): w[0]=0\n", cli.out());
      assertTrue(cli.err().contains("cases.txt:1: no marginals: "), cli.err());
    }
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  @Test
  void modelsPastTheLimitsAreRefusedWithExitTwoNeverAnInternalError() throws Exception {
    String[][] cases = {
      {
        "12",
        "bp-pairwise",
        "bp-pairwise cannot take model sudoku (20,736 variables of up to 144 values, 432 factors): "
      },
      {
        "14",
        "ep-dirichlet",
        "ep-dirichlet cannot take model sudoku"
            + " (38,416 variables of up to 196 values, 588 factors): its messages array"
      },
      {
        "16",
        "bp-pairwise",
        "bp-pairwise cannot take model sudoku"
            + " (65,536 variables of up to 256 values, 768 factors): its messages array"
      },
      {
        "5",
        "sumproduct",
        "sumproduct computes exact factor messages over subsets of the 25 values of model sudoku"
      },
    };
    for (String[] c : cases) {
      try (CommandLineHarness cli = new CommandLineHarness()) {
        assertEquals(
            2,
            cli.run(
                "compile",
                "sudoku",
                "--param",
                "n=" + c[0],
                "--algorithm",
                c[1],
                "--cache-dir",
                cache()),
            cli.err());
        assertTrue(cli.err().startsWith("fgc: " + c[2]), cli.err());
      }
    }
  }

  @Test
  void exactInferenceWhosePassIsLongSaysHowLong() throws Exception {
    // A band of not-equal pairs two apart over 256 values: 98 cliques of 2^24 entries each, one
    // pass
    // of about 1.5e10 operations that "show" called "one pass" with no figure.
    Path file =
        model(
            "band",
            "model band; var x[100] in 0..255;\n"
                + "for i in 0..98 { neq(x[i], x[i+1]); } for i in 0..97 { neq(x[i], x[i+2]); }\n");
    try (CommandLineHarness cli = new CommandLineHarness()) {
      assertEquals(
          0,
          cli.run("show", file.toString(), "--algorithm", "elimination", "--cache-dir", cache()),
          cli.err());
      assertTrue(
          cli.out()
              .contains("one pass over 100 cliques (elimination width 2, about 1.5e10 operations)"),
          cli.out());
    }
  }

  @Test
  void theSingleDriverWarnsOfItsOwnMostSweepsNotOneAFreeVariable() throws Exception {
    // --driver single runs one inference of at most 200 sweeps; the warning said "1024 sweeps (one
    // at least per free variable)", decimation's count, and a time 5 times too long.
    Path file =
        model(
            "bigsum", "model bigsum; var x[1024] in 0..15; sum(x[i] for i in 0..1023) == 7680;\n");
    List<String> seen =
        firstLines(
            line -> line.startsWith("fgc: warning:"),
            "run",
            file.toString(),
            "--algorithm",
            "sumproduct",
            "--driver",
            "single",
            "--cache-dir",
            cache());
    assertEquals(1, seen.size(), String.join("\n", seen));
    assertTrue(
        seen.get(0)
            .contains(
                " s here, and the run may take up to 200 sweeps in an attempt of single (up to "),
        seen.get(0));
  }

  @Test
  void exactInferenceWhosePassIsLongWarnsBeforeItCompilesOrRuns() throws Exception {
    // The warning came after the class was compiled, stored and smoke-run, and the smoke run was
    // the whole inference: 27 s of silence. It now comes first, before anything is compiled.
    Path file =
        model(
            "band",
            "model band; var x[100] in 0..255;\n"
                + "for i in 0..98 { neq(x[i], x[i+1]); } for i in 0..97 { neq(x[i], x[i+2]); }\n");
    Path cacheDir = Path.of(cache());
    long[] storedAtWarning = {-1};
    List<String> seen =
        firstLines(
            line -> {
              if (line.startsWith("fgc: warning:")) {
                storedAtWarning[0] = classFiles(cacheDir);
                return true;
              }
              return false;
            },
            "run",
            file.toString(),
            "--marginals",
            "--cache-dir",
            cache());
    assertEquals(1, seen.size(), String.join("\n", seen));
    assertTrue(
        seen.get(0)
            .startsWith(
                "fgc: warning: this run may take long:"
                    + " about 1.5e10 operations in the one pass of elimination"),
        seen.get(0));
    assertEquals(0, storedAtWarning[0], "nothing compiled or stored before the warning");
  }

  /**
   * The class files under {@code root}, skipping what vanishes while it is walked (the child writes
   * there).
   */
  private static long classFiles(Path root) {
    long[] count = {0};
    try {
      Files.walkFileTree(
          root,
          new java.nio.file.SimpleFileVisitor<>() {
            @Override
            public java.nio.file.FileVisitResult visitFile(
                Path f, java.nio.file.attribute.BasicFileAttributes a) {
              count[0] += f.getFileName().toString().endsWith(".class") ? 1 : 0;
              return java.nio.file.FileVisitResult.CONTINUE;
            }

            @Override
            public java.nio.file.FileVisitResult visitFileFailed(Path f, java.io.IOException e) {
              return java.nio.file.FileVisitResult.CONTINUE;
            }
          });
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return count[0];
  }

  @Test
  void aRunWhoseSweepsAreSlowSaysSoAndShowsItsProgress() throws Exception {
    // One sum over 1024 variables of 16 values: about 4e8 operations a sweep; decimation needs a
    // thousand sweeps or more, which ran for hours without a word.
    Path file =
        model(
            "bigsum", "model bigsum; var x[1024] in 0..15; sum(x[i] for i in 0..1023) == 7680;\n");
    List<String> seen =
        firstLines(
            line -> line.startsWith("run: "),
            "run",
            file.toString(),
            "--algorithm",
            "sumproduct",
            "--cache-dir",
            cache());
    assertTrue(seen.size() >= 2, String.join("\n", seen));
    assertTrue(
        seen.get(0)
            .startsWith(
                "fgc: warning: this run may take long:"
                    + " about 3.8e8 operations per sweep of sumproduct,"
                    + " most of it in factor 0 (sum over 1024 variables of 16 values);"
                    + " one sweep took "),
        seen.get(0));
    // Decimation's most: its first convergence (10 sweeps), then up to 3 sweeps after each of 1024
    // decisions.
    assertTrue(
        seen.get(0)
            .matches(
                ".* s here, and the run may take up to 3082 sweeps"
                    + " in an attempt of decimate \\(up to \\d+ (seconds|minutes|hours)"
                    + " at that rate; fewer once it converges\\); .*"),
        seen.get(0));
    assertTrue(
        seen.get(0)
            .endsWith(
                "split a long sum into partial sums chained through"
                    + " auxiliary variables, or narrow the domains"),
        seen.get(0));
    assertTrue(
        seen.get(seen.size() - 1).matches("run: \\d+ sweeps, \\d+ s"), String.join("\n", seen));
  }

  /**
   * Runs the command line in a child JVM and returns the lines of its standard error up to the
   * first that {@code last} accepts (or all it printed in two minutes), then stops the child.
   */
  private List<String> firstLines(java.util.function.Predicate<String> last, String... args)
      throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command =
        new ArrayList<>(
            List.of(
                java,
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
    command.addAll(List.of(args));
    Process child =
        new ProcessBuilder(command).redirectOutput(dir.resolve("out.txt").toFile()).start();
    // Standard error is read on a thread of its own, so that a child that prints nothing cannot
    // hold the test.
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader err =
                  new BufferedReader(
                      new InputStreamReader(child.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line = err.readLine(); line != null; line = err.readLine()) {
                  lines.add(line);
                }
              } catch (java.io.IOException e) {
                lines.add("(reading standard error: " + e + ")");
              }
            });
    reader.setDaemon(true);
    reader.start();
    List<String> seen = new ArrayList<>();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (System.nanoTime() < deadline) {
        String line = lines.poll(1, TimeUnit.SECONDS);
        if (line != null) {
          seen.add(line);
          if (last.test(line)) {
            break;
          }
        }
      }
    } finally {
      child.destroyForcibly();
      child.waitFor(30, TimeUnit.SECONDS);
    }
    return seen;
  }
}
