package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.driver.MostProbable;
import fgc.formats.UaiFormat;
import fgc.model.Model;
import fgc.reference.ReferenceEnumeration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run} on weighted models answers the most probable assignment and says how: by elimination
 * where it fits, by branch and bound with {@code --driver exact}, approximate by decimation; each
 * answer's weight is checked against enumeration's optimum.
 */
class MostProbableRunTest {
  @TempDir Path dir;

  private static final String KNAPSACK =
      "model knapsack;\ndata bulk; data value;\nvar take[8] in 0..1;\nobserve take;\n"
          + "sum(take[i] * bulk[i] for i in 0..7) <= 20;\n"
          + "for i in 0..7 { weight(take[i]) = exp(take[i] * value[i]); }\n";
  private static final int[] BULK = {5, 7, 4, 3, 9, 6, 8, 2};
  private static final int[] VALUE = {12, 19, 10, 9, 27, 14, 21, 4};

  private String cache() {
    return dir.resolve("cache").toString();
  }

  private Path[] knapsack() throws Exception {
    Path model = Files.writeString(dir.resolve("knapsack.fg"), KNAPSACK);
    Path data =
        Files.writeString(
            dir.resolve("knapsack.fgd"),
            "bulk = [5 7 4 3 9 6 8 2];\nvalue = [12 19 10 9 27 14 21 4];\n");
    return new Path[] {model, data};
  }

  /** The best total value of the knapsack, counted over every packing. */
  private static int bestPacking() {
    int best = 0;
    for (int mask = 0; mask < 256; mask++) {
      int v = 0;
      int s = 0;
      for (int i = 0; i < 8; i++) {
        v += (mask >> i & 1) * VALUE[i];
        s += (mask >> i & 1) * BULK[i];
      }
      best = s <= 20 ? Math.max(best, v) : best;
    }
    return best;
  }

  /** The values of the answer line after the method line, in the order printed. */
  private static int[] values(CliRun run) {
    String[] lines = run.out.split("\n");
    assertEquals(2, lines.length, run.out);
    String[] pairs = lines[1].split(" ");
    int[] values = new int[pairs.length];
    for (int k = 0; k < pairs.length; k++) {
      values[k] = Integer.parseInt(pairs[k].substring(pairs[k].indexOf('=') + 1));
    }
    return values;
  }

  private static int packed(int[] take) {
    int v = 0;
    int s = 0;
    for (int i = 0; i < 8; i++) {
      v += take[i] * VALUE[i];
      s += take[i] * BULK[i];
    }
    assertTrue(s <= 20, "over capacity: " + s);
    return v;
  }

  @Test
  void aKnapsackAnswersTheMostValuablePackingProvenOptimal() throws Exception {
    Path[] k = knapsack();
    CliRun byDefault =
        CliRun.of("run", k[0].toString(), "--data", k[1].toString(), "--cache-dir", cache());
    assertEquals(0, byDefault.exitCode, byDefault::toString);
    assertTrue(
        byDefault.out.startsWith(
            "method: most probable assignment by elimination (max-product, exact: proven optimal)"),
        byDefault::toString);
    assertEquals(bestPacking(), packed(values(byDefault)));

    CliRun exact =
        CliRun.of(
            "run",
            k[0].toString(),
            "--data",
            k[1].toString(),
            "--driver",
            "exact",
            "--cache-dir",
            cache());
    assertEquals(0, exact.exitCode, exact::toString);
    assertTrue(
        exact.out.startsWith(
            "method: most probable assignment by branch and bound (proven optimal, "),
        exact::toString);
    assertEquals(bestPacking(), packed(values(exact)));
    assertTrue(
        exact.out.contains(
            String.format(Locale.ROOT, "log10 weight %.6f", bestPacking() / Math.log(10))),
        exact::toString);
  }

  @Test
  void decimationIsLabelledApproximate() throws Exception {
    Path[] k = knapsack();
    CliRun run =
        CliRun.of(
            "run",
            k[0].toString(),
            "--data",
            k[1].toString(),
            "--driver",
            "decimate",
            "--cache-dir",
            cache());
    assertEquals(0, run.exitCode, run::toString);
    assertTrue(
        run.out.startsWith(
            "method: an assignment by decimate with maxproduct"
                + " (approximate: not proven the most probable"),
        run::toString);
    assertTrue(packed(values(run)) <= bestPacking());
  }

  @Test
  void aNodeLimitPrintsTheBestFoundNotProven() throws Exception {
    Path[] k = knapsack();
    CliRun run =
        CliRun.of(
            "run",
            k[0].toString(),
            "--data",
            k[1].toString(),
            "--driver",
            "exact",
            "--node-limit",
            "8",
            "--cache-dir",
            cache());
    assertEquals(0, run.exitCode, run::toString);
    assertTrue(
        run.out.startsWith(
            "method: most probable assignment by branch and bound"
                + " (not proven optimal: stopped at the node"
                + " limit (--node-limit 8)"),
        run::toString);
    packed(values(run));
    CliRun none =
        CliRun.of(
            "run",
            k[0].toString(),
            "--data",
            k[1].toString(),
            "--driver",
            "exact",
            "--node-limit",
            "2",
            "--cache-dir",
            cache());
    assertEquals(1, none.exitCode, none::toString);
    assertEquals(
        "fgc: no assignment found before the node limit"
            + " (--node-limit 2) (not a proof that none exists)\n",
        none.err);
  }

