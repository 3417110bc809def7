package fgc.plan;

import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plans exact inference by variable elimination: chooses the elimination order, builds the
 * elimination tree and its tables ({@link EliminationPlan}), and refuses, before anything is
 * allocated, a model whose largest clique table or whose tables and messages together would pass
 * the limits below.
 *
 * <p>The order is the cheapest (fewest clique entries in all, so the fastest pass) of greedy orders
 * that fit {@link #MAX_CLIQUE_ENTRIES}: min-fill first (at each step, the variable whose
 * elimination adds the fewest edges between its neighbours, ties to the fewest neighbours, then the
 * lowest index), then min-weight and min-degree, then each with random ties while a budget counted
 * in work lasts ({@link OrderSearch}). The variables' own order (index order) is tried too and
 * taken when a pass over its cliques visits fewer entries in all, or when no greedy order fits:
 * min-fill's greed gives an n by n grid width about 1.4 n, row by row gives n. The order is a
 * function of the model alone: the random ties come from a seed made of the model's size. A model
 * whose every order passes the limit by a lower bound on its width ({@link WidthBound}: a grid, or
 * the degeneracy) is refused before any order is tried. When no order fits, the model is refused,
 * with the smallest clique every order tried would still need and the width.
 */
public final class EliminationPlanner {
  /**
   * Entries one clique table may have (2^24: 128 MB of doubles, a pass over it takes tens of
   * milliseconds).
   */
  public static final long MAX_CLIQUE_ENTRIES = 1L << 24;

  /**
   * Entries the tables, messages and scratch of one instance may hold together (2^26: 512 MB).
   * Cliques are never stored: a pass walks each clique's entries and keeps only the messages.
   */
  public static final long MAX_STORED_ENTRIES = 1L << 26;

  private static final String ALGORITHM = "elimination";
  static final long INFEASIBLE = 1L << 62;

  private EliminationPlanner() {}

  /**
   * The min-fill order alone (deterministic ties), under the default limit; the plan takes another
   * order when that is cheaper. A model no min-fill order fits is refused.
   */
  public static int[] minFillOrder(Model model) {
    checkFactors(model, MAX_CLIQUE_ENTRIES);
    OrderSearch minFill =
        OrderSearch.run(
            new EliminationGraph(
                model, VariableLayout.of(model).variableSizes(), MAX_CLIQUE_ENTRIES),
            1);
    if (minFill.best == null) {
      throw minFill.refusal();
    }
    return minFill.best.order.clone();
  }

  /** The plan under the default limit. */
  public static EliminationPlan plan(Model model) {
    return plan(model, MAX_CLIQUE_ENTRIES);
  }

  /**
   * The plan with cliques of at most {@code maxClique} entries (at most {@link
   * #MAX_CLIQUE_ENTRIES}).
   */
  public static EliminationPlan plan(Model model, long maxClique) {
    if (maxClique < 1 || maxClique > MAX_CLIQUE_ENTRIES) {
      throw new IllegalArgumentException(
          "clique limit " + maxClique + " outside 1.." + MAX_CLIQUE_ENTRIES);
    }
    Contradictions.check(model);
    return unchecked(model, maxClique);
  }

  /**
   * The order of {@link #plan(Model)}, for a model the planner may prove has no solution: the
   * enumeration reference visits variables in it, and must answer such models too (with Z = 0).
   */
  public static int[] order(Model model) {
    return unchecked(model, MAX_CLIQUE_ENTRIES).order();
  }

