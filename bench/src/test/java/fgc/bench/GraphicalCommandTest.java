package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.formats.UaiFormat;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.reference.ReferenceEnumeration;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fgc bench graphical} on small models of its own: errors against enumeration, refusals as
 * rows, the toulbar2 copy.
 */
class GraphicalCommandTest {
  /** Four binary variables in a cycle, with fields: loopy BP is approximate here. */
  static final String LOOP =
      """
      MARKOV
      4
      2 2 2 2
      8
      1 0
      1 1
      1 2
      1 3
      2 0 1
      2 1 2
      2 2 3
      2 3 0
      2 0.3 0.7
      2 0.6 0.4
      2 0.5 0.5
      2 0.8 0.2
      4 3.0 1.0 1.0 3.0
      4 2.5 1.0 1.0 2.5
      4 3.5 1.0 1.0 3.5
      4 0.5 2.0 2.0 0.5
      """;

  /** A chain of three variables (2, 3, 2 values), one evidence: BP is exact on it. */
  static final String CHAIN =
      """
      MARKOV
      3
      2 3 2
      3
      1 0
      2 0 1
      2 1 2
      2 0.4 0.6
      6 1.0 2.0 3.0 4.0 0.5 1.5
      6 2.0 1.0 0.7 0.3 1.0 4.0
      """;

  @TempDir Path dir;

