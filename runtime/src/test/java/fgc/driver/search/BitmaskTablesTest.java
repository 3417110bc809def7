package fgc.driver.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.lang.FgcLanguage;
import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.ModelException;
import fgc.plan.BitmaskTables;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The tables against their definitions, computed here the plain way (sets, in the order things are
 * first met): each variable's peers, the permutation units, the unit pairs with their shared and
 * unshared parts, and the segment covers. The search's branches and the generated propagators'
 * constants follow these orders, so the tables must be these exactly, not just equivalent.
 */
class BitmaskTablesTest {
  @Test
  void sudokuTablesAreTheirDefinitions() {
    for (long n = 2; n <= 4; n++) {
      Model model = FgcLanguage.bundled("sudoku", Map.of("n", n));
      BitmaskTables tables = BitmaskTables.of(model);
      assertMatchesDefinition(model, tables);
      assertTrue(tables.sideStart != null, "a Sudoku's unshared parts are covered by segments");
      assertEquals(
          2 * n * n * n, tables.unitPairCount(), "each box pairs with its n rows and n columns");
    }
  }

  @Test
  void randomModelsTablesAreTheirDefinitions() {
    int withPairs = 0;
    for (long seed = 1; seed <= 300; seed++) {
      Model model = randomModel(seed);
      BitmaskTables tables = BitmaskTables.of(model);
      assertMatchesDefinition(model, tables);
      withPairs += tables.unitPairCount() > 0 ? 1 : 0;
    }
    // The seeds must reach the pairs, or the test checks less than it says (the covers: the Sudoku
    // test).
    assertTrue(withPairs > 30, withPairs + " models with pairs");
  }

  /**
   * Alldiff and neq factors over a few arrays of small domains: scopes drawn at random, some as
   * wide as their values (units), some overlapping others in two or more variables (pairs), some
   * made of halves of earlier units.
   */
  private static Model randomModel(long seed) {
    Random r = new Random(seed);
    ModelBuilder b = Model.builder("tables" + seed);
    int values = 2 + r.nextInt(5);
    int n = values + 2 + r.nextInt(12);
    b.variables("x", Domain.range(1, values), n);
    int all = n;
    if (r.nextBoolean()) {
      // Variables of other values: neither units with the x's nor pairs with their units.
      int lo = 1 + r.nextInt(3);
      int extra = 1 + r.nextInt(4);
      b.variables("y", Domain.range(lo, lo + 1 + r.nextInt(4)), extra);
      all += extra;
    }
    List<int[]> scopes = new ArrayList<>();
    int factors = 2 + r.nextInt(10);
    for (int k = 0; k < factors; k++) {
      int[] scope;
      if (!scopes.isEmpty() && r.nextInt(3) == 0) {
        // Another unit through part of an earlier one: a pair, perhaps with covering segments.
        int[] earlier = scopes.get(r.nextInt(scopes.size()));
        Set<Integer> chosen = new LinkedHashSet<>();
        for (int i = 0;
            i < earlier.length && chosen.size() < Math.max(2, earlier.length / 2);
            i++) {
          chosen.add(earlier[i]);
        }
        while (chosen.size() < values) {
          chosen.add(r.nextInt(n));
        }
        scope = chosen.stream().mapToInt(Integer::intValue).toArray();
      } else {
        int width = r.nextInt(3) == 0 ? 2 + r.nextInt(Math.max(1, values - 1)) : values;
        Set<Integer> chosen = new LinkedHashSet<>();
        while (chosen.size() < Math.min(width, n)) {
          chosen.add(r.nextInt(r.nextInt(4) == 0 ? all : n));
        }
        scope = chosen.stream().mapToInt(Integer::intValue).toArray();
      }
      try {
        if (scope.length == 2 && r.nextBoolean()) {
          b.neq(scope[0], scope[1]);
        } else {
          b.alldiff(scope);
        }
        scopes.add(scope);
      } catch (ModelException e) {
        // A scope the builder refuses is its business; the next one is drawn.
      }
    }
    return b.build();
  }

