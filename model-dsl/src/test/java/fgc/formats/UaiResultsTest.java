package fgc.formats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import fgc.lang.Diagnostic;
import fgc.lang.LanguageException;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The competition's result files: written from answers, read back, last solution first. */
class UaiResultsTest {
  private static Model model() {
    ModelBuilder b = Model.builder("r");
    b.variables("x", Domain.range(1, 2), 2);
    b.variables("y", Domain.range(0, 2));
    return b.build();
  }

  @Test
  void writesAndReadsMarPrAndMpe() {
    Model m = model();
    double[][] marginals = {{0.25, 0.75}, {1.0, 0.0}, {0.2, 0.3, 0.5}};
    String mar = UaiResults.mar(m, marginals);
    assertEquals("MAR\n3 2 0.25 0.75 2 1.0 0.0 3 0.2 0.3 0.5\n", mar);
    double[][] back = UaiResults.parseMar("r.MAR", mar);
    for (int i = 0; i < 3; i++) {
      assertArrayEquals(marginals[i], back[i]);
    }
    assertEquals("PR\n-0.2008\n", UaiResults.pr(-0.2008));
    assertEquals(-0.2008, UaiResults.parsePr("r.PR", "PR\n-0.2008"));
    assertEquals("PR\n-inf\n", UaiResults.pr(Double.NEGATIVE_INFINITY));
    assertEquals(Double.NEGATIVE_INFINITY, UaiResults.parsePr("r.PR", "PR\n-inf\n"));
    assertEquals(
        "MPE\n3 1 0 2\n", UaiResults.mpe(m, new int[] {2, 1, 2}), "value indices, not values");
    assertArrayEquals(new int[] {1, 0, 2}, UaiResults.parseMpe("r.MPE", "MPE\n3 1 0 2\n"));
  }

  @Test
  void theLastSolutionCounts() {
    assertEquals(1.5, UaiResults.parsePr("r.PR", "PR\n1.0\n-BEGIN-\n1.5\n"));
    assertArrayEquals(
        new double[] {0.5, 0.5},
        UaiResults.parseMar("r.MAR", "MAR\n1 2 0.9 0.1\n-BEGIN-\n1 2 0.5 0.5\n")[0]);
  }

  @Test
  void malformedResultsArePositionedErrors() {
    record Case(String text, int line, int column, String message) {}
    for (Case c :
        List.of(
            new Case("PR\n1.0\n", 1, 1, "expected the task name MAR but found 'PR'"),
            new Case(
                "MAR\n2 2 0.5 0.5\n",
                2,
                12,
                "the file ends where the cardinality of variable 1 should be"),
            new Case("MAR\n1 2 0.5 1.5\n", 2, 9, "P(variable 0 = 1) is 1.5, not a probability"),
            new Case("MAR\n1 2 0.5 0.5 7\n", 2, 13, "unexpected '7' after the solution"),
            new Case(
                "MAR\n1 x\n",
                2,
                3,
                "expected the cardinality of variable 0 (a whole number) but found 'x'"))) {
      LanguageException e =
          assertThrows(LanguageException.class, () -> UaiResults.parseMar("r.MAR", c.text()));
      Diagnostic d = e.diagnostics().get(0);
      assertEquals(
          List.of(c.line(), c.column(), c.message()),
          List.of(d.line(), d.column(), d.message()),
          d.format());
    }
  }

  @Test
  void refusesAnswersThatDoNotFitTheModel() {
    Model m = model();
    assertThrows(
        IllegalArgumentException.class, () -> UaiResults.mar(m, new double[][] {{0.5, 0.5}}));
    assertThrows(
        IllegalArgumentException.class,
        () -> UaiResults.mar(m, new double[][] {{0.5, 0.5}, {1, 0}, {Double.NaN, 0, 1}}));
    assertThrows(IllegalArgumentException.class, () -> UaiResults.mpe(m, new int[] {0, 1, 2}));
    assertThrows(IllegalArgumentException.class, () -> UaiResults.pr(Double.NaN));
  }
}
