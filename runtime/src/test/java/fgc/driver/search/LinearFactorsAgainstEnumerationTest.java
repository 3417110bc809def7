package fgc.driver.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.driver.Assignments;
import fgc.driver.ExactDriver;
import fgc.driver.SolveResult;
import fgc.model.FactorKind;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.ModelException;
import fgc.model.VariableArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Linear factors ({@link FactorKind#LINEAR}: coefficients, every comparison, variables named twice)
 * in seeded random small models: the exact driver's solution count on the model with linear factors
 * equals brute-force enumeration of the same relations as 0/1 tables, and each answer is a solution
 * of the table model.
 */
class LinearFactorsAgainstEnumerationTest {
  static final int SEEDS = 300;

  @Test
  void theExactSearchCountsWhatEnumerationOfTheTablesCounts() {
    ExactDriver driver = ExactDriver.withDefaults();
    int none = 0;
    int linearFactors = 0;
    for (long seed = 1; seed <= SEEDS; seed++) {
      Model base = RandomModels.model(seed);
      List<RandomModels.LinearRelation> relations = new ArrayList<>();
      for (RandomModels.LinearRelation l :
          RandomModels.linearRelations(base, new Random(seed ^ 0x11ea7))) {
        if (acceptedBoth(base, l)) {
          relations.add(l);
        }
      }
      Model tables = RandomModels.model(seed, new ArrayList<>(relations), false);
      Model linear = RandomModels.model(seed, new ArrayList<>(relations), true);
      for (int k = 0; k < linear.factors().size(); k++) {
        linearFactors += linear.factors().get(k).kind() == FactorKind.LINEAR ? 1 : 0;
      }
      Random r = new Random(seed * 17 + 3);
      for (double p : new double[] {0.0, 0.3}) {
        int[] evidence = RandomModels.evidence(linear, r, p);
        long expected = RandomModels.bruteForceCount(tables, evidence);
        String where = "seed " + seed + " " + relations + "\n" + linear.canonicalText();
        assertEquals(expected, driver.countSolutions(linear, evidence, 1_000_000), where);
        // The factor's own potential agrees with the table computed from the formula.
        assertEquals(expected, RandomModels.bruteForceCount(linear, evidence), where);
        SolveResult result = driver.solve(null, linear, evidence);
        if (expected == 0) {
          none++;
          assertTrue(!result.solved(), where);
        } else {
          assertTrue(result.solved(), where);
          assertNull(Assignments.firstViolation(tables, result.values()), where);
          assertNull(Assignments.firstViolation(linear, result.values()), where);
          assertTrue(RandomModels.keeps(result.values(), evidence), where);
        }
      }
    }
    assertTrue(linearFactors > SEEDS, linearFactors + " linear factors in all");
    assertTrue(
        none > SEEDS / 10 && none < SEEDS * 19 / 10, none + " of " + 2 * SEEDS + " without one");
  }

  /**
   * Whether a builder takes {@code l} both as a relation and as a linear factor (2x == 1 is a
   * linear factor but no table; x - x + y == 1 a table but no linear factor), so that both models
   * hold the same relations.
   */
  private static boolean acceptedBoth(Model base, RandomModels.LinearRelation l) {
    for (boolean asLinear : new boolean[] {false, true}) {
      ModelBuilder b = Model.builder("probe");
      for (VariableArray a : base.arrays()) {
        b.variables(a.name(), a.domain());
      }
      try {
        if (asLinear) {
          b.linear(l.formula());
        } else {
          b.relation(l.formula());
        }
      } catch (ModelException e) {
        return false;
      }
    }
    return true;
  }
}
