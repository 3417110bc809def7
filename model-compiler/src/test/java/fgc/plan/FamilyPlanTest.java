package fgc.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compiler.IsingGrid;
import fgc.lang.FgcLanguage;
import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Limits;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The flat tables of factor-node BP, rebuilt from the model's families ({@link
 * fgc.solver.FamilyTables}), are the tables a ground planning over {@code model.factors()} makes
 * (kept here as the reference): the same edges, variables, kinds and info, and each factor's
 * weights the scaled table it had.
 */
class FamilyPlanTest {
  @Test
  void tablesFromFamiliesAreTheGroundTables() {
    List<Model> models = new ArrayList<>();
    for (String name : FgcLanguage.bundledNames()) {
      try {
        models.add(FgcLanguage.bundled(name, Map.of()));
      } catch (fgc.lang.LanguageException e) {
        // a model that needs a data file
      }
    }
    models.add(IsingGrid.of(7));
    models.add(IsingGrid.of(30));
    models.add(handBuilt());
    int planned = 0;
    for (Model model : models) {
      FactorPlan plan;
      try {
        plan = Planner.factors(model, Limits.MAX_DOMAIN, "maxproduct");
      } catch (PlanException e) {
        continue; // no solution, or too wide: nothing to compare
      }
      assertGround(model, plan);
      planned++;
    }
    assertTrue(planned >= 8, "planned " + planned);
  }

  /**
   * Compares {@code plan}'s tables with those of the factors one by one, as the planner made them
   * before families.
   */
  private static void assertGround(Model model, FactorPlan plan) {
    String m = model.name();
    VariableLayout layout = VariableLayout.of(model);
    List<Factor> factors = model.factors();
    int f = factors.size();
    assertEquals(f, plan.factorCount(), m);
    int[] factorStart = new int[f + 1];
    int[] kind = new int[f];
    List<Integer> edgeVariable = new ArrayList<>();
    List<Integer> info = new ArrayList<>();
    int[] infoStart = new int[f + 1];
    int uniform = f == 0 ? 0 : factors.get(0).arity();
    for (int k = 0; k < f; k++) {
      Factor factor = factors.get(k);
      factorStart[k + 1] = factorStart[k] + factor.arity();
      kind[k] = FactorData.code(factor.kind());
      uniform = factor.arity() == uniform ? uniform : -1;
      for (int s = 0; s < factor.arity(); s++) {
        edgeVariable.add(factor.variable(s));
      }
      if (factor.kind() == FactorKind.TABLE || factor.kind() == FactorKind.PRIOR) {
        int at = plan.data().info()[plan.data().infoStarts()[k]];
        double[] scaled = Weights.scaled(factor.weights());
        double[] held = Arrays.copyOfRange(plan.data().weights(), at, at + scaled.length);
        assertArrayEquals(scaled, held, m + " factor " + k + "'s weights");
        info.add(at);
        for (int s = 0; s < factor.arity(); s++) {
          info.add(layout.variableLo(factor.variable(s)) - layout.lo());
          info.add(layout.variableSize(factor.variable(s)));
        }
      } else if (factor.kind() == FactorKind.SUM) {
        info.add((int) (factor.total() - (long) factor.arity() * layout.lo()));
      }
      infoStart[k + 1] = info.size();
    }
    int[] edges = edgeVariable.stream().mapToInt(Integer::intValue).toArray();
    int n = model.variableCount();
    int[] variableStart = new int[n + 1];
    for (int v : edges) {
      variableStart[v + 1]++;
    }
    for (int i = 0; i < n; i++) {
      variableStart[i + 1] += variableStart[i];
    }
    int[] variableEdges = new int[edges.length];
    int[] fill = Arrays.copyOf(variableStart, n);
    for (int e = 0; e < edges.length; e++) {
      variableEdges[fill[edges[e]]++] = e;
    }
    assertEquals(uniform, plan.uniformArity(), m);
    assertEquals(edges.length, plan.edgeCount(), m);
    assertArrayEquals(factorStart, plan.factorStarts(), m + ": FACTOR_START");
    assertArrayEquals(edges, plan.edgeVariables(), m + ": EDGE_VAR");
    assertArrayEquals(variableStart, plan.variableStarts(), m + ": VAR_START");
    assertArrayEquals(variableEdges, plan.variableEdges(), m + ": VAR_EDGES");
    assertArrayEquals(kind, plan.data().kinds(), m + ": KIND");
    assertArrayEquals(infoStart, plan.data().infoStarts(), m + ": INFO_START");
    assertArrayEquals(
        info.stream().mapToInt(Integer::intValue).toArray(), plan.data().info(), m + ": INFO");
  }

  /**
   * Factors added one by one from Java: mixed kinds, arities, domains, repeated tables, and loops
   * run backwards.
   */
  private static Model handBuilt() {
    ModelBuilder b = Model.builder("handmade");
    VariableArray x = b.variables("x", Domain.range(0, 2), 12);
    VariableArray y = b.variables("y", Domain.range(1, 2), 4);
    double[] t = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    for (int i = 10; i >= 0; i--) {
      b.table(new int[] {x.at(i + 1), x.at(i)}, t);
    }
    for (int i = 0; i < 4; i++) {
      b.table(new int[] {x.at(i), y.at(i)}, new double[] {1, 2, 3, 4, 5, 6});
      b.prior(y.at(i), new double[] {1, i + 1});
    }
    b.neq(x.at(0), x.at(5)).eq(x.at(6), x.at(7)).alldiff(x.at(8), x.at(9), x.at(10));
    b.sum(4, x.at(1), x.at(2), y.at(0));
    for (int i = 0; i < 3; i++) {
      b.table(
          new int[] {x.at(i), x.at(i + 3), x.at(i + 6)},
          java.util.stream.IntStream.range(0, 27).mapToDouble(k -> 1 + k % 5).toArray());
    }
    return b.build();
  }
}
