package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.formats.UaiResults;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run MODEL.uai --evid FILE --task MAR|PR|MPE} and {@code show --uai}: the UAI competition's
 * tasks answered exactly, checked by enumeration on a small network of the test's own and against
 * the competition's answers for the instances in ../shared/graphical when they are there.
 */
class UaiTaskTest {
  @TempDir Path dir;

  /** A loop of three binary variables: a unary table on 0, pair tables (0,1), (1,2), (2,0). */
  private static final double[] UNARY = {1, 3};

  private static final double[][] PAIRS = {{2, 1, 1, 2}, {1, 4, 2, 1}, {3, 1, 1, 1}};
  private static final int[][] SCOPES = {{0, 1}, {1, 2}, {2, 0}};

  private Path loop() throws Exception {
    StringBuilder sb = new StringBuilder("MARKOV\n3\n2 2 2\n4\n1 0\n");
    for (int[] s : SCOPES) {
      sb.append("2 ").append(s[0]).append(' ').append(s[1]).append('\n');
    }
    sb.append("\n2\n").append(UNARY[0]).append(' ').append(UNARY[1]).append('\n');
    for (double[] t : PAIRS) {
      sb.append("\n4\n")
          .append(t[0])
          .append(' ')
          .append(t[1])
          .append(' ')
          .append(t[2])
          .append(' ')
          .append(t[3])
          .append('\n');
    }
    return Files.writeString(dir.resolve("loop.uai"), sb.toString());
  }

  /**
   * The weight of assignment {@code x}, or 0 when it disagrees with {@code observed2} (-1: x[2]
   * free).
   */
  private static double weight(int[] x, int observed2) {
    if (observed2 >= 0 && x[2] != observed2) {
      return 0;
    }
    double w = UNARY[x[0]];
    for (int k = 0; k < SCOPES.length; k++) {
      w *= PAIRS[k][2 * x[SCOPES[k][0]] + x[SCOPES[k][1]]];
    }
    return w;
  }

  private String run(int expectedCode, String... args) {
    try (CommandLineHarness cli = new CommandLineHarness()) {
      String[] all = java.util.Arrays.copyOf(args, args.length + 2);
      all[args.length] = "--cache-dir";
      all[args.length + 1] = dir.resolve("cache").toString();
      assertEquals(expectedCode, cli.run(all), cli.err());
      return expectedCode == 0 ? cli.out() : cli.err();
    }
  }

  @Test
  void eachCaseOfInputIsAnsweredAsItsOwnRunWould() throws Exception {
    Path model = loop();
    Path cases =
        Files.writeString(dir.resolve("cases.txt"), "x2=1\n# a comment\nx0=0 x2=0\n\nx1=1\n");
    for (String task : new String[] {"MAR", "PR", "MPE"}) {
      String expected =
          "# case 1 (line 1): x2=1\n"
              + run(0, "run", model.toString(), "--task", task, "--observe", "x2=1")
              + "# a comment\n"
              + "# case 2 (line 3): x0=0 x2=0\n"
              + run(
                  0,
                  "run",
                  model.toString(),
                  "--task",
                  task,
                  "--observe",
                  "x0=0",
                  "--observe",
                  "x2=0")
              + "\n"
              + "# case 3 (line 5): x1=1\n"
              + run(0, "run", model.toString(), "--task", task, "--observe", "x1=1");
      assertEquals(
          expected,
          run(0, "run", model.toString(), "--task", task, "--input", cases.toString()),
          task);
      assertEquals(
          expected,
          run(
              0,
              "run",
              model.toString(),
              "--task",
              task,
              "--input",
              cases.toString(),
              "--threads",
              "2"),
          task);
    }
  }

  @Test
  void inputCasesGoOnTopOfTheEvidenceFileAndMayNotRepeatIt() throws Exception {
    Path model = loop();
    Path evid = Files.writeString(dir.resolve("loop.uai.evid"), "1 2 1\n");
    Path cases = Files.writeString(dir.resolve("cases.txt"), "x0=1\nx2=0\n");
    try (CommandLineHarness cli = new CommandLineHarness()) {
      int code =
          cli.run(
              "run",
              model.toString(),
              "--evid",
              evid.toString(),
              "--task",
              "PR",
              "--input",
              cases.toString(),
              "--cache-dir",
              dir.resolve("cache").toString());
      assertEquals(2, code, cli.err());
      assertEquals(
          "# case 1 (line 1): x0=1\n"
              + run(
                  0,
                  "run",
                  model.toString(),
                  "--task",
                  "PR",
                  "--observe",
                  "x2=1",
                  "--observe",
                  "x0=1")
              + "# case 2 (line 2): x2=0\n",
          cli.out());
      assertTrue(
          cli.err().contains("cases.txt:2:")
              && cli.err().contains("the evidence file " + evid + " or --observe"),
          cli.err());
    }
  }

