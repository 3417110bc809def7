package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every mistake in a relation, weight formula or cpt: one diagnostic, at the line and column that
 * caused it.
 */
class ExpressionDiagnosticsTest {
  static Stream<Arguments> errors() {
    return Stream.of(
        row("unknown name", "var x in 1..3;\nx < y;", 2, 5, "unknown name 'y'"),
        row(
            "unknown function",
            "var x in 1..3;\nfoo(x) < 2;",
            2,
            1,
            "unknown function 'foo'; the functions are abs,"
                + " min, max, sum, product, count, exp, log, if"),
        row(
            "no variable",
            "var x in 1..3;\n1 < 2;",
            2,
            1,
            "this relation involves no variable (it is always true);"
                + " a relation constrains variables, and an if statement tests constants"),
        row(
            "no variable left by the constants",
            "param n = 3;\nvar x in 1..3;\nn < 2 && x > 1;",
            3,
            1,
            "this relation involves no variable (it is always false);"
                + " a relation constrains variables, and an if statement tests constants"),
        row("never holds", "var x in 1..3;\nx > 5;", 2, 1, "the relation holds for no values of x"),
        row(
            "table too large",
            "var x[8] in 1..9;\nproduct(x[i] for i in 0..7) <= 10;",
            2,
            1,
            "relation over 8 variables (x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7])"
                + " would need a table of 43046721 entries; "
                + "the limit is 1048576"),
        row(
            "a linear relation too large for a table that never holds",
            "var x[8] in 1..9;\nsum(2 * x[i] for i in 0..7) <= 10;",
            2,
            1,
            "the relation holds for no values of x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]"),
        row(
            "sum out of reach",
            "var x[3] in 1..9;\nx[0] + x[1] + x[2] == 30;",
            2,
            1,
            "sum of 3 variables can only be 3..27, never 30"),
        row(
            "a number for a relation",
            "var x in 1..3;\nx * 2;",
            2,
            1,
            "expected a statement but found a number:"
                + " a relation compares expressions (== != < <= > >=)"),
        row("decimal in a relation", "var x in 1..3;\nx < 0.5;", 2, 5, "'0.5' is not an integer"),
        row(
            "exp in a relation",
            "var x in 1..3;\nexp(x) > 2;",
            2,
            1,
            "expected an integer but found a decimal (decimals are for weights)"),
        row(
            "variable in an if",
            "var x in 1..3;\nif x > 1 { }",
            2,
            4,
            "'x' is a variable: it has no value until the model is solved,"
                + " so only a relation or a weight may use it"),
        row(
            "variable as an index",
            "var x[3] in 0..2;\nx[x[0]] == 1;",
            2,
            3,
            "'x' is a variable array: it has no value until the model is solved,"
                + " so only a relation or a weight may use it"),
        row(
            "let over variables as a size",
            "var x in 1..3;\nlet a = x + 1;\nvar y[a] in 1..2;",
            3,
            7,
            "'a' is a let over variables (declared at 2:5): it has no value until"
                + " the model is solved, so only a relation or a weight may use it"),
        row(
            "decimal let as an index",
            "let j = 0.5;\nvar x[2] in 0..1;\nx[j] == 1;",
            3,
            3,
            "'j' is a decimal let, not an integer"),
        row(
            "decimal let in a relation",
            "let j = 0.5;\nvar x in 0..1;\nx == j;",
            3,
            6,
            "'j' is a decimal; an integer is needed here (decimals are for weights)"),
        row(
            "division by a constant zero",
            "var x in 1..3;\nx / 0 == 1;",
            2,
            3,
            "division by zero: the divisor is always 0"),
        row(
            "overflow",
            "var x in 1..3;\nx * 9223372036854775807 > 0;",
            2,
            1,
            "integer overflow in 9223372036854775807 * 2 in the relation where x = 2"),
        row(
            "lone bar",
            "var x in 1..3;\nx < 1 | x > 2;",
            2,
            7,
            "unexpected character '|' (did you mean '||'?)"),
        row(
            "too many terms",
            "var x in 1..3;\nsum(x for i in 0..200000) == 5;",
            2,
            1,
            "more than 100000 terms with variables in one expression; the limit is 100000"),
        row(
            "alldiff of equal constants",
            "var x in 1..3;\nalldiff(x, 2, 2);",
            2,
            1,
            "alldiff can never hold: items 2 and 3 are both 2"),
        // Weights
        row(
            "weight outside its scope",
            "var s[3] in 0..1;\nweight(s[0]) = s[1] + 1;",
            2,
            16,
            "'s[1]' is not in the scope of this weight (s[0]); list it in weight(...)"),
        row(
            "negative weight",
            "var x in 1..3;\nweight(x) = x - 2;",
            2,
            1,
            "the weight formula gives -1.0 where x = 1; weights must be finite and non-negative"),
        row(
            "weight zero everywhere",
            "var x in 1..3;\nweight(x) = 0 * x;",
            2,
            1,
            "the weight formula is 0 for every value of x: no value would be possible"),
        row(
            "log of zero",
            "var x in 0..2;\nweight(x) = log(x);",
            2,
            1,
            "the weight formula gives -Infinity where x = 0;"
                + " weights must be finite and non-negative"),
        row(
            "condition for a weight",
            "var x in 0..2;\nweight(x) = x > 1;",
            2,
            13,
            "expected a number but found a condition"),
        // Cpts
        row(
            "row not adding up to 1",
            "var c, r in 0..1;\ncpt(r | c) = [[0.8, 0.2], [0.2, 0.7]];",
            2,
            27,
            "row 2 of cpt(r | c) adds up to 0.9, not 1"),
        row(
            "too few rows",
            "var c, r in 0..1;\ncpt(r | c) = [[0.8, 0.2]];",
            2,
            14,
            "cpt(r | c) needs 2 rows (one per joint value of its parents: 2), got 1"),
        row(
            "too many rows for two parents",
            "var a, b, r in 0..1;\ncpt(r | a, b) = [[1, 0], [1, 0], [1, 0], [1, 0], [1, 0]];",
            2,
            17,
            "cpt(r | a, b) needs 4 rows (one per joint value of its parents: 2 x 2), got 5"),
        row(
            "row too short",
            "var c in 0..1;\nvar r in 0..2;\ncpt(r | c) = [[0.8, 0.2], [0.2, 0.7, 0.1]];",
            3,
            15,
            "row 1 of cpt(r | c) has 2 entries; r has 3 values"),
        row(
            "flat list with parents",
            "var c, r in 0..1;\ncpt(r | c) = [0.8, 0.2, 0.2, 0.8];",
            2,
            14,
            "cpt(r | c) has parents, so its probabilities are written"
                + " one row per joint value of the parents: [[...], [...], ...]"),
        row(
            "prior not adding up to 1",
            "var c in 0..1;\ncpt(c) = [0.5, 0.6];",
            2,
            10,
            "row 1 of cpt(c) adds up to 1.1, not 1"),
        row(
            "negative probability",
            "var c in 0..1;\ncpt(c) = [[-0.5, 1.5]];",
            2,
            12,
            "expected a weight (a non-negative number) but found '-'"));
  }

