package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each construct of the language, checked on the IR it produces. */
class LanguageConstructsTest {

  private static Model parse(String text) {
    return FgcLanguage.parse("t.fg", text, Map.of());
  }

  private static List<int[]> scopes(Model m) {
    List<int[]> out = new ArrayList<>();
    for (Factor f : m.factors()) {
      out.add(f.scope());
    }
    return out;
  }

  private static void assertScopes(Model m, int[]... expected) {
    List<int[]> actual = scopes(m);
    assertEquals(expected.length, actual.size(), "factor count");
    for (int i = 0; i < expected.length; i++) {
      assertArrayEquals(expected[i], actual.get(i), "factor " + i);
    }
  }

  @Test
  void paramsHaveDefaultsAndCanBeOverriddenAndLaterDefaultsSeeTheOverride() {
    String text = "param n = 2;\nparam m = n + 1;\nvar x[m] in 1..n;\n";
    Model defaults = FgcLanguage.parse("t.fg", text, Map.of());
    assertArrayEquals(new int[] {3}, defaults.array("x").dims());
    assertEquals(Domain.range(1, 2), defaults.array("x").domain());

    Model overridden = FgcLanguage.parse("t.fg", text, Map.of("n", 4L));
    assertArrayEquals(new int[] {5}, overridden.array("x").dims());
    assertEquals(Domain.range(1, 4), overridden.array("x").domain());

    Model both = FgcLanguage.parse("t.fg", text, Map.of("n", 4L, "m", 2L));
    assertArrayEquals(new int[] {2}, both.array("x").dims());

    Map<String, Long> expected = new LinkedHashMap<>();
    expected.put("n", 2L);
    expected.put("m", 3L);
    assertEquals(expected, FgcLanguage.parameters("t.fg", text));
    assertEquals(List.of("n", "m"), new ArrayList<>(FgcLanguage.parameters("t.fg", text).keySet()));
  }

  @Test
  void letsAreConstantsWithJavaIntegerArithmetic() {
    Model m =
        parse(
            "let a = 2 + 3 * 4 - 10 / 3 % 2;\n" // 2 + 12 - (3 % 2) = 13
                + "let b = -7 / 2;\n" // truncates: -3
                + "let c = -7 % 3;\n" // sign of dividend: -1
                + "let d = min(a, 5) + max(b, c) * -(1);\n" // 5 + (-1) * -1 = 6
                + "var x[a][b + 5][c + 2][d] in 0..(a - 13);\n");
    assertArrayEquals(new int[] {13, 2, 1, 6}, m.array("x").dims());
    assertEquals(Domain.range(0, 0), m.array("x").domain());
  }

  @Test
  void scalarVariablesTakeNoIndices() {
    Model m = parse("var x[2] in 1..3;\nvar y in 1..3;\nneq(x[1], y);\nneq(y, x[0]);\n");
    VariableArray y = m.array("y");
    assertEquals(0, y.rank());
    assertEquals(1, y.size());
    assertEquals(2, y.firstIndex());
    assertEquals(3, m.variableCount());
    assertScopes(m, new int[] {1, 2}, new int[] {2, 0});
    assertEquals(FactorKind.NEQ, m.factors().get(0).kind());
  }

  @Test
  void nestedForWithWhereVisitsFilteredPairsOuterFirst() {
    Model m =
        parse(
            "var x[4] in 1..4;\n"
                + "for i in 0..3, j in i..3 where i != j && j - i <= 2 {\n"
                + "  neq(x[i], x[j]);\n}\n");
    assertScopes(
        m,
        new int[] {0, 1},
        new int[] {0, 2},
        new int[] {1, 2},
        new int[] {1, 3},
        new int[] {2, 3});
  }

  @Test
  void emptyRangesRunNothing() {
    Model m =
        parse("var x[2] in 1..2;\nfor i in 3..2 { neq(x[0], x[5]); }\nalldiff(x[0], x[1]);\n");
    assertEquals(1, m.factors().size());
  }

  @Test
  void ifElseChoosesABranchPerIteration() {
    Model m =
        parse(
            "var x[4] in 1..4;\nvar y in 1..4;\n"
                + "for i in 0..3 {\n  if i % 2 == 0 {\n    neq(x[i], y);\n"
                + "  } else {\n    neq(y, x[i]);\n  }\n}\n"
                + "if false { neq(y, x[0]); }\n"
                + "if !(1 > 2) || 1 / 0 == 0 { neq(x[0], x[3]); }\n"); // || short-circuits past 1 /
    // 0
    assertScopes(
        m,
        new int[] {0, 4},
        new int[] {4, 1},
        new int[] {2, 4},
        new int[] {4, 3},
        new int[] {0, 3});
  }