  private static void assertMatchesDefinition(Model model, BitmaskTables t) {
    String where = model.canonicalText();
    int n = model.variableCount();
    List<Set<Integer>> peers = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      peers.add(new LinkedHashSet<>());
    }
    List<int[]> units = new ArrayList<>();
    List<Long> fulls = new ArrayList<>();
    for (Factor f : model.factors()) {
      long union = 0;
      for (int a : f.scope()) {
        union |= t.initial[a];
        for (int b : f.scope()) {
          if (a != b) {
            peers.get(a).add(b);
          }
        }
      }
      if (Long.bitCount(union) == f.arity()
          && Arrays.stream(f.scope()).distinct().count() == f.arity()) {
        units.add(f.scope());
        fulls.add(union);
      }
    }
    for (int v = 0; v < n; v++) {
      assertArrayEquals(
          ints(peers.get(v)),
          Arrays.copyOfRange(t.peers, t.peerStart[v], t.peerStart[v + 1]),
          "peers of " + v + ": " + where);
    }
    assertEquals(units.size(), t.permutationUnitCount(), where);
    for (int u = 0; u < units.size(); u++) {
      assertArrayEquals(
          units.get(u), Arrays.copyOfRange(t.unitVars, t.unitStart[u], t.unitStart[u + 1]), where);
      assertEquals(fulls.get(u), t.unitFull[u], where);
    }
    List<int[]> parts = new ArrayList<>();
    List<int[]> pairUnits = new ArrayList<>();
    for (int a = 0; a < units.size(); a++) {
      for (int b = a + 1; b < units.size(); b++) {
        Set<Integer> first = new LinkedHashSet<>(list(units.get(a)));
        Set<Integer> second = new LinkedHashSet<>(list(units.get(b)));
        Set<Integer> shared = new LinkedHashSet<>(first);
        shared.retainAll(second);
        if (!fulls.get(a).equals(fulls.get(b))
            || shared.size() < 2
            || shared.size() == first.size()
            || shared.size() == second.size()) {
          continue;
        }
        first.removeAll(shared);
        second.removeAll(shared);
        parts.add(ints(shared));
        parts.add(ints(first));
        parts.add(ints(second));
        pairUnits.add(new int[] {a, b});
      }
    }
    assertEquals(pairUnits.size(), t.unitPairCount(), where);
    for (int k = 0; k < parts.size(); k++) {
      assertArrayEquals(
          parts.get(k),
          Arrays.copyOfRange(t.pairVars, t.pairStart[k], t.pairStart[k + 1]),
          "pair part " + k + ": " + where);
    }
    for (int p = 0; p < pairUnits.size(); p++) {
      assertArrayEquals(
          pairUnits.get(p), new int[] {t.pairUnits[2 * p], t.pairUnits[2 * p + 1]}, where);
    }
    int[][] covers = covers(parts);
    if (covers == null) {
      assertNull(t.sideStart, where);
      return;
    }
    for (int side = 0; side < covers.length; side++) {
      assertArrayEquals(
          covers[side],
          Arrays.copyOfRange(t.sideSegments, t.sideStart[side], t.sideStart[side + 1]),
          "side " + side + ": " + where);
    }
  }

  /**
   * Per pair side, the first shared parts of other pairs (in pair order) that fit in what is left
   * of it; null when one is left uncovered.
   */
  private static int[][] covers(List<int[]> parts) {
    int pairs = parts.size() / 3;
    int[][] sides = new int[2 * pairs][];
    for (int p = 0; p < pairs; p++) {
      for (int side = 0; side < 2; side++) {
        Set<Integer> rest = new LinkedHashSet<>(list(parts.get(3 * p + 1 + side)));
        List<Integer> cover = new ArrayList<>();
        for (int q = 0; q < pairs && !rest.isEmpty(); q++) {
          List<Integer> segment = list(parts.get(3 * q));
          if (q != p && rest.containsAll(segment)) {
            rest.removeAll(segment);
            cover.add(q);
          }
        }
        if (!rest.isEmpty()) {
          return null;
        }
        sides[2 * p + side] = ints(cover);
      }
    }
    return sides;
  }

  private static List<Integer> list(int[] values) {
    List<Integer> out = new ArrayList<>();
    for (int v : values) {
      out.add(v);
    }
    return out;
  }

  private static int[] ints(java.util.Collection<Integer> values) {
    return values.stream().mapToInt(Integer::intValue).toArray();
  }
}
