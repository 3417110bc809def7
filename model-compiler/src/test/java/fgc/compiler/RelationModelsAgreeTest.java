package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.algorithms.Algorithms;
import fgc.compilation.AlgorithmSpec;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Models written with relations, weight formulas and cpts compile as tables, with no change to the
 * planner, and the generated code agrees with the reference interpreter, whose factor messages read
 * the IR's own definition of each factor (Factor.potential).
 */
class RelationModelsAgreeTest {
  private static final double TOLERANCE = 1e-12;

  @ParameterizedTest
  @CsvSource({
    "queens, , sumproduct",
    "queens, , maxproduct",
    "queens, , bp-pairwise",
    "kenken, kenken-6x6, sumproduct",
    "futoshiki, futoshiki-5x5, maxproduct",
    "sprinkler, , sumproduct",
    "australia, , bp-pairwise"
  })
  void generatedCodeAgreesWithTheInterpreter(String name, String example, String algorithm)
      throws Exception {
    DataSet data = example == null ? DataSet.empty() : DataSet.example(example);
    Model model =
        FgcLanguage.bundled(name, name.equals("queens") ? Map.of("n", 6L) : Map.of(), data);
    AlgorithmSpec spec = AlgorithmSpec.named(algorithm, Map.of("damping", 0.3));
    GeneratedAlgorithm generated = DifferentialTest.instantiate(ModelCompiler.compile(model, spec));
    GeneratedAlgorithm reference = Algorithms.of(spec).reference(model, spec);
    generated.resetWithNoise(5L, 0.5);
    reference.resetWithNoise(5L, 0.5);
    for (int sweep = 0; sweep < 4; sweep++) {
      assertEquals(
          reference.update(1), generated.update(1), TOLERANCE, "largest change in sweep " + sweep);
      for (int i = 0; i < model.variableCount(); i++) {
        double[] a = new double[generated.domainSize(i)];
        double[] b = new double[reference.domainSize(i)];
        generated.marginal(i, a);
        reference.marginal(i, b);
        for (int v = 0; v < a.length; v++) {
          assertEquals(b[v], a[v], TOLERANCE, model.variableName(i) + " = " + v);
          assertTrue(
              (a[v] == 0.0) == (b[v] == 0.0),
              model.variableName(i) + " ruled out on one side only");
        }
      }
    }
  }
}
