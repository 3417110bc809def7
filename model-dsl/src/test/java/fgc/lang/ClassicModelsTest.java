package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.model.Evidence;
import fgc.model.Factor;
import fgc.model.Model;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The bundled classic models, each written without a hand-made table: a known solution satisfies
 * every factor (judged by {@link Factor#allows}, the IR's one definition), a wrong one does not,
 * and the givens of the example data are kept.
 */
class ClassicModelsTest {
  @Test
  void eightQueensHasItsNinetyTwoSolutions() {
    Model m = FgcLanguage.bundled("queens", Map.of());
    assertNull(broken(m, new int[] {0, 4, 7, 5, 2, 6, 1, 3}));
    String diagonal = broken(m, new int[] {0, 4, 7, 5, 2, 6, 3, 1});
    assertTrue(
        diagonal.startsWith("table q[") && diagonal.contains(": (!= (abs (- $0 $1)) "), diagonal);
    assertEquals(92, countPermutations(m, 8));
    assertEquals(
        0,
        countPermutations(FgcLanguage.bundled("queens", Map.of("n", 3L)), 3),
        "three queens have no solution");
  }

  @Test
  void futoshikiFiveByFive() {
    DataSet data = DataSet.example("futoshiki-5x5");
    Model m = FgcLanguage.bundled("futoshiki", Map.of(), data);
    int[] solution = grid("21345", "14253", "53421", "32514", "45132");
    assertNull(broken(m, solution));
    keepsGivens(FgcLanguage.evidence(m, data), solution);
    int[] wrong =
        grid(
            "32514", "14253", "53421", "21345",
            "45132"); // rows 0 and 3 swapped: a Latin square with the givens kept
    keepsGivens(FgcLanguage.evidence(m, data), wrong);
    assertTrue(broken(m, wrong).endsWith(": (< $0 $1)"), broken(m, wrong));
  }

  @Test
  void kenkenSixBySix() {
    DataSet data = DataSet.example("kenken-6x6");
    Model m = FgcLanguage.bundled("kenken", Map.of(), data);
    String[] rows = {"365142", "416523", "643215", "532461", "124356", "251634"};
    assertNull(broken(m, grid(rows)));
    String[] swapped = rows.clone(); // still a Latin square; the cages no longer add up
    swapped[0] = rows[1];
    swapped[1] = rows[0];
    assertTrue(broken(m, grid(swapped)) != null);
    assertEquals(
        4,
        m.factors().stream()
            .filter(f -> f.formula().isPresent() && f.formula().get().text().contains("(* "))
            .count(),
        "two product cages and two division cages are relations");
  }

  @Test
  void killerSudokuNineByNine() {
    Model m = FgcLanguage.bundled("killer", Map.of(), DataSet.example("killer-9x9"));
    String[] rows = {
      "534678912",
      "672195348",
      "198342567",
      "859761423",
      "426853791",
      "713924856",
      "961537284",
      "287419635",
      "345286179"
    };
    assertNull(broken(m, grid(rows)));
    String[] wrong =
        rows.clone(); // rows swapped within a band: still a Sudoku, but the cages break
    wrong[0] = rows[1];
    wrong[1] = rows[0];
    assertTrue(broken(m, grid(wrong)).contains("sum"), broken(m, grid(wrong)));
  }

  @Test
  void australiaInThreeColours() {
    Model m = FgcLanguage.bundled("australia", Map.of());
    assertNull(broken(m, new int[] {1, 2, 3, 1, 2, 1, 1})); // wa nt sa q nsw v t
    assertTrue(broken(m, new int[] {1, 2, 1, 3, 2, 3, 1}).startsWith("neq wa sa"));
    assertEquals(7, m.variableCount());
  }

  @Test
  void sprinklerNetworkGivesTheTextbookPosterior() {
    Model m = FgcLanguage.bundled("sprinkler", Map.of());
    // cloudy sprinkler rain wet: wet grass with neither sprinkler nor rain has probability 0.
    assertNull(broken(m, new int[] {1, 0, 1, 1}));
    assertTrue(broken(m, new int[] {1, 0, 0, 1}) != null);
    double wetAndRain = 0;
    double wet = 0;
    double total = 0;
    for (int k = 0; k < 16; k++) {
      int[] v = {k >> 3 & 1, k >> 2 & 1, k >> 1 & 1, k & 1};
      double p = 1;
      for (Factor f : m.factors()) {
        p *= f.potential(own(f, v));
      }
      total += p;
      wet += v[3] == 1 ? p : 0;
      wetAndRain += v[3] == 1 && v[2] == 1 ? p : 0;
    }
    assertEquals(1.0, total, 1e-12, "a Bayesian network's joint adds up to 1");
    assertEquals(0.6471, wet, 1e-12);
    assertEquals(0.4581 / 0.6471, wetAndRain / wet, 1e-12, "P(rain | wet grass)");
  }

  @Test
  void magicSquareOfOrderFour() {
    Model m = FgcLanguage.bundled("magic", Map.of());
    int[] durer = {16, 3, 2, 13, 5, 10, 11, 8, 9, 6, 7, 12, 4, 15, 14, 1};
    assertNull(broken(m, durer));
    int[] wrong = durer.clone();
    wrong[0] = 3;
    wrong[1] = 16; // the rows still add up, the first two columns do not
    assertTrue(broken(m, wrong).startsWith("sum"), broken(m, wrong));
  }

  @Test
  void everyBundledModelParsesAndNoneHasAHandMadeTable() {
    for (String name : new String[] {"queens", "australia", "sprinkler", "magic"}) {
      assertTrue(FgcLanguage.bundled(name, Map.of()).variableCount() > 0);
    }
    for (String name :
        new String[] {"queens", "futoshiki", "kenken", "australia", "magic", "killer"}) {
      assertFalse(FgcLanguage.bundledText(name).contains("table("), name);
    }
  }

  // ---- Helpers ---------------------------------------------------------------------------------

  /** The first factor {@code values} break, as "kind scope-names: formula", or null. */
  static String broken(Model m, int[] values) {
    assertEquals(m.variableCount(), values.length);
    for (Factor f : m.factors()) {
      if (!f.allows(own(f, values))) {
        StringBuilder sb = new StringBuilder(f.kind().keyword());
        for (int v : f.scope()) {
          sb.append(' ').append(m.variableName(v));
        }
        f.formula().ifPresent(x -> sb.append(": ").append(x.text()));
        return sb.toString();
      }
    }
    return null;
  }

  private static int[] own(Factor f, int[] values) {
    int[] own = new int[f.arity()];
    for (int p = 0; p < own.length; p++) {
      own[p] = values[f.variable(p)];
    }
    return own;
  }

  private static int[] grid(String... rows) {
    int[] out = new int[rows.length * rows[0].length()];
    int k = 0;
    for (String row : rows) {
      for (char c : row.toCharArray()) {
        out[k++] = c - '0';
      }
    }
    return out;
  }

  private static void keepsGivens(Evidence givens, int[] values) {
    int[] g = givens.values();
    assertTrue(givens.count() > 0);
    for (int i = 0; i < g.length; i++) {
      assertTrue(g[i] == Evidence.NONE || g[i] == values[i], "given " + i);
    }
  }

  /** How many permutations of 0..n-1 satisfy every factor of {@code m} (over n variables). */
  private static int countPermutations(Model m, int n) {
    return permute(m, new int[n], new boolean[n], 0);
  }

  private static int permute(Model m, int[] values, boolean[] used, int at) {
    if (at == values.length) {
      return broken(m, values) == null ? 1 : 0;
    }
    int found = 0;
    for (int v = 0; v < values.length; v++) {
      if (!used[v]) {
        used[v] = true;
        values[at] = v;
        found += permute(m, values, used, at + 1);
        used[v] = false;
      }
    }
    return found;
  }
}