  private static EliminationPlan unchecked(Model model, long maxClique) {
    VariableLayout layout = VariableLayout.of(model);
    int[] size = layout.variableSizes();
    checkFactors(model, maxClique);
    checkHeap(model, Runtime.getRuntime().maxMemory());
    // The greedy orders (OrderSearch), and the variables' own order: the one whose pass visits
    // fewer
    // clique entries in all (the greedy one on equal terms) among those whose plan fits both
    // limits.
    // A grid or torus declared row by row has width its side in its own order, about 1.4 times its
    // side in min-fill's.
    EliminationGraph own = new EliminationGraph(model, size, maxClique);
    // A model every order refuses is refused from a bound on the width, without the search: on a
    // large grid that search is most of the run, and BP takes the model instead.
    WidthBound bound = WidthBound.of(own);
    if (bound.entries > maxClique) {
      throw refuse(
          model,
          "it needs a clique table of "
              + (bound.entries == Long.MAX_VALUE
                  ? "more than " + Long.MAX_VALUE
                  : "at least " + bound.entries)
              + " entries (elimination width at least "
              + bound.width
              + " in every order: "
              + bound.why
              + "; a lower bound, found without searching for an order); the limit is "
              + limitText(maxClique)
              + " entries");
    }
    OrderSearch search = OrderSearch.run(own, OrderSearch.MAX_TRIES);
    EliminationGraph greedy = search.best;
    boolean ownFits = own.inIndexOrder(); // the search eliminated copies: the graph is still whole
    own.name = "the variables' own order";
    List<EliminationGraph> candidates = new ArrayList<>();
    if (greedy != null) {
      candidates.add(greedy);
    }
    if (ownFits) {
      candidates.add(greedy != null && own.work >= greedy.work ? candidates.size() : 0, own);
    }
    PlanException tooMuch = null;
    for (EliminationGraph e : candidates) {
      try {
        return build(model, layout, e, search.tries);
      } catch (PlanException memory) {
        tooMuch = tooMuch == null ? memory : tooMuch; // the cheapest order's reason
      }
    }
    throw tooMuch != null ? tooMuch : search.refusal();
  }

