package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.driver.Assignments;
import fgc.driver.ExactDriver;
import fgc.driver.MostProbable;
import fgc.driver.SolveEvents;
import fgc.driver.SolveResult;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.reference.ReferenceEnumeration;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The exact driver's most probable assignment (branch and bound over {@code -ln weight}) against
 * the reference enumeration's, on weighted models of the kinds users write and on random ones: the
 * same log10 weight, proven optimal, and the exact driver's solve gives such an answer too.
 */
class MostProbableTest {
  /**
   * Items of value 10..40 and weight 3..9 under capacity 20: value as weight, capacity as a
   * relation.
   */
  private static final String KNAPSACK =
      String.join(
          "\n",
          "model knapsack;",
          "data bulk; data value;",
          "var take[8] in 0..1;",
          "sum(take[i] * bulk[i] for i in 0..7) <= 20;",
          "for i in 0..7 { weight(take[i]) = exp(take[i] * value[i]); }",
          "");

  private static final String KNAPSACK_DATA =
      "bulk = [5 7 4 3 9 6 8 2];\nvalue = [12 19 10 9 27 14 21 4];\n";

  /**
   * Four jobs on one machine in slots 0..7, durations 2, 3, 1, 2, no overlap, each preferring a
   * start.
   */
  private static final String SCHEDULE =
      String.join(
          "\n",
          "model schedule;",
          "data length; data wish;",
          "var start[4] in 0..7;",
          "for i in 0..3 { start[i] + length[i] <= 8; }",
          "for i in 0..3, j in 0..3 where i < j {",
          "  start[i] + length[i] <= start[j] || start[j] + length[j] <= start[i];",
          "}",
          "for i in 0..3 { weight(start[i]) = exp(-abs(start[i] - wish[i])); }",
          "");

  private static final String SCHEDULE_DATA = "length = [2 3 1 2];\nwish = [1 2 2 5];\n";

  @Test
  void knapsackAnswerIsTheMostValuablePacking() {
    Model m = knapsack();
    MostProbable best = agreesWithEnumeration(m, none(m));
    int[] values = {12, 19, 10, 9, 27, 14, 21, 4};
    int[] sizes = {5, 7, 4, 3, 9, 6, 8, 2};
    int value = 0;
    int size = 0;
    for (int i = 0; i < 8; i++) {
      value += best.values()[i] * values[i];
      size += best.values()[i] * sizes[i];
    }
    assertTrue(size <= 20);
    // The same optimum, counted by hand over every packing.
    int optimum = 0;
    for (int mask = 0; mask < 256; mask++) {
      int v = 0;
      int s = 0;
      for (int i = 0; i < 8; i++) {
        if ((mask >> i & 1) == 1) {
          v += values[i];
          s += sizes[i];
        }
      }
      optimum = s <= 20 ? Math.max(optimum, v) : optimum;
    }
    assertEquals(optimum, value);
    assertEquals(value / Math.log(10), best.log10Weight(), 1e-9);
  }

  @Test
  void knapsackByTheExactDriverIsNotAllZeros() {
    Model m = knapsack();
    SolveResult r = ExactDriver.withDefaults().solve(null, m, none(m), SolveEvents.NONE);
    assertTrue(r.solved());
    assertEquals(reference(m, none(m)), MostProbable.log10Weight(m, r.values()), 1e-9);
    assertTrue(Arrays.stream(r.values()).sum() > 0);
  }

  @Test
  void scheduleWithSoftPreferences() {
    Model m = schedule();
    agreesWithEnumeration(m, none(m));
    int[] given = none(m);
    given[1] = 0; // the long job first: the others move
    agreesWithEnumeration(m, given);
  }

  @Test
  void evidenceThatBreaksAHardFactorHasNoAssignment() {
    Model m = knapsack();
    int[] given = none(m);
    given[1] = 1;
    given[4] = 1;
    given[6] = 1; // 7 + 9 + 8 > 20
    MostProbable best =
        ExactDriver.withDefaults()
            .mostProbable(m, given, Long.MAX_VALUE, Long.MAX_VALUE, x -> {}, SolveEvents.NONE);
    assertNull(best.values());
    assertTrue(best.proven());
    assertFalse(enumeration(m, given).mostProbable(new int[m.variableCount()]));
  }

  @Test
  void aNodeLimitGivesTheBestSoFarUnproven() {
    Model m = schedule();
    MostProbable best =
        ExactDriver.withDefaults()
            .mostProbable(m, none(m), 1, Long.MAX_VALUE, x -> {}, SolveEvents.NONE);
    assertFalse(best.proven());
  }

