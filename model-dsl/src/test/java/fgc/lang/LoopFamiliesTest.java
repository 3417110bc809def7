package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.model.Factor;
import fgc.model.Model;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A loop read as a family of factors gives the model the loop run iteration by iteration gives (the
 * plain path): the same factors in the same order, the same origins, the same canonical text; and a
 * loop that fails fails with the same diagnostics. Loops that are not families (a {@code where}, a
 * loop variable in a weight's value, positions that move differently) are in the list too: they
 * must come out the same by falling back.
 */
class LoopFamiliesTest {
  static Stream<Arguments> models() {
    return Stream.of(
        Arguments.of(
            "chain",
            "var x[9] in 0..1;\nfor t in 1..8 { table(x[t-1], x[t]) = [0.7, 0.3, 0.2, 0.8]; }"),
        Arguments.of(
            "grid couplings",
            "var s[6][5] in 0..1;\n"
                + "for i in 0..5, j in 0..3"
                + " { weight(s[i][j], s[i][j+1]) = exp(0.5 * s[i][j] * s[i][j+1]); }\n"
                + "for i in 0..4 { for j in 0..4"
                + " { weight(s[i][j], s[i+1][j]) = exp(0.5 * s[i][j] * s[i+1][j]); } }"),
        Arguments.of("backwards", "var x[10] in 0..3;\nfor i in 0..8 { x[9-i] != x[8-i]; }"),
        Arguments.of("strided", "var x[20] in 0..3;\nfor i in 0..6 { eq(x[2*i], x[2*i+3]); }"),
        Arguments.of(
            "three dimensions",
            "var c[3][4][5] in 1..4;\n"
                + "for a in 0..2, b in 0..3, d in 0..3 { c[a][b][d] < c[a][b][d+1]; }"),
        Arguments.of("sudoku", FgcLanguage.bundledText("sudoku")),
        Arguments.of(
            "latin", FgcLanguage.bundledText("latin").replace("param n = 5;", "param n = 4;")),
        Arguments.of(
            "priors", "var x[4] in 0..2;\nfor i in 0..3 { prior(x[i]) = [0.2, 0.3, 0.5]; }"),
        Arguments.of(
            "alldiff of a comprehension",
            "param n = 3;\nvar g[6][6] in 1..6;\n"
                + "for r in 0..5 { alldiff(g[r][c] for c in 0..5); }\n"
                + "for br in 0..1, bc in 0..1"
                + " { alldiff(g[br*n + i][bc*n + j] for i in 0..2, j in 0..2); }"),
        Arguments.of(
            "a where", "var x[6] in 0..3;\nfor i in 0..5, j in 0..5 where i < j { x[i] != x[j]; }"),
        Arguments.of(
            "a transpose",
            "var x[4][4] in 0..3;\nfor i in 0..3, j in 0..3 { x[i][j] + 1 != x[j][i]; }"),
        Arguments.of(
            "a loop variable in the weight",
            "var x[5] in 0..1;\nfor i in 0..4 { weight(x[i]) = exp(i * x[i]); }"),
        Arguments.of("one iteration", "var x[2] in 0..1;\nfor i in 0..0 { x[i] != x[i+1]; }"),
        Arguments.of(
            "an empty loop", "var x[2] in 0..1;\nfor i in 1..0 { x[i] != x[i+1]; }\nx[0] != x[1];"),
        Arguments.of(
            "two arrays",
            "var x[5] in 0..2;\nvar y[5] in 0..2;\n"
                + "for i in 0..4 { table(x[i], y[i]) = [1,2,3,4,5,6,7,8,9]; }"),
        Arguments.of("a fixed partner", "var x[5] in 0..2;\nfor i in 1..4 { x[0] != x[i]; }"),
        Arguments.of("sums", "var x[8] in 0..3;\nfor i in 0..5 { x[i] + x[i+1] + x[i+2] == 4; }"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("models")
  void aFamilyIsTheLoopRunIterationByIteration(String name, String text) {
    Model families = model(text, true);
    Model plain = model(text, false);
    assertEquals(plain.canonicalText(), families.canonicalText());
    assertEquals(plain.factorCount(), families.factorCount());
    for (int k = 0; k < plain.factorCount(); k++) {
      Factor a = plain.factors().get(k);
      Factor b = families.factors().get(k);
      assertEquals(a.kind(), b.kind(), "factor " + k);
      assertArrayEquals(a.scope(), b.scope(), "factor " + k);
      assertArrayEquals(a.weights(), b.weights(), "factor " + k);
      assertEquals(a.total(), b.total(), "factor " + k);
      assertEquals(a.formula().map(f -> f.text()), b.formula().map(f -> f.text()), "factor " + k);
      for (int p = 0; p < a.arity(); p++) {
        assertEquals(a.domain(p), b.domain(p), "factor " + k);
      }
      assertEquals(plain.atFactor(k, "x"), families.atFactor(k, "x"), "origin of factor " + k);
    }
  }

  @Test
  void aGridIsReadAsFamiliesWithoutItsIterations() {
    String text =
        "var s[1000][1000] in 0..1;\n"
            + "for i in 0..999, j in 0..998"
            + " { weight(s[i][j], s[i][j+1]) = exp(0.5 * s[i][j] * s[i][j+1]); }\n"
            + "for i in 0..998, j in 0..999"
            + " { weight(s[i][j], s[i+1][j]) = exp(0.5 * s[i][j] * s[i+1][j]); }\n";
    Model m = model(text, true);
    assertEquals(2 * 1000 * 999, m.factorCount());
    assertEquals(2, m.families().size(), m.canonicalText());
    assertEquals(
        List.of(2, 1), List.of(m.families().get(0).dimensions(), m.families().get(1).dimensions()));
    // A member deep inside is what the loop would have made there.
    Factor f = m.factors().get(500 * 999 + 7);
    assertArrayEquals(new int[] {500 * 1000 + 7, 500 * 1000 + 8}, f.scope());
  }

  @Test
  void aLoopTooLongToUnrollIsReadAsAFamily() {
    // 15.7 million couplings: past the steps any loop may run, so only a family reads them.
    String text =
        "var s[2800][2800] in 0..1;\n"
            + "for i in 0..2799, j in 0..2798 { s[i][j] != s[i][j+1]; }\n"
            + "for i in 0..2798, j in 0..2799 { s[i][j] != s[i+1][j]; }\n";
    LanguageException plain = assertThrows(LanguageException.class, () -> model(text, false));
    assertTrue(plain.getMessage().contains("too big to unroll"), plain.getMessage());
    Model m = model(text, true);
    assertEquals(2 * 2800 * 2799, m.factorCount());
    assertEquals(2, m.families().size(), m.canonicalText());
  }

  @Test
  void aLoopThatFailsFailsAsTheUnrolledLoopDoes() {
    for (String text :
        List.of(
            "var x[5] in 0..1;\nfor i in 0..4 { x[i] != x[i+1]; }",
            "var x[5][5] in 0..1;\nfor i in 0..4, j in 0..4 { x[i][j] != x[j+1][i]; }",
            "var x[5] in 0..1;\nfor i in 0..4 { table(x[i], x[i]) = [1, 2, 3, 4]; }",
            "var x[4] in 0..1;\nfor i in 0..3 { weight(x[i]) = 0 * x[i]; }")) {
      LanguageException plain = assertThrows(LanguageException.class, () -> model(text, false));
      LanguageException families = assertThrows(LanguageException.class, () -> model(text, true));
      assertEquals(plain.getMessage(), families.getMessage(), text);
      assertTrue(!plain.getMessage().isEmpty());
    }
  }

  private static Model model(String text, boolean families) {
    Source source = new Source("m.fg", text);
    return Evaluator.model(source, Parser.parse(source), Map.of(), DataSet.empty(), families);
  }
}
