package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.algorithms.Algorithms;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Domain;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import fgc.plan.EliminationPlan;
import fgc.plan.EliminationPlanner;
import fgc.plan.NoSolutionException;
import fgc.plan.PlanException;
import fgc.solver.GeneratedAlgorithm;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Exact inference by elimination: marginals, log Z and the most probable assignment against
 * enumeration on seeded random models, the textbook answers of two small networks, a grid and a
 * long chain against closed forms that need no enumeration, and the planner's refusals.
 */
class EliminationTest {
  private static final double TOLERANCE = 1e-12;
  private static final AlgorithmSpec ELIMINATION = AlgorithmSpec.named("elimination");

  @Test
  void theUmbrellaChainGivesTheEnumeratedMarginals() throws Exception {
    DataSet data = DataSet.example("umbrella");
    Model model = FgcLanguage.bundled("chain", Map.of(), data);
    GeneratedAlgorithm exact = compiled(model);
    int[] seen = FgcLanguage.evidence(model, data).values();
    for (int i = 0; i < seen.length; i++) {
      if (seen[i] != Evidence.NONE) {
        exact.setObserved(i, seen[i]);
      }
    }
    assertEquals(0.0, exact.update(1));
    double[] expected = {0.8638, 0.8066, 0.2316, 0.5320, 0.8613, 0.8777};
    for (int t = 0; t < 6; t++) {
      double[] m = new double[2];
      exact.marginal(model.array("weather").at(t), m);
      assertEquals(expected[t], m[1], 5e-5, "P(rain on day " + t + ")");
    }
    assertTrue(exact.exact());
    assertFalse(exact.contradiction());
  }

  @Test
  void theSprinklerNetworkAsFourConditionalTablesGivesTheTextbookPosteriors() throws Exception {
    // Murphy's network: cloudy -> sprinkler, cloudy -> rain, (sprinkler, rain) -> wet grass. Its
    // graph has a cycle, where loopy BP gives 0.7841 for P(rain | wet).
    Model model =
        FgcLanguage.parse(
            "sprinkler.fg",
            String.join(
                "\n",
                "model sprinkler;",
                "var cloudy in 0..1; var sprinkler in 0..1; var rain in 0..1; var wet in 0..1;",
                "observe wet;",
                "prior(cloudy) = [0.5, 0.5];",
                "table(cloudy, sprinkler) = [0.5, 0.5, 0.9, 0.1];",
                "table(cloudy, rain) = [0.8, 0.2, 0.2, 0.8];",
                "table(sprinkler, rain, wet) = [1.0, 0.0, 0.1, 0.9, 0.1, 0.9, 0.01, 0.99];",
                ""),
            Map.of());
    GeneratedAlgorithm exact = compiled(model);
    exact.setObserved(model.array("wet").at(), 1);
    double[] m = new double[2];
    exact.marginal(model.array("rain").at(), m);
    assertEquals(0.7079, m[1], 5e-5, "P(rain | wet)");
    exact.marginal(model.array("sprinkler").at(), m);
    assertEquals(0.4298, m[1], 5e-5, "P(sprinkler | wet)");
    // P(wet) = 0.6471: log Z with the evidence is its log, since the tables are normalised CPTs.
    assertEquals(Math.log(0.6471), exact.logPartition(), 1e-4);
    GeneratedAlgorithm reference = Algorithms.of(ELIMINATION).reference(model, ELIMINATION);
    reference.setObserved(model.array("wet").at(), 1);
    assertSameAnswers(model, exact, reference);
  }

  @Test
  void weightsNearTheLargestDoubleKeepLogZ() throws Exception {
    // Each factor's weights are scaled by a power of two before their product is formed (1e308
    // three times would be infinite); log Z gets the powers back.
    Model huge =
        FgcLanguage.parse(
            "t.fg",
            "model w; var w[2] in 0..1;\n"
                + "prior(w[0]) = [1e308, 1e308]; prior(w[0]) = [1e308, 1e308];"
                + " prior(w[0]) = [1e308, 1e308];\n"
                + "prior(w[1]) = [1e308, 3e307];"
                + " table(w[0], w[1]) = [1.7e308, 1e308, 1e308, 1.7e308];\n",
            java.util.Map.of());
    GeneratedAlgorithm exact = compiled(huge);
    // Z = 1e308^3 (both w0 values weigh the same) x 1e308 x 1e308 x (1.7 + 1 x 0.3 + 1 + 1.7 x 0.3)
    // = 1e1540 x 3.51.
    assertEquals(1540 * Math.log(10) + Math.log(3.51), exact.logPartition(), 1e-9);
    double[] m = new double[2];
    exact.marginal(0, m);
    assertEquals(20 / 35.1, m[0], 1e-12);
  }

