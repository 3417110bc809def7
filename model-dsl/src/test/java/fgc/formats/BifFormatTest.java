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
import fgc.model.Model;
import fgc.model.ModelException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The BIF reader on networks of our own: the layout of its tables, its names, its errors. */
class BifFormatTest {
  static final String SPRINKLER =
      String.join(
          "\n",
          "network sprinkler {",
          "}",
          "variable Cloudy {",
          "  type discrete [ 2 ] { true, false };",
          "}",
          "variable Sprinkler {",
          "  type discrete [ 2 ] { true, false };",
          "}",
          "variable Rain {",
          "  type discrete [ 2 ] { true, false };",
          "}",
          "variable WetGrass {",
          "  type discrete [ 2 ] { true, false };",
          "}",
          "probability ( Cloudy ) {",
          "  table 0.5, 0.5;",
          "}",
          "probability ( Sprinkler | Cloudy ) {",
          "  (true) 0.1, 0.9;",
          "  (false) 0.5, 0.5;",
          "}",
          "probability ( Rain | Cloudy ) {",
          "  (true) 0.8, 0.2;",
          "  (false) 0.2, 0.8;",
          "}",
          "probability ( WetGrass | Sprinkler, Rain ) {",
          "  (true, true) 0.99, 0.01;",
          "  (true, false) 0.9, 0.1;",
          "  (false, true) 0.9, 0.1;",
          "  (false, false) 0.0, 1.0;",
          "}",
          "");

  @Test
  void sprinklerPosteriorsAreTheKnownOnes() {
    BayesNet net = BifFormat.parse("nets/sprinkler.bif", SPRINKLER);
    Model m = net.model();
    assertEquals("sprinkler", m.name());
    assertEquals("sprinkler", net.networkName());
    assertEquals(List.of("Cloudy", "Sprinkler", "Rain", "WetGrass"), net.variables());
    Evidence wet = net.evidence(Map.of("WetGrass", "true"));
    Enumeration.Result r = Enumeration.run(m, wet);
    int yes = net.state("Rain", "true");
    assertEquals(0, yes);
    assertEquals(0.4581 / 0.6471, r.marginals()[net.index("Rain")][yes], 1e-12);
    assertEquals(
        0.2781 / 0.6471,
        r.marginals()[net.index("Sprinkler")][net.state("Sprinkler", "true")],
        1e-12);
    assertEquals(Math.log(0.6471), r.logZ(), 1e-12);
  }

  @Test
  void eachCptIsATableOverParentsThenChild() {
    BayesNet net = BifFormat.parse("s.bif", SPRINKLER);
    Model m = net.model();
    assertEquals(4, m.factors().size());
    Factor wet = m.factors().get(3);
    assertArrayEquals(
        new int[] {net.index("Sprinkler"), net.index("Rain"), net.index("WetGrass")}, wet.scope());
    assertArrayEquals(new double[] {0.99, 0.01, 0.9, 0.1, 0.9, 0.1, 0.0, 1.0}, wet.weights());
    assertArrayEquals(new int[] {net.index("Cloudy")}, m.factors().get(0).scope());
    assertEquals(List.of("Sprinkler", "Rain"), net.parents("WetGrass"));
    assertEquals(List.of("true", "false"), net.states("Rain"));
    for (int i = 0; i < 4; i++) {
      assertEquals(Domain.range(0, 1), m.domainOf(i));
      assertTrue(m.arrayOf(i).observed());
      assertEquals(0, m.arrayOf(i).rank());
    }
  }