  private static Arguments row(String name, String source, int line, int column, String message) {
    return Arguments.of(name, source, line, column, message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("errors")
  void reportsOnePositionedDiagnostic(
      String name, String source, int line, int column, String message) {
    LanguageException e =
        assertThrows(LanguageException.class, () -> FgcLanguage.parse("t.fg", source, Map.of()));
    assertEquals(1, e.diagnostics().size(), e::getMessage);
    Diagnostic d = e.diagnostics().get(0);
    assertEquals(message, d.message(), e::getMessage);
    assertEquals(line, d.line(), e::getMessage);
    assertEquals(column, d.column(), e::getMessage);
    DiagnosticsTest.assertCaretUnder(source, d);
  }

  @Test
  void aCptRowFromADataFileNamesWhereItIsWritten() {
    DataSet data = DataSet.parse("d.fgd", "rain = [0.8 0.2,\n  0.2 0.7];");
    LanguageException e =
        assertThrows(
            LanguageException.class,
            () ->
                FgcLanguage.parse(
                    "t.fg", "data rain;\nvar c, r in 0..1;\ncpt(r | c) = rain;", Map.of(), data));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("row 2 of cpt(r | c) (at d.fgd:2:3) adds up to 0.9, not 1", d.message());
    assertEquals(3, d.line());
    assertEquals(14, d.column());
  }
}
