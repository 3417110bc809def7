package fgc.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** arrayOf and domainOf over many arrays of mixed sizes: every boundary, and out of range refused. */
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
}
