package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.algorithms.Algorithms;
import fgc.algorithms.Capabilities;
import fgc.compilation.AlgorithmSpec;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.plan.NoSolutionException;
import fgc.solver.GeneratedAlgorithm;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Models at the edges of what weights and constraints can say: finite weights of any size give the
 * marginals their ratios say, under every algorithm; a model that cheap checks prove has no
 * solution is refused, naming the factors that clash, before any code is written.
 */
class DegenerateModelsTest {
  private static Model parse(String text) {
    return FgcLanguage.parse("t.fg", text, Map.of());
  }

  private static double[] marginal(Model model, String algorithm, int variable, int sweeps)
      throws Exception {
    GeneratedAlgorithm solver =
        DifferentialTest.instantiate(ModelCompiler.compile(model, AlgorithmSpec.named(algorithm)));
    solver.update(sweeps);
    double[] p = new double[solver.domainSize(variable)];
    solver.marginal(variable, p);
    return p;
  }

  @Test
  void weightsNearTheLargestDoubleGiveTheMarginalsTheirRatiosSay() throws Exception {
    // Three priors of 1e308 on one variable: the product is infinite unless it is kept in scale.
    Model huge =
        parse(
            "model w; var w[2] in 0..1;\n"
                + "prior(w[0]) = [1e308, 1e308]; prior(w[0]) = [1e308, 1e308];"
                + " prior(w[0]) = [1e308, 1e308];\n"
                + "prior(w[1]) = [1e308, 3e307];"
                + " table(w[0], w[1]) = [1.7e308, 1e308, 1e308, 1.7e308];\n");
    Model plain =
        parse(
            "model w; var w[2] in 0..1;\n"
                + "prior(w[0]) = [1, 1]; prior(w[0]) = [1, 1]; prior(w[0]) = [1, 1];\n"
                + "prior(w[1]) = [10, 3]; table(w[0], w[1]) = [1.7, 1, 1, 1.7];\n");
    // Exact: P(w0, w1) ~ prior(w1) * table: w0=0: 10*1.7 + 3*1 = 20, w0=1: 10*1 + 3*1.7 = 15.1.
    double expected = 20 / 35.1;
    for (String algorithm : AlgorithmSpec.knownAlgorithms()) {
      double[] p = marginal(huge, algorithm, 0, 30);
      double[] q = marginal(plain, algorithm, 0, 30);
      assertEquals(q[0], p[0], 1e-12, algorithm + ": the same marginals as the model in scale");
      // Two variables: a tree in every graph. Max-marginals and Dirichlet means are not these
      // marginals.
      Capabilities can = Algorithms.capabilities(algorithm);
      if (can.exact() || can.marginals().probabilities() && can.exactOnTreeOf(plain)) {
        assertEquals(expected, p[0], 1e-6, algorithm); // the damped sweeps are still converging
      }
    }
  }

  @Test
  void tinyWeightsKeepTheirRatios() throws Exception {
    // 1e-300 cubed underflows: the combined prior must be formed in scale. Exact marginal 1 : 27.
    Model tiny =
        parse(
            "model w; var w[2] in 0..1;\n"
                + "prior(w[0]) = [1e-300, 3e-300]; prior(w[0]) = [1e-300, 3e-300];"
                + " prior(w[0]) = [1e-300, 3e-300];\n");
    for (String algorithm : new String[] {"sumproduct", "bp-pairwise"}) {
      assertEquals(1.0 / 28, marginal(tiny, algorithm, 0, 60)[0], 1e-9, algorithm);
    }
  }

  private static void assertNoSolution(String text, String message) {
    Model model = parse(text);
    for (String algorithm : AlgorithmSpec.knownAlgorithms()) {
      NoSolutionException e =
          assertThrows(
              NoSolutionException.class,
              () -> ModelCompiler.generateSource(model, AlgorithmSpec.named(algorithm)),
              algorithm);
      // Placed at the statement of the last factor named: t.fg:1:COL: message, then the line and a
      // caret.
      String[] lines = e.getMessage().split("\n");
      assertEquals(3, lines.length, e.getMessage());
      assertTrue(lines[0].matches("t\\.fg:1:\\d+: .*"), e.getMessage());
      assertEquals(message, lines[0].substring(lines[0].indexOf(": ") + 2), algorithm);
    }
  }

  @Test
  void priorsThatLeaveAVariableNoValueAreNamed() {
    assertNoSolution(
        "model w; var w[2] in 0..1; prior(w[0]) = [0, 1]; prior(w[0]) = [1, 0];",
        "the model has no solution: prior(w[0]) = [0, 1] (factor 0)"
            + " and prior(w[0]) = [1, 0] (factor 1) leave w[0] no value");
    assertNoSolution(
        "model w; var w[2] in 0..2; prior(w[1]) = [0, 1, 0.5];"
            + " table(w[1]) = [2, 0, 0]; prior(w[0]) = [1, 1, 1];",
        "the model has no solution: prior(w[1]) = [0, 1, 0.5] (factor 0)"
            + " and table(w[1]) = [2, 0, 0] (factor 1) leave w[1] no value");
  }