  @Test
  void inputCasesOfAModelWithNoSolution() throws Exception {
    Path model =
        Files.writeString(
            dir.resolve("none.uai"), "MARKOV\n2\n2 2\n2\n1 0\n2 0 1\n\n2\n1 0\n\n4\n0 0 1 1\n");
    Path cases = Files.writeString(dir.resolve("cases.txt"), "x1=0\nx1=1\n");
    assertEquals(
        "# case 1 (line 1): x1=0\nPR\n-inf\n# case 2 (line 2): x1=1\nPR\n-inf\n",
        run(0, "run", model.toString(), "--task", "PR", "--input", cases.toString()));
    assertTrue(
        run(1, "run", model.toString(), "--task", "MPE", "--input", cases.toString())
            .startsWith("fgc: no MPE: "));
  }

  @Test
  void aModelWithNoSolutionHasPrMinusInfinityAsImpossibleEvidenceHas() throws Exception {
    // Z = 0: x0 must be 0, and the pair table rules x0 = 0 out. PR exited 1 ("the model has no
    // solution") where impossible evidence
    // printed -inf; both are log10 0. MAR and MPE have no answer either way, and say so.
    Path model =
        Files.writeString(
            dir.resolve("none.uai"), "MARKOV\n2\n2 2\n2\n1 0\n2 0 1\n\n2\n1 0\n\n4\n0 0 1 1\n");
    assertEquals("PR\n-inf\n", run(0, "run", model.toString(), "--task", "PR"));
    Path evid = Files.writeString(dir.resolve("none.uai.evid"), "1 1 0\n");
    assertEquals(
        "PR\n-inf\n", run(0, "run", model.toString(), "--evid", evid.toString(), "--task", "PR"));
    for (String task : new String[] {"MAR", "MPE"}) {
      String err = run(1, "run", model.toString(), "--task", task);
      assertTrue(err.startsWith("fgc: no " + task + ": ") && err.contains("no solution"), err);
    }
  }

  @Test
  void marPrAndMpeAgreeWithEnumeration() throws Exception {
    Path model = loop();
    Path evid = Files.writeString(dir.resolve("loop.uai.evid"), "1 2 1\n");
    double z = 0;
    double[][] marginal = new double[3][2];
    double best = -1;
    int[] argmax = null;
    for (int a = 0; a < 8; a++) {
      int[] x = {a >> 2 & 1, a >> 1 & 1, a & 1};
      double w = weight(x, 1);
      z += w;
      for (int i = 0; i < 3; i++) {
        marginal[i][x[i]] += w;
      }
      if (w > best) {
        best = w;
        argmax = x;
      }
    }
    double[][] mar =
        UaiResults.parseMar(
            "out", run(0, "run", model.toString(), "--evid", evid.toString(), "--task", "MAR"));
    for (int i = 0; i < 3; i++) {
      for (int v = 0; v < 2; v++) {
        assertEquals(marginal[i][v] / z, mar[i][v], 1e-12, "P(x" + i + " = " + v + ")");
      }
    }
    assertEquals(
        Math.log10(z),
        UaiResults.parsePr(
            "out", run(0, "run", model.toString(), "--evid", evid.toString(), "--task", "PR")),
        1e-12);
    assertArrayEquals(
        argmax,
        UaiResults.parseMpe(
            "out", run(0, "run", model.toString(), "--evid", evid.toString(), "--task", "mpe")));
    // Without evidence, Z is the sum over all eight assignments.
    double all = 0;
    for (int a = 0; a < 8; a++) {
      all += weight(new int[] {a >> 2 & 1, a >> 1 & 1, a & 1}, -1);
    }
    assertEquals(
        Math.log10(all),
        UaiResults.parsePr("out", run(0, "run", model.toString(), "--task", "PR")),
        1e-12);
    assertTrue(
        run(2, "run", model.toString(), "--task", "MAP").contains("--task must be MAR, PR or MPE"));
  }

