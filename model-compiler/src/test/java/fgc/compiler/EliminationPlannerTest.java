package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compilation.AlgorithmSpec;
import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import fgc.plan.EliminationPlan;
import fgc.plan.EliminationPlanner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EliminationPlannerTest {
  @Test
  void theIncrementalOrderIsTheOneOfRecomputingEveryScoreAtEveryStep() {
    Random random = new Random(99);
    for (int k = 0; k < 60; k++) {
      Model model = randomGraph(random, 5 + random.nextInt(36));
      assertArrayEquals(naiveOrder(model), EliminationPlanner.minFillOrder(model), "model " + k);
    }
  }

  @Test
  void everyPlanIsAnEliminationTreeWithEachFactorInOneTable() {
    Random random = new Random(4);
    for (int k = 0; k < 40; k++) {
      Model model =
          k % 2 == 0
              ? randomGraph(random, 3 + random.nextInt(20))
              : EliminationTest.randomModel(random, k, true);
      if (EliminationTest.refusedAsContradictory(
          model,
          fgc.algorithms.Algorithms.of(AlgorithmSpec.named("elimination"))
              .reference(model, AlgorithmSpec.named("elimination")))) {
        continue;
      }
      EliminationPlan plan = EliminationPlanner.plan(model);
      int n = model.variableCount();
      int[] order = plan.order();
      int[] position = new int[n];
      for (int t = 0; t < n; t++) {
        position[order[t]] = t;
      }
      int width = 0;
      boolean[] claimed = new boolean[model.factors().size()];
      Set<Integer> messageOffsets = new HashSet<>();
      for (int t = 0; t < n; t++) {
        EliminationPlan.Step step = plan.step(t);
        int[] vars = step.vars();
        width = Math.max(width, vars.length - 1);
        assertEquals(order[t], step.variable());
        assertEquals(order[t], vars[vars.length - 1], "the eliminated variable is the last digit");
        for (int j = 1; j < vars.length; j++) {
          assertTrue(position[vars[j - 1]] > position[vars[j]], "digits latest-eliminated first");
        }
        long entries = 1;
        for (int j = 0; j < vars.length; j++) {
          assertEquals(model.domainOf(vars[j]).size(), step.sizes()[j]);
          entries *= step.sizes()[j];
        }
        assertEquals(entries, step.entries());
        assertEquals(entries / step.sizes()[vars.length - 1], step.separatorEntries());
        assertTrue(messageOffsets.add(step.messageOffset()));
        if (step.parent() < 0) {
          assertEquals(1, vars.length, "a root eliminates its tree's last variable");
        } else {
          int[] separator = Arrays.copyOf(vars, vars.length - 1);
          int[] parent = plan.step(step.parent()).vars();
          assertEquals(
              separator[separator.length - 1],
              plan.step(step.parent()).variable(),
              "the parent eliminates the separator's first");
          assertTrue(
              isSubsequence(separator, parent),
              Arrays.toString(separator) + " in " + Arrays.toString(parent));
        }
        int children = 0;
        for (int g = 0; g < step.groupCount(); g++) {
          children += step.group(g).members().length;
          for (int c : step.group(g).members()) {
            assertEquals(t, plan.step(c).parent());
          }
        }
        assertEquals(step.children().length, children, "every child in one group");
        for (int op : step.operands()) {
          EliminationPlan.Operand operand = plan.operand(op);
          assertEquals(t, operand.step());
          for (int m = 0; m < operand.memberCount(); m++) {
            int f = operand.member(m).factor();
            Factor factor = model.factors().get(f);
            assertTrue(!claimed[f], "factor " + f + " in one table only");
            claimed[f] = true;
            int first = Integer.MAX_VALUE;
            for (int s = 0; s < factor.arity(); s++) {
              first = Math.min(first, position[factor.variable(s)]);
              assertEquals(
                  factor.variable(s),
                  vars[operand.digits()[operand.member(m).positions()[s]]],
                  "slot " + s + " of factor " + f);
            }
            assertEquals(
                t, first, "a factor belongs to the step of its earliest-eliminated variable");
          }
        }
      }
      for (int f = 0; f < claimed.length; f++) {
        assertTrue(claimed[f], "factor " + f + " in some table");
      }
      assertEquals(width, plan.width());
    }
  }

  @Test
  void thePlanNeverVisitsMoreCliqueEntriesThanMinFillAlone() {
    Random random = new Random(31);
    int cheaper = 0;
    for (int k = 0; k < 60; k++) {
      Model model = randomGraph(random, 5 + random.nextInt(56));
      EliminationPlan plan = EliminationPlanner.plan(model);
      long minFill = cliqueEntries(model, EliminationPlanner.minFillOrder(model));
      assertEquals(
          cliqueEntries(model, plan.order()),
          plan.cliqueEntries(),
          "model " + k + ": the plan counts its own order's");
      assertTrue(
          plan.cliqueEntries() <= minFill,
          "model "
              + k
              + ": "
              + plan.orderSource()
              + " "
              + plan.cliqueEntries()
              + " against min-fill's "
              + minFill);
      cheaper += plan.cliqueEntries() < minFill ? 1 : 0;
    }
    assertTrue(cheaper > 0, "some random graph has an order cheaper than min-fill's");
  }

  @Test
  void aCheaperRuleIsTakenWhereMinFillsTieBreakCostsMore() {
    // A 4-cycle a b c d of 2, 10, 2 and 10 values: each variable would add one fill edge and has
    // two
    // neighbours, so min-fill takes the lowest index, a: cliques {a, b, d} and then {b, c, d}, 200
    // entries each, 430 in all. Min-weight takes b first (a clique of 40), then a triangle of 40
    // and
    // the rest: 110 in all, or less (86) when the triangle loses d first, as a random tie may find.
    ModelBuilder m = Model.builder("cycle");
    int a = m.variables("a", Domain.range(0, 1), 1).at(0);
    int b = m.variables("b", Domain.range(0, 9), 1).at(0);
    int c = m.variables("c", Domain.range(0, 1), 1).at(0);
    int d = m.variables("d", Domain.range(0, 9), 1).at(0);
    m.table(new int[] {a, b}, ones(20))
        .table(new int[] {b, c}, ones(20))
        .table(new int[] {c, d}, ones(20))
        .table(new int[] {d, a}, ones(20));
    Model model = m.build();
    int[] minFill = EliminationPlanner.minFillOrder(model);
    assertEquals(a, minFill[0]);
    assertEquals(430, cliqueEntries(model, minFill));
    assertEquals(110, cliqueEntries(model, new int[] {b, a, c, d}));
    assertEquals(86, cliqueEntries(model, new int[] {b, d, a, c}));
    EliminationPlan plan = EliminationPlanner.plan(model);
    assertTrue(
        plan.cliqueEntries() >= 86 && plan.cliqueEntries() <= 110,
        plan.orderSource() + ": " + plan.cliqueEntries());
    assertTrue(
        plan.order()[0] == b || plan.order()[0] == d,
        "a large variable between two small ones first");
  }

  @Test
  void thePlanIsAFunctionOfTheModelAlone() throws Exception {
    // The cache plans the model again on every hit and compares digests: the same model, built
    // apart and planned with other plans between, or in a fresh JVM, must get the same order. A 10
    // by
    // 10 grid's cheapest order comes from a random tie-break, so the seeded search is what is
    // tested.
    EliminationPlan first = EliminationPlanner.plan(EliminationTest.grid(10));
    assertTrue(first.orderSource().contains("random"), first.orderSource());
    EliminationPlanner.plan(randomGraph(new Random(5), 40));
    EliminationPlan again = EliminationPlanner.plan(EliminationTest.grid(10));
    assertArrayEquals(first.order(), again.order());
    assertEquals(first.orderTry(), again.orderTry());
    String launcher =
        java.nio.file.Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                launcher, "-cp", System.getProperty("java.class.path"), PrintOrder.class.getName())
            .redirectErrorStream(true)
            .start();
    String out =
        new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
    assertEquals(Arrays.toString(first.order()), out.trim());
  }

  /** Run in a child JVM: prints the plan's order of a 10 by 10 grid. */
  static final class PrintOrder {
    public static void main(String[] args) {
      System.out.println(
          Arrays.toString(EliminationPlanner.plan(EliminationTest.grid(10)).order()));
    }
  }

  /**
   * Entries of all cliques when {@code model}'s variables are eliminated in {@code order}, by sets:
   * what the planner minimises.
   */
  static long cliqueEntries(Model model, int[] order) {
    List<Set<Integer>> adjacent = new ArrayList<>();
    for (int i = 0; i < model.variableCount(); i++) {
      adjacent.add(new HashSet<>());
    }
    for (Factor f : model.factors()) {
      for (int u : f.scope()) {
        for (int w : f.scope()) {
          if (u != w) {
            adjacent.get(u).add(w);
          }
        }
      }
    }
    long total = 0;
    for (int v : order) {
      long entries = model.domainOf(v).size();
      for (int u : adjacent.get(v)) {
        entries *= model.domainOf(u).size();
        adjacent.get(u).remove(v);
        adjacent.get(u).addAll(adjacent.get(v));
        adjacent.get(u).remove(u);
      }
      total += entries;
    }
    return total;
  }

  @Test
  void factorsInsideALargerScopeShareItsTable() {
    ModelBuilder b = Model.builder("merge");
    VariableArray x = b.variables("x", Domain.range(0, 2), 3);
    // x0 goes first (a triangle: no fill anywhere, lowest index), so every factor here is its
    // step's.
    b.prior(x.at(0), new double[] {1, 2, 3}).table(new int[] {x.at(1), x.at(0)}, ones(9));
    b.table(new int[] {x.at(0), x.at(1), x.at(2)}, ones(27)).neq(x.at(2), x.at(0));
    EliminationPlan plan = EliminationPlanner.plan(b.build());
    assertEquals(1, plan.operandCount(), "all four factors in the three-variable table");
    assertEquals(4, plan.operand(0).memberCount());
    assertEquals(27, plan.tableLength());
  }

  private static double[] ones(int n) {
    double[] w = new double[n];
    Arrays.fill(w, 1.0);
    return w;
  }

  private static boolean isSubsequence(int[] small, int[] large) {
    int k = 0;
    for (int x : large) {
      if (k < small.length && small[k] == x) {
        k++;
      }
    }
    return k == small.length;
  }

  /**
   * A random sparse graph of pairwise and three-way tables over variables of 2 or 3 values, some
   * isolated.
   */
  private static Model randomGraph(Random random, int n) {
    ModelBuilder b = Model.builder("graph");
    VariableArray x = b.variables("x", Domain.range(0, 1), n);
    VariableArray y = b.variables("y", Domain.range(0, 2), 2);
    int edges = n + random.nextInt(n);
    for (int e = 0; e < edges; e++) {
      int u = random.nextInt(n);
      int v = random.nextInt(n);
      int w = random.nextInt(n);
      if (u == v) {
        continue;
      }
      if (random.nextInt(4) == 0 && w != u && w != v) {
        b.table(new int[] {x.at(u), x.at(v), x.at(w)}, ones(8));
      } else {
        b.table(new int[] {x.at(u), x.at(v)}, ones(4));
      }
    }
    b.table(new int[] {y.at(0), x.at(0)}, ones(6));
    return b.build();
  }

  /** Min-fill by the definition: every remaining variable's fill recomputed at every step. */
  private static int[] naiveOrder(Model model) {
    int n = model.variableCount();
    List<Set<Integer>> adjacent = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      adjacent.add(new HashSet<>());
    }
    for (Factor f : model.factors()) {
      for (int a : f.scope()) {
        for (int c : f.scope()) {
          if (a != c) {
            adjacent.get(a).add(c);
          }
        }
      }
    }
    boolean[] gone = new boolean[n];
    int[] order = new int[n];
    for (int t = 0; t < n; t++) {
      int best = -1;
      long bestFill = 0;
      int bestDegree = 0;
      for (int v = 0; v < n; v++) {
        if (gone[v]) {
          continue;
        }
        long entries = model.domainOf(v).size();
        for (int u : adjacent.get(v)) {
          entries *= model.domainOf(u).size();
        }
        assertTrue(entries <= EliminationPlanner.MAX_CLIQUE_ENTRIES);
        long fill = 0;
        for (int a : adjacent.get(v)) {
          for (int c : adjacent.get(v)) {
            if (a < c && !adjacent.get(a).contains(c)) {
              fill++;
            }
          }
        }
        int degree = adjacent.get(v).size();
        if (best < 0 || fill < bestFill || (fill == bestFill && degree < bestDegree)) {
          best = v;
          bestFill = fill;
          bestDegree = degree;
        }
      }
      order[t] = best;
      gone[best] = true;
      for (int a : adjacent.get(best)) {
        adjacent.get(a).remove(best);
        for (int c : adjacent.get(best)) {
          if (a != c) {
            adjacent.get(a).add(c);
          }
        }
      }
      adjacent.get(best).clear();
    }
    return order;
  }
}
