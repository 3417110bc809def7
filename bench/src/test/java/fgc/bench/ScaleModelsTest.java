package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.lang.FgcLanguage;
import fgc.model.Factor;
import fgc.model.Model;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every generated model parses to the size it claims, so the exponents are fitted on true sizes.
 */
class ScaleModelsTest {
  private static Model parsed(ScaleModels.Generated g) {
    return FgcLanguage.parse(g.sourceName(), g.text(), Map.of());
  }

  private static void hasItsStatedSize(ScaleModels.Generated g) {
    Model m = parsed(g);
    assertEquals(g.variables(), m.variableCount(), g.sourceName() + " variables");
    assertEquals(g.factors(), m.factors().size(), g.sourceName() + " factors");
    assertEquals(
        g.scopeEntries(),
        m.factors().stream().mapToLong(Factor::arity).sum(),
        g.sourceName() + " scope entries");
    assertEquals(g.variables() + g.scopeEntries(), g.size());
  }

  @Test
  void everyFamilyParsesToTheSizeItStates() {
    for (int length : new int[] {2, 10, 1000}) {
      hasItsStatedSize(ScaleModels.chain(length));
    }
    for (int width : new int[] {2, 3, 20}) {
      hasItsStatedSize(ScaleModels.ising(width));
    }
    for (int n : new int[] {2, 3, 4}) {
      hasItsStatedSize(ScaleModels.sudoku(n));
    }
    for (int variables : new int[] {3, 4, 10, 500}) {
      hasItsStatedSize(ScaleModels.random(variables, 1));
    }
    assertEquals(1000, ScaleModels.chain(1000).variables());
    assertEquals(400, ScaleModels.ising(20).variables());
    assertEquals(2 * 20 * 19 + 1, ScaleModels.ising(20).factors());
    assertEquals(81, ScaleModels.sudoku(3).variables());
    assertEquals(27, ScaleModels.sudoku(3).factors());
    assertEquals(
        2 * 500 - 1, ScaleModels.random(500, 1).factors(), "a tree of 499 edges and 500 more");
  }

  @Test
  void anIsingCouplingWeighsAlignedSpinsByExpJAndOpposedByExpMinusJ() {
    Model m = parsed(ScaleModels.ising(3));
    Factor coupling = m.factors().get(1);
    assertEquals(2, coupling.arity());
    double[] t = coupling.table();
    double aligned = Math.exp(ScaleModels.ISING_J);
    double opposed = Math.exp(-ScaleModels.ISING_J);
    // (0,0) (0,1) (1,0) (1,1): spins -1 -1, -1 +1, +1 -1, +1 +1, up to the planner's common scale.
    assertEquals(aligned / opposed, t[0] / t[1], 1e-9);
    assertEquals(1.0, t[1] / t[2], 1e-12);
    assertEquals(1.0, t[0] / t[3], 1e-12);
  }

  @Test
  void randomGraphsAreTheSameForTheSameSeedAndDifferForAnother() {
    assertEquals(ScaleModels.random(200, 1).text(), ScaleModels.random(200, 1).text());
    assertNotEquals(ScaleModels.random(200, 1).text(), ScaleModels.random(200, 2).text());
    String text = ScaleModels.random(50, 1).text();
    assertTrue(text.contains("table(x["), text);
  }

  @Test
  void sizesOutOfRangeAndUnknownFamiliesAreRefusedInWords() {
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> ScaleModels.of("grid", 3))
            .getMessage()
            .contains("known: chain"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> ScaleModels.chain(1))
            .getMessage()
            .contains("below 2"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> ScaleModels.sizeCheck("sudoku", 17))
            .getMessage()
            .contains("past 16"));
  }
}