  @Test
  void observeIsAppliedToTheTasksAndOptionsTheyCannotApplyAreRefused() throws Exception {
    Path model = loop();
    Path evid = Files.writeString(dir.resolve("loop.uai.evid"), "1 2 1\n");
    String name = fgc.formats.UaiFormat.read(model).model().variableName(2);
    for (String task : new String[] {"MAR", "PR", "MPE"}) {
      assertEquals(
          run(0, "run", model.toString(), "--evid", evid.toString(), "--task", task),
          run(0, "run", model.toString(), "--observe", name + "=1", "--task", task),
          task);
    }
    assertTrue(
        run(
                2,
                "run",
                model.toString(),
                "--evid",
                evid.toString(),
                "--observe",
                name + "=0",
                "--task",
                "PR")
            .contains("which the evidence file " + evid + " already observes as 1"));
    assertTrue(
        run(2, "run", model.toString(), "--task", "PR", "--threads", "2")
            .contains("give --input FILE too"));
    for (String[] extra :
        new String[][] {
          {"--algorithm", "sumproduct"},
          {"--data", "missing.fgd"},
          {"--param", "n=3"},
          {"--driver", "exact"},
          {"--sweeps", "5"}
        }) {
      String[] args = {"run", model.toString(), "--task", "PR", extra[0], extra[1]};
      assertTrue(run(2, args).contains("they do not take " + extra[0]), extra[0]);
    }
  }

