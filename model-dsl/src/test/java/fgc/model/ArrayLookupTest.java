package fgc.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * arrayOf and domainOf over many arrays of mixed sizes: every boundary, and out of range refused.
 */
class ArrayLookupTest {
  @Test
  void everyIndexFindsItsArrayAndDomain() {
    ModelBuilder b = Model.builder("mixed");
    List<VariableArray> made = new ArrayList<>();
    for (int k = 0; k < 50_000; k++) {
      int size = k % 5 == 0 ? 3 : 1; // single-variable arrays between wider ones
      made.add(b.variables("v" + k, Domain.range(0, 1 + k % 2), size));
    }
    Model m = b.build();
    for (VariableArray a : made) {
      for (int i = 0; i < a.size(); i++) {
        int index = a.firstIndex() + i;
        assertSame(a, m.arrayOf(index));
        assertEquals(a.domain(), m.domainOf(index));
      }
    }
    assertSame(made.get(0), m.arrayOf(0));
    assertSame(made.get(made.size() - 1), m.arrayOf(m.variableCount() - 1));
    assertThrows(IndexOutOfBoundsException.class, () -> m.arrayOf(-1));
    assertThrows(IndexOutOfBoundsException.class, () -> m.arrayOf(m.variableCount()));
  }

  @Test
  void theBuilderFindsDomainsObservesAndRefusesRepeatsAmongManyArrays() {
    // A UAI file of alternating cardinalities is one array per variable: the builder looked each up
    // by a scan of every array (13 s for `show` of 20,000 of them); now by name and by position.
    ModelBuilder b = Model.builder("alternating");
    int n = 20_000;
    for (int k = 0; k < n; k++) {
      b.variables("x" + k, Domain.range(0, 1 + k % 2));
      b.observe("x" + k);
    }
    for (int k = 0; k < n; k++) {
      assertEquals(2 + k % 2, b.domain(k).size());
    }
    for (int k = 0; k + 1 < n; k++) {
      double[] weights = new double[(2 + k % 2) * (2 + (k + 1) % 2)];
      java.util.Arrays.fill(weights, 1);
      b.table(new int[] {k, k + 1}, weights);
    }
    ModelException twice =
        assertThrows(ModelException.class, () -> b.variables("x7", Domain.range(0, 1)));
    assertEquals("variable 'x7' is declared twice", twice.getMessage());
    assertThrows(ModelException.class, () -> b.observe("y"));
    ModelException wrong =
        assertThrows(ModelException.class, () -> b.table(new int[] {3, 4}, new double[5]));
    assertEquals(
        "table over 2 variables needs 6 weights (one per joint value), got 5", wrong.getMessage());
    Model m = b.build();
    for (int k = 0; k < n; k += 997) {
      assertTrue(m.arrayOf(k).observed());
      assertEquals(2 + k % 2, m.domainOf(k).size());
    }
  }
}
