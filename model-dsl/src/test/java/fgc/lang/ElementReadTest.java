package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A data table read at a variable's value ({@code field[r][x[r]]}) inside a relation or a weight:
 * the factor's potential at every joint value is the data entry the variable points at.
 */
class ElementReadTest {
  private static final String FIELD = "field = [3 1 4 1, 5 9 2 6, 5 3 5 8];\n";
  private static final String COST = "cost = [0.5 1.5 2.5];\n";

  private static Model parse(String text, String data) {
    return FgcLanguage.parse("t.fg", text, Map.of(), DataSet.parse("d.fgd", data));
  }

  @Test
  void aRelationReadsTheEntryTheVariablePointsAt() {
    int[][] field = {{3, 1, 4, 1}, {5, 9, 2, 6}, {5, 3, 5, 8}};
    Model m =
        parse(
            "data field;\nvar x[3] in 0..3;\nvar y[3] in 0..9;\n"
                + "for r in 0..2 { y[r] == field[r][x[r]] + r; }\n",
            FIELD);
    assertEquals(3, m.factors().size());
    for (int r = 0; r < 3; r++) {
      Factor f = m.factors().get(r);
      assertEquals(FactorKind.TABLE, f.kind());
      assertEquals(m.variableName(f.variable(0)), "y[" + r + "]");
      assertEquals(m.variableName(f.variable(1)), "x[" + r + "]");
      for (int y = 0; y <= 9; y++) {
        for (int x = 0; x <= 3; x++) {
          assertEquals(
              y == field[r][x] + r, f.allows(new int[] {y, x}), "r " + r + " y " + y + " x " + x);
        }
      }
    }
  }

  @Test
  void aWeightReadsADecimalEntry() {
    Model m = parse("data cost;\nvar x in 0..2;\nweight(x) = exp(-cost[x]);\n", COST);
    Factor f = m.factors().get(0);
    double[] cost = {0.5, 1.5, 2.5};
    for (int x = 0; x < 3; x++) {
      assertEquals(Math.exp(-cost[x]), f.potential(new int[] {x}), 1e-12);
    }
  }

  @Test
  void anIndexThatCanLeaveTheRowOrMeetADecimalInARelationIsAnError() {
    String out =
        assertThrows(
                LanguageException.class,
                () ->
                    parse(
                        "data field;\nvar x in 0..4;\nvar y in 0..9;\ny == field[0][x];\n", FIELD))
            .getMessage();
    assertTrue(out.contains("t.fg:4:15"), out);
    assertTrue(out.contains("takes 0..4, and the row has entries 0..3"), out);
    String decimal =
        assertThrows(
                LanguageException.class,
                () -> parse("data cost;\nvar x in 0..2;\nvar y in 0..9;\ny == cost[x];\n", COST))
            .getMessage();
    assertTrue(decimal.contains("'cost' holds 0.5 at d.fgd:1:9"), decimal);
  }
}