  /**
   * Rows in any order, a default row, quoted names, no commas, comments and properties: the same
   * CPTs.
   */
  @Test
  void readsTheFormatsLatitudes() {
    String text =
        String.join(
            "\n",
            "// a comment",
            "network \"sprinkler\" { property author = me ; }",
            "/* a block",
            "   comment */",
            "variable \"Cloudy\" { type discrete [2] { true false };"
                + " property position = (1, 2) ; }",
            "variable Sprinkler { type discrete [ 2 ] { true, false }; }",
            "variable Rain { type discrete [ 2 ] { true, false }; }",
            "variable WetGrass { type discrete [ 2 ] { true, false }; }",
            "probability ( WetGrass | Sprinkler, Rain ) {",
            "  default 0.9, 0.1;",
            "  (false, false) 0.0 1.0;",
            "  (true, true) 0.99, 0.01;",
            "}",
            "probability ( Cloudy ) { table 0.5 0.5; }",
            "probability ( Rain Cloudy ) { (false) 0.2, 0.8; (true) 0.8, 0.2; }",
            "probability ( Sprinkler | Cloudy ) { (true) 0.1, 0.9; (false) 0.5, 0.5; }");
    BayesNet loose = BifFormat.parse("s.bif", text);
    BayesNet strict = BifFormat.parse("s.bif", SPRINKLER);
    for (String v : strict.variables()) {
      Factor a = factorOf(loose, v);
      Factor b = factorOf(strict, v);
      assertArrayEquals(b.scope(), a.scope(), v);
      assertArrayEquals(b.weights(), a.weights(), v);
    }
  }

