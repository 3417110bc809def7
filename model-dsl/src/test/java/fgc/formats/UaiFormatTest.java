package fgc.formats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.lang.Diagnostic;
import fgc.lang.LanguageException;
import fgc.model.Domain;
import fgc.model.Evidence;
import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.ModelException;
import fgc.model.VariableArray;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The UAI reader, evidence reader and writer on small models of our own. */
class UaiFormatTest {
  /** A 3-variable chain with mixed cardinalities; the last scope is listed out of order. */
  static final String CHAIN =
      String.join(
          "\n",
          "MARKOV",
          "3",
          "2 3 2",
          "3",
          "1 0",
          "2 0 1",
          "2 2 1",
          "",
          "2",
          "0.5 0.5",
          "",
          "6",
          "1 2 3 4 5 6",
          "",
          "6",
          "0.1 0.2 0.3 0.4 0.5 0.6",
          "");

  /**
   * The rain and sprinkler network as a BAYES file: 0 cloudy, 1 sprinkler, 2 rain, 3 wet grass,
   * value 1 = true. Rain's CPT is listed as (rain, cloudy) and wet grass's as (wet, sprinkler,
   * rain), child first, so the tables must be read in the scope's order, not a sorted one.
   */
  static final String SPRINKLER =
      String.join(
          "\n",
          "BAYES",
          "4",
          "2 2 2 2",
          "4",
          "1 0",
          "2 0 1",
          "2 2 0",
          "3 3 1 2",
          "2  0.5 0.5",
          "4  0.5 0.5  0.9 0.1",
          "4  0.8 0.2  0.2 0.8",
          "8  1.0 0.1 0.1 0.01  0.0 0.9 0.9 0.99",
          "");

  @Test
  void readsAChainWithMixedCardinalitiesAsOneScalarPerVariable() {
    UaiModel u = UaiFormat.parse("dir/chain.uai", CHAIN);
    Model m = u.model();
    assertEquals("chain", m.name());
    assertEquals(UaiModel.Type.MARKOV, u.type());
    assertEquals(3, m.variableCount());
    assertEquals(List.of("x0", "x1", "x2"), m.arrays().stream().map(VariableArray::name).toList());
    for (int i = 0; i < 3; i++) {
      assertEquals(i, u.modelIndex(i));
      assertEquals("x" + i, u.variableName(i));
      assertEquals(Domain.range(0, u.cardinality(i) - 1), m.domainOf(i));
      assertTrue(m.arrayOf(i).observed());
    }
    assertEquals(3, m.factors().size());
    Factor last = m.factors().get(2);
    assertEquals(FactorKind.TABLE, last.kind());
    assertArrayEquals(new int[] {2, 1}, last.scope(), "the scope keeps the file's order");
    assertArrayEquals(new double[] {0.1, 0.2, 0.3, 0.4, 0.5, 0.6}, last.weights());
  }

  @Test
  void everyVariableIsAScalarNamedByItsNumberWhateverTheCardinalities() {
    String text = "MARKOV\n6\n2 2 3 3 3 2\n2\n2 3 5\n1 1\n6\n1 2 3 4 5 6\n2\n0.5 0.5\n";
    UaiModel u = UaiFormat.parse("runs.uai", text);
    Model m = u.model();
    assertEquals(
        List.of("x0 in 0..1", "x1 in 0..1", "x2 in 0..2", "x3 in 0..2", "x4 in 0..2", "x5 in 0..1"),
        m.arrays().stream().map(Object::toString).toList());
    assertEquals(
        List.of("x0", "x1", "x2", "x3", "x4", "x5"),
        java.util.stream.IntStream.range(0, 6).mapToObj(u::variableName).toList());
    assertArrayEquals(new int[] {3, 5}, m.factors().get(0).scope());
    assertEquals(Domain.range(0, 2), m.domainOf(3));
    assertEquals(3, m.variableIndex("x3"));
    // The name --observe takes is the file's number, so x1=1 sets UAI variable 1.
    assertEquals(
        1, fgc.lang.FgcLanguage.observe(m, fgc.model.Evidence.none(m), "x1=1").values()[1]);
  }

