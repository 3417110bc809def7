package fgc.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.lang.FgcLanguage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The canonical text writes what repeats once: a grid's text grows with its rows, not its factors.
 */
class CanonicalTextTest {
  private static Model grid(int width, String coupling) {
    return FgcLanguage.parse(
        "grid.fg",
        "var s["
            + width
            + "]["
            + width
            + "] in 0..1;\nprior(s[0][0]) = [0.4, 0.6];\n"
            + "for i in 0.."
            + (width - 1)
            + ", j in 0.."
            + (width - 2)
            + " { weight(s[i][j], s[i][j+1]) = "
            + coupling.replace("B", "s[i][j+1]")
            + "; }\n"
            + "for i in 0.."
            + (width - 2)
            + ", j in 0.."
            + (width - 1)
            + " { weight(s[i][j], s[i+1][j]) = "
            + coupling.replace("B", "s[i+1][j]")
            + "; }\n",
        Map.of());
  }

  private static final String ISING = "exp(0.5 * (2*s[i][j] - 1) * (2*B - 1))";

  @Test
  void aGridsCouplingsAreOneFormulaAndAFewRuns() {
    Model m = grid(100, ISING);
    String text = m.canonicalText();
    assertEquals(1 + 100 * 99 * 2, m.factors().size());
    long lines = text.chars().filter(c -> c == '\n').count();
    // Header, array, prior, one family of two dimensions for the horizontal couplings, one for the
    // vertical ones, end.
    assertEquals(1 + 1 + 1 + 1 + 1 + 1, lines, text);
    assertEquals(1, text.split(" ~ ", -1).length - 1, "the formula is written once");
    assertTrue(text.contains("\ntable 0 1 x 100 step 100 100 x 99 step 1 1 ~ (exp "), text);
    assertTrue(text.contains("\ntable 0 100 x 9900 step 1 1 @1\n"), text);
    assertEquals(3, m.families().size());
  }

  @Test
  void theStreamedTextIsTheText() throws Exception {
    Model m = grid(20, ISING);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    m.writeCanonicalText(out);
    assertEquals(m.canonicalText(), out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void modelsThatDifferAnywhereInARunHaveDifferentTexts() {
    ModelBuilder plain = Model.builder("a");
    ModelBuilder broken = Model.builder("b");
    ModelBuilder stepped = Model.builder("c");
    ModelBuilder same = Model.builder("d");
    double[] t = {1, 2, 3, 4};
    double[] u = {1, 2, 3, 5};
    for (ModelBuilder b : new ModelBuilder[] {plain, broken, stepped, same}) {
      b.variables("x", Domain.range(0, 1), 20);
    }
    for (int i = 0; i < 8; i++) {
      plain.table(new int[] {i, i + 1}, t);
      same.table(new int[] {i, i + 1}, t.clone());
      broken.table(new int[] {i, i + 1}, i == 5 ? u : t);
      stepped.table(new int[] {i, i == 5 ? i + 2 : i + 1}, t);
    }
    String a = plain.build().canonicalText();
    assertTrue(a.contains("\ntable 0 1 x 8 step 1 1 : 1.0 2.0 3.0 4.0\nend\n"), a);
    assertEquals(
        a,
        same.build().canonicalText(),
        "equal weights in other arrays, and another name: the same text");
    String b = broken.build().canonicalText();
    assertNotEquals(a, b);
    assertTrue(
        b.contains(
            "\ntable 0 1 x 5 step 1 1 : 1.0 2.0 3.0 4.0\ntable 5 6 : 1.0 2.0 3.0 5.0\n"
                + "table 6 7 x 2 step 1 1 @0\nend\n"),
        b);
    String c = stepped.build().canonicalText();
    assertNotEquals(a, c);
    assertTrue(c.contains("\ntable 5 7 x 2 step 1 0 @0\ntable 7 8 @0\n"), c);
  }
}