  @Test
  void weightsFarBelowTheirFactorsLargestAreComputedAsGiven() throws Exception {
    // 1e-160 and 1e-170 beside 1 are normal doubles: once scaled they must keep their own values,
    // not be raised to a common floor that makes the third value the likelier.
    Model tiny =
        FgcLanguage.parse(
            "t.fg",
            "model w; var x in 0..2;\n"
                + "prior(x) = [1, 1e-160, 1e-170]; prior(x) = [0, 1, 1.05];\n",
            Map.of());
    GeneratedAlgorithm exact = compiled(tiny);
    double[] m = new double[3];
    exact.marginal(0, m);
    assertEquals(0.0, m[0]);
    assertEquals(1.0, m[1], 1e-9);
    assertEquals(1.05e-10, m[2], 1e-19);
    assertEquals(Math.log(1e-160 + 1.05e-170), exact.logPartition(), 1e-9);
    int[] best = new int[1];
    assertTrue(exact.mostProbable(best));
    assertEquals(1, best[0]);
    // 1e-300 beside 1e300 is beyond what doubles hold beside each other once scaled: computed in
    // log space, as given.
    Model beyond =
        FgcLanguage.parse(
            "t.fg",
            "model w; var x in 0..1;\n" + "prior(x) = [1e300, 1e-300]; prior(x) = [0, 1];\n",
            Map.of());
    GeneratedAlgorithm logs = compiled(beyond);
    logs.marginal(0, m = new double[2]);
    assertArrayEquals(new double[] {0.0, 1.0}, m, 0.0);
    assertEquals(-300 * Math.log(10), logs.logPartition(), 1e-9);
    assertTrue(logs.mostProbable(best));
    assertEquals(1, best[0]);
  }

