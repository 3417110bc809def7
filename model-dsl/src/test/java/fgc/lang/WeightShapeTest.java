package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.model.Factor;
import fgc.model.Model;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A weight statement lowered once per loop ({@link WeightShape}) gives the model, and the errors,
 * that lowering it afresh for every factor gives: for formulas that do and do not depend on the
 * loop variables.
 */
class WeightShapeTest {
  private static final String DATA =
      "w = [3 1 4 1 5 9];\nperm = [2 0 1 9];\nz = [0.5 1.5 2.5 0.25 4 1];\n";

  static Stream<Arguments> models() {
    return Stream.of(
        Arguments.of(
            "ising",
            """
            model ising;
            let J = 0.5;
            var s[6][7] in 0..1;
            prior(s[0][0]) = [0.4, 0.6];
            for i in 0..5, j in 0..5 {
              weight(s[i][j], s[i][j+1]) = exp(J * (2*s[i][j] - 1) * (2*s[i][j+1] - 1));
            }
            for i in 0..4, j in 0..6 {
              weight(s[i][j], s[i+1][j]) = exp(J * (2*s[i][j] - 1) * (2*s[i+1][j] - 1));
            }
            """),
        Arguments.of(
            "outer loop variable in the formula",
            """
            var s[40][20] in 0..2;
            for i in 0..39 { for j in 0..19 { weight(s[i][j]) = exp(i * s[i][j]); } }
            """),
        Arguments.of(
            "inner loop variable in the formula",
            """
            var s[4][30] in 0..2;
            for i in 0..3, j in 0..29 { weight(s[i][j]) = 1 + j * s[i][j] + i; }
            """),
        Arguments.of(
            "data read by the loop index",
            """
            data w, z;
            var s[6] in 0..3;
            for i in 0..5 { weight(s[i]) = 1 + w[i] * s[i]; }
            for i in 0..5 { weight(s[i]) = exp(z[i] * s[i]); }
            """),
        Arguments.of(
            "variables indexed through data",
            """
            data perm;
            var s[3] in 0..1;
            for i in 0..2 { weight(s[i], s[perm[i]]) = if(i == perm[i], 1.5, 2) \
            + s[perm[i]] * s[i]; }
            """),
        Arguments.of(
            "choices on loop variables and on variables",
            """
            param N = 3;
            var s[30] in 0..2;
            for i in 0..28 {
              weight(s[i], s[i+1]) = if(i % 2 == 0, 1 + s[i], 2 + s[i+1]);
              weight(s[i], s[i+1]) = if(s[i] > s[i+1], 1.5, 0.5);
              weight(s[i], s[i+1]) = if(N > 2 && s[i] == s[i+1] || N > 9, 2, 1);
              weight(s[i+1]) = if(i > 0 && s[i+1] > 0, 3, 1);
            }
            """),
        Arguments.of(
            "a let in the loop body",
            """
            var s[40] in 0..1;
            for i in 0..39 { let c = i % 3; let d = 2; weight(s[i]) = c + d + s[i]; }
            """),
        Arguments.of(
            "variables in another order than the scope, a scalar, min, max, abs",
            """
            var s[25] in 0..2;
            var t in 0..3;
            for i in 0..23 {
              weight(s[i+1], s[i]) = 1 + s[i] * 2 + s[i+1];
              weight(s[i], t) = 1 + max(s[i], t) - min(s[i], t) + abs(s[i] - t);
              weight(t, s[1+i]) = 1 + -s[i+1] * -1 + t * t;
            }
            """),
        Arguments.of(
            "a scope over binders, and the same formula in two loops",
            """
            var s[20] in 0..1;
            for i in 0..17 { weight(s[k] for k in i..i+2) = exp(0.5 * s[i] * s[i+2] - s[i+1]); }
            for i in 0..18 { weight(s[i], s[i+1]) = exp(0.5 * s[i] * s[i+1]); }
            for i in 0..18 { weight(s[i], s[i+1]) = exp(0.5 * s[i] * s[i+1]); }
            weight(s[0], s[1]) = exp(0.5 * s[0] * s[1]);
            """),
        Arguments.of(
            "sums and counts, lowered afresh",
            """
            var s[10] in 0..2;
            for i in 0..7 { weight(s[i], s[i+1], s[i+2]) = 1 + sum(s[k] for k in i..i+2) \
            + count(1, s[i], s[i+1]); }
            """));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("models")
  void theShapeGivesTheModelThePlainPathGives(String name, String text) {
    Model shaped = model(text, true);
    Model plain = model(text, false);
    assertEquals(plain.canonicalText(), shaped.canonicalText());
    assertEquals(plain, shaped);
    assertEquals(plain.factors().size(), shaped.factors().size());
    for (int k = 0; k < plain.factors().size(); k++) {
      Factor a = plain.factors().get(k);
      Factor b = shaped.factors().get(k);
      assertEquals(
          a.formula().map(Object::toString), b.formula().map(Object::toString), "factor " + k);
      assertEquals(plain.atFactor(k, "x"), shaped.atFactor(k, "x"), "origin of factor " + k);
    }
  }

  static Stream<Arguments> errors() {
    return Stream.of(
        Arguments.of(
            "an index out of range at the last iteration",
            """
            var s[5] in 0..1;
            for i in 0..4 { weight(s[i], s[i+1]) = exp(s[i] * s[i+1]); }
            """,
            "m.fg:2:32: index 5 is out of range 0..4 in dimension 1 of 's'"),
        Arguments.of(
            "a variable outside the scope at a later iteration",
            """
            var s[5] in 0..1;
            for i in 0..3 { weight(s[i], s[4]) = 1 + s[i] * s[i % 3]; }
            """,
            "m.fg:2:49: 's[0]' is not in the scope of this"
                + " weight (s[3], s[4]); list it in weight(...)"),
        Arguments.of(
            "a scope naming a variable twice at a later iteration",
            """
            var s[5] in 0..1;
            for i in 0..4 { weight(s[i], s[4 - i]) = 1 + s[i]; }
            """,
            "m.fg:2:17: weight names s[2] twice"),
        Arguments.of(
            "an index read from data out of range",
            """
            data perm;
            var s[3] in 0..1;
            for i in 0..3 { weight(s[perm[i]]) = exp(0.5 * s[perm[i]]); }
            """,
            "m.fg:3:26: index 9 is out of range 0..2 in dimension 1 of 's'"),
        Arguments.of(
            "a division by zero once an outer loop variable reaches it",
            """
            var s[30] in 1..2;
            for i in 0..2 { for j in 0..29 { weight(s[j]) = 3 + s[j] / (i - 2); } }
            """,
            "m.fg:2:58: division by zero: the divisor is always 0"),
        Arguments.of(
            "an unknown name in the formula",
            """
            var s[3] in 0..1;
            for i in 0..2 { weight(s[i]) = exp(K * s[i]); }
            """,
            "m.fg:2:36: unknown name 'K'"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("errors")
  void errorsInsideTheLoopKeepTheirPositions(String name, String text, String expected) {
    LanguageException shaped = assertThrows(LanguageException.class, () -> model(text, true));
    LanguageException plain = assertThrows(LanguageException.class, () -> model(text, false));
    assertEquals(plain.getMessage(), shaped.getMessage());
    List<Diagnostic> diagnostics = shaped.diagnostics();
    assertTrue(diagnostics.get(0).format().startsWith(expected), diagnostics.get(0).format());
  }

  private static Model model(String text, boolean shapes) {
    Source source = new Source("m.fg", text);
    return Evaluator.model(
        source, Parser.parse(source), Map.of(), DataSet.parse("d.fgd", DATA), shapes);
  }
}