  /**
   * The plan of elimination {@code e}; refused when its tables and messages pass {@link
   * #MAX_STORED_ENTRIES}.
   */
  private static EliminationPlan build(
      Model model, VariableLayout layout, EliminationGraph e, int tries) {
    int n = model.variableCount();
    int[] size = layout.variableSizes();
    List<Factor> factors = model.factors();
    int[] order = e.order;
    int[] position = new int[n];
    for (int t = 0; t < n; t++) {
      position[order[t]] = t;
    }
    // Digits: latest-eliminated first, so the eliminated variable is last and every separator is a
    // subsequence, in the same order, of the clique of its parent.
    int[][] vars = new int[n][];
    int[] parent = new int[n];
    List<List<Integer>> children = new ArrayList<>();
    for (int t = 0; t < n; t++) {
      int[] clique = e.cliques[t];
      long[] byPosition = new long[clique.length]; // latest-eliminated first
      for (int j = 0; j < clique.length; j++) {
        byPosition[j] = (long) (n - 1 - position[clique[j]]) << 32 | clique[j];
      }
      Arrays.sort(byPosition);
      vars[t] = new int[clique.length];
      for (int j = 0; j < clique.length; j++) {
        vars[t][j] = (int) byPosition[j];
      }
      parent[t] = vars[t].length > 1 ? position[vars[t][vars[t].length - 2]] : -1;
      children.add(new ArrayList<>());
    }
    for (int t = 0; t < n; t++) {
      if (parent[t] >= 0) {
        children.get(parent[t]).add(t);
      }
    }

    // Factors to the step of their earliest-eliminated variable; weights of tables and priors in
    // factor order.
    List<List<Integer>> assigned = new ArrayList<>();
    for (int t = 0; t < n; t++) {
      assigned.add(new ArrayList<>());
    }
    int[] weightOffset = new int[factors.size()];
    int weightCount = 0;
    for (int f = 0; f < factors.size(); f++) {
      int first = n;
      for (int v : factors.get(f).scope()) {
        first = Math.min(first, position[v]);
      }
      assigned.get(first).add(f);
      weightOffset[f] = factors.get(f).kind().weighted() ? weightCount : -1;
      weightCount += factors.get(f).weightCount();
    }
    // Each factor's weights scaled by a power of two, so that products of weights near the largest
    // double stay finite; the powers of two go back into log Z. No floor: exact inference computes
    // with the weights as given, and refuses a table whose range doubles cannot hold beside it.
    double[] weights = new double[weightCount];
    int weightShift = 0;
    for (int f = 0; f < factors.size(); f++) {
      if (weightOffset[f] >= 0) {
        System.arraycopy(
            factors.get(f).weights(), 0, weights, weightOffset[f], factors.get(f).weightCount());
        int shift = Weights.rescaleExact(weights, weightOffset[f], factors.get(f).weightCount());
        if (shift == Weights.BEYOND) {
          // No power of two holds these weights side by side in doubles: they are kept as given,
          // and the generated class computes in log space (EliminationKernels.Tables#lost).
          System.arraycopy(
              factors.get(f).weights(), 0, weights, weightOffset[f], factors.get(f).weightCount());
          shift = 0;
        }
        weightShift += shift;
      }
    }

    List<EliminationPlan.Operand> operands = new ArrayList<>();
    EliminationPlan.Step[] steps = new EliminationPlan.Step[n];
    long tables = 0;
    long messages = 0;
    long combine = 0;
    for (int t = 0; t < n; t++) {
      int[] sizes = new int[vars[t].length];
      for (int j = 0; j < sizes.length; j++) {
        sizes[j] = size[vars[t][j]];
      }
      long entries = entries(vars[t], size);
      int separator = (int) (entries / size[order[t]]);
      List<Integer> mine = new ArrayList<>();
      for (EliminationPlan.Operand op :
          operands(
              t, assigned.get(t), (int) tables, factors, vars[t], size, layout, weightOffset)) {
        mine.add(operands.size());
        operands.add(op);
        tables += op.entries;
      }
      List<EliminationPlan.Group> groups = new ArrayList<>();
      Map<String, List<Integer>> bySeparator = new LinkedHashMap<>();
      for (int c : children.get(t)) {
        bySeparator
            .computeIfAbsent(
                Arrays.toString(Arrays.copyOf(vars[c], vars[c].length - 1)), k -> new ArrayList<>())
            .add(c);
      }
      for (List<Integer> members : bySeparator.values()) {
        int c = members.get(0);
        int[] digits = new int[vars[c].length - 1];
        for (int j = 0; j < digits.length; j++) {
          digits[j] = indexOf(vars[t], vars[c][j]);
        }
        int offset = -1;
        if (members.size() > 1) { // their messages are multiplied into scratch first
          offset = (int) combine;
          combine += steps[c].separatorEntries;
        }
        groups.add(
            new EliminationPlan.Group(
                digits, members.stream().mapToInt(Integer::intValue).toArray(), offset));
      }
      steps[t] =
          new EliminationPlan.Step(
              order[t],
              vars[t],
              sizes,
              entries,
              parent[t],
              children.get(t).stream().mapToInt(Integer::intValue).toArray(),
              mine.stream().mapToInt(Integer::intValue).toArray(),
              groups.toArray(new EliminationPlan.Group[0]),
              (int) messages,
              separator);
      messages += separator;
      if (tables + 2 * messages + 2 * combine > MAX_STORED_ENTRIES) {
        throw refuse(
            model,
            "it would keep more than "
                + limitText(MAX_STORED_ENTRIES)
                + " table and message entries (elimination width "
                + e.widest
                + ", largest clique "
                + e.largestClique
                + " entries)");
      }
    }
    return new EliminationPlan(
        model.name(),
        layout,
        order,
        steps,
        operands.toArray(new EliminationPlan.Operand[0]),
        weights,
        weightShift,
        (int) tables,
        (int) messages,
        (int) combine,
        e.name,
        e.tryNumber,
        tries);
  }

  /** A refusal in the words of {@link Footprint}'s: the algorithm, the model's size, then why. */
  static TooLargeException refuse(Model model, String why) {
    return new Footprint(ALGORITHM, model, VariableLayout.of(model).width()).refuse(why);
  }

