package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.algorithms.Algorithms;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.lang.FgcLanguage;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import fgc.solver.GeneratedAlgorithm;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Generated code and the reference interpreter must give the same marginals on the same inputs
 * (bundled models).
 */
class DifferentialTest {
  private static final double TOLERANCE = 1e-12;

  @ParameterizedTest
  @MethodSource("fgc.algorithms.Algorithms#names")
  void sudoku4x4AgreesWithTheInterpreter(String algorithm) throws Exception {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    assertAgree(model, algorithm, "1...........4..3", 0.5, 12);
  }

  @ParameterizedTest
  @MethodSource("fgc.algorithms.Algorithms#names")
  void sudoku9x9AgreesWithTheInterpreter(String algorithm) throws Exception {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 3L));
    if (refusedWhenPlanning(model, algorithm)) {
      return;
    }
    assertAgree(
        model,
        algorithm,
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        0.5,
        8);
  }

  @ParameterizedTest
  @MethodSource("fgc.algorithms.Algorithms#names")
  void undampedAndNoisyStartsAgreeToo(String algorithm) throws Exception {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    AlgorithmSpec spec = spec(algorithm, 0.0);
    GeneratedAlgorithm generated = instantiate(ModelCompiler.compile(model, spec));
    GeneratedAlgorithm reference = Algorithms.of(spec).reference(model, spec);
    generated.resetWithNoise(42L, 0.7);
    reference.resetWithNoise(42L, 0.7);
    generated.setObserved(5, 3);
    reference.setObserved(5, 3);
    generated.update(7);
    reference.update(7);
    assertSameMarginals(model, generated, reference);
  }

  @ParameterizedTest
  @MethodSource("fgc.algorithms.Algorithms#names")
  void contradictoryEvidenceAgreesToo(String algorithm) throws Exception {
    // Two 1s in the first row (and a 2 in its box): ruled-out factors, observed cells whose
    // neighbours rule their value out, messages that are exactly zero; damped and undamped.
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    assertAgree(model, algorithm, "1..1.2.....3....", 0.5, 6);
    assertAgree(model, algorithm, "1..1.2.....3....", 0.0, 6);
  }

  @ParameterizedTest
  @MethodSource("fgc.algorithms.Algorithms#names")
  void irregularGraphWithMixedDomainsAgrees(String algorithm) throws Exception {
    // A path and a triangle over variables of different ranges: exercises offset and domain tables.
    ModelBuilder b = Model.builder("mixed");
    VariableArray x = b.variables("x", Domain.range(0, 2), 4);
    VariableArray y = b.variables("y", Domain.range(1, 4), 2);
    b.neq(x.at(0), x.at(1))
        .neq(x.at(1), x.at(2))
        .alldiff(x.at(2), y.at(0), y.at(1))
        .neq(x.at(3), y.at(0));
    Model model = b.observe("x").build();
    assertAgree(model, algorithm, "", 0.3, 9);
    GeneratedAlgorithm g =
        instantiate(ModelCompiler.compile(model, AlgorithmSpec.named(algorithm)));
    assertEquals(1, g.lowestValue(4));
    assertEquals(4, g.domainSize(4));
  }

  @ParameterizedTest
  @ValueSource(strings = {"sumproduct", "maxproduct"})
  void straightLineSquaresAgreeWithMixedDomainsAndTheirFallbacks(String algorithm)
      throws Exception {
    // Four values, so squares of 2 to 4 free slots take SquareFactorEmitter's updates: y has three
    // values (a prior that is not all ones), x4 and x5 lie in two factors only (their rows go the
    // general way), and the three-slot factor is never square (it is padded).
    ModelBuilder b = Model.builder("small_squares");
    VariableArray x = b.variables("x", Domain.range(1, 4), 6);
    VariableArray y = b.variables("y", Domain.range(1, 3), 1);
    b.alldiff(x.at(0), x.at(1), x.at(2), x.at(3))
        .alldiff(x.at(0), x.at(1), x.at(4), y.at(0))
        .alldiff(x.at(2), x.at(3), x.at(5), y.at(0))
        .alldiff(x.at(0), x.at(2), x.at(4), x.at(5))
        .alldiff(x.at(1), x.at(3), y.at(0));
    Model model = b.observe("x").observe("y").build();
    assertTrue(
        ModelCompiler.generateSource(model, AlgorithmSpec.named(algorithm))
            .text()
            .contains("updateSquare4("));
    assertAgree(model, algorithm, "", 0.5, 10);
    assertAgree(model, algorithm, "", 0.0, 6);
    assertAgree(model, algorithm, "2", 0.3, 8);
    assertAgree(model, algorithm, "2.....1", 0.5, 8);
    assertAgree(model, algorithm, ".1.2", 0.5, 8);
    // Two 1s in one factor: it rules itself out, its neighbours see zeros.
    assertAgree(model, algorithm, "1..1", 0.5, 6);
  }

  @ParameterizedTest
  @ValueSource(strings = {"sumproduct", "maxproduct"})
  void squaresWithExtremeEntriesTakeTheirFlooredBranchAndAgree(String algorithm) throws Exception {
    // Noisy starts of scale 30 and 60 give message entries down to about e^-60 and e^-120, so some
    // cavity entries fall below 2^-166, where a square's products of three come near TINY: those
    // factors take the normalised, floored branch, which must agree as the plain one does.
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    for (double scale : new double[] {30, 60}) {
      for (double damping : new double[] {0.5, 0.0}) {
        AlgorithmSpec spec = AlgorithmSpec.named(algorithm, Map.of("damping", damping));
        GeneratedAlgorithm generated = instantiate(ModelCompiler.compile(model, spec));
        GeneratedAlgorithm reference = Algorithms.of(spec).reference(model, spec);
        TestModels.observe(generated, ".1.3");
        TestModels.observe(reference, ".1.3");
        generated.resetWithNoise(11L, scale);
        reference.resetWithNoise(11L, scale);
        for (int sweep = 0; sweep < 6; sweep++) {
          assertEquals(
              reference.update(1),
              generated.update(1),
              TOLERANCE,
              "largest change, scale " + scale);
          assertSameMarginals(model, generated, reference);
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sumproduct", "maxproduct"})
  void everyFactorKindAgreesWithTheBruteForceInterpreter(String algorithm) throws Exception {
    // eq, sum, a 3-variable table with zeros, prior and alldiff together, over mixed domains, on a
    // loopy graph.
    ModelBuilder b = Model.builder("kinds");
    VariableArray x = b.variables("x", Domain.range(1, 4), 4);
    VariableArray y = b.variables("y", Domain.range(0, 2), 2);
    b.alldiff(x.at(0), x.at(1), x.at(2)).eq(x.at(2), x.at(3)).sum(6, x.at(0), x.at(3), y.at(0));
    b.table(new int[] {y.at(0), y.at(1), x.at(1)}, weights(3 * 3 * 4));
    b.prior(y.at(1), new double[] {0.2, 0.0, 0.8}).prior(x.at(0), new double[] {1, 2, 3, 4});
    Model model = b.observe("x").build();
    assertAgree(model, algorithm, "", 0.3, 10);
    assertAgree(model, algorithm, "...2", 0.0, 6);
  }

  /**
   * Every algorithm of the registry on the pairwise plan: eq and table edges take their kernels
   * there.
   */
  static java.util.List<String> pairwiseAlgorithms() {
    return Algorithms.sharingPlan(fgc.plan.PairwisePlan.FAMILY);
  }

  @ParameterizedTest
  @MethodSource("pairwiseAlgorithms")
  void pairwiseAndUnaryKindsAgreeWithTheInterpreter(String algorithm) throws Exception {
    // Loops x0-x1-y0-x0 and x0-x2-y1-x0 over mixed domains; x2-y1 holds a neq and two tables (one
    // in each orientation), x1-y0 an eq; priors and a one-variable table weigh x0, y0 and x3.
    ModelBuilder b = Model.builder("pairwise_kinds");
    VariableArray x = b.variables("x", Domain.range(0, 2), 4);
    VariableArray y = b.variables("y", Domain.range(1, 4), 2);
    b.neq(x.at(0), x.at(1))
        .eq(x.at(1), y.at(0))
        .table(new int[] {y.at(0), x.at(0)}, weights(4 * 3));
    b.neq(x.at(0), x.at(2))
        .table(new int[] {x.at(2), y.at(1)}, weights(3 * 4))
        .neq(y.at(1), x.at(2));
    b.table(new int[] {y.at(1), x.at(2)}, shifted(weights(4 * 3)))
        .table(new int[] {y.at(1), x.at(0)}, shifted(weights(12)));
    b.alldiff(x.at(3), y.at(0), y.at(1));
    b.prior(x.at(0), new double[] {0.5, 2.0, 1.0}).prior(y.at(0), new double[] {1, 0, 3, 0.25});
    b.prior(x.at(0), new double[] {1.5, 0.3, 0.7})
        .table(new int[] {x.at(3)}, new double[] {0.0, 1.0, 4.0});
    Model model = b.observe("x").build();
    assertAgree(model, algorithm, "", 0.3, 10);
    assertAgree(model, algorithm, "", 0.0, 8);
    assertAgree(model, algorithm, "..1", 0.5, 6);
  }

  /** The same weights in another order, so that two tables on one pair differ. */
  private static double[] shifted(double[] w) {
    double[] out = new double[w.length];
    for (int k = 0; k < w.length; k++) {
      out[k] = w[(k + 5) % w.length];
    }
    return out;
  }

  /** Deterministic non-uniform weights with a few zeros. */
  private static double[] weights(int n) {
    double[] w = new double[n];
    for (int k = 0; k < n; k++) {
      w[k] = k % 7 == 3 ? 0.0 : 0.25 + (k * 37 % 11) / 4.0;
    }
    return w;
  }

  @org.junit.jupiter.api.Test
  void maxProductThroughTheAssignmentRouteAgreesWithTheDefinition() throws Exception {
    // Nine free values: above the subset-pass width, so max-product solves an assignment instead.
    ModelBuilder b = Model.builder("wide");
    VariableArray x = b.variables("x", Domain.range(1, 9), 9);
    int[] all = new int[9];
    for (int i = 0; i < 9; i++) {
      all[i] = x.at(i);
    }
    b.alldiff(all).neq(x.at(0), x.at(1)).neq(x.at(1), x.at(2));
    Model model = b.observe("x").build();
    AlgorithmSpec spec = AlgorithmSpec.named("maxproduct", Map.of("damping", 0.3));
    assertTrue(
        ModelCompiler.generateSource(model, spec).text().contains("AssignmentKernels.maxProduct"));
    GeneratedAlgorithm generated = instantiate(ModelCompiler.compile(model, spec));
    GeneratedAlgorithm reference = Algorithms.of(spec).reference(model, spec);
    generated.resetWithNoise(3L, 0.8);
    reference.resetWithNoise(3L, 0.8);
    for (int sweep = 0; sweep < 3; sweep++) {
      generated.update(1);
      reference.update(1);
      assertSameMarginals(model, generated, reference);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {70, 130})
  void maxProductPastSixtyFourValuesAgreesWithTheDefinition(int values) throws Exception {
    // Observed values on both sides of 64 (and of 128): the observed values of a factor no longer
    // fit one long. x[1] and x[3] share two factors, so observing them at 1 and 65 (equal modulo
    // 64) must rule out neither; at 65 and 65 those factors can never hold. Every case observes
    // two variables of the five-variable factor, which keeps the definition's enumeration small.
    ModelBuilder b = Model.builder("wide");
    VariableArray x = b.variables("x", Domain.range(1, values), 5);
    VariableArray y = b.variables("y", Domain.range(3, values - 2), 2);
    b.alldiff(x.at(0), x.at(1), x.at(2)).alldiff(x.at(1), x.at(2), x.at(3), y.at(0));
    b.alldiff(x.at(1), x.at(3), x.at(4), y.at(0), y.at(1))
        .neq(x.at(4), y.at(1))
        .neq(x.at(0), x.at(4));
    b.prior(x.at(0), sparse(values, 3))
        .prior(y.at(1), sparse(values - 4, 2))
        .prior(x.at(2), weights(values));
    Model model = b.observe("x").build();
    AlgorithmSpec spec = AlgorithmSpec.named("maxproduct", Map.of("damping", 0.3));
    String source = ModelCompiler.generateSource(model, spec).text();
    assertTrue(
        source.contains("AssignmentKernels.maxProduct") && source.contains("taken[g >>> 6]"),
        "the wide layout");
    CompiledSolver compiled = ModelCompiler.compile(model, spec);
    int[][] cases = {{3, 65, 4, 2}, {1, 1, 3, 65}, {1, 65, 3, 1, 4, values}, {1, 65, 3, 65}};
    for (int[] observed : cases) {
      GeneratedAlgorithm generated = instantiate(compiled);
      GeneratedAlgorithm reference = Algorithms.of(spec).reference(model, spec);
      generated.resetWithNoise(5L, 0.6);
      reference.resetWithNoise(5L, 0.6);
      for (int k = 0; k < observed.length; k += 2) {
        generated.setObserved(x.at(observed[k]), observed[k + 1]);
        reference.setObserved(x.at(observed[k]), observed[k + 1]);
      }
      for (int sweep = 0; sweep < 3; sweep++) {
        assertEquals(
            reference.update(1),
            generated.update(1),
            TOLERANCE,
            "largest change in sweep " + sweep);
        assertSameMarginals(model, generated, reference);
      }
      assertEquals(reference.contradiction(), generated.contradiction());
      assertEquals(
          observed[1] == observed[3],
          generated.contradiction(),
          "a value observed twice in one factor");
    }
  }

  @Test
  void maxProductUpToSixtyFourValuesKeepsItsOneWordLayout() {
    ModelBuilder b = Model.builder("wide");
    VariableArray x = b.variables("x", Domain.range(1, 64), 3);
    Model model = b.alldiff(x.at(0), x.at(1), x.at(2)).observe("x").build();
    String source = ModelCompiler.generateSource(model, AlgorithmSpec.named("maxproduct")).text();
    assertTrue(
        source.contains("long taken = 0L;") && !source.contains("long[] taken"),
        "one long of observed values");
  }

  /**
   * Weights that rule out most values (every {@code step}-th kept): sparse rows, cheap for the
   * definition.
   */
  private static double[] sparse(int n, int step) {
    double[] w = new double[n];
    for (int k = 0; k < n; k += step) {
      w[k] = 1.0 + k % 5;
    }
    return w;
  }

  /**
   * The algorithm with this damping, when it has the option (exact inference has nothing to damp).
   */
  private static AlgorithmSpec spec(String algorithm, double damping) {
    boolean damped =
        Algorithms.named(algorithm).options().stream().anyMatch(o -> o.name().equals("damping"));
    return damped
        ? AlgorithmSpec.named(algorithm, Map.of("damping", damping))
        : AlgorithmSpec.named(algorithm);
  }

  /**
   * Whether {@code algorithm} refuses {@code model} for its size (exact inference on a 9x9 Sudoku):
   * then the refusal must come when planning, name the algorithm and say what it needs.
   */
  private static boolean refusedWhenPlanning(Model model, String algorithm) {
    try {
      ModelCompiler.footprint(model, AlgorithmSpec.named(algorithm));
      return false;
    } catch (fgc.plan.TooLargeException e) {
      assertTrue(e.getMessage().startsWith(algorithm + " "), e.getMessage());
      return true;
    }
  }

  private static void assertAgree(
      Model model, String algorithm, String givens, double damping, int sweeps) throws Exception {
    AlgorithmSpec spec = spec(algorithm, damping);
    GeneratedAlgorithm generated = instantiate(ModelCompiler.compile(model, spec));
    GeneratedAlgorithm reference = Algorithms.of(spec).reference(model, spec);
    TestModels.observe(generated, givens);
    TestModels.observe(reference, givens);
    for (int s = 0; s < sweeps; s++) {
      double cg = generated.update(1);
      double cr = reference.update(1);
      assertEquals(cr, cg, TOLERANCE, "largest change in sweep " + s);
      assertSameMarginals(model, generated, reference);
    }
    assertEquals(sweeps, generated.sweepsDone());
    assertEquals(reference.contradiction(), generated.contradiction());
  }

  private static void assertSameMarginals(Model model, GeneratedAlgorithm g, GeneratedAlgorithm r) {
    for (int i = 0; i < model.variableCount(); i++) {
      double[] a = new double[g.domainSize(i)];
      double[] b = new double[r.domainSize(i)];
      g.marginal(i, a);
      r.marginal(i, b);
      double sum = 0;
      for (int v = 0; v < a.length; v++) {
        final int variable = i;
        assertEquals(b[v], a[v], TOLERANCE, () -> "marginal of " + model.variableName(variable));
        // Zero means ruled out: a value only one side rules out is a wrong answer, however small
        // the other.
        assertEquals(
            b[v] == 0.0,
            a[v] == 0.0,
            () -> "which values of " + model.variableName(variable) + " are ruled out");
        sum += a[v];
      }
      assertTrue(Math.abs(sum - 1) < 1e-9 || sum == 0, "marginal sums to " + sum);
    }
  }

  static GeneratedAlgorithm instantiate(CompiledSolver compiled) throws Exception {
    ClassLoader loader =
        new ClassLoader(GeneratedAlgorithm.class.getClassLoader()) {
          @Override
          protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] bytes = compiled.classes().get(name);
            if (bytes == null) {
              throw new ClassNotFoundException(name);
            }
            return defineClass(name, bytes, 0, bytes.length);
          }
        };
    return (GeneratedAlgorithm)
        Class.forName(compiled.className(), true, loader).getDeclaredConstructor().newInstance();
  }
}
