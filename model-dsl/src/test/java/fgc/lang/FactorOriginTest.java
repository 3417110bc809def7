package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;

import fgc.model.Model;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each factor of a model file keeps the statement that made it, so later errors can point there.
 */
class FactorOriginTest {
  private static final String TEXT =
      "model m;\nvar x[3] in 1..3;\n\n"
          + "for i in 0..1 {\n  x[i] != x[i+1];\n}\nalldiff(x[i] for i in 0..2);\n";

  @Test
  void aLoopsFactorsPointAtTheLoopsStatementAndTheNextAtItsOwn() {
    Model m = FgcLanguage.parse("m.fg", TEXT, Map.of());
    assertEquals("m.fg:5:3: wrong\n    x[i] != x[i+1];\n    ^", m.atFactor(0, "wrong"));
    assertEquals("m.fg:5:3: wrong\n    x[i] != x[i+1];\n    ^", m.atFactor(1, "wrong"));
    assertEquals("m.fg:7:1: wrong\n  alldiff(x[i] for i in 0..2);\n  ^", m.atFactor(2, "wrong"));
  }

  @Test
  void whereAFactorWasWrittenIsNoPartOfTheModel() {
    Model m = FgcLanguage.parse("m.fg", TEXT, Map.of());
    Model moved = FgcLanguage.parse("other.fg", "\n\n" + TEXT, Map.of());
    assertEquals(m.canonicalText(), moved.canonicalText());
  }

  @Test
  void aModelBuiltInJavaHasNoOrigins() {
    fgc.model.ModelBuilder b = Model.builder("j");
    b.variables("x", fgc.model.Domain.range(1, 2), 2);
    Model m = b.neq(0, 1).build();
    assertEquals("wrong", m.atFactor(0, "wrong"));
  }
}
