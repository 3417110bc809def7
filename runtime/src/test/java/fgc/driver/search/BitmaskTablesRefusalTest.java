package fgc.driver.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.driver.Assignments;
import fgc.driver.ExactDriver;
import fgc.driver.SolveResult;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.plan.BitmaskTables;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A factor the bitmask search cannot propagate is refused at the place in the model that made it.
 */
class BitmaskTablesRefusalTest {
  private static final String KILLER =
      "model mykiller;\n"
          + "var cell[2][2] in 1..2;\n"
          + "alldiff(cell[0][c] for c in 0..1);\n"
          + "sum(cell[0][0], cell[1][0]) == 3;\n";

  @Test
  void aSumFactorIsRefusedWithItsFileLineAndColumn() {
    Model model = FgcLanguage.parse("mykiller.fg", KILLER, Map.of());
    assertFalse(BitmaskTables.fits(model));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> BitmaskTables.of(model));
    assertTrue(e.getMessage().startsWith("mykiller.fg:4:1: "), e.getMessage());
    assertTrue(e.getMessage().contains("factor 1 of model mykiller is sum"), e.getMessage());
    assertTrue(
        e.getMessage().contains("\n  sum(cell[0][0], cell[1][0]) == 3;\n  ^"), e.getMessage());
    // The exact driver itself never meets that refusal: such a model goes to its general search.
    SolveResult result = ExactDriver.withDefaults().solve(null, model, Assignments.empty(model));
    assertEquals(SolveResult.Status.SOLVED, result.status());
  }
}