  /**
   * Heap a plan and its program take while they are made, per variable (its step, clique, program
   * block and the copies of them the digest and the emitter make), per pair of variables that share
   * a factor, and per weight: measured on models of a million variables and more, with a margin.
   */
  static final long PLAN_BYTES_PER_VARIABLE = 450;

  static final long PLAN_BYTES_PER_PAIR = 48;
  static final long PLAN_BYTES_PER_WEIGHT = 40;

  /**
   * The heap planning {@code model} takes, about: what {@link #checkHeap} compares with the JVM's.
   */
  static long planningBytes(Model model) {
    long pairs = 0;
    long weights = 0;
    for (Factor f : model.factors()) {
      pairs += (long) f.arity() * (f.arity() - 1);
      weights += f.weightCount();
    }
    return model.variableCount() * PLAN_BYTES_PER_VARIABLE
        + pairs * PLAN_BYTES_PER_PAIR
        + weights * PLAN_BYTES_PER_WEIGHT;
  }

  /**
   * Refuses, before anything is planned, a model whose plan would not fit {@code maxHeap} bytes: a
   * plan holds a step per variable, so millions of variables need gigabytes, and running out of
   * heap part way would cost minutes and end in an error without a position.
   */
  static void checkHeap(Model model, long maxHeap) {
    long bytes = planningBytes(model);
    if (bytes > maxHeap) {
      throw refuse(
          model,
          "planning it would take about "
              + Footprint.bytes(bytes)
              + " of heap ("
              + PLAN_BYTES_PER_VARIABLE
              + " bytes a variable, more for its factors), over this JVM's "
              + Footprint.bytes(maxHeap)
              + "; a larger heap (java -Xmx, e.g. JAVA_TOOL_OPTIONS=-Xmx"
              + Footprint.suggestedHeap(bytes)
              + ") may take it");
    }
  }

  /** A factor whose own table would pass the limit is refused by name. */
  private static void checkFactors(Model model, long maxClique) {
    int[] size = VariableLayout.of(model).variableSizes();
    List<Factor> factors = model.factors();
    for (int f = 0; f < factors.size(); f++) {
      long entries = entries(factors.get(f).scope(), size);
      if (entries > maxClique) {
        throw refuse(
            model,
            "it keeps every factor as a table over its scope; factor "
                + f
                + " ("
                + describe(model, factors.get(f))
                + ") would need "
                + entries
                + " entries, over the limit of "
                + limitText(maxClique)
                + " per table");
      }
    }
  }

  /**
   * The tables of step {@code step}, from {@code offset} on: one per distinct factor scope, except
   * that a scope inside a larger one (larger tables first, then factor order) joins that table;
   * each factor goes into the first table that holds its scope.
   */
  private static List<EliminationPlan.Operand> operands(
      int step,
      List<Integer> assigned,
      int offset,
      List<Factor> factors,
      int[] vars,
      int[] size,
      VariableLayout layout,
      int[] weightOffset) {
    Map<String, int[]> distinct = new LinkedHashMap<>();
    for (int f : assigned) {
      int[] digits = digitsOf(factors.get(f).scope(), vars);
      distinct.putIfAbsent(Arrays.toString(digits), digits);
    }
    List<int[]> candidates = new ArrayList<>(distinct.values());
    // Stable: equal sizes keep factor order.
    candidates.sort(
        (a, b) -> Long.compare(entries(pick(vars, b), size), entries(pick(vars, a), size)));
    List<int[]> scopes = new ArrayList<>();
    for (int[] c : candidates) {
      boolean inside = false;
      for (int[] k : scopes) {
        inside = inside || contains(k, c);
      }
      if (!inside) {
        scopes.add(c);
      }
    }
    List<List<Integer>> owned = new ArrayList<>();
    for (int k = 0; k < scopes.size(); k++) {
      owned.add(new ArrayList<>());
    }
    for (int f : assigned) {
      int[] digits = digitsOf(factors.get(f).scope(), vars);
      int k = 0;
      while (!contains(scopes.get(k), digits)) {
        k++;
      }
      owned.get(k).add(f);
    }
    List<EliminationPlan.Operand> out = new ArrayList<>();
    for (int k = 0; k < scopes.size(); k++) {
      int entries = (int) entries(pick(vars, scopes.get(k)), size);
      out.add(
          operand(
              step,
              scopes.get(k),
              offset,
              entries,
              owned.get(k),
              factors,
              vars,
              layout,
              weightOffset));
      offset += entries;
    }
    return out;
  }