  @Test
  void theLastVariableOfAScopeChangesFastest() {
    Model m = UaiFormat.parse("chain.uai", CHAIN).model();
    Factor f = m.factors().get(2); // scope (x2, x1): entry index = x2 * 3 + x1
    double[] entries = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6};
    for (int x2 = 0; x2 < 2; x2++) {
      for (int x1 = 0; x1 < 3; x1++) {
        assertEquals(entries[x2 * 3 + x1], Enumeration.value(m, f, new int[] {0, x1, x2}));
      }
    }
    Factor g = m.factors().get(1); // scope (x0, x1): entry index = x0 * 3 + x1
    assertEquals(4.0, Enumeration.value(m, g, new int[] {1, 0, 0}));
    assertEquals(3.0, Enumeration.value(m, g, new int[] {0, 2, 0}));
  }

  @Test
  void uniformCardinalitiesGiveScalarsNamedByTheFilesNumbersToo() {
    UaiModel u = UaiFormat.parse("s.uai", SPRINKLER);
    assertEquals(UaiModel.Type.BAYES, u.type());
    assertEquals(u.variableCount(), u.model().arrays().size());
    assertEquals("x0", u.model().arrays().get(0).name());
    assertEquals("x3", u.variableName(3));
    assertEquals(0, u.model().arrays().get(3).rank());
  }

  @Test
  void sprinklerPosteriorsAreTheKnownOnes() {
    UaiModel u = UaiFormat.parse("sprinkler.uai", SPRINKLER);
    Evidence wet = UaiFormat.parseEvidence("sprinkler.uai.evid", "1 3 1\n", u);
    Enumeration.Result r = Enumeration.run(u.model(), wet);
    // P(W) = 0.6471, P(S, W) = 0.2781, P(R, W) = 0.4581, worked by hand from the CPTs
    assertEquals(0.2781 / 0.6471, r.marginals()[1][1], 1e-12);
    assertEquals(0.4581 / 0.6471, r.marginals()[2][1], 1e-12);
    assertEquals("0.4298", String.format(java.util.Locale.ROOT, "%.4f", r.marginals()[1][1]));
    assertEquals("0.7079", String.format(java.util.Locale.ROOT, "%.4f", r.marginals()[2][1]));
    assertEquals(Math.log(0.6471), r.logZ(), 1e-12);
    assertEquals(
        1.0,
        Enumeration.run(u.model()).marginals()[0][0] + Enumeration.run(u.model()).marginals()[0][1],
        1e-12);
  }

  @Test
  void readsCommentLinesAndAnyLayout() {
    String text = "c a comment\nMARKOV 2\nc another\n2 2 1 2 0 1 4 1 2\n 3 4\n";
    Model m = UaiFormat.parse("t.uai", text).model();
    assertEquals(1, m.factors().size());
    assertArrayEquals(new double[] {1, 2, 3, 4}, m.factors().get(0).weights());
  }

  @Test
  void windowsLineEndsChangeNothingButTheBytes() {
    assertEquals(
        UaiFormat.parse("t.uai", CHAIN).model(),
        UaiFormat.parse("t.uai", CHAIN.replace("\n", "\r\n")).model());
    LanguageException e =
        assertThrows(
            LanguageException.class,
            () ->
                UaiFormat.parse(
                    "t.uai", CHAIN.replace("1 2 3 4", "1 2 -3 4").replace("\n", "\r\n")));
    assertEquals(
        List.of(13, 5), List.of(e.diagnostics().get(0).line(), e.diagnostics().get(0).column()));
    assertEquals("1 2 -3 4 5 6", e.diagnostics().get(0).sourceLine());
    UaiModel u = UaiFormat.parse("t.uai", CHAIN);
    assertEquals(
        1, UaiFormat.parseEvidenceSamples("e", "1\r\n1 0 1\r\n", u).size(), "old format, CR LF");
  }

  @Test
  void readsBothEvidenceFormats() {
    UaiModel u = UaiFormat.parse("chain.uai", CHAIN);
    int none = Evidence.NONE;
    assertArrayEquals(
        new int[] {none, 2, 1}, UaiFormat.parseEvidence("e", "2 1 2 2 1", u).values());
    assertArrayEquals(
        new int[] {none, 2, 1},
        UaiFormat.parseEvidence("e", "2\n1 2\n2 1\n", u).values(),
        "the current format over several lines");
    assertArrayEquals(
        new int[] {none, 2, 1},
        UaiFormat.parseEvidence("e", "1\n2 1 2 2 1\n", u).values(),
        "the old format");
    assertArrayEquals(new int[] {none, none, none}, UaiFormat.parseEvidence("e", "0", u).values());
    assertArrayEquals(
        new int[] {none, none, none},
        UaiFormat.parseEvidence("e", "1\n0\n", u).values(),
        "old, no observation");
    List<Evidence> two = UaiFormat.parseEvidenceSamples("e", "2\n1 0 1\n1 1 2\n", u);
    assertEquals(2, two.size());
    assertArrayEquals(new int[] {1, none, none}, two.get(0).values());
    assertArrayEquals(new int[] {none, 2, none}, two.get(1).values());
    // Fits both formats: "2 observations (1,0) (0,0)" and "2 samples: (0,0); none". A count alone
    // on the first line means the old format; all on one line the current one.
    assertEquals(2, UaiFormat.parseEvidenceSamples("e", "2\n1 0 0\n0\n", u).size());
    assertArrayEquals(
        new int[] {0, 0, none}, UaiFormat.parseEvidence("e", "2 1 0 0 0\n", u).values());
  }

  static Stream<Arguments> modelErrors() {
    return Stream.of(
        error(
            "unknown type",
            CHAIN.replace("MARKOV", "MARKOF"),
            1,
            1,
            "expected the network type MARKOV or BAYES but found 'MARKOF'"),
        error(
            "no variables",
            CHAIN.replaceFirst("\n3\n", "\n0\n"),
            2,
            1,
            "the number of variables is 0; it must be 1..16777216 (fgc's limit)"),
        error(
            "cardinality zero",
            CHAIN.replace("2 3 2", "2 0 2"),
            3,
            3,
            "the cardinality of variable 1 is 0; it must be 1..256 (fgc's limit for one variable)"),
        error(
            "cardinality too big",
            CHAIN.replace("2 3 2", "2 300 2"),
            3,
            3,
            "the cardinality of variable 1 is 300;"
                + " it must be 1..256 (fgc's limit for one variable)"),
        error(
            "cardinality not a number",
            CHAIN.replace("2 3 2", "2 x 2"),
            3,
            3,
            "expected the cardinality of variable 1 (a whole number) but found 'x'"),
        error(
            "negative count",
            CHAIN.replace("2 3 2", "2 -3 2"),
            3,
            3,
            "expected the cardinality of variable 1 (a whole number) but found '-3'"),
        error(
            "scope variable out of range",
            CHAIN.replace("2 2 1\n", "2 3 1\n"),
            7,
            3,
            "variable 1 of function 2's scope is 3; variables are numbered 0..2"),
        error(
            "scope variable twice",
            CHAIN.replace("2 2 1\n", "2 1 1\n"),
            7,
            5,
            "function 2 lists variable 1 twice in its scope"),
        error(
            "empty scope",
            CHAIN.replace("1 0\n", "0\n"),
            5,
            1,
            "function 0 has an empty scope: a constant, which fgc's model does not hold"),
        error(
            "entry count wrong",
            CHAIN.replace("6\n1 2 3", "5\n1 2 3"),
            12,
            1,
            "function 1's table has 5 entries, but its scope (2 x 3) needs 6"),
        error(
            "negative entry",
            CHAIN.replace("1 2 3 4", "1 2 -3 4"),
            13,
            5,
            "entry 3 of function 1's table is -3; entries must not be negative"),
        error(
            "malformed entry",
            CHAIN.replace("1 2 3 4", "1 2 3x 4"),
            13,
            5,
            "expected a number (entry 3 of function 1's table) but found '3x'"),
        error(
            "NaN entry",
            CHAIN.replace("1 2 3 4", "1 2 NaN 4"),
            13,
            5,
            "expected a number (entry 3 of function 1's table) but found 'NaN'"),
        error(
            "hexadecimal entry",
            CHAIN.replace("1 2 3 4", "1 2 0x1p3 4"),
            13,
            5,
            "expected a number (entry 3 of function 1's table) but found '0x1p3'"),
        error(
            "overflowing entry",
            CHAIN.replace("1 2 3 4", "1 2 1e999 4"),
            13,
            5,
            "entry 3 of function 1's table is 1e999; entries must be finite"),
        error(
            "underflowing entry",
            CHAIN.replace("1 2 3 4", "1 2 1e-400 4"),
            13,
            5,
            "entry 3 of function 1's table is 1e-400,"
                + " too small for a double: it would be read as 0"),
        error(
            "all-zero table",
            CHAIN.replace("0.5 0.5", "0 0.0"),
            9,
            1,
            "function 0's table is all zeros: no assignment would be possible"),
        error(
            "truncated table",
            CHAIN.replace("0.1 0.2 0.3 0.4 0.5 0.6\n", "0.1 0.2 0.3\n"),
            16,
            12,
            "the file ends where entry 4 of function 2's table (6 entries) should be"),
        error(
            "truncated preamble",
            "MARKOV\n3\n2 3\n",
            3,
            4,
            "the file ends where the cardinality of variable 2 should be"),
        error(
            "truncated scopes",
            "MARKOV\n3\n2 3 2\n3\n1 0\n2 0",
            6,
            4,
            "the file ends where variable 2 of function 1's scope should be"),
        error(
            "missing tables",
            CHAIN.substring(0, CHAIN.indexOf("\n\n2\n")),
            7,
            6,
            "the file ends where the entry count of function 0's table should be"),
        error(
            "empty file",
            "",
            1,
            1,
            "the file ends where the network type (MARKOV or BAYES) should be"),
        error(
            "text after the last table",
            CHAIN + "7\n",
            17,
            1,
            "unexpected '7' after the last function table (the file declares 3 functions)"),
        error(
            "too few functions declared",
            CHAIN.replaceFirst("\n3\n1 0", "\n2\n1 0"),
            9,
            1,
            "function 1's table has 2 entries, but its scope (2 x 3) needs 6"));
  }

  static Stream<Arguments> evidenceErrors() {
    return Stream.of(
        error(
            "variable out of range",
            "1 3 0",
            1,
            3,
            "variable 3 is not in the model; variables are numbered 0..2"),
        error(
            "value out of range",
            "1 1 3",
            1,
            5,
            "variable 1 = 3 is out of range: it has 3 values, 0..2"),
        error("variable twice", "2 1 0 1 2", 1, 7, "variable 1 is observed twice in the evidence"),
        error(
            "truncated",
            "2 1 0",
            1,
            6,
            "the file ends where observation 2 of 2"
                + " in the evidence should be (a variable and its value)"),
        error(
            "text after",
            "1 1 0 7",
            1,
            7,
            "unexpected '7' after the 1 observed variables the file declares"),
        error(
            "not a number",
            "1 x 0",
            1,
            3,
            "expected a variable number (a whole number) but found 'x'"),
        error(
            "empty",
            "",
            1,
            1,
            "the evidence file is empty;"
                + " it should give the number of observed variables (0 for none)"),
        error(
            "more than the model has",
            "4 0 0 1 0 2 0 0 0",
            1,
            1,
            "the evidence observes 4 variables, but the model has only 3"),
        error(
            "old format truncated",
            "2\n1 0 1\n",
            2,
            6,
            "the file ends where the number of observed variables in sample 2 of 2 should be"),
        error(
            "old format with two samples where one is needed",
            "2\n1 0 1\n1 1 2\n",
            1,
            1,
            "the file holds 2 evidence samples (the old multi-sample format); one is needed"));
  }

  private static Arguments error(String name, String text, int line, int column, String message) {
    return Arguments.of(name, text, line, column, message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("modelErrors")
  void aMalformedModelIsOnePositionedError(
      String name, String text, int line, int column, String message) {
    LanguageException e =
        assertThrows(LanguageException.class, () -> UaiFormat.parse("m.uai", text));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals(
        List.of("m.uai", line, column, message),
        List.of(d.sourceName(), d.line(), d.column(), d.message()),
        d.format());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("evidenceErrors")
  void malformedEvidenceIsOnePositionedError(
      String name, String text, int line, int column, String message) {
    UaiModel u = UaiFormat.parse("chain.uai", CHAIN);
    LanguageException e =
        assertThrows(LanguageException.class, () -> UaiFormat.parseEvidence("m.evid", text, u));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals(
        List.of("m.evid", line, column, message),
        List.of(d.sourceName(), d.line(), d.column(), d.message()),
        d.format());
  }

  /**
   * Cut before any token, a file lacks something it declared: never a model, always a positioned
   * error.
   */
  @Test
  void everyTruncationAtATokenIsAnError() {
    for (String text : List.of(CHAIN, SPRINKLER)) {
      for (int cut = 0; cut < text.length(); cut++) {
        if (!Character.isWhitespace(text.charAt(cut))
            && (cut == 0 || Character.isWhitespace(text.charAt(cut - 1)))) {
          String prefix = text.substring(0, cut);
          LanguageException e =
              assertThrows(LanguageException.class, () -> UaiFormat.parse("t.uai", prefix), prefix);
          assertTrue(
              e.diagnostics().get(0).message().startsWith("the file ends where"), e.getMessage());
        }
      }
    }
  }

  @Test
  void writesATinyModelAsExpected() {
    ModelBuilder b = Model.builder("pair");
    VariableArray x = b.variables("x", Domain.range(1, 2), 2);
    b.neq(x.at(0), x.at(1));
    b.prior(x.at(1), new double[] {0.25, 0.75});
    String expected = "MARKOV\n2\n2 2\n2\n2 0 1\n1 1\n\n4\n0.0 1.0\n1.0 0.0\n\n2\n0.25 0.75\n";
    assertEquals(expected, UaiFormat.write(b.build()));
  }

  @Test
  void roundTripGivesTheSameFactors() {
    for (String text : List.of(CHAIN, SPRINKLER)) {
      Model first = UaiFormat.parse("t.uai", text).model();
      Model again = UaiFormat.parse("t.uai", UaiFormat.write(first)).model();
      assertEquals(first.factors(), again.factors());
      assertEquals(first.arrays(), again.arrays());
      assertEquals(first, again);
    }
  }

  @Test
  void sortedScopesPermuteTheTables() {
    Model m = UaiFormat.parse("s.uai", SPRINKLER).model();
    String sorted = UaiFormat.write(m, true, UaiFormat.MAX_TABLE_ENTRIES);
    assertTrue(sorted.contains("\n2 0 2\n3 1 2 3\n"), sorted);
    Model back = UaiFormat.parse("s.uai", sorted).model();
    assertArrayEquals(new int[] {0, 2}, back.factors().get(2).scope());
    // (cloudy, rain), rain fastest: P(rain | cloudy=0) then P(rain | cloudy=1)
    assertArrayEquals(new double[] {0.8, 0.2, 0.2, 0.8}, back.factors().get(2).weights());
    assertArrayEquals(
        new double[] {1.0, 0.0, 0.1, 0.9, 0.1, 0.9, 0.01, 0.99}, back.factors().get(3).weights());
    assertSameWeights(m, back);
  }

  /**
   * Every kind written as its table gives every assignment the weight the model gives it, domains
   * not starting at 0.
   */
  @Test
  void everyKindIsWrittenAsItsTable() {
    ModelBuilder b = Model.builder("kinds");
    VariableArray x = b.variables("x", Domain.range(1, 3), 3);
    VariableArray y = b.variables("y", Domain.range(-1, 1));
    b.alldiff(x.at(0), x.at(1), x.at(2));
    b.neq(x.at(0), y.at());
    b.eq(y.at(), x.at(2));
    b.sum(6, x.at(0), y.at(), x.at(1));
    b.table(new int[] {y.at(), x.at(0)}, new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
    b.prior(x.at(1), new double[] {0.5, 0.25, 2});
    Model m = b.build();
    for (boolean sort : new boolean[] {false, true}) {
      Model back =
          UaiFormat.parse("k.uai", UaiFormat.write(m, sort, UaiFormat.MAX_TABLE_ENTRIES)).model();
      assertEquals(m.factors().size(), back.factors().size());
      assertSameWeights(m, back);
    }
  }

  /**
   * {@code back} (read from UAI, domains from 0) gives every assignment of {@code m} the same
   * weight, bit for bit.
   */
  private static void assertSameWeights(Model m, Model back) {
    int n = m.variableCount();
    int[] value = new int[n];
    int[] shifted = new int[n];
    for (int i = 0; i < n; i++) {
      value[i] = m.domainOf(i).lo();
    }
    int checked = 0;
    int nonZero = 0;
    while (true) {
      for (int i = 0; i < n; i++) {
        shifted[i] = value[i] - m.domainOf(i).lo();
      }
      double w = Enumeration.weight(m, value);
      assertEquals(w, Enumeration.weight(back, shifted), java.util.Arrays.toString(value));
      checked++;
      nonZero += w > 0 ? 1 : 0;
      int i = n - 1;
      while (i >= 0 && value[i] == m.domainOf(i).hi()) {
        value[i] = m.domainOf(i).lo();
        i--;
      }
      if (i < 0) {
        break;
      }
      value[i]++;
    }
    assertTrue(
        checked > 1 && nonZero > 0,
        "checked " + checked + " assignments, " + nonZero + " possible");
  }

  @Test
  void refusesATableAboveTheLimitBeforeWritingAnything() {
    ModelBuilder b = Model.builder("row");
    VariableArray x = b.variables("x", Domain.range(1, 9), 9);
    b.alldiff(java.util.stream.IntStream.range(0, 9).map(x::at).toArray());
    StringBuilder out = new StringBuilder();
    ModelException e =
        assertThrows(
            ModelException.class,
            () -> UaiFormat.write(b.build(), false, UaiFormat.MAX_TABLE_ENTRIES, out));
    assertEquals(
        "cannot write model row as UAI:"
            + " factor 0 (alldiff over x[0], x[1], x[2], ... (9 variables)) would be a table of"
            + " 387,420,489 entries; the limit is 1,048,576",
        e.getMessage());
    assertEquals("", out.toString());
  }

  /**
   * The bundled umbrella chain and its data, through UAI and back: the same exact marginals, the
   * documented ones.
   */
  @Test
  void theUmbrellaChainSurvivesTheTripWithItsEvidence() {
    Model chain =
        fgc.lang.FgcLanguage.bundled(
            "chain", java.util.Map.of(), fgc.lang.DataSet.example("umbrella"));
    Evidence seen = fgc.lang.FgcLanguage.evidence(chain, fgc.lang.DataSet.example("umbrella"));
    UaiModel u = UaiFormat.parse("chain.uai", UaiFormat.write(chain));
    Evidence back =
        UaiFormat.parseEvidence("chain.uai.evid", UaiFormat.writeEvidence(chain, seen), u);
    assertArrayEquals(seen.values(), back.values());
    Enumeration.Result a = Enumeration.run(chain, seen);
    Enumeration.Result b = Enumeration.run(u.model(), back);
    double[] documented = {0.8638, 0.8066, 0.2316, 0.5320, 0.8613, 0.8777};
    for (int t = 0; t < 6; t++) {
      assertEquals(a.marginals()[t][1], b.marginals()[t][1], 1e-15);
      assertEquals(documented[t], a.marginals()[t][1], 5e-5, "P(rain on day " + t + ")");
    }
    assertEquals(a.logZ(), b.logZ(), 1e-15);
  }
}