  @Test
  void alldiffComprehensionWithWhereAndAnExplicitList() {
    Model m =
        parse(
            "var x[6] in 1..6;\n"
                + "alldiff(x[i] for i in 0..5 where i != 2 && !(i == 4));\n"
                + "alldiff(x[5], x[0], x[2]);\n");
    assertScopes(m, new int[] {0, 1, 3, 5}, new int[] {5, 0, 2});
    assertTrue(m.factors().stream().allMatch(f -> f.kind() == FactorKind.ALLDIFF));
  }

  @Test
  void commentsOfBothKindsAreIgnoredAndSlashStillDivides() {
    Model m =
        parse(
            "# a comment\nvar x[6 / 2] in 1..3; // another\n// whole line\n"
                + "alldiff(x[0], x[1], x[2]); # trailing\n# last line without newline");
    assertArrayEquals(new int[] {3}, m.array("x").dims());
    assertEquals(1, m.factors().size());
  }

  @Test
  void loopVariablesAndBlockLetsGoOutOfScope() {
    Model m =
        parse(
            "var x[3] in 1..3;\n"
                + "for i in 0..1 { let k = i + 1; neq(x[i], x[k]); }\n"
                + "for i in 0..0 { let k = 2; neq(x[i], x[k]); }\n"
                + "let k = 0;\nlet i = 1;\nneq(x[k], x[i]);\n");
    assertScopes(m, new int[] {0, 1}, new int[] {1, 2}, new int[] {0, 2}, new int[] {0, 1});
  }

  @Test
  void observeMarksOnlyTheNamedArray() {
    Model m = parse("var a[2] in 1..2;\nvar b in 1..2;\nobserve b;\nneq(a[0], a[1]);\n");
    assertFalse(m.array("a").observed());
    assertTrue(m.array("b").observed());
  }

  @Test
  void modelNameComesFromTheStatementOrTheSourceName() {
    String body = "var x in 1..2;\n";
    assertEquals("pairs", FgcLanguage.parse("t.fg", "model pairs;\n" + body, Map.of()).name());
    assertEquals("my_model", FgcLanguage.parse("some/dir/my_model.fg", body, Map.of()).name());
    assertEquals("win", FgcLanguage.parse("C:\\models\\win.fg", body, Map.of()).name());
    assertEquals("model", FgcLanguage.parse("dir/3d-grid.fg", body, Map.of()).name());
    assertEquals("notes_txt", FgcLanguage.parse("notes_txt", body, Map.of()).name());
  }

  @Test
  void namesMayHaveSixtyFourCharacters() {
    String name = "_" + "a1".repeat(31) + "Z";
    Model m = parse("var " + name + " in 1..2;");
    assertEquals(64, name.length());
    assertEquals(name, m.arrays().get(0).name());
  }

  @Test
  void textAndBuilderGiveTheSameIr() {
    Model parsed =
        FgcLanguage.parse(
            "ring.fg",
            "param n = 5;\nvar x[n] in 0..2;\nvar hub in 0..2;\nobserve hub;\n"
                + "for i in 0..n-1 { neq(x[i], x[(i + 1) % n]); }\n"
                + "alldiff(x[i] for i in 0..n-1 where i < 2);\nneq(hub, x[0]);\n",
            Map.of());
    ModelBuilder b = Model.builder("ring");
    VariableArray x = b.variables("x", Domain.range(0, 2), 5);
    VariableArray hub = b.variables("hub", Domain.range(0, 2));
    b.observe("hub");
    for (int i = 0; i < 5; i++) {
      b.neq(x.at(i), x.at((i + 1) % 5));
    }
    b.alldiff(x.at(0), x.at(1));
    b.neq(hub.at(), x.at(0));
    assertEquals(b.build().canonicalText(), parsed.canonicalText());
  }

  @Test
  void lineEndsOfEveryKindAreAccepted() {
    Model m = parse("var x[2] in 1..2;\r\nneq(x[0], x[1]);\rneq(x[1], x[0]);\n");
    assertEquals(2, m.factors().size());
  }
}