  /** The operand over {@code digits}, the product of the factors {@code owned}. */
  private static EliminationPlan.Operand operand(
      int step,
      int[] digits,
      int offset,
      int entries,
      List<Integer> owned,
      List<Factor> factors,
      int[] vars,
      VariableLayout layout,
      int[] weightOffset) {
    EliminationPlan.Member[] members = new EliminationPlan.Member[owned.size()];
    for (int m = 0; m < members.length; m++) {
      int f = owned.get(m);
      Factor factor = factors.get(f);
      int[] positions = new int[factor.arity()];
      for (int s = 0; s < positions.length; s++) {
        positions[s] = indexOf(digits, indexOf(vars, factor.variable(s)));
      }
      // Aligned values count from the layout's lowest value; a sum's total is at least arity times
      // it.
      int target =
          factor.kind() == FactorKind.SUM
              ? (int) (factor.total() - (long) factor.arity() * layout.lo())
              : 0;
      members[m] = new EliminationPlan.Member(f, factor.kind(), positions, weightOffset[f], target);
    }
    return new EliminationPlan.Operand(step, digits, offset, entries, members);
  }

  private static int[] digitsOf(int[] scope, int[] vars) {
    int[] digits = new int[scope.length];
    for (int s = 0; s < scope.length; s++) {
      digits[s] = indexOf(vars, scope[s]);
      if (digits[s] < 0) {
        throw new IllegalStateException(
            "factor variable " + scope[s] + " outside its clique " + Arrays.toString(vars));
      }
    }
    Arrays.sort(digits);
    return digits;
  }

  private static int[] pick(int[] vars, int[] digits) {
    int[] out = new int[digits.length];
    for (int j = 0; j < digits.length; j++) {
      out[j] = vars[digits[j]];
    }
    return out;
  }

  /** Whether sorted {@code outer} holds every element of sorted {@code inner}. */
  private static boolean contains(int[] outer, int[] inner) {
    int k = 0;
    for (int x : inner) {
      while (k < outer.length && outer[k] < x) {
        k++;
      }
      if (k == outer.length || outer[k] != x) {
        return false;
      }
    }
    return true;
  }

  private static int indexOf(int[] a, int x) {
    for (int k = 0; k < a.length; k++) {
      if (a[k] == x) {
        return k;
      }
    }
    return -1;
  }

  /** The product of the domain sizes of {@code vars}, saturating at {@code Long.MAX_VALUE}. */
  static long entries(int[] vars, int[] size) {
    long entries = 1;
    for (int v : vars) {
      entries = entries > Long.MAX_VALUE / size[v] ? Long.MAX_VALUE : entries * size[v];
    }
    return entries;
  }

  static String limitText(long limit) {
    int log = 63 - Long.numberOfLeadingZeros(limit);
    return limit == 1L << log ? limit + " (2^" + log + ")" : Long.toString(limit);
  }

  private static String describe(Model model, Factor f) {
    StringBuilder sb = new StringBuilder(f.kind().keyword()).append(" over ");
    for (int s = 0; s < f.arity() && s < 4; s++) {
      sb.append(s == 0 ? "" : ", ").append(model.variableName(f.variable(s)));
    }
    return sb.append(f.arity() > 4 ? ", ... (" + f.arity() + " variables)" : "").toString();
  }
}