  private static Factor factorOf(BayesNet net, String child) {
    int i = net.index(child);
    return net.model().factors().stream()
        .filter(f -> f.variable(f.arity() - 1) == i)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void namesThatAreNotIdentifiersAreMadeSoAndStillLookedUpAsWritten() {
    String text =
        "network n {}\nvariable bowel-problem { type discrete [2] { yes, no }; }\n"
            + "variable 2nd { type discrete [3] { a, b, c }; }\n"
            + "probability ( bowel-problem ) { table 0.25, 0.75; }\n"
            + "probability ( 2nd | bowel-problem ) {"
            + " (yes) 0.2, 0.3, 0.5; (no) 1, 0, 0; }\n";
    BayesNet net = BifFormat.parse("dogs.bif", text);
    assertEquals("bowel_problem", net.modelName("bowel-problem"));
    assertEquals("_2nd", net.modelName("2nd"));
    assertEquals(2, net.state("2nd", "c"));
    assertArrayEquals(
        new double[] {0.2, 0.3, 0.5, 1, 0, 0}, net.model().factors().get(1).weights());
  }

  @Test
  void unknownNamesInQueriesSayWhatThereIs() {
    BayesNet net = BifFormat.parse("s.bif", SPRINKLER);
    assertEquals(
        "network s has no variable 'Rian'; did you mean 'Rain'?",
        assertThrows(ModelException.class, () -> net.evidence(Map.of("Rian", "true")))
            .getMessage());
    assertEquals(
        "network s has no variable 'Snow'; its variables are Cloudy, Sprinkler, Rain, WetGrass",
        assertThrows(ModelException.class, () -> net.evidence(Map.of("Snow", "true")))
            .getMessage());
    assertEquals(
        "'yes' is not a state of Rain; its states are true, false",
        assertThrows(ModelException.class, () -> net.state("Rain", "yes")).getMessage());
    assertEquals(
        "'flase' is not a state of Rain; did you mean 'false'? (its states are true, false)",
        assertThrows(ModelException.class, () -> net.state("Rain", "flase")).getMessage());
  }

  @Test
  void statesAreTheValuesNamesInTheModel() {
    Model m = BifFormat.parse("s.bif", SPRINKLER).model();
    assertEquals(List.of("true", "false"), m.array("Rain").labels());
    assertEquals("false", m.valueText(m.variableIndex("Rain"), 1));
    assertEquals(
        "7", m.valueText(m.variableIndex("Rain"), 7), "a value outside the domain is its number");
  }

  @Test
  void statesAreLabelsOnlyAndLeaveTheCanonicalTextAlone() {
    Model named = BifFormat.parse("s.bif", SPRINKLER).model();
    Model renamed =
        BifFormat.parse("s.bif", SPRINKLER.replace("true", "yes").replace("false", "no")).model();
    assertEquals(List.of("yes", "no"), renamed.array("Rain").labels());
    assertEquals(
        named.canonicalText(),
        renamed.canonicalText(),
        "the same network to solve, so the same solver");
  }

  @Test
  void observeTakesAStateByNameAnIndexWhereNoNameIsGivenAndSaysWhatWasMeant() {
    Model m = BifFormat.parse("s.bif", SPRINKLER).model();
    int rain = m.variableIndex("Rain");
    assertEquals(1, fgc.lang.FgcLanguage.observe(m, Evidence.none(m), "Rain=false").values()[rain]);
    assertEquals(
        1, fgc.lang.FgcLanguage.observe(m, Evidence.none(m), "Rain = false ").values()[rain]);
    assertEquals(0, fgc.lang.FgcLanguage.observe(m, Evidence.none(m), "Rain=0").values()[rain]);
    LanguageException typo =
        assertThrows(
            LanguageException.class,
            () -> fgc.lang.FgcLanguage.observe(m, Evidence.none(m), "Rain=flase"));
    Diagnostic d = typo.diagnostics().get(0);
    assertEquals(
        "'flase' is not a state of Rain; did you mean 'false'? (its states are true, false)",
        d.message());
    assertEquals(6, d.column());
    assertEquals(
        "'2' is not a value of Rain: its values are true, false (or their indices 0..1)",
        assertThrows(
                LanguageException.class,
                () -> fgc.lang.FgcLanguage.observe(m, Evidence.none(m), "Rain=2"))
            .diagnostics()
            .get(0)
            .message());
    assertEquals(
        "model s has no variable array 'Rian'; did you mean 'Rain'?",
        assertThrows(
                LanguageException.class,
                () -> fgc.lang.FgcLanguage.observe(m, Evidence.none(m), "Rian=true"))
            .diagnostics()
            .get(0)
            .message());
  }

  @Test
  void aStateNamedByANumberIsTakenByItsName() {
    String numbered =
        SPRINKLER.replace(
            "variable Rain {\n  type discrete [ 2 ] { true, false };",
            "variable Rain {\n  type discrete [ 2 ] { 1, 0 };");
    Model m =
        BifFormat.parse(
                "s.bif",
                numbered
                    .replace("(true, true) 0.99", "(true, 1) 0.99")
                    .replace("(true, false) 0.9", "(true, 0) 0.9")
                    .replace("(false, true) 0.9", "(false, 1) 0.9")
                    .replace("(false, false) 0.0", "(false, 0) 0.0"))
            .model();
    assertEquals(List.of("1", "0"), m.array("Rain").labels());
    // As it prints: "Rain 1:p 0:q", so Rain=0 is the state named 0, index 1.
    assertEquals(
        1,
        fgc.lang.FgcLanguage.observe(m, Evidence.none(m), "Rain=0")
            .values()[m.variableIndex("Rain")]);
  }

  static Stream<Arguments> errors() {
    String s = SPRINKLER;
    return Stream.of(
        error(
            "unknown state",
            s.replace("(true, false) 0.9", "(true, maybe) 0.9"),
            28,
            10,
            "'maybe' is not a state of Rain (its states: true, false)"),
        error(
            "unknown parent",
            s.replace("( Rain | Cloudy )", "( Rain | Cloud )"),
            22,
            22,
            "'Cloud' (parent) is not a declared variable"),
        error(
            "unknown child",
            s.replace("( Rain | Cloudy )", "( Rainn | Cloudy )"),
            22,
            15,
            "'Rainn' (probability block) is not a declared variable"),
        error(
            "duplicate variable",
            s.replace("variable Rain {", "variable Sprinkler {"),
            9,
            10,
            "variable 'Sprinkler' is declared twice (first at 6:10)"),
        error(
            "duplicate state",
            s.replaceFirst("\\{ true, false \\}", "{ true, true }"),
            4,
            31,
            "state 'true' of Cloudy is listed twice"),
        error(
            "state count",
            s.replaceFirst("\\[ 2 \\]", "[ 3 ]"),
            4,
            37,
            "variable Cloudy is declared with 3 states but lists 2"),
        error(
            "no states line",
            s.replaceFirst("  type discrete \\[ 2 \\] \\{ true, false \\};\n", ""),
            3,
            10,
            "variable Cloudy has no 'type discrete [k] { ... };' line"),
        error(
            "row sum",
            s.replace("(true) 0.1, 0.9;", "(true) 0.1, 0.8;"),
            19,
            10,
            "the row for (true) of P(Sprinkler | Cloudy) sums to 0.9, not 1"),
        error(
            "row sum off by 2e-7 with seven digits",
            s.replace("(true) 0.1, 0.9;", "(true) 0.1000000, 0.8999998;"),
            19,
            10,
            "the row for (true) of P(Sprinkler | Cloudy) sums to 0.9999998, not 1"),
        error(
            "table sum",
            s.replace("table 0.5, 0.5;", "table 0.5, 0.6;"),
            16,
            9,
            "the table of P(Cloudy) sums to 1.1, not 1"),
        error(
            "huge exponent",
            s.replace("table 0.5, 0.5;", "table 0.5, 0.5e-9999999999;"),
            16,
            14,
            "probability 0.5e-9999999999 is too small for a double: it would be read as 0"),
        error(
            "underflow",
            s.replace("table 0.5, 0.5;", "table 1, 1e-400;"),
            16,
            12,
            "probability 1e-400 is too small for a double: it would be read as 0"),
        error(
            "row length",
            s.replace("(true) 0.1, 0.9;", "(true) 0.1, 0.4, 0.5;"),
            19,
            10,
            "the row for (true) of P(Sprinkler | Cloudy)"
                + " gives 3 probabilities; Sprinkler has 2 states"),
        error(
            "row names too few parents",
            s.replace("(true, true) 0.99", "(true) 0.99"),
            27,
            3,
            "a row of P(WetGrass | Sprinkler, Rain) must name 2 parent states, not 1"),
        error(
            "negative",
            s.replace("(true) 0.1, 0.9;", "(true) -0.1, 1.1;"),
            19,
            10,
            "probability -0.1 is negative"),
        error(
            "malformed number",
            s.replace("(true) 0.1, 0.9;", "(true) 0.1, 0.9x;"),
            19,
            15,
            "expected a probability (a number) or ';' but found '0.9x'"),
        error(
            "no numbers",
            s.replace("(true) 0.1, 0.9;", "(true) ;"),
            19,
            10,
            "expected a probability (a number) before ';'"),
        error(
            "missing row",
            s.replace("  (false, false) 0.0, 1.0;\n", ""),
            30,
            1,
            "P(WetGrass | Sprinkler, Rain) has no row for (false, false)"),
        error(
            "empty block",
            s.replace("  table 0.5, 0.5;\n", ""),
            16,
            1,
            "P(Cloudy) has no 'table' line"),
        error(
            "duplicate row",
            s.replace("(false, false) 0.0, 1.0;", "(false, true) 0.0, 1.0;"),
            30,
            3,
            "P(WetGrass | Sprinkler, Rain) has a second row for (false, true)"),
        error(
            "missing block",
            s.replace(
                "probability ( Rain | Cloudy ) {\n  (true) 0.8, 0.2;\n  (false) 0.2, 0.8;\n}\n",
                ""),
            9,
            10,
            "variable Rain has no probability block"),
        error(
            "duplicate block",
            s + "probability ( Cloudy ) { table 0.4, 0.6; }\n",
            32,
            15,
            "variable Cloudy has a second probability block (the first is at 15:1)"),
        error(
            "cycle",
            s.replace(
                "probability ( Cloudy ) {\n  table 0.5, 0.5;\n}",
                "probability ( Cloudy | WetGrass ) {\n  (true) 0.5, 0.5;\n  (false) 0.5, 0.5;\n}"),
            19,
            1,
            "the parents form a cycle: Cloudy -> Sprinkler -> WetGrass"
                + " -> Cloudy (a Bayesian network's links must not loop)"),
        error(
            "own parent",
            s.replace("( Rain | Cloudy )", "( Rain | Rain )"),
            22,
            22,
            "variable Rain is listed as its own parent"),
        error(
            "parent twice",
            s.replace("( WetGrass | Sprinkler, Rain )", "( WetGrass | Rain, Rain )"),
            26,
            32,
            "parent Rain is listed twice"),
        error(
            "table with parents",
            s.replace("  (true) 0.1, 0.9;\n  (false) 0.5, 0.5;\n", "  table 0.1, 0.9, 0.5, 0.5;\n"),
            19,
            3,
            "a 'table' line for Sprinkler, which has parents:"
                + " tools disagree on the order of its entries, so write one row per"
                + " parent configuration, e.g. (true) p1, p2, ...;"),
        error(
            "names that collide as identifiers",
            s.replace("variable Rain {", "variable Wet-Grass {")
                .replace("variable WetGrass {", "variable Wet_Grass {"),
            12,
            10,
            "variables 'Wet-Grass' and 'Wet_Grass' would both be called Wet_Grass in fgc"),
        error(
            "too many states",
            s.replaceFirst("\\[ 2 \\]", "[ 300 ]"),
            4,
            19,
            "variable Cloudy has 300 states; it must have 1..256 (fgc's limit for one variable)"),
        error(
            "not a network",
            "variable x { }",
            1,
            1,
            "expected 'network' (a BIF file starts with its network block) but found 'variable'"),
        error(
            "stray block",
            s.replace("variable Rain {", "varaible Rain {"),
            9,
            1,
            "expected 'variable' or 'probability' but found 'varaible'"),
        error(
            "unterminated comment",
            s + "/* left open\n",
            32,
            1,
            "unterminated comment: no '*/' before the end of the file"),
        error(
            "unterminated name",
            s.replace("variable Rain {", "variable \"Rain {"),
            9,
            10,
            "unterminated name: no closing '\"' on this line"),
        error(
            "truncated in a block",
            s.substring(0, s.indexOf("  (true, false)")),
            26,
            1,
            "unterminated probability block: no '}' before the end of the file"),
        error(
            "truncated in a row",
            s.substring(0, s.indexOf(" 0.01;")),
            27,
            21,
            "expected a probability (a number) or ';' but found the end of the file"),
        error(
            "truncated in a variable",
            s.substring(0, s.indexOf("true, false };")),
            4,
            24,
            "expected a state name or '}' but found the end of the file"),
        error("empty network", "network n { }\n", 1, 14, "the network declares no variables"));
  }

  private static Arguments error(String name, String text, int line, int column, String message) {
    return Arguments.of(name, text, line, column, message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("errors")
  void aMalformedNetworkIsOnePositionedError(
      String name, String text, int line, int column, String message) {
    LanguageException e =
        assertThrows(LanguageException.class, () -> BifFormat.parse("n.bif", text));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals(
        List.of("n.bif", line, column, message),
        List.of(d.sourceName(), d.line(), d.column(), d.message()),
        d.format());
  }

  /**
   * Every prefix of a network is a positioned error, or (cut only in trailing blanks) the whole
   * network: never a part of it.
   */
  @Test
  void noPrefixGivesAPartialNetwork() {
    Model whole = BifFormat.parse("s.bif", SPRINKLER).model();
    int errors = 0;
    for (int cut = 0; cut < SPRINKLER.length(); cut++) {
      String prefix = SPRINKLER.substring(0, cut);
      try {
        Model m = BifFormat.parse("s.bif", prefix).model();
        assertEquals(whole, m, prefix);
        assertTrue(SPRINKLER.substring(cut).isBlank(), "a network from the prefix " + prefix);
      } catch (LanguageException expected) {
        assertTrue(expected.diagnostics().get(0).line() > 0, expected.getMessage());
        errors++;
      }
    }
    assertEquals(SPRINKLER.stripTrailing().length(), errors);
  }

  @Test
  void roundsOfSevenDigitsAreAccepted() {
    // sachs prints seven significant digits: this row sums to 0.9999999
    String text = SPRINKLER.replace("table 0.5, 0.5;", "table 0.3333333, 0.6666666;");
    assertArrayEquals(
        new double[] {0.3333333, 0.6666666},
        BifFormat.parse("s.bif", text).model().factors().get(0).weights());
    assertEquals(5e-8, BifParser.halfUnitInLastPlace(new BigDecimal("0.3333333")), 1e-20);
    assertEquals(5e-12, BifParser.halfUnitInLastPlace(new BigDecimal("7.682262e-05")), 1e-24);
    assertEquals(0.5, BifParser.halfUnitInLastPlace(new BigDecimal("1")), 0);
    // Seven places each, yet 2e-7 short: more than their rounding can explain.
    String off = SPRINKLER.replace("table 0.5, 0.5;", "table 0.3333333, 0.6666665;");
    assertEquals(
        "the table of P(Cloudy) sums to 0.9999998, not 1",
        assertThrows(LanguageException.class, () -> BifFormat.parse("s.bif", off))
            .diagnostics()
            .get(0)
            .message());
  }
}
