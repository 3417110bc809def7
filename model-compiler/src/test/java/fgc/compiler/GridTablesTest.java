package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A grid's tables whose entries are all equal are written as one value, and the solver still agrees with the reference. */
class GridTablesTest {
  @Test
  void aGridsUniformEdgeTablesAreOneValueEachAndItsAnswersAgree() throws Exception {
    String coupling = "exp(0.5 * (2*s[i][j] - 1) * (2*s[%s] - 1))";
    String text = "model grid;\nvar s[40][40] in 0..1;\nprior(s[0][0]) = [0.4, 0.6];\n"
        + "for i in 0..39, j in 0..38 {\n  weight(s[i][j], s[i][j+1]) = " + String.format(coupling, "i][j+1") + ";\n}\n"
        + "for i in 0..38, j in 0..39 {\n  weight(s[i][j], s[i+1][j]) = " + String.format(coupling, "i+1][j") + ";\n}\n";
    Model model = FgcLanguage.parse("grid.fg", text, Map.of());
    AlgorithmSpec spec = AlgorithmSpec.named("bp-pairwise");
    CompiledSolver compiled = ModelCompiler.compile(model, spec);
    // 6,240 directed edges, every one a matrix edge of the one shared matrix.
    assertTrue(compiled.source().contains("EDGE_KIND = \"\\u0002\".repeat(6240).chars().toArray();"), "EDGE_KIND");
    assertTrue(compiled.source().contains("EDGE_INFO = \"\\u0000\".repeat(6240).chars().toArray();"), "EDGE_INFO");
    GeneratedAlgorithm generated = DifferentialTest.instantiate(compiled);
    GeneratedAlgorithm reference = Algorithms.of(spec).reference(model, spec);
    generated.update(10);
    reference.update(10);
    double[] a = new double[2];
    double[] b = new double[2];
    for (int v = 0; v < model.variableCount(); v++) {
      generated.marginal(v, a);
      reference.marginal(v, b);
      assertEquals(b[0], a[0], 1e-12, "variable " + v);
      assertEquals(b[1], a[1], 1e-12, "variable " + v);
    }
  }
}
