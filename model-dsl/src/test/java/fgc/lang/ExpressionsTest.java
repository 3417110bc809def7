package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * Relations, alldiff over expressions, sum, product, count, weight formulas and cpts, written in
 * the language: on every assignment of the model's variables, the product of its factors'
 * potentials ({@link Factor#potential}) must equal what the text means, spelled out here in Java.
 */
class ExpressionsTest {
  private static Model parse(String text) {
    return FgcLanguage.parse("t.fg", text, Map.of());
  }

  private static Model parse(String text, String data) {
    return FgcLanguage.parse("t.fg", text, Map.of(), DataSet.parse("d.fgd", data));
  }

  @Test
  void comparisonsBetweenExpressionsOverVariables() {
    assertMeans("var x[2] in 1..4;\nx[0] < x[1];", v -> v[0] < v[1]);
    assertMeans("var x, y, z in 0..4;\nx + y == z;", v -> v[0] + v[1] == v[2]);
    assertMeans("var a, b in 1..6;\na * b == 12;", v -> v[0] * v[1] == 12);
    assertMeans("var x, y in -3..3;\nx - 2 * y >= 1;", v -> v[0] - 2 * v[1] >= 1);
    assertMeans("var x, y in -3..3;\nx / y == 2;", v -> v[1] != 0 && v[0] / v[1] == 2);
    assertMeans("var x, y in -3..3;\n!(x / y == 2);", v -> v[1] == 0 || v[0] / v[1] != 2);
    assertMeans("var x, y in -4..4;\nx % 3 == y;", v -> v[0] % 3 == v[1]);
    assertMeans(
        "var x, y in 0..4;\nmin(x, y) + max(x, y) == 4;",
        v -> Math.min(v[0], v[1]) + Math.max(v[0], v[1]) == 4);
    assertMeans(
        "var x, y in 0..3;\nx < y || !(x == 2) && y > 0;",
        v -> v[0] < v[1] || v[0] != 2 && v[1] > 0);
    assertMeans("var x, y in 0..3;\nif(x > 1, x, 0) == y;", v -> (v[0] > 1 ? v[0] : 0) == v[1]);
    assertMeans("var x, y in 0..3;\nlet d = x - y;\nabs(d) == 1;", v -> Math.abs(v[0] - v[1]) == 1);
    assertMeans("var x in 1..5;\nx != 3;", v -> v[0] != 3);
  }

  @Test
  void loopVariablesParamsAndDataAreConstantsInARelation() {
    String queens =
        "param n = 5;\nvar q[n] in 0..n-1;\n"
            + "for i in 0..n-1, j in i+1..n-1 { abs(q[i] - q[j]) != j - i; }";
    assertMeans(
        queens,
        v -> {
          for (int i = 0; i < 5; i++) {
            for (int j = i + 1; j < 5; j++) {
              if (Math.abs(v[i] - v[j]) == j - i) {
                return false;
              }
            }
          }
          return true;
        });
    Model m =
        parse(
            "data less;\nvar x[3] in 1..3;\n"
                + "for k in 0..size(less)-1 { x[less[k][0]] < x[less[k][1]]; }",
            "less = [0 2, 2 1];");
    assertMeans(m, v -> v[0] < v[2] && v[2] < v[1]);
  }

  @Test
  void alldiffOverExpressions() {
    Model m = parse("var q[4] in 0..3;\nalldiff(q[i] + i for i in 0..3);");
    assertMeans(m, v -> distinct(v[0], v[1] + 1, v[2] + 2, v[3] + 3));
    assertEquals(6, m.factors().size(), "one relation per pair");
    Model plain = parse("var q[4] in 0..3;\nalldiff(q[i] + 0 for i in 0..3);");
    assertEquals(List.of(FactorKind.ALLDIFF), kinds(plain), "plain variables stay one alldiff");
    assertMeans("var x[2] in 1..3;\nalldiff(x[0], x[1], 2);", v -> distinct(v[0], v[1], 2));
  }

  @Test
  void sumsWithCoefficientsAndComparisons() {
    assertMeans(
        "var x[4] in 0..3;\nsum(2*x[i] for i in 0..3) <= 10;",
        v -> 2 * (v[0] + v[1] + v[2] + v[3]) <= 10);
    assertMeans("var x[3] in 0..3;\nsum(x[i] for i in 0..2) != 4;", v -> v[0] + v[1] + v[2] != 4);
    assertMeans(
        "var x[3] in 0..3;\nsum(x[i] * (i + 1) for i in 0..2) > 7;",
        v -> v[0] + 2 * v[1] + 3 * v[2] > 7);
    assertMeans(
        "var x[3] in 0..3;\nsum(x[i] for i in 0..2) < 2 * x[0];",
        v -> v[0] + v[1] + v[2] < 2 * v[0]);
    Model equal = parse("var x[3] in 0..3;\nsum(x[i] for i in 0..2) == 5;");
    assertEquals(List.of(FactorKind.SUM), kinds(equal), "coefficient 1 and ==: a sum factor");
    assertMeans(equal, v -> v[0] + v[1] + v[2] == 5);
    Model big = parse("var x[12] in 1..9;\nsum(x[i] for i in 0..11) == 60;");
    assertEquals(
        List.of(FactorKind.SUM), kinds(big), "a sum factor needs no table, however many variables");
    assertMeans(
        "var x[3] in 0..2;\nlet total = sum(i for i in 1..3);\nsum(x[i] for i in 0..2) == total;",
        v -> v[0] + v[1] + v[2] == 6);
    // A sum of a million constants is combined as it goes: a number, not a million-node formula.
    assertMeans(
        "var x in 0..2;\nlet big = sum(i % 2 for i in 1..1000000);\nx * 250000 == big;",
        v -> v[0] == 2);
  }

  @Test
  void productAndCount() {
    assertMeans(
        "var x[3] in 1..4;\nproduct(x[i] for i in 0..2) == 12;", v -> v[0] * v[1] * v[2] == 12);
    assertMeans("var x[4] in 0..2;\ncount(1, x[i] for i in 0..3) == 2;", v -> count(1, v) == 2);
    assertMeans(
        "var x[3] in 0..2;\nvar y in 0..2;\ncount(y, x[0], x[1], x[2]) >= 2;",
        v -> (v[0] == v[3] ? 1 : 0) + (v[1] == v[3] ? 1 : 0) + (v[2] == v[3] ? 1 : 0) >= 2);
  }

  @Test
  void aCountOverAnItemDividingByZeroIsUndefinedThereAsASumIs() {
    // the comparison around the count is false where an item divides by zero, either way round
    // c % c is undefined at 0 and 0 elsewhere, so count(0, c % c) is 1 wherever it is defined
    LanguageException none =
        org.junit.jupiter.api.Assertions.assertThrows(
            LanguageException.class, () -> parse("var c in 0..3;\ncount(0, c % c) == 0;"));
    assertTrue(
        none.getMessage().contains("t.fg:2:1: the relation holds for no values of c"),
        none.getMessage());
    assertMeans("var c in 0..3;\ncount(5, 6 / c) == 0;", v -> v[0] != 0);
    assertMeans("var c in 0..3;\n!(count(5, 6 / c) == 0);", v -> v[0] == 0);
    assertMeans("var c in 0..3;\ncount(2, 6 / c, c) == 1;", v -> v[0] >= 2);
    assertMeans("var c in 0..3;\nsum(6 / c for i in 0..0) == 6;", v -> v[0] == 1);
  }

  @Test
  void weightFormulas() {
    assertWeighs(
        "var s[2] in -1..1;\nlet J = 0.5;\nweight(s[0], s[1]) = exp(J * s[0] * s[1]);",
        v -> Math.exp(0.5 * v[0] * v[1]));
    assertWeighs(
        "var x, y in 0..2;\nweight(x, y) = if(x == y, 0.9, 0.05) + log(1 + x);",
        v -> (v[0] == v[1] ? 0.9 : 0.05) + Math.log(1 + v[0]));
    assertWeighs(
        "var x in 2..5;\nweight(x) = x / 2;",
        v -> {
          int half = v[0] / 2; // integers divide as integers
          return half;
        });
    assertWeighs("var x in 1..3;\nweight(x) = x / 2.0;", v -> v[0] / 2.0);
    Model data =
        parse(
            "data J;\nvar s[2] in 0..1;\nweight(s[0], s[1]) = exp(J[0] * s[0] - J[1] * s[1]);",
            "J = [0.25 1.5];");
    assertWeighs(data, v -> Math.exp(0.25 * v[0] - 1.5 * v[1]));
    assertWeighs(
        "var s[3] in 0..1;\nweight(s[i] for i in 0..2) = 1 + sum(0.5 * s[i] for i in 0..2);",
        v -> 1 + 0.5 * (v[0] + v[1] + v[2]));
  }

  @Test
  void cptsWithAndWithoutParents() {
    String bn =
        "var c, r in 0..1;\nvar w in 0..2;\ncpt(c) = [0.3, 0.7];\n"
            + "cpt(r | c) = [[0.8, 0.2], [0.25, 0.75]];\n"
            + "cpt(w | c, r) = [[1, 0, 0], [0.5, 0.25, 0.25], [0.1, 0.2, 0.7], [0, 0, 1.0]];";
    double[][] pr = {{0.8, 0.2}, {0.25, 0.75}};
    double[][][] pw = {{{1, 0, 0}, {0.5, 0.25, 0.25}}, {{0.1, 0.2, 0.7}, {0, 0, 1}}};
    assertWeighs(bn, v -> (v[0] == 0 ? 0.3 : 0.7) * pr[v[0]][v[1]] * pw[v[0]][v[1]][v[2]]);
    Model fromData =
        parse("data rain;\nvar c, r in 0..1;\ncpt(r | c) = rain;", "rain = [0.8 0.2, 0.25 0.75];");
    assertWeighs(fromData, v -> pr[v[0]][v[1]]);
  }

  @Test
  void severalNamesInOneDeclaration() {
    Model m = parse("var a, b[2], c in 1..3;\nobserve a, c;\na != c;");
    assertEquals(List.of("a", "b", "c"), m.arrays().stream().map(x -> x.name()).toList());
    assertTrue(m.array("a").observed() && !m.array("b").observed() && m.array("c").observed());
    assertEquals(2, m.array("b").size());
  }

  @Test
  void theCanonicalTextIsStableAndCompact() {
    String text =
        "param n = 3;\nvar q[n] in 0..n-1;\nobserve q;\n"
            + "q[0] < q[1];\nabs(q[0] - q[2]) != 2;\nq[1] + q[2] == 3;\n"
            + "var s[2] in -1..1;\nweight(s[0], s[1]) = exp(0.5 * s[0] * s[1]);\n";
    String expected =
        "fgc-model 4\nvar q 3 in 0..2 observed\nvar s 2 in -1..1 latent\n"
            + "table 0 1 ~ (< $0 $1)\ntable 0 2 ~ (!= (abs (- $0 $1)) 2)\n"
            + "sum 1 2 = 3\ntable 3 4 ~ (exp (* 0.5 $0 $1))\nend\n";
    assertEquals(expected, parse(text).canonicalText());
    assertEquals(
        expected,
        parse(
                text.replace("0.5 * s[0] * s[1]", "s[0] * 0.5 * s[1]")
                    .replace("q[1] + q[2] == 3", "3 == q[1] + q[2]"))
            .canonicalText(),
        "constants gather the same way wherever they are written");
    Model thirty =
        FgcLanguage.parse(
            "q.fg",
            "param n = 30;\nvar q[n] in 0..n-1;\nalldiff(q[r] for r in 0..n-1);\n"
                + "for r in 0..n-1, s in r+1..n-1 { abs(q[r] - q[s]) != s - r; }",
            Map.of());
    long entries = thirty.factors().stream().mapToLong(Factor::weightCount).sum();
    assertTrue(
        entries > 390_000 && thirty.canonicalText().length() < 20_000,
        entries
            + " table entries, "
            + thirty.canonicalText().length()
            + " characters of canonical text");
  }

  // ---- Helpers ---------------------------------------------------------------------------------

  private static boolean distinct(int... v) {
    for (int a = 0; a < v.length; a++) {
      for (int b = a + 1; b < v.length; b++) {
        if (v[a] == v[b]) {
          return false;
        }
      }
    }
    return true;
  }

  private static int count(int value, int[] v) {
    int n = 0;
    for (int x : v) {
      n += x == value ? 1 : 0;
    }
    return n;
  }

  private static List<FactorKind> kinds(Model m) {
    return m.factors().stream().map(Factor::kind).toList();
  }

  private static void assertMeans(String text, Predicate<int[]> meaning) {
    assertMeans(parse(text), meaning);
  }

  /**
   * On every assignment of {@code m}'s variables, every factor allows it exactly when {@code
   * meaning} holds.
   */
  static void assertMeans(Model m, Predicate<int[]> meaning) {
    assertWeighs(m, v -> meaning.test(v) ? 1.0 : 0.0);
  }

  private static void assertWeighs(String text, ToDoubleFunction<int[]> weight) {
    assertWeighs(parse(text), weight);
  }

  /**
   * On every assignment of {@code m}'s variables, the product of its factors' potentials equals
   * {@code weight}.
   */
  static void assertWeighs(Model m, ToDoubleFunction<int[]> weight) {
    int n = m.variableCount();
    int[] values = new int[n];
    for (int i = 0; i < n; i++) {
      values[i] = m.domainOf(i).lo();
    }
    int assignments = 0;
    while (true) {
      double product = 1;
      for (Factor f : m.factors()) {
        int[] own = new int[f.arity()];
        for (int p = 0; p < own.length; p++) {
          own[p] = values[f.variable(p)];
        }
        product *= f.potential(own);
      }
      double want = weight.applyAsDouble(values);
      assertEquals(
          want,
          product,
          1e-12 * Math.max(1, Math.abs(want)),
          "at " + java.util.Arrays.toString(values) + " of\n" + m.canonicalText());
      assignments++;
      int i = n - 1;
      while (i >= 0 && values[i] == m.domainOf(i).hi()) {
        values[i] = m.domainOf(i).lo();
        i--;
      }
      if (i < 0) {
        break;
      }
      values[i]++;
    }
    assertTrue(assignments > 1);
  }
}