  @Test
  void randomWeightedModelsAgreeWithEnumeration() {
    int compared = 0;
    for (long seed = 0; seed < 300; seed++) {
      Random r = new Random(seed);
      Model m = randomModel(r);
      int[] given = none(m);
      for (int v = 0; v < given.length; v++) {
        if (r.nextInt(5) == 0) {
          given[v] = m.domainOf(v).lo() + r.nextInt(m.domainOf(v).size());
        }
      }
      boolean exists = enumeration(m, given).mostProbable(new int[m.variableCount()]);
      MostProbable best =
          ExactDriver.withDefaults()
              .mostProbable(m, given, Long.MAX_VALUE, Long.MAX_VALUE, x -> {}, SolveEvents.NONE);
      assertTrue(best.proven(), "seed " + seed);
      if (!exists) {
        assertNull(best.values(), "seed " + seed);
        continue;
      }
      compared++;
      assertNotNull(best.values(), "seed " + seed);
      assertEquals(reference(m, given), best.log10Weight(), 1e-9, "seed " + seed);
      for (int v = 0; v < given.length; v++) {
        if (given[v] != Assignments.NONE) {
          assertEquals(given[v], best.values()[v], "seed " + seed);
        }
      }
      assertNull(Assignments.firstViolation(m, best.values()), "seed " + seed);
    }
    assertTrue(compared > 200, compared + " models had an assignment");
  }

  /**
   * 3 to 8 variables of 2 to 4 values; priors, pair and triple tables with some zeros, now and then
   * a hard neq or sum.
   */
  private static Model randomModel(Random r) {
    ModelBuilder b = Model.builder("random");
    int n = 3 + r.nextInt(6);
    int[] vars = new int[n];
    for (int v = 0; v < n; v++) {
      vars[v] =
          b.variables("x" + v, Domain.range(r.nextInt(2), 1 + r.nextInt(2) + r.nextInt(3)))
              .firstIndex();
    }
    int factors = 2 + r.nextInt(2 * n);
    for (int f = 0; f < factors; f++) {
      int kind = r.nextInt(10);
      if (kind == 0) {
        int a = r.nextInt(n);
        int c = (a + 1 + r.nextInt(n - 1)) % n;
        b.neq(vars[a], vars[c]);
        continue;
      }
      int arity = kind < 3 ? 1 : kind < 8 ? 2 : 3;
      int[] scope = new int[arity];
      int start = r.nextInt(n);
      for (int p = 0; p < arity; p++) {
        scope[p] = vars[(start + p) % n];
      }
      if (arity == 1) {
        b.prior(scope[0], weights(r, b.build().domainOf(scope[0]).size()));
        continue;
      }
      int joint = 1;
      Model sofar = b.build();
      for (int v : scope) {
        joint *= sofar.domainOf(v).size();
      }
      b.table(scope, weights(r, joint));
    }
    return b.build();
  }

  private static double[] weights(Random r, int count) {
    double[] w = new double[count];
    for (int k = 0; k < count; k++) {
      w[k] = r.nextInt(6) == 0 ? 0 : 0.05 + r.nextDouble() * (r.nextBoolean() ? 1 : 20);
    }
    w[r.nextInt(count)] = 0.5 + r.nextDouble(); // never all zero
    return w;
  }

  /**
   * The branch and bound's answer: proven, of the enumeration's log10 weight, agreeing with the
   * evidence.
   */
  private static MostProbable agreesWithEnumeration(Model m, int[] given) {
    MostProbable best =
        ExactDriver.withDefaults()
            .mostProbable(m, given, Long.MAX_VALUE, Long.MAX_VALUE, x -> {}, SolveEvents.NONE);
    assertTrue(best.proven());
    assertNotNull(best.values());
    assertNull(Assignments.firstViolation(m, best.values()));
    assertEquals(reference(m, given), best.log10Weight(), 1e-9);
    for (int v = 0; v < given.length; v++) {
      if (given[v] != Assignments.NONE) {
        assertEquals(given[v], best.values()[v]);
      }
    }
    return best;
  }

  /** The enumeration's most probable log10 weight under {@code given}. */
  private static double reference(Model m, int[] given) {
    int[] out = new int[m.variableCount()];
    assertTrue(enumeration(m, given).mostProbable(out));
    return MostProbable.log10Weight(m, out);
  }

  private static Model knapsack() {
    return FgcLanguage.parse(
        "knapsack.fg", KNAPSACK, Map.of(), DataSet.parse("knapsack.fgd", KNAPSACK_DATA));
  }

  private static Model schedule() {
    return FgcLanguage.parse(
        "schedule.fg", SCHEDULE, Map.of(), DataSet.parse("schedule.fgd", SCHEDULE_DATA));
  }

  private static int[] none(Model m) {
    int[] given = new int[m.variableCount()];
    Arrays.fill(given, Assignments.NONE);
    return given;
  }

  /** The reference enumeration of {@code m} with {@code given} observed. */
  private static ReferenceEnumeration enumeration(Model m, int[] given) {
    ReferenceEnumeration e = new ReferenceEnumeration(m);
    for (int v = 0; v < given.length; v++) {
      if (given[v] != Assignments.NONE) {
        e.setObserved(v, given[v]);
      }
    }
    return e;
  }
}