  private Path write(String name, String text) throws Exception {
    Path file = dir.resolve(name);
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  @Test
  void theExactRowHasNoErrorAndEachBpRowHasItsErrorAgainstEnumeration() throws Exception {
    Path loop = write("loop.uai", LOOP);
    Path chain = write("chain.uai", CHAIN);
    write("chain.uai.evid", "1 2 1\n");
    GraphicalRun run = new GraphicalRun(dir.resolve("cache"), 0);
    for (Path file : List.of(loop, chain)) {
      GraphicalRun.Input input = GraphicalCommand.input(file);
      double[][] truth = enumerate(input);
      List<GraphicalRun.Row> rows = run.measure(input);
      assertEquals(
          fgc.algorithms.Algorithms.all().size(),
          rows.size(),
          "one row per algorithm of the registry");
      GraphicalRun.Row exact = rows.get(0);
      assertEquals("elimination", exact.algorithm);
      assertTrue(exact.ok(), exact.status);
      assertEquals(0.0, exact.maxError);
      assertEquals(0.0, exact.meanError);
      for (GraphicalRun.Row row : rows.subList(1, rows.size())) {
        assertTrue(row.ok(), row.algorithm + ": " + row.status);
        assertEquals("elimination", row.reference);
        double max = 0;
        double sum = 0;
        int n = 0;
        for (int i = 0; i < truth.length; i++) {
          for (int v = 0; v < truth[i].length; v++) {
            double d = Math.abs(truth[i][v] - row.marginals[i][v]);
            max = Math.max(max, d);
            sum += d;
            n++;
          }
        }
        assertEquals(max, row.maxError, 1e-12, file + " " + row.algorithm);
        assertEquals(sum / n, row.meanError, 1e-12, file + " " + row.algorithm);
        if (row.algorithm.equals("sumproduct")) {
          // BP is exact on the chain and not on the loop: the figure measures something.
          assertTrue(
              file == chain ? row.maxError < 1e-8 : row.maxError > 1e-3,
              file + ": " + row.maxError);
        }
      }
      // The chain's evidence (variable 2 = 1) came from its .evid file.
      if (file == chain) {
        assertEquals(1.0, exact.marginals[2][1], 1e-12);
      }
    }
  }

  /** Every marginal by enumeration, given the input's evidence. */
  private static double[][] enumerate(GraphicalRun.Input input) {
    ReferenceEnumeration e = new ReferenceEnumeration(input.model());
    for (int i = 0; i < input.model().variableCount(); i++) {
      if (input.evidence().isObserved(i)) {
        e.setObserved(i, input.evidence().value(i));
      }
    }
    e.update(1);
    double[][] out = new double[input.model().variableCount()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = new double[input.model().domainOf(i).size()];
      e.marginal(i, out[i]);
    }
    return out;
  }

  @Test
  void logZIsComparedWithThePrFileWithinItsRounding() throws Exception {
    Path chain = write("chain.uai", CHAIN);
    GraphicalRun.Input input = GraphicalCommand.input(chain);
    double log10Z = new ReferenceEnumerationLogZ(input.model()).log10Z();
    write("chain.uai.PR", String.format(Locale.ROOT, "PR\n%.6g", log10Z));
    GraphicalRun.Input withPr = GraphicalCommand.input(chain);
    GraphicalRun.Row exact = new GraphicalRun(dir.resolve("cache"), 0).measure(withPr).get(0);
    assertTrue(
        exact.log10ZError <= exact.log10ZResolution,
        exact.log10ZError + " > " + exact.log10ZResolution);
    assertEquals(5e-4, GraphicalCommand.rounding("PR\n169.408"), 1e-15);
    assertEquals(5e-8, GraphicalCommand.rounding("PR\n1.23456e-2"), 1e-20);
  }

  /** log10 Z by enumeration. */
  private record ReferenceEnumerationLogZ(Model model) {
    double log10Z() {
      ReferenceEnumeration e = new ReferenceEnumeration(model);
      e.update(1);
      return e.logPartition() / Math.log(10);
    }
  }

  @Test
  void aRefusalIsARowAndTheCommandWritesItsTable() throws Exception {
    Path three = write("three.uai", THREE);
    Path loop = write("loop.uai", LOOP);
    Path out = dir.resolve("out");
    PrintStream old = System.out;
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    int code;
    try {
      System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
      code =
          BenchMain.run(
              "graphical",
              three.toString(),
              loop.toString(),
              "--inference-ms",
              "0",
              "--out",
              out.toString());
    } finally {
      System.setOut(old);
    }
    assertEquals(0, code);
    String table = Files.readString(out.resolve("graphical.md"));
    assertEquals(buffer.toString(StandardCharsets.UTF_8), table);
    assertTrue(table.contains("| three.uai | bp-pairwise | refused: "), table);
    assertTrue(table.contains("| loop.uai | elimination | ok |"), table);
    // The MPE table: the branch and bound proves elimination's optimum on the small loop.
    assertTrue(
        table
            .lines()
            .anyMatch(
                l ->
                    l.startsWith("| loop.uai | ")
                        && l.contains("| proven optimal |")
                        && l.endsWith("| yes |")
                        // elimination's own MPE query, timed
                        && l.split("\\|")[4].trim().matches("[0-9]+(\\.[0-9]+)?")),
        table);
    if (Toulbar2.onPath() == null) {
      assertTrue(table.contains("toulbar2: skipped"), table);
    }
  }

  @Test
  void aMissingFolderIsAClearMessage() throws Exception {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> GraphicalCommand.defaultFiles(dir));
    assertTrue(
        e.getMessage().contains("found no shared/graphical folder in " + dir)
            && e.getMessage().contains("pass model files"),
        e.getMessage());
    String old = System.getProperty("fgc.shared");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldErr = System.err;
    try {
      System.setProperty("fgc.shared", dir.toString());
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      assertEquals(2, BenchMain.run("graphical"));
    } finally {
      System.setErr(oldErr);
      if (old == null) {
        System.clearProperty("fgc.shared");
      } else {
        System.setProperty("fgc.shared", old);
      }
    }
    assertTrue(
        err.toString(StandardCharsets.UTF_8)
            .contains("no graphical models: " + dir.resolve("graphical") + " (from -Dfgc.shared)"),
        err.toString(StandardCharsets.UTF_8));
  }

  /**
   * One table over variables 2, 0, 1 (2, 3 and 2 values), listed unsorted, entries all different.
   */
  static final String THREE =
      """
      MARKOV
      3
      2 3 2
      1
      3 2 0 1
      12 1 2 3 4 5 6 7 8 9 10 11 12
      """;

