package fgc.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The model's size limits: a fixed bound on variables and factors, and the heap a model may take.
 */
class ModelLimitsTest {
  @Test
  void aMillionVariableGridIsDeclaredAndOnePastTheLimitIsRefused() {
    ModelBuilder b = Model.builder("grid");
    VariableArray s = b.variables("s", Domain.range(0, 1), 1000, 1000);
    assertEquals(1_000_000, s.size());
    ModelException e =
        assertThrows(
            ModelException.class,
            () -> Model.builder("big").variables("s", Domain.range(0, 1), 4097, 4097));
    assertEquals("variable 's' takes the model past 16777216 variables", e.getMessage());
  }

  @Test
  void aModelPastHalfTheHeapIsRefusedWithTheMemoryFigures() {
    // An 8 MiB heap: a model may take 4 MiB, 96 bytes a pairwise factor, so the 43,691st is
    // refused.
    ModelBuilder b = new ModelBuilder("ring", 8L << 20);
    VariableArray x = b.variables("x", Domain.range(0, 1), 100_000);
    int added = 0;
    ModelException refused = null;
    for (int i = 0; i + 1 < x.size() && refused == null; i++) {
      try {
        b.neq(x.at(i), x.at(i + 1));
        added++;
      } catch (ModelException e) {
        refused = e;
      }
    }
    assertEquals((4L << 20) / (Limits.FACTOR_BYTES + 2 * Limits.SCOPE_ENTRY_BYTES), added);
    assertTrue(refused != null, "refused");
    assertEquals(
        "the model is too big for this JVM's heap:"
            + " its first 43691 factors take more than 4.0 MiB of memory, past the 4.0 MiB"
            + " a model may have (half of the maximum heap, 8.0 MiB);"
            + " give Java a larger heap, e.g. JAVA_TOOL_OPTIONS=-Xmx1g",
        refused.getMessage());
    // The same model fits the heap of this JVM.
    ModelBuilder roomy = Model.builder("ring");
    VariableArray y = roomy.variables("x", Domain.range(0, 1), 100_000);
    for (int i = 0; i + 1 < y.size(); i++) {
      roomy.neq(y.at(i), y.at(i + 1));
    }
    assertEquals(99_999, roomy.build().factors().size());
  }
}