  @Test
  void aLimitWhereNoBranchAndBoundRunsIsRefused() throws Exception {
    Path[] k = knapsack();
    CliRun run =
        CliRun.of(
            "run",
            k[0].toString(),
            "--data",
            k[1].toString(),
            "--driver",
            "decimate",
            "--time-limit",
            "1",
            "--cache-dir",
            cache());
    assertEquals(2, run.exitCode, run::toString);
    assertTrue(
        run.err.startsWith(
            "fgc: --time-limit and --node-limit bound the branch and bound of a weighted model's"),
        run::toString);
    CliRun plain = CliRun.of("run", "latin", "--node-limit", "5", "--cache-dir", cache());
    assertEquals(2, plain.exitCode, plain::toString);
    assertTrue(
        plain.err.trim().endsWith("model latin has no soft factor (weights that differ)"),
        plain::toString);
  }

  @Test
  void evidenceBeyondTheCapacityHasNoAssignment() throws Exception {
    Path[] k = knapsack();
    CliRun run =
        CliRun.of(
            "run",
            k[0].toString(),
            "--data",
            k[1].toString(),
            "--driver",
            "exact",
            "--observe",
            "take[1]=1",
            "--observe",
            "take[4]=1",
            "--observe",
            "take[6]=1",
            "--cache-dir",
            cache());
    assertEquals(1, run.exitCode, run::toString);
    assertTrue(run.err.startsWith("fgc: no assignment: "), run::toString);
    assertEquals("", run.out);
  }

  @Test
  void aUaiGridAnswersEnumerationsOptimumByEitherMethod() throws Exception {
    for (long seed = 1; seed <= 3; seed++) {
      Path file = Files.writeString(dir.resolve("grid" + seed + ".uai"), grid(new Random(seed), 4));
      Model m = UaiFormat.read(file).model();
      int[] best = new int[m.variableCount()];
      assertTrue(new ReferenceEnumeration(m).mostProbable(best));
      double optimum = MostProbable.log10Weight(m, best);
      for (String[] how : new String[][] {{}, {"--driver", "exact"}}) {
        String[] args = new String[4 + how.length];
        args[0] = "run";
        args[1] = file.toString();
        System.arraycopy(how, 0, args, 2, how.length);
        args[2 + how.length] = "--cache-dir";
        args[3 + how.length] = cache();
        CliRun run = CliRun.of(args);
        assertEquals(0, run.exitCode, run::toString);
        assertTrue(run.out.split("\n")[0].contains("proven optimal"), run::toString);
        assertEquals(optimum, MostProbable.log10Weight(m, values(run)), 1e-9, run::toString);
      }
    }
  }

  @Test
  void aGridPastEliminationsLimitsIsProvenByBranchAndBound() throws Exception {
    // A 30 x 30 ferromagnet: each edge weighs 2 when its ends agree, 1 else. No assignment beats
    // every edge at its largest weight, 2^1740, which the agreeing ones reach: the optimum.
    int side = 30;
    StringBuilder sb =
        new StringBuilder("MARKOV\n" + side * side + "\n" + "2 ".repeat(side * side).trim() + "\n");
    StringBuilder scopes = new StringBuilder();
    int count = 0;
    for (int v = 0; v < side * side; v++) {
      for (int w :
          new int[] {v % side + 1 < side ? v + 1 : -1, v + side < side * side ? v + side : -1}) {
        if (w >= 0) {
          scopes.append("2 ").append(v).append(' ').append(w).append('\n');
          count++;
        }
      }
    }
    sb.append(count).append('\n').append(scopes).append("\n4\n2 1 1 2\n".repeat(count));
    Path file = Files.writeString(dir.resolve("ferro.uai"), sb.toString());
    double optimum = count * Math.log10(2);
    CliRun task = CliRun.of("run", file.toString(), "--task", "MPE", "--cache-dir", cache());
    assertEquals(0, task.exitCode, task::toString);
    assertTrue(
        task.err.contains(
            "MPE by branch and bound (the model is past elimination's limits): proven optimal"),
        task::toString);
    Model m = UaiFormat.read(file).model();
    String[] mpe = task.out.split("\n")[1].trim().split(" ");
    int[] values = new int[m.variableCount()];
    for (int i = 0; i < values.length; i++) {
      values[i] = Integer.parseInt(mpe[i + 1]);
    }
    assertEquals(optimum, MostProbable.log10Weight(m, values), 1e-9);
    CliRun run = CliRun.of("run", file.toString(), "--cache-dir", cache());
    assertEquals(0, run.exitCode, run::toString);
    assertTrue(
        run.out.startsWith(
            "method: most probable assignment by branch and bound (proven optimal, "),
        run::toString);
    assertEquals(optimum, MostProbable.log10Weight(m, values(run)), 1e-9);
  }

  /**
   * A MARKOV network on an n x n grid of binary variables: a prior on each and a table on each
   * edge.
   */
  private static String grid(Random r, int n) {
    StringBuilder scopes = new StringBuilder();
    StringBuilder tables = new StringBuilder();
    int count = 0;
    for (int v = 0; v < n * n; v++) {
      scopes.append("1 ").append(v).append('\n');
      tables.append("\n2\n").append(weight(r)).append(' ').append(weight(r)).append('\n');
      count++;
      for (int u : new int[] {v % n + 1 < n ? v + 1 : -1, v + n < n * n ? v + n : -1}) {
        if (u >= 0) {
          scopes.append("2 ").append(v).append(' ').append(u).append('\n');
          tables
              .append("\n4\n")
              .append(weight(r))
              .append(' ')
              .append(weight(r))
              .append(' ')
              .append(weight(r))
              .append(' ')
              .append(weight(r))
              .append('\n');
          count++;
        }
      }
    }
    return "MARKOV\n"
        + n * n
        + "\n"
        + "2 ".repeat(n * n).trim()
        + "\n"
        + count
        + "\n"
        + scopes
        + tables;
  }

  private static String weight(Random r) {
    return String.format(Locale.ROOT, "%.4f", 0.1 + 3 * r.nextDouble());
  }
}
