package fgc.driver.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.driver.Assignments;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.plan.BitmaskTables;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The one search over its two kinds of state: on random {@code alldiff}/{@code neq} models that
 * masks hold, the search over masks (bitmask rules, with and without locked candidates) and the
 * search over the model's constraints (all-different filtering on domains with a trail) count the
 * same solutions as brute force, and each first solution keeps the evidence and every factor.
 */
class MasksAgainstDomainsTest {
  private static final int LIMIT = 200;

  @Test
  void bothStatesCountWhatEnumerationCounts() {
    int withSolutions = 0;
    int without = 0;
    for (long seed = 1; seed <= 300; seed++) {
      Random r = new Random(seed);
      Model model = randomModel(r, seed);
      assertTrue(BitmaskTables.fits(model), "seed " + seed);
      int[] evidence = RandomModels.evidence(model, r, 0.3);
      long expected = Math.min(LIMIT, RandomModels.bruteForceCount(model, evidence));
      Search[] searches = {
        Search.overMasks(BitmaskTables.of(model), true),
        Search.overMasks(BitmaskTables.of(model), false, false),
        Search.of(model)
      };
      for (int k = 0; k < searches.length; k++) {
        Search s = searches[k];
        int found = s.run(evidence, Assignments.NONE, LIMIT, Search.Listener.NONE);
        String where = "seed " + seed + ", search " + k;
        assertEquals(expected, found, where);
        if (found == 0) {
          assertNull(s.solution(), where);
        } else {
          int[] values = s.solution();
          assertNull(Assignments.firstViolation(model, values), where);
          for (int v = 0; v < values.length; v++) {
            assertTrue(evidence[v] == Assignments.NONE || evidence[v] == values[v], where);
          }
        }
      }
      if (expected > 0) {
        withSolutions++;
      } else {
        without++;
      }
    }
    // Both outcomes are exercised, so neither side can pass by always finding nothing.
    assertTrue(withSolutions > 50 && without > 20, withSolutions + " and " + without);
  }

  /**
   * 3 to 8 variables with domains of 2 to 4 values starting anywhere in -2..2, and 1 to 5 {@code
   * alldiff} (2 to 4 variables) or {@code neq} factors.
   */
  private static Model randomModel(Random r, long seed) {
    int n = 3 + r.nextInt(6);
    ModelBuilder b = Model.builder("masks" + seed);
    for (int v = 0; v < n; v++) {
      int lo = r.nextInt(5) - 2;
      b.variables("x" + v, Domain.range(lo, lo + 1 + r.nextInt(3)));
    }
    int factors = 1 + r.nextInt(5);
    for (int k = 0; k < factors; k++) {
      if (r.nextBoolean()) {
        b.alldiff(RandomModels.scope(r, n, 2 + r.nextInt(Math.min(3, n - 1))));
      } else {
        int[] pair = RandomModels.scope(r, n, 2);
        b.neq(pair[0], pair[1]);
      }
    }
    return b.build();
  }
}