  @Test
  void aModelWhosePlanWouldNotFitTheHeapIsRefusedBeforePlanningWithTheFigure() throws Exception {
    // A million binary variables and no functions: a plan of a million steps, about 450 MB to make,
    // in a child JVM of 256 MB. It must end in one refusal that says how much heap would do, not in
    // an OutOfMemoryError part way.
    int n = 1_000_000;
    Path model =
        Files.writeString(
            dir.resolve("wide.uai"), "MARKOV\n" + n + "\n" + "2 ".repeat(n).trim() + "\n0\n");
    Path err = dir.resolve("err.txt");
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "run",
                model.toString(),
                "--task",
                "PR",
                "--cache-dir",
                dir.resolve("cache").toString())
            .redirectOutput(dir.resolve("out.txt").toFile())
            .redirectError(err.toFile())
            .start();
    assertTrue(
        child.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "the child JVM did not finish");
    String message = Files.readString(err);
    assertEquals(2, child.exitValue(), message);
    assertTrue(
        message.contains("planning it would take about")
            && message.contains("JAVA_TOOL_OPTIONS=-Xmx"),
        message);
    assertTrue(!message.contains("OutOfMemoryError") && !message.contains("\tat "), message);
    assertEquals("", Files.readString(dir.resolve("out.txt")), "no number is printed");
  }

  @Test
  void aHeapTooSmallToReadTheModelIsOneLineNotAStackTrace() throws Exception {
    // A million scalars in a child JVM of 64 MB: the model itself does not fit, wherever that
    // shows.
    int n = 1_000_000;
    Path model =
        Files.writeString(
            dir.resolve("wide.uai"), "MARKOV\n" + n + "\n" + "2 ".repeat(n).trim() + "\n0\n");
    Path err = dir.resolve("err.txt");
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "run",
                model.toString(),
                "--task",
                "PR",
                "--cache-dir",
                dir.resolve("cache").toString())
            .redirectOutput(dir.resolve("out.txt").toFile())
            .redirectError(err.toFile())
            .start();
    assertTrue(
        child.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "the child JVM did not finish");
    String message = Files.readString(err);
    assertEquals(2, child.exitValue(), message);
    assertTrue(message.contains("JAVA_TOOL_OPTIONS=-Xmx"), message);
    assertTrue(!message.contains("OutOfMemoryError") && !message.contains("\tat "), message);
    assertEquals("", Files.readString(dir.resolve("out.txt")), "no number is printed");
  }

  @Test
  void aModelPastTheExactLimitIsRefusedWithItsWidthAndSize() throws Exception {
    // A 30 x 30 grid: elimination width 30, cliques of 2^31 entries.
    int side = 30;
    StringBuilder sb =
        new StringBuilder("MARKOV\n" + side * side + "\n" + "2 ".repeat(side * side).trim() + "\n");
    StringBuilder tables = new StringBuilder();
    int count = 0;
    for (int r = 0; r < side; r++) {
      for (int c = 0; c < side; c++) {
        int v = r * side + c;
        for (int w : new int[] {c + 1 < side ? v + 1 : -1, r + 1 < side ? v + side : -1}) {
          if (w >= 0) {
            tables.append("2 ").append(v).append(' ').append(w).append('\n');
            count++;
          }
        }
      }
    }
    sb.append(count).append('\n').append(tables);
    for (int k = 0; k < count; k++) {
      sb.append("\n4\n2 1 1 2\n");
    }
    Path grid = Files.writeString(dir.resolve("grid.uai"), sb.toString());
    String err = run(2, "run", grid.toString(), "--task", "PR");
    assertTrue(
        err.startsWith(
            "fgc: elimination cannot take model grid"
                + " (900 variables of up to 2 values, 1,740 factors):"
                + " it needs a clique table of at least "),
        err);
    assertTrue(err.contains("entries (elimination width at least "), err);
    assertTrue(err.contains("the limit is 16777216 (2^24) entries"), err);
  }

  @Test
  void showExportsUaiThatRunsAndSaysWhatTheGraphIs() throws Exception {
    Path out = dir.resolve("sprinkler.uai");
    String summary = run(0, "show", "sprinkler", "--uai", out.toString());
    assertTrue(summary.contains("\ngraph      has cycles: BP is approximate on it\n"), summary);
    assertTrue(
        summary.contains(
            "\nelimination width 2, largest clique 8 entries (exact inference fits)\n"),
        summary);
    // No order is cheaper than min-fill's on four variables: w (or c) first, a clique of 8, then a
    // triangle.
    assertTrue(
        summary.matches(
            "(?s).*\n"
                + "order      min-fill, try 1 of \\d+ greedy orders: 22 clique entries in all\n"
                + ".*"),
        summary);
    assertTrue(summary.contains("\nfits       maxproduct, sumproduct, elimination\n"), summary);
    // The network's CPTs are normalised: Z = 1. Given wet grass (UAI variable 3), P(rain) = 0.7079.
    assertEquals(
        0.0, UaiResults.parsePr("out", run(0, "run", out.toString(), "--task", "PR")), 1e-12);
    Path wet = Files.writeString(dir.resolve("wet.evid"), "1 3 1\n");
    double[][] mar =
        UaiResults.parseMar(
            "out", run(0, "run", out.toString(), "--evid", wet.toString(), "--task", "MAR"));
    assertEquals(0.7079, mar[2][1], 5e-5);
    assertEquals(0.4298, mar[1][1], 5e-5);
    String chain = run(0, "show", "chain");
    assertTrue(
        chain.contains("\ngraph      a tree (no cycle): BP is exact on it once converged\n"),
        chain);
    assertTrue(
        chain.contains("\nelimination width 1, largest clique 4 entries (exact inference fits)\n"),
        chain);
  }

  /** ../shared/graphical (the nearest upwards), or the test is skipped. */
  private static Path shared(String name) {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("shared/graphical").resolve(name))) {
        return p.resolve("shared/graphical").resolve(name);
      }
    }
    Assumptions.assumeTrue(
        false, "no shared/graphical/" + name + " above the working folder; skipped");
    return null;
  }

  @Test
  void theCompetitionsInstancesAgreeWithTheirAnswers() throws Exception {
    for (String name : new String[] {"DBN_11", "Grids_11"}) {
      Path uai = shared(name + ".uai");
      Path evid = shared(name + ".uai.evid");
      double[][] expected = UaiResults.readMar(shared(name + ".uai.MAR"));
      double[][] mar =
          UaiResults.parseMar(
              "out", run(0, "run", uai.toString(), "--evid", evid.toString(), "--task", "MAR"));
      assertEquals(expected.length, mar.length);
      for (int i = 0; i < mar.length; i++) {
        for (int v = 0; v < mar[i].length; v++) {
          assertEquals(expected[i][v], mar[i][v], 1e-6, name + ": variable " + i + " value " + v);
        }
      }
      // The .PR files give log10 Z to six significant digits (58.5307, 169.408): agreement is to
      // within half their last digit.
      String text = Files.readString(shared(name + ".uai.PR")).trim();
      String number = text.substring(text.lastIndexOf('\n') + 1).trim();
      int decimals = number.contains(".") ? number.length() - number.indexOf('.') - 1 : 0;
      double pr =
          UaiResults.parsePr(
              "out", run(0, "run", uai.toString(), "--evid", evid.toString(), "--task", "PR"));
      assertEquals(
          Double.parseDouble(number),
          pr,
          Math.max(1e-6, 0.5 * Math.pow(10, -decimals)),
          name + ": log10 Z");
    }
  }
}
