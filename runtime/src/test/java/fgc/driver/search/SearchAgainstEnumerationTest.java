package fgc.driver.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.driver.Assignments;
import fgc.driver.ExactDriver;
import fgc.driver.SolveResult;
import fgc.model.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The exact driver on seeded random small models of every factor kind: its solution count equals
 * brute-force enumeration, its answer is a solution that keeps the evidence, and each "no solution"
 * is confirmed by enumeration.
 */
class SearchAgainstEnumerationTest {
  static final int SEEDS = 400;

  @Test
  void countsEqualEnumerationAndEveryNoSolutionIsConfirmed() {
    ExactDriver driver = ExactDriver.withDefaults();
    int none = 0;
    int some = 0;
    for (long seed = 1; seed <= SEEDS; seed++) {
      Model model = RandomModels.model(seed);
      Random r = new Random(seed * 31 + 7);
      for (double p : new double[] {0.0, 0.3}) {
        int[] evidence = RandomModels.evidence(model, r, p);
        long expected = RandomModels.bruteForceCount(model, evidence);
        String where =
            "seed "
                + seed
                + ", evidence "
                + java.util.Arrays.toString(evidence)
                + ", "
                + model.canonicalText();
        assertEquals(expected, driver.countSolutions(model, evidence, 1_000_000), where);
        assertEquals(Math.min(expected, 3), driver.countSolutions(model, evidence, 3), where);
        SolveResult result = driver.solve(null, model, evidence);
        if (expected == 0) {
          none++;
          boolean givensBroken = Assignments.firstViolationAmongGiven(model, evidence) != null;
          assertEquals(
              givensBroken
                  ? SolveResult.Status.INCONSISTENT_EVIDENCE
                  : SolveResult.Status.NO_SOLUTION,
              result.status(),
              where);
        } else {
          some++;
          assertTrue(result.solved(), where);
          assertNull(Assignments.firstViolation(model, result.values()), where);
          assertTrue(RandomModels.keeps(result.values(), evidence), where);
        }
      }
    }
    // The seeds must exercise both outcomes, or the test proves less than it says.
    assertTrue(
        none > SEEDS / 10 && some > SEEDS / 10, none + " without solution, " + some + " with");
  }

  /**
   * Linear relations with coefficients and every comparison, propagated by bounds: counted on the
   * search's own linear constraints, against enumeration of the same relations as model factors.
   */
  @Test
  void linearRelationsWithCoefficientsCountAsTheirTables() {
    int none = 0;
    for (long seed = 1; seed <= SEEDS; seed++) {
      Model base = RandomModels.model(seed);
      List<RandomModels.LinearRelation> linear =
          new ArrayList<>(RandomModels.linearRelations(base, new Random(seed ^ 0x5eed)));
      Model full = RandomModels.model(seed, linear);
      Problem.Builder b = Problem.from(base);
      for (RandomModels.LinearRelation l : linear) {
        b.linear(l.vars(), l.coef(), l.cmp(), l.rhs());
      }
      Search search = Search.of(b.build());
      int[] evidence = RandomModels.evidence(full, new Random(seed), seed % 3 == 0 ? 0.25 : 0.0);
      long expected = RandomModels.bruteForceCount(full, evidence);
      List<int[]> found = new ArrayList<>();
      int count =
          search.run(
              evidence,
              Assignments.NONE,
              1_000_000,
              new Search.Listener() {
                @Override
                public void solution(int[] values) {
                  found.add(values);
                }
              });
      String where = "seed " + seed + " " + linear + "\n" + full.canonicalText();
      assertEquals(expected, count, where);
      for (int[] values : found) {
        assertNull(Assignments.firstViolation(full, values), where);
      }
      none += expected == 0 ? 1 : 0;
    }
    assertTrue(
        none > SEEDS / 10 && none < SEEDS * 9 / 10, none + " of " + SEEDS + " without solution");
  }
}
