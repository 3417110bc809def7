package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.algorithms.Algorithms;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A grid's tables whose entries are all equal are written as one value, the others packed, and the
 * solver still agrees with the reference.
 */
class GridTablesTest {

  @Test
  void aGridsTablesArePackedSoItsClassStaysSmallAndItsAnswersAgree() throws Exception {
    // 150 x 150: 89,400 directed edges. As decimal text the reverse-edge table alone took 550 KB,
    // the factor classes' 223,503 info ints 1.3 MB and their 178,804 weights 3.4 MB.
    Model model = IsingGrid.of(150);
    for (String algorithm : new String[] {"bp-pairwise", "sumproduct", "maxproduct"}) {
      AlgorithmSpec spec = AlgorithmSpec.named(algorithm);
      CompiledSolver compiled = ModelCompiler.compile(model, spec);
      byte[] bytes = compiled.classes().get(compiled.className());
      assertTrue(bytes.length < (48 << 10), algorithm + ": class of " + bytes.length + " bytes");
      // Both kinds of class hold the grid's families and rebuild their tables from them.
      assertTrue(
          compiled
              .source()
              .contains(algorithm.equals("bp-pairwise") ? "PairFamilies." : "FamilyTables.of("),
          algorithm);
      assertTrue(ModelCompiler.footprint(model, spec).classBytes() >= bytes.length, algorithm);
      GeneratedAlgorithm generated = DifferentialTest.instantiate(compiled);
      GeneratedAlgorithm reference = Algorithms.of(spec).reference(model, spec);
      assertMarginalsAgree(generated, reference, 5, 7, 1e-9, algorithm);
    }
  }

  @Test
  void aGridsUniformEdgeTablesAreOneValueEachAndItsAnswersAgree() throws Exception {
    String coupling = "exp(0.5 * (2*s[i][j] - 1) * (2*s[%s] - 1))";
    String text =
        "model grid;\nvar s[40][40] in 0..1;\nprior(s[0][0]) = [0.4, 0.6];\n"
            + "for i in 0..39, j in 0..38 {\n  weight(s[i][j], s[i][j+1]) = "
            + String.format(coupling, "i][j+1")
            + ";\n}\n"
            + "for i in 0..38, j in 0..39 {\n  weight(s[i][j], s[i+1][j]) = "
            + String.format(coupling, "i+1][j")
            + ";\n}\n";
    Model model = FgcLanguage.parse("grid.fg", text, Map.of());
    AlgorithmSpec spec = AlgorithmSpec.named("bp-pairwise");
    CompiledSolver compiled = ModelCompiler.compile(model, spec);
    // 6,240 directed edges, every one a matrix edge of the one shared matrix, made from its three
    // families with the class's first instance.
    assertTrue(compiled.source().contains("EDGE_KIND = tables().edgeKinds();"), "EDGE_KIND");
    fgc.solver.PairFamilies tables = fgc.plan.Planner.pairwise(model).tables();
    assertEquals(6240, tables.edgeCount());
    assertTrue(
        java.util.Arrays.stream(tables.edgeKinds())
            .allMatch(k -> k == fgc.solver.PairwiseKernels.MATRIX),
        "EDGE_KIND");
    assertTrue(java.util.Arrays.stream(tables.edgeInfos()).allMatch(k -> k == 0), "EDGE_INFO");
    GeneratedAlgorithm generated = DifferentialTest.instantiate(compiled);
    GeneratedAlgorithm reference = Algorithms.of(spec).reference(model, spec);
    assertMarginalsAgree(generated, reference, 10, 1, 1e-12, spec.name());
  }

  @Test
  void aClassIsTheSameSizeForAGridTenTimesAsWide() throws Exception {
    // The class holds the grid's families (a prior, the horizontal and the vertical couplings):
    // a few numbers whatever the width, so 90,000 variables cost the bytes of 900.
    for (String algorithm :
        new String[] {"bp-pairwise", "bp-pairwise-max", "sumproduct", "maxproduct"}) {
      AlgorithmSpec spec = AlgorithmSpec.named(algorithm);
      CompiledSolver small = ModelCompiler.compile(IsingGrid.of(30), spec);
      CompiledSolver large = ModelCompiler.compile(IsingGrid.of(300), spec);
      int smallBytes = small.classes().get(small.className()).length;
      int largeBytes = large.classes().get(large.className()).length;
      assertTrue(
          Math.abs(largeBytes - smallBytes) <= 64,
          algorithm + ": " + smallBytes + " and " + largeBytes + " bytes");
      assertTrue(
          Math.abs(large.source().length() - small.source().length()) <= 64,
          algorithm + ": source lengths");
    }
  }

  /**
   * After {@code sweeps} sweeps of each, every {@code step}-th variable's two-value marginal agrees
   * within {@code tolerance}.
   */
  private static void assertMarginalsAgree(
      GeneratedAlgorithm generated,
      GeneratedAlgorithm reference,
      int sweeps,
      int step,
      double tolerance,
      String label) {
    generated.update(sweeps);
    reference.update(sweeps);
    double[] a = new double[2];
    double[] b = new double[2];
    for (int v = 0; v < generated.variableCount(); v += step) {
      generated.marginal(v, a);
      reference.marginal(v, b);
      assertEquals(b[0], a[0], tolerance, label + ", variable " + v);
      assertEquals(b[1], a[1], tolerance, label + ", variable " + v);
    }
  }
}
