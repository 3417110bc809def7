package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.algorithms.Algorithms;
import fgc.compilation.AlgorithmSpec;
import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import fgc.solver.GeneratedAlgorithm;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Pairwise BP is exact on a tree, so on a tree of pairs holding eq, neq and two-variable tables
 * (several on one pair), weighed by priors and a one-variable table, its marginals must equal those
 * of enumerating every assignment with the factors' own definitions.
 */
class PairwiseKindsExactTest {
  @ParameterizedTest
  @CsvSource({
    "generated, -1",
    "reference, -1",
    "generated, 2",
    "reference, 2",
    "generated, 0",
    "reference, 0"
  })
  void treeMarginalsEqualEnumeration(String backend, int observedE) throws Exception {
    Model model = tree();
    AlgorithmSpec spec = AlgorithmSpec.named("bp-pairwise", Map.of("damping", 0.0));
    GeneratedAlgorithm bp =
        backend.equals("generated")
            ? DifferentialTest.instantiate(ModelCompiler.compile(model, spec))
            : Algorithms.of(spec).reference(model, spec);
    int[] evidence = {-1, -1, -1, -1, observedE};
    if (observedE >= 0) {
      bp.setObserved(4, observedE);
    }
    bp.update(12);
    double[][] exact = exactMarginals(model, evidence);
    if (exact == null) {
      assertTrue(bp.contradiction(), "no assignment has weight, so BP must find a contradiction");
      return;
    }
    assertTrue(!bp.contradiction());
    for (int i = 0; i < model.variableCount(); i++) {
      double[] m = new double[bp.domainSize(i)];
      bp.marginal(i, m);
      for (int v = 0; v < m.length; v++) {
        assertEquals(
            exact[i][v], m[v], 1e-9, model.variableName(i) + " = " + (v + bp.lowestValue(i)));
      }
    }
  }

  /**
   * a - b (neq and a table), b - c (eq and a table), d - a (a table), d - e (neq); priors on a and
   * c, a table on e.
   */
  private static Model tree() {
    ModelBuilder b = Model.builder("tree");
    VariableArray a = b.variables("a", Domain.range(0, 2), 1);
    VariableArray bb = b.variables("b", Domain.range(1, 3), 1);
    VariableArray c = b.variables("c", Domain.range(0, 3), 1);
    VariableArray d = b.variables("d", Domain.range(1, 2), 1);
    VariableArray e = b.variables("e", Domain.range(0, 2), 1);
    b.neq(a.at(0), bb.at(0))
        .table(new int[] {a.at(0), bb.at(0)}, new double[] {1, 2, 3, 0.5, 0, 1, 2, 2, 0.25});
    b.table(new int[] {c.at(0), bb.at(0)}, new double[] {9, 9, 9, 1, 2, 3, 4, 0.5, 6, 7, 8, 0.1})
        .eq(bb.at(0), c.at(0));
    b.table(new int[] {d.at(0), a.at(0)}, new double[] {0.3, 1.2, 2.0, 1.0, 0.1, 0.7});
    b.neq(d.at(0), e.at(0));
    b.prior(a.at(0), new double[] {1, 3, 2})
        .prior(c.at(0), new double[] {5, 1, 1, 2})
        .prior(c.at(0), new double[] {1, 2, 0.5, 1});
    b.table(new int[] {e.at(0)}, new double[] {0, 2, 1});
    return b.observe("e").build();
  }

  /**
   * Exact marginals given {@code evidence} (-1 for free), or null when no assignment has weight.
   */
  private static double[][] exactMarginals(Model model, int[] evidence) {
    int n = model.variableCount();
    double[][] out = new double[n][];
    for (int i = 0; i < n; i++) {
      out[i] = new double[model.domainOf(i).size()];
    }
    int[] values = new int[n];
    for (int i = 0; i < n; i++) {
      values[i] = evidence[i] >= 0 ? evidence[i] : model.domainOf(i).lo();
    }
    double total = 0;
    while (true) {
      double p = 1;
      for (Factor f : model.factors()) {
        p *= potential(model, f, values);
      }
      total += p;
      for (int i = 0; i < n; i++) {
        out[i][values[i] - model.domainOf(i).lo()] += p;
      }
      int i = 0;
      while (i < n && (evidence[i] >= 0 || values[i] == model.domainOf(i).hi())) {
        if (evidence[i] < 0) {
          values[i] = model.domainOf(i).lo();
        }
        i++;
      }
      if (i == n) {
        break;
      }
      values[i]++;
    }
    if (total == 0) {
      return null;
    }
    for (double[] row : out) {
      for (int v = 0; v < row.length; v++) {
        row[v] /= total;
      }
    }
    return out;
  }

  private static double potential(Model model, Factor f, int[] values) {
    int x = values[f.variable(0)];
    switch (f.kind()) {
      case NEQ:
        return x != values[f.variable(1)] ? 1 : 0;
      case EQ:
        return x == values[f.variable(1)] ? 1 : 0;
      case PRIOR:
      case TABLE:
        int entry = 0;
        for (int s = 0; s < f.arity(); s++) {
          Domain d = model.domainOf(f.variable(s));
          entry = entry * d.size() + values[f.variable(s)] - d.lo();
        }
        return f.weight(entry);
      default:
        throw new IllegalArgumentException(f.toString());
    }
  }
}