  @Test
  void productsOfTablesThatLeaveTheRangeOfDoublesAreComputedInLogSpace() throws Exception {
    // Each prior is 1 on one value and 1e-200 on the others: every product of the three is
    // 1e-400 at each value, below the smallest double, so the answer (uniform, log Z = ln 3e-400)
    // is found only by adding logarithms.
    String priors =
        "prior(x) = [1, 1e-200, 1e-200]; prior(x) = [1e-200, 1, 1e-200];"
            + " prior(x) = [1e-200, 1e-200, 1];\n";
    Model one = FgcLanguage.parse("t.fg", "model w; var x in 0..2;\n" + priors, Map.of());
    GeneratedAlgorithm exact = compiled(one);
    double[] m = new double[3];
    exact.marginal(0, m);
    assertArrayEquals(new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0}, m, 1e-12);
    assertEquals(Math.log(3) - 400 * Math.log(10), exact.logPartition(), 1e-9);
    // The same through messages: y's three tables multiply in y's own step, x's message carries
    // 1e-400 x (a near tie) into a step where a 1e-300 against 1 decides; and with evidence.
    Model chain =
        FgcLanguage.parse(
            "t.fg",
            "model w; var x in 0..1; var y in 0..1; var z in 0..1;\n"
                + "prior(y) = [1, 1e-200]; prior(y) = [1e-200, 1]; prior(y) = [1e-200, 1e-200];\n"
                + "table(x, y) = [1, 1e-250, 1e-250, 1]; table(y, z) = [1, 1e-300, 1e-300, 1];\n"
                + "prior(z) = [1, 1e-100];\n",
            Map.of());
    GeneratedAlgorithm generated = compiled(chain);
    double[][] truth = logSpaceEnumeration(chain, new Integer[3]);
    assertAgrees(chain, generated, truth);
    generated.setObserved(2, 1);
    Integer[] observed = {null, null, 1};
    assertAgrees(chain, generated, logSpaceEnumeration(chain, observed));
    // Weights no power of two brings into range side by side are kept as given; their products
    // overflow (1e300 x 1e300) as well as underflow.
    Model wide =
        FgcLanguage.parse(
            "t.fg",
            "model w; var x in 0..2;\n"
                + "prior(x) = [1e300, 1e-300, 1]; prior(x) = [1e300, 1e-10, 1e-300];"
                + " prior(x) = [1e-300, 1e300, 1e300];\n",
            Map.of());
    assertAgrees(wide, compiled(wide), logSpaceEnumeration(wide, new Integer[1]));
  }

  /**
   * Marginals (rows 0 .. n-1), then {log Z}, then the most probable assignment's log weight, of
   * {@code model} under {@code observed}, by enumerating in log space (exact for any doubles).
   */
  static double[][] logSpaceEnumeration(Model model, Integer[] observed) {
    int n = model.variableCount();
    int[] values = new int[n];
    double[][] marginalLogs = new double[n][];
    for (int i = 0; i < n; i++) {
      marginalLogs[i] = new double[model.domainOf(i).size()];
      Arrays.fill(marginalLogs[i], Double.NEGATIVE_INFINITY);
      values[i] = model.domainOf(i).lo();
    }
    double logZ = Double.NEGATIVE_INFINITY;
    double best = Double.NEGATIVE_INFINITY;
    while (true) {
      boolean allowed = true;
      for (int i = 0; i < n; i++) {
        allowed &= observed[i] == null || observed[i] == values[i];
      }
      if (allowed) {
        double lw = 0;
        for (fgc.model.Factor f : model.factors()) {
          lw += Math.log(f.potential(Arrays.stream(f.scope()).map(v -> values[v]).toArray()));
        }
        logZ = logAdd(logZ, lw);
        best = Math.max(best, lw);
        for (int i = 0; i < n; i++) {
          int d = values[i] - model.domainOf(i).lo();
          marginalLogs[i][d] = logAdd(marginalLogs[i][d], lw);
        }
      }
      int i = n - 1;
      for (; i >= 0; i--) {
        if (++values[i] <= model.domainOf(i).hi()) {
          break;
        }
        values[i] = model.domainOf(i).lo();
      }
      if (i < 0) {
        break;
      }
    }
    double[][] out = new double[n + 2][];
    for (int i = 0; i < n; i++) {
      out[i] = new double[marginalLogs[i].length];
      for (int d = 0; d < out[i].length; d++) {
        out[i][d] = logZ == Double.NEGATIVE_INFINITY ? 0.0 : Math.exp(marginalLogs[i][d] - logZ);
      }
    }
    out[n] = new double[] {logZ};
    out[n + 1] = new double[] {best};
    return out;
  }

  private static double logAdd(double a, double b) {
    if (a == Double.NEGATIVE_INFINITY) {
      return b;
    }
    if (b == Double.NEGATIVE_INFINITY) {
      return a;
    }
    return Math.max(a, b) + Math.log1p(Math.exp(-Math.abs(a - b)));
  }

  /**
   * {@code g}'s marginals, log Z and most probable assignment are those of {@link
   * #logSpaceEnumeration}.
   */
  static void assertAgrees(Model model, GeneratedAlgorithm g, double[][] truth) {
    int n = model.variableCount();
    double logZ = truth[n][0];
    if (logZ == Double.NEGATIVE_INFINITY) {
      assertEquals(logZ, g.logPartition(), "log Z of evidence of probability zero");
      assertFalse(g.mostProbable(new int[n]), "no most probable assignment");
      return;
    }
    assertEquals(logZ, g.logPartition(), 1e-9 * Math.max(1, Math.abs(logZ)), "log Z");
    for (int i = 0; i < n; i++) {
      double[] m = new double[g.domainSize(i)];
      g.marginal(i, m);
      assertArrayEquals(truth[i], m, 1e-9, "marginal of " + model.variableName(i));
    }
    int[] best = new int[n];
    assertTrue(g.mostProbable(best), "a most probable assignment");
    double lw = 0;
    for (fgc.model.Factor f : model.factors()) {
      lw += Math.log(f.potential(Arrays.stream(f.scope()).map(v -> best[v]).toArray()));
    }
    assertEquals(
        truth[n + 1][0],
        lw,
        1e-9 * Math.max(1, Math.abs(lw)),
        "the assignment's log weight is the largest");
  }

  @Test
  void seededRandomTreesAndLoopyGraphsAgreeWithEnumeration() throws Exception {
    Random random = new Random(20240611L);
    int contradictions = 0;
    int ties = 0;
    int shared = 0;
    int refused = 0;
    for (int k = 0; k < 48; k++) {
      Model model = randomModel(random, k, k % 2 == 0);
      GeneratedAlgorithm reference = Algorithms.of(ELIMINATION).reference(model, ELIMINATION);
      if (refusedAsContradictory(model, reference)) {
        refused++;
        continue;
      }
      shared += EliminationPlanner.plan(model).combineLength() > 0 ? 1 : 0;
      GeneratedAlgorithm generated = compiled(model);
      for (int trial = 0; trial < 4; trial++) {
        generated.clearAllObserved();
        reference.clearAllObserved();
        for (int i = 0; i < model.variableCount(); i++) {
          if (random.nextInt(4) == 0) {
            Domain d = model.domainOf(i);
            int value = d.lo() + random.nextInt(d.size());
            generated.setObserved(i, value);
            reference.setObserved(i, value);
          }
        }
        if (trial == 1 || trial == 2) {
          // The max pass on its own, before the back pass (trial 1: after the sum pass alone): the
          // marginals read afterwards must not see its messages.
          if (trial == 1) {
            generated.logPartition();
          }
          int[] ga = new int[model.variableCount()];
          int[] ra = new int[model.variableCount()];
          boolean found = reference.mostProbable(ra);
          assertEquals(
              found, generated.mostProbable(ga), "a most probable assignment exists, asked first");
          if (found) {
            assertArrayEquals(ra, ga, "most probable assignment, asked first");
          }
        } else {
          generated.update(1);
          reference.update(1);
        }
        assertSameAnswers(model, generated, reference);
        contradictions += reference.contradiction() ? 1 : 0;
        ties += hasTiedOptimum(model, reference) ? 1 : 0;
      }
    }
    // The seeds reach both cases the tests are about: evidence of probability zero, and optima that
    // tie.
    assertTrue(
        contradictions > 0 && contradictions < 100,
        "contradictory evidence sets: " + contradictions);
    assertTrue(ties > 0, "evidence sets with tied most probable assignments: " + ties);
    assertTrue(
        shared > 0,
        "models with children sharing a separator (their messages multiplied first): " + shared);
    assertTrue(refused < 12, "models the planner proves have no solution: " + refused);
  }

  @Test
  void seededRandomModelsWithZerosBesideTinyWeightsAgreeWithLogSpaceEnumeration() throws Exception {
    // A 0 in a product is either a table's 0 or non-zero entries that underflowed: only the second
    // sends the pass to log space (EliminationKernelsTest has the kernel's own case).
    Random random = new Random(20261207L);
    int checked = 0;
    for (int k = 0; k < 24; k++) {
      Model model = randomModel(random, k, k % 2 == 0, true);
      GeneratedAlgorithm reference = Algorithms.of(ELIMINATION).reference(model, ELIMINATION);
      if (refusedAsContradictory(model, reference)) {
        continue;
      }
      GeneratedAlgorithm generated = compiled(model);
      for (int trial = 0; trial < 3; trial++) {
        generated.clearAllObserved();
        Integer[] observed = new Integer[model.variableCount()];
        for (int i = 0; i < observed.length; i++) {
          if (trial > 0 && random.nextInt(4) == 0) {
            Domain d = model.domainOf(i);
            observed[i] = d.lo() + random.nextInt(d.size());
            generated.setObserved(i, observed[i]);
          }
        }
        assertAgrees(model, generated, logSpaceEnumeration(model, observed));
        checked++;
      }
    }
    assertTrue(checked >= 54, "evidence sets checked: " + checked);
  }

  /**
   * Whether the planner refuses {@code model} as having no solution, as it does for every
   * algorithm; when it does, enumeration must find probability zero without evidence.
   */
  static boolean refusedAsContradictory(Model model, GeneratedAlgorithm reference) {
    try {
      EliminationPlanner.plan(model);
      return false;
    } catch (NoSolutionException e) {
      reference.clearAllObserved();
      assertEquals(
          Double.NEGATIVE_INFINITY,
          reference.logPartition(),
          model.name() + " refused, yet enumeration finds Z > 0: " + e.getMessage());
      return true;
    }
  }

  @Test
  void aTenByTenIsingGridHasTheTransferMatrixLogZAndMarginals() throws Exception {
    int side = 10;
    Random random = new Random(7L);
    ModelBuilder b = Model.builder("ising");
    VariableArray s = b.variables("s", Domain.range(0, 1), side, side);
    double[][] field = new double[side][side];
    double[][] right = new double[side][side];
    double[][] below = new double[side][side];
    for (int r = 0; r < side; r++) {
      for (int c = 0; c < side; c++) {
        field[r][c] = random.nextGaussian() * 0.3;
        b.prior(s.at(r, c), new double[] {Math.exp(-field[r][c]), Math.exp(field[r][c])});
        if (c + 1 < side) {
          right[r][c] = 0.2 + random.nextDouble();
          b.table(new int[] {s.at(r, c), s.at(r, c + 1)}, coupling(right[r][c]));
        }
        if (r + 1 < side) {
          below[r][c] = 0.2 + random.nextDouble();
          b.table(new int[] {s.at(r, c), s.at(r + 1, c)}, coupling(below[r][c]));
        }
      }
    }
    Model model = b.build();
    EliminationPlan plan = EliminationPlanner.plan(model);
    assertTrue(
        plan.width() >= side && plan.width() <= side + 4,
        "treewidth 10, min-fill finds " + plan.width());
    GeneratedAlgorithm exact = compiled(model);
    exact.update(1);
    TransferMatrix tm = new TransferMatrix(side, field, right, below);
    // log Z is about 150 here: a product of 280 factors that plain doubles would still hold, but
    // only because the weights are near 1; the rescaled passes do not depend on that.
    assertEquals(tm.logZ, exact.logPartition(), 1e-12 * Math.abs(tm.logZ));
    double[] m = new double[2];
    for (int r = 0; r < side; r++) {
      for (int c = 0; c < side; c++) {
        exact.marginal(s.at(r, c), m);
        assertEquals(tm.up[r][c], m[1], 1e-12, "P(s[" + r + "][" + c + "] = 1)");
      }
    }
  }

  @Test
  void aLongChainOfSmallWeightsNeitherUnderflowsNorLosesLogZ() throws Exception {
    // Z is about e^-20000: far below the smallest double, yet log Z is exact to rounding.
    int n = 3000;
    ModelBuilder b = Model.builder("long_chain");
    VariableArray x = b.variables("x", Domain.range(0, 2), n);
    double[] table = {1e-3, 2e-3, 5e-4, 3e-3, 1e-3, 2e-4, 7e-4, 1e-4, 2e-3};
    for (int t = 0; t + 1 < n; t++) {
      b.table(new int[] {x.at(t), x.at(t + 1)}, table);
    }
    Model model = b.observe("x").build();
    GeneratedAlgorithm exact = compiled(model);
    exact.setObserved(x.at(n / 2), 1);
    // Forward recursion, normalised at every step, its logs summed.
    double[] alpha = {1, 1, 1};
    double log = 0;
    for (int t = 1; t < n; t++) {
      double[] next = new double[3];
      for (int u = 0; u < 3; u++) {
        for (int v = 0; v < 3; v++) {
          next[v] += alpha[u] * table[u * 3 + v] * (t == n / 2 && v != 1 ? 0.0 : 1.0);
        }
      }
      double sum = next[0] + next[1] + next[2];
      log += Math.log(sum);
      for (int v = 0; v < 3; v++) {
        next[v] /= sum;
      }
      alpha = next;
    }
    assertTrue(log < -15000, "log Z " + log);
    assertEquals(log, exact.logPartition(), 1e-12 * Math.abs(log));
    double[] m = new double[3];
    exact.marginal(x.at(n - 1), m);
    assertArrayEquals(alpha, m, 1e-12);
    exact.marginal(x.at(n / 2), m);
    assertArrayEquals(new double[] {0, 1, 0}, m, 0.0);
  }

  @Test
  void newEvidenceNeedsNoRecompileAndEveryReaderSeesIt() throws Exception {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    GeneratedAlgorithm exact = compiled(model);
    GeneratedAlgorithm reference = Algorithms.of(ELIMINATION).reference(model, ELIMINATION);
    double[] m = new double[4];
    exact.marginal(0, m);
    assertArrayEquals(
        new double[] {0.25, 0.25, 0.25, 0.25},
        m,
        1e-15,
        "before any update: the answer without evidence");
    assertEquals(Math.log(288), exact.logPartition(), 1e-12, "4x4 Sudoku has 288 grids");
    for (String givens :
        new String[] {"1...........4..3", "12..34..........", "1..1............", ""}) {
      exact.clearAllObserved();
      reference.clearAllObserved();
      TestModels.observe(exact, givens);
      TestModels.observe(reference, givens);
      assertSameAnswers(model, exact, reference);
    }
    int[] grid = new int[16];
    exact.clearAllObserved();
    TestModels.observe(exact, "1..1");
    assertFalse(exact.mostProbable(grid), "two 1s in a row: no assignment");
    assertTrue(exact.contradiction());
    assertEquals(Double.NEGATIVE_INFINITY, exact.logPartition());
  }

  @Test
  void aModelPastTheCliqueLimitIsRefusedWithItsWidthAndSize() {
    PlanException e =
        assertThrows(PlanException.class, () -> ModelCompiler.compile(grid(40), ELIMINATION));
    assertTrue(
        e.getMessage()
            .matches(
                ".*needs a clique table of at least \\d+ entries"
                    + " \\(elimination width at least \\d+.*"),
        e.getMessage());
    assertTrue(e.getMessage().contains("16777216 (2^24)"), e.getMessage());
    // A lower limit refuses a small grid the same way; the default takes it.
    Model grid = grid(6);
    PlanException small =
        assertThrows(PlanException.class, () -> EliminationPlanner.plan(grid, 32));
    assertTrue(small.getMessage().contains("the limit is 32 (2^5) entries"), small.getMessage());
    int width = EliminationPlanner.plan(grid).width();
    assertTrue(width >= 6 && width <= 7, "a 6x6 grid has treewidth 6; min-fill found " + width);
  }

  @Test
  void aFactorWhoseTableAloneIsTooLargeIsNamed() {
    ModelBuilder b = Model.builder("big_cage");
    VariableArray x = b.variables("x", Domain.range(1, 9), 9);
    int[] all = new int[9];
    for (int i = 0; i < 9; i++) {
      all[i] = x.at(i);
    }
    b.sum(45, all);
    PlanException e = assertThrows(PlanException.class, () -> EliminationPlanner.plan(b.build()));
    assertTrue(
        e.getMessage()
            .contains(
                "factor 0 (sum over x[0], x[1], x[2], x[3], ... (9 variables))"
                    + " would need 387420489 entries"),
        e.getMessage());
  }

  @Test
  void tablesAndMessagesPastTheMemoryLimitAreRefusedBeforeAnythingIsAllocated() {
    // Sums over sliding windows of 22 binary variables: every clique fits, their tables together do
    // not.
    ModelBuilder b = Model.builder("windows");
    VariableArray x = b.variables("x", Domain.range(0, 1), 40);
    for (int start = 0; start + 22 <= 40; start++) {
      int[] scope = new int[22];
      for (int k = 0; k < 22; k++) {
        scope[k] = x.at(start + k);
      }
      b.sum(11, scope);
    }
    PlanException e = assertThrows(PlanException.class, () -> EliminationPlanner.plan(b.build()));
    assertTrue(
        e.getMessage().contains("would keep more than 67108864 (2^26) table and message entries"),
        e.getMessage());
  }

  @Test
  void theOrderIsMinFillWithTiesToTheFewestNeighboursThenTheLowestIndex() {
    // A star's leaves add no fill and have one neighbour, the centre (variable 2) many: leaves go
    // first, lowest index first. On a 4-cycle with a pendant, the pendant (no fill) goes first.
    ModelBuilder star = Model.builder("star");
    VariableArray s = star.variables("s", Domain.range(0, 1), 5);
    for (int leaf : new int[] {4, 0, 3, 1}) {
      star.table(new int[] {s.at(2), s.at(leaf)}, new double[] {1, 2, 3, 4});
    }
    assertArrayEquals(
        new int[] {0, 1, 3, 2, 4},
        EliminationPlanner.minFillOrder(star.build()),
        "with one leaf left, centre and leaf tie (no fill, one neighbour):"
            + " the lower index goes first");
    ModelBuilder cycle = Model.builder("cycle");
    VariableArray c = cycle.variables("c", Domain.range(0, 1), 5);
    for (int k = 0; k < 4; k++) {
      cycle.table(new int[] {c.at(k), c.at((k + 1) % 4)}, new double[] {1, 2, 3, 4});
    }
    cycle.table(new int[] {c.at(2), c.at(4)}, new double[] {1, 2, 3, 4});
    int[] order = EliminationPlanner.minFillOrder(cycle.build());
    assertEquals(4, order[0]);
    assertEquals(
        0,
        order[1],
        "then each cycle vertex adds one fill edge; the lowest of those with two neighbours");
    // The plan keeps min-fill where no other order is cheaper, and takes the variables' own order
    // where that is the only one that fits.
    assertArrayEquals(
        EliminationPlanner.minFillOrder(star.build()),
        EliminationPlanner.plan(star.build()).order());
    assertArrayEquals(order, EliminationPlanner.plan(cycle.build()).order());
    assertEquals("min-fill", EliminationPlanner.plan(cycle.build()).orderSource());
    // A 10 by 10 grid: min-fill's width 13 costs 65,886 entries, fewer than row by row's 10 (about
    // 200,000), and min-fill with random ties fewer still. At 16 by 16 with cliques of 2^17 entries
    // at most, no greedy order fits (min-fill's width is 22) and row by row (width 16) does.
    EliminationPlan ten = EliminationPlanner.plan(grid(10));
    assertEquals(
        65886,
        EliminationPlannerTest.cliqueEntries(grid(10), EliminationPlanner.minFillOrder(grid(10))));
    assertTrue(ten.cliqueEntries() < 65886, ten.orderSource() + ": " + ten.cliqueEntries());
    EliminationPlan rowByRow = EliminationPlanner.plan(grid(16), 1L << 17);
    assertEquals(16, rowByRow.width());
    assertEquals("the variables' own order", rowByRow.orderSource());
    assertArrayEquals(java.util.stream.IntStream.range(0, 256).toArray(), rowByRow.order());
  }

  @Test
  void theClassFitsTheJitTouchesNoCollectionAndDoesNotGrowWithTheModel() throws Exception {
    // The program is data: a chain, a 10 by 10 grid, 4x4 Sudoku and a killer cage model get the
    // same methods, each far under HotSpot's 8000-byte limit, and byte-identical classes twice
    // over.
    java.util.Set<String> first = null;
    for (Model model :
        new Model[] {
          FgcLanguage.bundled("chain", Map.of(), DataSet.example("umbrella")),
          grid(10),
          FgcLanguage.bundled("sudoku", Map.of("n", 2L)),
          FgcLanguage.bundled("killer", Map.of(), DataSet.example("killer-4x4"))
        }) {
      CompiledSolver compiled = ModelCompiler.compile(model, ELIMINATION);
      assertEquals(1, compiled.classes().size(), compiled.classes().keySet().toString());
      byte[] bytes = compiled.classes().get(compiled.className());
      assertArrayEquals(
          bytes, ModelCompiler.compile(model, ELIMINATION).classes().get(compiled.className()));
      ClassFileFacts facts = ClassFileFacts.read(bytes);
      facts.codeBytesByMethod.forEach(
          (method, size) -> assertTrue(size < 8000, method + " has " + size + " bytes"));
      for (String ref : facts.memberReferences) {
        assertFalse(
            ref.matches("java/lang/(Integer|Double|Long|Boolean)\\.valueOf.*"), "boxing: " + ref);
        assertFalse(
            ref.startsWith("java/util/") && !ref.startsWith("java/util/Arrays."),
            "collection use: " + ref);
      }
      java.util.Set<String> methods = new java.util.TreeSet<>();
      for (Map.Entry<String, Integer> m : facts.codeBytesByMethod.entrySet()) {
        methods.add(m.getKey().replace(compiled.className().replace('.', '/'), "C"));
        assertTrue(
            m.getKey().startsWith("<clinit>") || m.getValue() < 400,
            m.getKey() + " has " + m.getValue() + " bytes");
      }
      if (first == null) {
        first = methods;
      } else {
        assertEquals(
            first,
            methods,
            "the same methods for every model, all small: the program is in the tables");
      }
    }
  }

  @Test
  void aJvmAllowedLessThanTheMessagesNeedIsToldSoWhenTheClassIsInstantiated(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    // A 16 by 16 grid keeps 10 million message entries (150 MB in two arrays); a JVM of 64 MB
    // refuses it by name.
    CompiledSolver compiled = ModelCompiler.compile(grid(16), ELIMINATION);
    for (Map.Entry<String, byte[]> c : compiled.classes().entrySet()) {
      java.nio.file.Path file = dir.resolve(c.getKey().replace('.', '/') + ".class");
      java.nio.file.Files.createDirectories(file.getParent());
      java.nio.file.Files.write(file, c.getValue());
    }
    String launcher =
        java.nio.file.Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                launcher,
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path") + java.io.File.pathSeparator + dir,
                Instantiate.class.getName(),
                compiled.className())
            .redirectErrorStream(true)
            .start();
    String out =
        new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
    assertTrue(
        out.matches(
            "(?s)IllegalStateException: exact inference of model grid"
                + " keeps 1\\d\\d MB of messages per instance; "
                + "this JVM may use \\d+ MB \\(raise -Xmx\\).*"),
        out);
  }

  /** Run in a child JVM: instantiates the class named by the argument and prints what it throws. */
  static final class Instantiate {
    public static void main(String[] args) throws Exception {
      try {
        Class.forName(args[0]).getDeclaredConstructor().newInstance();
        System.out.println("instantiated");
      } catch (java.lang.reflect.InvocationTargetException e) {
        System.out.println(
            e.getCause().getClass().getSimpleName() + ": " + e.getCause().getMessage());
      }
    }
  }

  // ---- helpers ----

  private static double[] coupling(double j) {
    return new double[] {Math.exp(j), Math.exp(-j), Math.exp(-j), Math.exp(j)};
  }

  static Model grid(int side) {
    ModelBuilder b = Model.builder("grid");
    VariableArray g = b.variables("g", Domain.range(0, 1), side, side);
    for (int r = 0; r < side; r++) {
      for (int c = 0; c < side; c++) {
        if (c + 1 < side) {
          b.table(new int[] {g.at(r, c), g.at(r, c + 1)}, new double[] {2, 1, 1, 2});
        }
        if (r + 1 < side) {
          b.table(new int[] {g.at(r, c), g.at(r + 1, c)}, new double[] {2, 1, 1, 2});
        }
      }
    }
    return b.observe("g").build();
  }

  static GeneratedAlgorithm compiled(Model model) throws Exception {
    return DifferentialTest.instantiate(ModelCompiler.compile(model, ELIMINATION));
  }

  /**
   * A random model of 2 to 12 variables of 2 to 4 values (lowest values -1, 0 or 1): a random tree
   * of pairwise tables, and when {@code loopy} extra pairs and triples closing cycles; priors, and
   * now and then an eq, neq, alldiff or sum. Weights are small integers (exact products: optima
   * tie) or random reals, with zeros. At most 2^16 joint assignments.
   */
  static Model randomModel(Random random, int index, boolean loopy) {
    return randomModel(random, index, loopy, false);
  }

  /**
   * {@link #randomModel(Random, int, boolean)}, with {@code edge}: domains of 3 to 6 values, and
   * weights of every magnitude down to 1e-320 beside zeros, so that products of non-zero entries
   * reach the edge of the doubles and beyond it as often as entries are 0.
   */
  static Model randomModel(Random random, int index, boolean loopy, boolean edge) {
    int n = 2 + random.nextInt(11);
    ModelBuilder b = Model.builder("random" + index);
    int[] vars = new int[n];
    Domain[] domains = new Domain[n];
    long joint = 1;
    for (int i = 0; i < n; i++) {
      // With edge weights, larger domains: cliques past the kernels' block of 64 entries, so that
      // products are also taken at outer levels.
      int size = edge ? 3 + random.nextInt(4) : 2 + random.nextInt(3);
      if (joint * size > (1 << 16)) {
        size = 2;
      }
      joint *= size;
      int lo = random.nextInt(3) - 1;
      domains[i] = Domain.range(lo, lo + size - 1);
      vars[i] = b.variables("x" + i, domains[i]).at();
      b.observe("x" + i);
    }
    boolean integers = random.nextBoolean();
    List<int[]> scopes = new ArrayList<>();
    for (int i = 1; i < n; i++) {
      scopes.add(new int[] {random.nextInt(i), i});
    }
    if (loopy) {
      for (int extra = 0; extra < 1 + n / 3; extra++) {
        int a = random.nextInt(n);
        int c = random.nextInt(n);
        int d = random.nextInt(n);
        if (a != c && c != d && a != d) {
          scopes.add(extra % 2 == 0 ? new int[] {a, c} : new int[] {a, c, d});
        }
      }
    }
    for (int[] scope : scopes) {
      int entries = 1;
      int[] flat = new int[scope.length];
      for (int k = 0; k < scope.length; k++) {
        entries *= domains[scope[k]].size();
        flat[k] = vars[scope[k]];
      }
      b.table(flat, edge ? edgeWeights(random, entries) : weights(random, entries, integers));
    }
    for (int i = 0; i < n; i++) {
      if (random.nextInt(3) == 0) {
        b.prior(
            vars[i],
            edge
                ? edgeWeights(random, domains[i].size())
                : weights(random, domains[i].size(), integers));
      }
    }
    if (n >= 3 && random.nextInt(3) == 0) {
      switch (random.nextInt(4)) {
        case 0:
          b.eq(vars[0], vars[n - 1]);
          break;
        case 1:
          b.neq(vars[1], vars[n - 1]);
          break;
        case 2:
          b.alldiff(vars[0], vars[1], vars[2]);
          break;
        default:
          b.sum(domains[0].lo() + domains[2].lo() + 1, vars[0], vars[2]);
      }
    }
    return b.build();
  }

  /** Zeros, and reals from 1 down to about 1e-320, a few of them far down; never all zero. */
  private static double[] edgeWeights(Random random, int entries) {
    double[] w = new double[entries];
    w[random.nextInt(entries)] = 0.5 + random.nextDouble();
    for (int k = 0; k < entries; k++) {
      if (w[k] == 0.0 && random.nextInt(3) != 0) {
        int decades = random.nextInt(4) == 0 ? 100 + random.nextInt(220) : random.nextInt(20);
        w[k] = (0.1 + random.nextDouble()) * Math.pow(10, -decades);
      }
    }
    return w;
  }

  private static double[] weights(Random random, int entries, boolean integers) {
    double[] w = new double[entries];
    while (true) {
      boolean positive = false;
      for (int k = 0; k < entries; k++) {
        w[k] =
            random.nextInt(5) == 0 ? 0.0 : integers ? 1 + random.nextInt(3) : random.nextDouble();
        positive = positive || w[k] > 0;
      }
      if (positive) {
        return w;
      }
    }
  }

  /**
   * Whether some value of some variable other than the decoded one is just as probable: several
   * optima.
   */
  private static boolean hasTiedOptimum(Model model, GeneratedAlgorithm reference) {
    int[] best = new int[model.variableCount()];
    if (!reference.mostProbable(best)) {
      return false;
    }
    double top = weightOf(model, best);
    for (int i = 0; i < best.length; i++) {
      int keep = best[i];
      Domain d = model.domainOf(i);
      for (int v = d.lo(); v <= d.hi(); v++) {
        best[i] = v;
        if (v != keep && weightOf(model, best) == top && !observedAt(reference, model, i)) {
          return true;
        }
      }
      best[i] = keep;
    }
    return false;
  }

  private static boolean observedAt(GeneratedAlgorithm reference, Model model, int i) {
    double[] m = new double[model.domainOf(i).size()];
    reference.marginal(i, m);
    int nonZero = 0;
    for (double x : m) {
      nonZero += x > 0 ? 1 : 0;
    }
    return nonZero == 1;
  }

  private static double weightOf(Model model, int[] values) {
    double w = 1;
    for (fgc.model.Factor f : model.factors()) {
      w *= f.potential(Arrays.stream(f.scope()).map(v -> values[v]).toArray());
    }
    return w;
  }

  /**
   * Same contradiction, marginals (and which values are ruled out), log Z and most probable
   * assignment.
   */
  static void assertSameAnswers(Model model, GeneratedAlgorithm g, GeneratedAlgorithm r) {
    assertEquals(r.contradiction(), g.contradiction(), "contradiction");
    double lr = r.logPartition();
    double lg = g.logPartition();
    if (Double.isInfinite(lr)) {
      assertEquals(lr, lg, "log Z of contradictory evidence");
    } else {
      assertEquals(lr, lg, TOLERANCE * Math.max(1, Math.abs(lr)), "log Z");
    }
    for (int i = 0; i < model.variableCount(); i++) {
      double[] a = new double[g.domainSize(i)];
      double[] b = new double[r.domainSize(i)];
      g.marginal(i, a);
      r.marginal(i, b);
      for (int v = 0; v < a.length; v++) {
        final int variable = i;
        assertEquals(b[v], a[v], TOLERANCE, () -> "marginal of " + model.variableName(variable));
        assertEquals(
            b[v] == 0.0,
            a[v] == 0.0,
            () -> "which values of " + model.variableName(variable) + " are ruled out");
      }
    }
    int[] ga = new int[model.variableCount()];
    int[] ra = new int[model.variableCount()];
    boolean found = r.mostProbable(ra);
    assertEquals(found, g.mostProbable(ga), "a most probable assignment exists");
    if (found) {
      assertArrayEquals(ra, ga, "most probable assignment");
    }
    // The max pass keeps its messages where the back pass did: what was read before still holds.
    for (int i = 0; i < model.variableCount(); i++) {
      double[] a = new double[g.domainSize(i)];
      double[] b = new double[r.domainSize(i)];
      g.marginal(i, a);
      r.marginal(i, b);
      assertArrayEquals(b, a, TOLERANCE, "marginal after the most probable assignment");
    }
    assertEquals(lg, g.logPartition(), 0.0);
  }

  /**
   * Z and the marginals of a grid Ising model by transferring over rows (2^side states per row),
   * the couplings between two rows applied one column at a time.
   */
  private static final class TransferMatrix {
    final int side;
    final double logZ;
    final double[][] up;

    TransferMatrix(int side, double[][] field, double[][] right, double[][] below) {
      this.side = side;
      int states = 1 << side;
      double[][] rowWeight = new double[side][states];
      for (int r = 0; r < side; r++) {
        for (int s = 0; s < states; s++) {
          double e = 0;
          for (int c = 0; c < side; c++) {
            e += spin(s, c) * field[r][c];
            if (c + 1 < side) {
              e += spin(s, c) * spin(s, c + 1) * right[r][c];
            }
          }
          rowWeight[r][s] = Math.exp(e);
        }
      }
      double[][] alpha = new double[side][];
      double[][] beta = new double[side][];
      double log = 0;
      alpha[0] = rowWeight[0].clone();
      log += normalise(alpha[0]);
      for (int r = 1; r < side; r++) {
        alpha[r] = between(alpha[r - 1], below[r - 1]);
        for (int t = 0; t < states; t++) {
          alpha[r][t] *= rowWeight[r][t];
        }
        log += normalise(alpha[r]);
      }
      logZ = log;
      beta[side - 1] = new double[states];
      Arrays.fill(beta[side - 1], 1.0);
      for (int r = side - 2; r >= 0; r--) {
        double[] next = new double[states];
        for (int t = 0; t < states; t++) {
          next[t] = rowWeight[r + 1][t] * beta[r + 1][t];
        }
        beta[r] = between(next, below[r]); // the couplings are symmetric
        normalise(beta[r]);
      }
      up = new double[side][side];
      for (int r = 0; r < side; r++) {
        double total = 0;
        for (int s = 0; s < states; s++) {
          double p = alpha[r][s] * beta[r][s];
          total += p;
          for (int c = 0; c < side; c++) {
            up[r][c] += spin(s, c) > 0 ? p : 0;
          }
        }
        for (int c = 0; c < side; c++) {
          up[r][c] /= total;
        }
      }
    }

    /**
     * Column {@code c} of row state {@code s}: value 1 is spin +1, value 0 spin -1 (the last column
     * is bit 0).
     */
    private int spin(int s, int c) {
      return ((s >>> (side - 1 - c)) & 1) == 1 ? 1 : -1;
    }

    /**
     * {@code x} times the couplings between two rows, column by column: {@code sum_s x[s] prod_c
     * K_c(s_c, t_c)}.
     */
    private double[] between(double[] x, double[] couplings) {
      double[] v = x.clone();
      for (int c = 0; c < side; c++) {
        int bit = 1 << (side - 1 - c);
        double same = Math.exp(couplings[c]);
        double other = Math.exp(-couplings[c]);
        double[] next = new double[v.length];
        for (int t = 0; t < v.length; t++) {
          next[t] = v[t] * same + v[t ^ bit] * other;
        }
        v = next;
      }
      return v;
    }

    private static double normalise(double[] x) {
      double sum = 0;
      for (double v : x) {
        sum += v;
      }
      for (int k = 0; k < x.length; k++) {
        x[k] /= sum;
      }
      return Math.log(sum);
    }
  }
}