  @Test
  void eqAndNeqOnOnePairClash() {
    assertNoSolution(
        "model w; var w[2] in 0..1; eq(w[0], w[1]); neq(w[0], w[1]);",
        "the model has no solution: eq(w[0], w[1]) (factor 0) and neq(w[0], w[1]) (factor 1) clash:"
            + " they make w[0] and w[1] both equal and different");
    // Through a chain of eq factors, against an alldiff.
    assertNoSolution(
        "model w; var w[4] in 0..3; eq(w[0], w[1]); eq(w[1], w[2]); alldiff(w[3], w[2], w[0]);",
        "the model has no solution: eq(w[0], w[1]) (factor 0),"
            + " eq(w[1], w[2]) (factor 1) and alldiff(w[3], w[2], w[0]) (factor 2)"
            + " clash: they make w[2] and w[0] both equal and different");
  }

  @Test
  void eqBetweenVariablesWithNoValueInCommonIsNamed() {
    assertNoSolution(
        "model w; var a in 0..1; var b in 2..3; eq(a, b);",
        "the model has no solution: eq(a, b) (factor 0)"
            + " leave no value that a and b, which must be equal, can share");
    assertNoSolution(
        "model w; var w[3] in 0..1; prior(w[0]) = [1, 0];"
            + " eq(w[0], w[1]); prior(w[2]) = [0, 1]; eq(w[1], w[2]);",
        "the model has no solution: prior(w[0]) = [1, 0] (factor 0),"
            + " eq(w[0], w[1]) (factor 1), prior(w[2]) = [0, 1] (factor 2)"
            + " and eq(w[1], w[2]) (factor 3) leave no value that"
            + " w[1] and w[2], which must be equal, can share");
  }

  @Test
  void aTableThatRulesOutEveryValueLeftIsNamed() {
    assertNoSolution(
        "model w; var w[2] in 0..1; prior(w[1]) = [1, 0]; table(w[0], w[1]) = [0, 1, 0, 1];",
        "the model has no solution: prior(w[1]) = [1, 0] (factor 0)"
            + " and table(w[0], w[1]) = [0, 1, 0, 1] (factor 1) leave w[0] no value");
    assertNoSolution(
        "model w; var w[2] in 0..1; table(w[0], w[1]) = [1, 0, 0, 1]; neq(w[0], w[1]);",
        "the model has no solution: table(w[0], w[1]) = [1, 0, 0, 1]"
            + " (factor 0) and neq(w[0], w[1]) (factor 1) leave w[0] no value");
  }

  @Test
  void aSumTheValuesLeftCannotReachIsNamed() {
    assertNoSolution(
        "model w; var w[2] in 0..3; prior(w[0]) = [1, 1, 0, 0]; sum(w[0], w[1]) == 6;",
        "the model has no solution: prior(w[0]) = [1, 1, 0, 0]"
            + " (factor 0) and sum(w[0], w[1]) == 6 (factor 1)"
            + " leave values that add up to 0..4, never 6");
  }

  @Test
  void modelsThatDoHaveSolutionsAreNotRefused() throws Exception {
    String[] models = {
      "model w; var w[2] in 0..1; prior(w[0]) = [0, 1]; prior(w[0]) = [0, 2];",
      "model w; var a in 0..2; var b in 2..4; eq(a, b);",
      "model w; var w[3] in 0..2; eq(w[0], w[1]); neq(w[1], w[2]); alldiff(w[0], w[2]);",
      "model w; var w[2] in 0..1; prior(w[1]) = [1, 0]; table(w[0], w[1]) = [0, 1, 1, 0];",
      "model w; var w[2] in 0..1; table(w[0], w[1]) = [1, 0, 0.5, 1]; neq(w[0], w[1]);",
      "model w; var w[2] in 0..3; prior(w[0]) = [1, 1, 0, 0]; sum(w[0], w[1]) == 4;",
    };
    for (String text : models) {
      Model model = parse(text);
      for (String algorithm : AlgorithmSpec.knownAlgorithms()) {
        if (text.contains("sum(") && algorithm.contains("-")) {
          continue; // the pairwise algorithms have no messages for sums
        }
        double[] p = marginal(model, algorithm, 0, 10);
        assertEquals(
            1.0,
            p[0] + p[1] + (p.length > 2 ? p[2] : 0) + (p.length > 3 ? p[3] : 0),
            1e-9,
            algorithm + ": " + text);
      }
    }
  }
}