  @Test
  void theToulbar2CopySortsEachScopeAndPermutesItsTable() {
    Model original = UaiFormat.parse("three.uai", THREE).model();
    String copy = Toulbar2.sortedCopy(original);
    assertTrue(copy.contains("\n3 0 1 2\n"), copy);
    Model sorted = UaiFormat.parse("copy.uai", copy).model();
    Factor before = original.factors().get(0);
    Factor after = sorted.factors().get(0);
    assertEquals(
        List.of(2, 0, 1), List.of(before.scope()[0], before.scope()[1], before.scope()[2]));
    assertEquals(List.of(0, 1, 2), List.of(after.scope()[0], after.scope()[1], after.scope()[2]));
    int seen = 0;
    for (int x0 = 0; x0 < 2; x0++) {
      for (int x1 = 0; x1 < 3; x1++) {
        for (int x2 = 0; x2 < 2; x2++) {
          // The original lists (x2, x0, x1) with x1 fastest: entry x2*6 + x0*3 + x1, whose weight
          // is that index + 1.
          double expected = x2 * 6 + x0 * 3 + x1 + 1;
          assertEquals(expected, before.potential(new int[] {x2, x0, x1}));
          assertEquals(expected, after.potential(new int[] {x0, x1, x2}), "x = " + x0 + x1 + x2);
          seen++;
        }
      }
    }
    assertEquals(12, seen);
    // The sorted table in file order: x0 slowest, x2 fastest.
    String[] tokens = copy.substring(copy.indexOf("\n3 0 1 2\n") + 9).trim().split("\\s+");
    double[] entries = new double[12];
    for (int k = 0; k < 12; k++) {
      entries[k] = Double.parseDouble(tokens[k + 1]);
    }
    assertEquals("12", tokens[0]);
    assertEquals(
        List.of(1.0, 7.0, 2.0, 8.0, 3.0, 9.0, 4.0, 10.0, 5.0, 11.0, 6.0, 12.0),
        java.util.Arrays.stream(entries).boxed().toList(),
        copy);
    assertFalse(copy.contains("\n3 2 0 1\n"), copy);
  }

  @Test
  void toulbar2sAssignmentIsComparedWithFgcsByItsWeight() throws Exception {
    GraphicalRun.Input input = GraphicalCommand.input(write("loop.uai", LOOP));
    int[] mpe = new GraphicalRun(dir.resolve("cache"), 0).measure(input).get(0).mostProbable;
    assertEquals(4, mpe.length);
    StringBuilder best = new StringBuilder();
    StringBuilder other = new StringBuilder();
    for (int i = 0; i < mpe.length; i++) {
      best.append(mpe[i]).append(' ');
      other.append(i == 0 ? 1 - mpe[i] : mpe[i]).append(' ');
    }
    // A stand-in for toulbar2: writes the given assignment where -w= says, and keeps the model it
    // was handed.
    for (String[] c :
        List.of(new String[] {"best", best.toString()}, new String[] {"other", other.toString()})) {
      Path exe =
          write(
              "toulbar2-" + c[0],
              "#!/bin/sh\nfor a in \"$@\"; do case \"$a\" in -w=*) echo '"
                  + c[1]
                  + "' > \"${a#-w=}\";; *.uai) cp \"$a\" "
                  + dir.resolve("handed-" + c[0] + ".uai")
                  + ";; esac; done\n");
      assertTrue(exe.toFile().setExecutable(true));
      Toulbar2.Result r =
          Toulbar2.run(
              exe, "loop.uai", input.model(), input.evidence(), mpe, dir.resolve("work-" + c[0]));
      assertEquals("ok", r.status());
      if (c[0].equals("best")) {
        assertEquals("yes", r.sameOptimum());
      } else {
        assertTrue(r.sameOptimum().startsWith("no: log weight "), r.sameOptimum());
      }
      assertEquals(
          Toulbar2.sortedCopy(input.model()),
          Files.readString(dir.resolve("handed-" + c[0] + ".uai")));
    }
  }
}
