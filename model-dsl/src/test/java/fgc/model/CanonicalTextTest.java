package fgc.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

  /** The text read back, and written again. */
  private static String roundTrip(Model m) {
    String text = CanonicalText.of(m);
    Model read = CanonicalText.read(text.split("\n", -1), 0, "read");
    assertEquals("read", read.name());
    assertEquals(m.factors().size(), read.factors().size());
    assertEquals(m.families().size(), read.families().size(), "families come back as families");
    return CanonicalText.of(read);
  }

  @Test
  void whatIsWrittenReadsBackAsTheSameModel() {
    Model grid = grid(12, ISING);
    assertEquals(grid.canonicalText(), roundTrip(grid));
    Model kinds =
        FgcLanguage.parse(
            "kinds.fg",
            "var x[4] in 0..3; var y in 1..2; var o in 0..1; observe o;\n"
                + "alldiff(x[0], x[1], x[2]); neq(x[2], x[3]); eq(y, x[1]);\n"
                + "sum(x[0], x[1], x[3]) == 5;\n"
                + "prior(y) = [0.25, 0.75];\n"
                + "2*x[0] + 3*x[3] <= 7; sum(2 * x[i] for i in 0..1) <= 5;\n"
                + "weight(x[0], o) = if(x[0] > o, 2.5, 0.5);\n"
                + "table(x[1], x[2]) = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];\n",
            Map.of());
    String text = kinds.canonicalText();
    for (String kind : new String[] {"alldiff", "neq", "eq", "sum", "prior", "table"}) {
      assertTrue(text.contains("\n" + kind + " "), kind + " in " + text);
    }
    assertTrue(text.contains(" ~ ") && text.contains(" observed\n"), text);
    assertEquals(text, roundTrip(kinds));
    ModelBuilder b = Model.builder("linear");
    b.variables("d", Domain.range(0, 9), 6);
    b.linear(
        new long[] {1000, 91, -90, 1, -9000, -900}, Factor.Comparison.EQUAL, 0, 0, 1, 2, 3, 4, 5);
    b.linear(new long[] {2, 3}, Factor.Comparison.AT_MOST, 7, 0, 1);
    Model linear = b.build();
    assertTrue(
        linear.canonicalText().contains("\nlinear 0 1 = 7 : <= 2 3\n"), linear.canonicalText());
    assertEquals(linear.canonicalText(), roundTrip(linear));
  }

  @Test
  void aLineNotAsWrittenIsNamedByItsNumber() {
    String[] lines = CanonicalText.of(grid(3, ISING)).split("\n", -1);
    String[] header = new String[lines.length + 1];
    header[0] = "some header";
    System.arraycopy(lines, 0, header, 1, lines.length);
    header[3] = header[3].replace("prior", "priori");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CanonicalText.read(header, 1, "g"));
    assertEquals("line 4: no factor kind 'priori'", e.getMessage());
    String[] old = lines.clone();
    old[0] = "fgc-model 3";
    e = assertThrows(IllegalArgumentException.class, () -> CanonicalText.read(old, 0, "g"));
    assertEquals("line 1: not model format " + CanonicalText.FORMAT, e.getMessage());
  }
}
