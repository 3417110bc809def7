package fgc.compiler.plan;

import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Plans exact inference by variable elimination: chooses the elimination order, builds the
 * elimination tree and its tables ({@link EliminationPlan}), and refuses, before anything is
 * allocated, a model whose largest clique table or whose tables and messages together would pass
 * the limits below.
 *
 * <p>The order is the cheapest (fewest clique entries in all, so the fastest pass) of greedy
 * orders that fit {@link #MAX_CLIQUE_ENTRIES}: min-fill first (at each step, the variable whose
 * elimination adds the fewest edges between its neighbours, ties to the fewest neighbours, then the
 * lowest index), then min-weight and min-degree, then each with random ties while a budget counted
 * in work lasts ({@link OrderSearch}). The variables' own order (index order) is tried too and taken
 * when a pass over its cliques visits fewer entries in all, or when no greedy order fits: min-fill's
 * greed gives an n by n grid width about 1.4 n, row by row gives n. The order is a function of the
 * model alone: the random ties come from a seed made of the model's size. When no order fits, the
 * model is refused, with the smallest clique every order tried would still need and the width.
 */
public final class EliminationPlanner {
  /** Entries one clique table may have (2^24: 128 MB of doubles, a pass over it takes tens of milliseconds). */
  public static final long MAX_CLIQUE_ENTRIES = 1L << 24;
  /**
   * Entries the tables, messages and scratch of one instance may hold together (2^26: 512 MB).
   * Cliques are never stored: a pass walks each clique's entries and keeps only the messages.
   */
  public static final long MAX_STORED_ENTRIES = 1L << 26;

  private static final String ALGORITHM = "elimination";
  private static final long INFEASIBLE = 1L << 62;

  private EliminationPlanner() {}

  /**
   * The min-fill order alone (deterministic ties), under the default limit; the plan takes another
   * order when that is cheaper. A model no min-fill order fits is refused.
   */
  public static int[] minFillOrder(Model model) {
    checkFactors(model, MAX_CLIQUE_ENTRIES);
    OrderSearch minFill = OrderSearch.run(new Elimination(model, VariableLayout.of(model).variableSizes(), MAX_CLIQUE_ENTRIES), 1);
    if (minFill.best == null) {
      throw minFill.refusal();
    }
    return minFill.best.order.clone();
  }

  /** The plan under the default limit. */
  public static EliminationPlan plan(Model model) {
    return plan(model, MAX_CLIQUE_ENTRIES);
  }

  /** The plan with cliques of at most {@code maxClique} entries (at most {@link #MAX_CLIQUE_ENTRIES}). */
  public static EliminationPlan plan(Model model, long maxClique) {
    if (maxClique < 1 || maxClique > MAX_CLIQUE_ENTRIES) {
      throw new IllegalArgumentException("clique limit " + maxClique + " outside 1.." + MAX_CLIQUE_ENTRIES);
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
    // The greedy orders (OrderSearch), and the variables' own order: the one whose pass visits fewer
    // clique entries in all (the greedy one on equal terms) among those whose plan fits both limits.
    // A grid or torus declared row by row has width its side in its own order, about 1.4 times its
    // side in min-fill's.
    Elimination own = new Elimination(model, size, maxClique);
    OrderSearch search = OrderSearch.run(own, OrderSearch.MAX_TRIES);
    Elimination greedy = search.best;
    boolean ownFits = own.inIndexOrder(); // the search eliminated copies: the graph is still whole
    own.name = "the variables' own order";
    List<Elimination> candidates = new ArrayList<>();
    if (greedy != null) {
      candidates.add(greedy);
    }
    if (ownFits) {
      candidates.add(greedy != null && own.work >= greedy.work ? candidates.size() : 0, own);
    }
    PlanException tooMuch = null;
    for (Elimination e : candidates) {
      try {
        return build(model, layout, e, search.tries);
      } catch (PlanException memory) {
        tooMuch = tooMuch == null ? memory : tooMuch; // the cheapest order's reason
      }
    }
    throw tooMuch != null ? tooMuch : search.refusal();
  }

  /** The plan of elimination {@code e}; refused when its tables and messages pass {@link #MAX_STORED_ENTRIES}. */
  private static EliminationPlan build(Model model, VariableLayout layout, Elimination e, int tries) {
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

    // Factors to the step of their earliest-eliminated variable; weights of tables and priors in factor order.
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
        System.arraycopy(factors.get(f).weights(), 0, weights, weightOffset[f], factors.get(f).weightCount());
        int shift = Weights.rescaleExact(weights, weightOffset[f], factors.get(f).weightCount());
        if (shift == Weights.BEYOND) {
          // No power of two holds these weights side by side in doubles: they are kept as given,
          // and the generated class computes in log space (EliminationKernels.Tables#lost).
          System.arraycopy(factors.get(f).weights(), 0, weights, weightOffset[f], factors.get(f).weightCount());
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
      for (EliminationPlan.Operand op : operands(t, assigned.get(t), (int) tables, factors, vars[t], size, layout, weightOffset)) {
        mine.add(operands.size());
        operands.add(op);
        tables += op.entries;
      }
      List<EliminationPlan.Group> groups = new ArrayList<>();
      Map<String, List<Integer>> bySeparator = new LinkedHashMap<>();
      for (int c : children.get(t)) {
        bySeparator.computeIfAbsent(Arrays.toString(Arrays.copyOf(vars[c], vars[c].length - 1)), k -> new ArrayList<>()).add(c);
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
        groups.add(new EliminationPlan.Group(digits, members.stream().mapToInt(Integer::intValue).toArray(), offset));
      }
      steps[t] = new EliminationPlan.Step(order[t], vars[t], sizes, entries, parent[t],
          children.get(t).stream().mapToInt(Integer::intValue).toArray(), mine.stream().mapToInt(Integer::intValue).toArray(),
          groups.toArray(new EliminationPlan.Group[0]), (int) messages, separator);
      messages += separator;
      if (tables + 2 * messages + 2 * combine > MAX_STORED_ENTRIES) {
        throw refuse(model, "it would keep more than " + limitText(MAX_STORED_ENTRIES)
            + " table and message entries (elimination width " + e.widest + ", largest clique " + e.largestClique + " entries)");
      }
    }
    return new EliminationPlan(model.name(), layout, order, steps, operands.toArray(new EliminationPlan.Operand[0]), weights,
        weightShift, (int) tables, (int) messages, (int) combine, e.name, e.tryNumber, tries);
  }

  /** A refusal in the words of {@link Footprint}'s: the algorithm, the model's size, then why. */
  private static TooLargeException refuse(Model model, String why) {
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

  /** The heap planning {@code model} takes, about: what {@link #checkHeap} compares with the JVM's. */
  static long planningBytes(Model model) {
    long pairs = 0;
    long weights = 0;
    for (Factor f : model.factors()) {
      pairs += (long) f.arity() * (f.arity() - 1);
      weights += f.weightCount();
    }
    return model.variableCount() * PLAN_BYTES_PER_VARIABLE + pairs * PLAN_BYTES_PER_PAIR + weights * PLAN_BYTES_PER_WEIGHT;
  }

  /**
   * Refuses, before anything is planned, a model whose plan would not fit {@code maxHeap} bytes: a
   * plan holds a step per variable, so millions of variables need gigabytes, and running out of
   * heap part way would cost minutes and end in an error without a position.
   */
  static void checkHeap(Model model, long maxHeap) {
    long bytes = planningBytes(model);
    if (bytes > maxHeap) {
      throw refuse(model, "planning it would take about " + Footprint.bytes(bytes) + " of heap (" + PLAN_BYTES_PER_VARIABLE
          + " bytes a variable, more for its factors), over this JVM's " + Footprint.bytes(maxHeap)
          + "; a larger heap (java -Xmx, e.g. JAVA_TOOL_OPTIONS=-Xmx" + Footprint.suggestedHeap(bytes) + ") may take it");
    }
  }

  /** A factor whose own table would pass the limit is refused by name. */
  private static void checkFactors(Model model, long maxClique) {
    int[] size = VariableLayout.of(model).variableSizes();
    List<Factor> factors = model.factors();
    for (int f = 0; f < factors.size(); f++) {
      long entries = entries(factors.get(f).scope(), size);
      if (entries > maxClique) {
        throw refuse(model, "it keeps every factor as a table over its scope; factor " + f + " ("
            + describe(model, factors.get(f)) + ") would need " + entries + " entries, over the limit of "
            + limitText(maxClique) + " per table");
      }
    }
  }

  /**
   * The tables of step {@code step}, from {@code offset} on: one per distinct factor scope, except
   * that a scope inside a larger one (larger tables first, then factor order) joins that table;
   * each factor goes into the first table that holds its scope.
   */
  private static List<EliminationPlan.Operand> operands(int step, List<Integer> assigned, int offset, List<Factor> factors,
      int[] vars, int[] size, VariableLayout layout, int[] weightOffset) {
    Map<String, int[]> distinct = new LinkedHashMap<>();
    for (int f : assigned) {
      int[] digits = digitsOf(factors.get(f).scope(), vars);
      distinct.putIfAbsent(Arrays.toString(digits), digits);
    }
    List<int[]> candidates = new ArrayList<>(distinct.values());
    // Stable: equal sizes keep factor order.
    candidates.sort((a, b) -> Long.compare(entries(pick(vars, b), size), entries(pick(vars, a), size)));
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
      out.add(operand(step, scopes.get(k), offset, entries, owned.get(k), factors, vars, layout, weightOffset));
      offset += entries;
    }
    return out;
  }

  /** The operand over {@code digits}, the product of the factors {@code owned}. */
  private static EliminationPlan.Operand operand(int step, int[] digits, int offset, int entries, List<Integer> owned,
      List<Factor> factors, int[] vars, VariableLayout layout, int[] weightOffset) {
    EliminationPlan.Member[] members = new EliminationPlan.Member[owned.size()];
    for (int m = 0; m < members.length; m++) {
      int f = owned.get(m);
      Factor factor = factors.get(f);
      int[] positions = new int[factor.arity()];
      for (int s = 0; s < positions.length; s++) {
        positions[s] = indexOf(digits, indexOf(vars, factor.variable(s)));
      }
      // Aligned values count from the layout's lowest value; a sum's total is at least arity times it.
      int target = factor.kind() == FactorKind.SUM ? (int) (factor.total() - (long) factor.arity() * layout.lo()) : 0;
      members[m] = new EliminationPlan.Member(f, factor.kind(), positions, weightOffset[f], target);
    }
    return new EliminationPlan.Operand(step, digits, offset, entries, members);
  }

  private static int[] digitsOf(int[] scope, int[] vars) {
    int[] digits = new int[scope.length];
    for (int s = 0; s < scope.length; s++) {
      digits[s] = indexOf(vars, scope[s]);
      if (digits[s] < 0) {
        throw new IllegalStateException("factor variable " + scope[s] + " outside its clique " + Arrays.toString(vars));
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
  private static long entries(int[] vars, int[] size) {
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

  /** The greedy rules: the variable eliminated next is the one that scores least. */
  enum Heuristic {
    /** Fewest edges added between its neighbours; deterministic ties to the fewest neighbours. */
    MIN_FILL("min-fill"),
    /** Smallest clique table (the product of its and its neighbours' domain sizes); deterministic ties to the fewest neighbours. */
    MIN_WEIGHT("min-weight"),
    /** Fewest neighbours. */
    MIN_DEGREE("min-degree");

    final String text;

    Heuristic(String text) {
      this.text = text;
    }
  }

  /** How a greedy run ended: every variable eliminated, a clique past the limit, or stopped (a dearer order or out of budget). */
  enum Outcome {
    DONE, REFUSED, ABANDONED
  }

  /**
   * Greedy orders, the cheapest kept (fewest clique entries in all): min-fill, min-weight (when
   * domain sizes differ) and min-degree with deterministic ties, then each in turn with ties broken
   * by a random ranking of the variables, while a budget lasts. Min-fill's greed can be a few
   * variables wider than another rule's or another tie-break's (on a UAI pedigree, a largest clique
   * of 25 variables against 19 or 20). The plan must be a function
   * of the model alone, since the cache plans again on every hit and compares the plan's digest
   * with the stored class's: the rankings come from a seed made of the model's size, and the
   * budget is counted in steps of work (entries of neighbour lists read), never in time:
   * {@link #BUDGET_FACTOR} times min-fill's own run, at most {@link #MAX_EXTRA_WORK} steps, so a
   * large model gets few tries or none. A try stops as soon as its cliques pass the best total.
   */
  static final class OrderSearch {
    /** The other tries together cost at most this many times min-fill's run. */
    static final int BUDGET_FACTOR = 3;
    /** ... and at most this many steps (tens of milliseconds). */
    static final long MAX_EXTRA_WORK = 1L << 24;
    /** Tries at most, however small the model. */
    static final int MAX_TRIES = 48;

    /** The cheapest order that fits, or null. */
    Elimination best;
    /** Runs started, min-fill's included. */
    int tries;
    /** Steps of work all tries took. */
    long spent;
    private int refused;
    private Elimination closest;
    private long fewestEntries = Long.MAX_VALUE;
    private int narrowest = Integer.MAX_VALUE;

    private OrderSearch() {}

    /** The search over {@code graph} (left as it is: each try eliminates a copy), {@code maxTries} tries at most. */
    static OrderSearch run(Elimination graph, int maxTries) {
      OrderSearch s = new OrderSearch();
      int n = graph.n;
      boolean mixed = false;
      for (int v = 1; v < n; v++) {
        mixed |= graph.size[v] != graph.size[0];
      }
      // With every domain the same size, min-weight orders as min-degree does: left out.
      Heuristic[] rules = mixed ? Heuristic.values() : new Heuristic[] {Heuristic.MIN_FILL, Heuristic.MIN_DEGREE};
      SplittableRandom random = new SplittableRandom(0x9E3779B97F4A7C15L * n + graph.edgeEntries());
      long[] cost = new long[Heuristic.values().length]; // the latest full run of each rule
      long budget = Long.MAX_VALUE;
      for (int t = 0; t < maxTries; t++) {
        Heuristic rule = rules[t % rules.length];
        long estimate = cost[rule.ordinal()] > 0 ? cost[rule.ordinal()] : cost[0];
        if (t > 0 && s.spent + estimate > budget) {
          break;
        }
        int[] rank = t < rules.length ? null : permutation(n, random);
        Elimination e = graph.copy();
        Outcome outcome = e.greedy(rule, rank, s.best == null ? Long.MAX_VALUE : s.best.work,
            budget == Long.MAX_VALUE ? Long.MAX_VALUE : budget - s.spent);
        s.spent += e.steps + (rank == null ? 0 : n);
        s.tries++;
        if (t == 0) {
          // Min-fill's run, at least a pass over the graph, is the unit (a refusal may have stopped it early).
          long unit = Math.max(e.steps, 4 * graph.edgeEntries() + n);
          budget = s.spent + Math.min(BUDGET_FACTOR * unit, MAX_EXTRA_WORK);
        }
        e.name = rule.text + (rank == null ? "" : " with random ties");
        e.tryNumber = t + 1;
        if (outcome != Outcome.ABANDONED) {
          cost[rule.ordinal()] = e.steps;
        }
        if (outcome == Outcome.DONE) {
          s.best = e; // the search stops a dearer one on the way
        } else if (outcome == Outcome.REFUSED) {
          s.refused++;
          s.narrowest = Math.min(s.narrowest, e.boundWidth);
          if (e.boundEntries < s.fewestEntries) {
            s.fewestEntries = e.boundEntries;
            s.closest = e;
          }
        }
      }
      return s;
    }

    /**
     * Why no order fits: the smallest clique every refused order would still need, the least width,
     * and the try that came closest.
     */
    PlanException refusal() {
      Elimination e = closest;
      String entries = fewestEntries == Long.MAX_VALUE ? "more than " + Long.MAX_VALUE : "at least " + fewestEntries;
      String where = refused == 1 ? "in " + e.name + " order, with " + e.boundEliminated + " of its " + e.n
          + " variables eliminated" : "in each of " + refused + " greedy orders tried, the closest " + e.name + "'s (try "
          + e.tryNumber + ") after " + e.boundEliminated + " of its " + e.n + " variables";
      return refuse(e.model, "it needs a clique table of " + entries + " entries (elimination width at least " + narrowest
          + " " + where + "; no better in the variables' own order); the limit is " + limitText(e.maxClique) + " entries");
    }

    private static int[] permutation(int n, SplittableRandom random) {
      int[] p = new int[n];
      for (int i = 0; i < n; i++) {
        int j = random.nextInt(i + 1);
        p[i] = p[j];
        p[j] = i;
      }
      return p;
    }
  }

  /**
   * Eliminates the variables over the interaction graph (an edge between every two variables of a
   * factor). The graph is kept in int arrays (a list of neighbours per variable, unsorted) and
   * membership is tested with a stamp per variable, so a step costs the degrees it touches, and a
   * variable costs a few dozen bytes: millions of them plan in seconds.
   */
  private static final class Elimination {
    private static final int[] NONE = new int[0];
    final Model model;
    final int n;
    private final int indexBits;
    private final long maxPrimary;
    final int[] size;
    final long maxClique;
    private final int[][] adjacent;
    private final int[] degree;
    private final int[] stamp;
    private int stamps;
    private final int[] touched;
    private int touchedStamp;
    final int[] order;
    final int[][] cliques;
    int widest;
    long largestClique;
    /** Entries of all cliques together: what one pass visits. */
    long work;
    /** Steps of planning work so far: entries of neighbour lists read or written (what the search budgets). */
    long steps;
    /** What made the order, for the plan to say: a rule and its try (counted from 1), or the variables' own order (try 0). */
    String name;
    int tryNumber;
    Heuristic rule;
    private int[] rank;
    /** A refused run: the smallest clique a remaining variable would make, the width so far or its least degree, and how far it got. */
    long boundEntries;
    int boundWidth;
    int boundEliminated;
    private long[] key;
    private Heap queue;

    Elimination(Model model, int[] size, long maxClique) {
      this.model = model;
      this.n = model.variableCount();
      // A score packs a rule's measure, degree and rank below bit 62; degrees are below n. Up to 2^17
      // variables that leaves the measure 26 bits (a clique of 2^24 entries fits); beyond, fewer
      // (Limits.MAX_VARIABLES is 2^24: 12 bits), and larger measures tie.
      this.indexBits = Math.max(17, 32 - Integer.numberOfLeadingZeros(n));
      this.maxPrimary = Math.min((1L << 26) - 1, (1L << (62 - 2 * indexBits)) - 1);
      this.size = size;
      this.maxClique = maxClique;
      this.order = new int[n];
      this.cliques = new int[n][];
      this.adjacent = new int[n][];
      this.degree = new int[n];
      this.stamp = new int[n];
      this.touched = new int[n];
      // Every edge once each way, sorted and without repeats: the neighbour lists in linear space.
      long pairs = 0;
      for (Factor f : model.factors()) {
        pairs += (long) f.arity() * (f.arity() - 1);
      }
      if (pairs > Integer.MAX_VALUE - 8) {
        throw refuse(model, "its interaction graph has " + pairs / 2 + " pairs of variables that share a factor, more than"
            + " the planner keeps");
      }
      long[] edges = new long[(int) pairs];
      int k = 0;
      for (Factor f : model.factors()) {
        int[] scope = f.scope();
        for (int a = 0; a < scope.length; a++) {
          for (int b = 0; b < scope.length; b++) {
            if (a != b) {
              edges[k++] = (long) scope[a] << 32 | scope[b];
            }
          }
        }
      }
      Arrays.sort(edges);
      int[] count = new int[n];
      for (int e = 0; e < edges.length; e++) {
        if (e == 0 || edges[e] != edges[e - 1]) {
          count[(int) (edges[e] >>> 32)]++;
        }
      }
      for (int v = 0; v < n; v++) {
        adjacent[v] = count[v] == 0 ? NONE : new int[count[v]];
      }
      for (int e = 0; e < edges.length; e++) {
        if (e == 0 || edges[e] != edges[e - 1]) {
          int v = (int) (edges[e] >>> 32);
          adjacent[v][degree[v]++] = (int) edges[e];
        }
      }
    }

    /** A fresh copy of {@code base}'s graph, before any elimination. */
    private Elimination(Elimination base) {
      this.model = base.model;
      this.n = base.n;
      this.indexBits = base.indexBits;
      this.maxPrimary = base.maxPrimary;
      this.size = base.size;
      this.maxClique = base.maxClique;
      this.order = new int[n];
      this.cliques = new int[n][];
      this.adjacent = new int[n][];
      this.degree = base.degree.clone();
      this.stamp = new int[n];
      this.touched = new int[n];
      for (int v = 0; v < n; v++) {
        adjacent[v] = degree[v] == 0 ? NONE : Arrays.copyOf(base.adjacent[v], degree[v]);
      }
      steps = n + edgeEntries();
    }

    /** A copy of this graph to eliminate in another order; this one must not have eliminated anything yet. */
    Elimination copy() {
      return new Elimination(this);
    }

    /** Entries of all neighbour lists: twice the edges. */
    long edgeEntries() {
      long sum = 0;
      for (int v = 0; v < n; v++) {
        sum += degree[v];
      }
      return sum;
    }

    /**
     * Greedy elimination by {@code rule}, ties broken by {@code rank} (lower first; null: the
     * rule's own ties, then lowest index). Stops, {@link Outcome#ABANDONED}, once the cliques so
     * far hold {@code maxWork} entries or more, or the run has taken more than {@code maxSteps}.
     */
    Outcome greedy(Heuristic rule, int[] rank, long maxWork, long maxSteps) {
      this.rule = rule;
      this.rank = rank;
      key = new long[n];
      queue = new Heap(key);
      for (int i = 0; i < n; i++) {
        key[i] = score(i);
        queue.add(i);
      }
      boolean fill = rule == Heuristic.MIN_FILL;
      for (int t = 0; t < n; t++) {
        int v = queue.first();
        if (key[v] >= INFEASIBLE) {
          bound(t);
          return Outcome.REFUSED;
        }
        queue.removeFirst();
        int[] changed = eliminate(t, v, true, fill);
        if (work >= maxWork || steps > maxSteps) {
          return Outcome.ABANDONED;
        }
        for (int w : changed) {
          key[w] = score(w);
          queue.update(w);
        }
      }
      key = null; // the order is kept; its scores need not be
      queue = null;
      return Outcome.DONE;
    }

    /** The variables in index order; false as soon as a clique passes the limit. */
    boolean inIndexOrder() {
      for (int v = 0; v < n; v++) {
        long entries = size[v];
        for (int j = 0; j < degree[v]; j++) {
          entries *= size[adjacent[v][j]];
          if (entries > maxClique) {
            return false;
          }
        }
        eliminate(v, v, false, false);
      }
      return true;
    }

    /** A fresh stamp: a variable is marked when its {@code stamp} equals it. */
    private int nextStamp() {
      if (++stamps == Integer.MAX_VALUE) {
        Arrays.fill(stamp, 0);
        stamps = 1;
      }
      return stamps;
    }

    private void connect(int a, int b) {
      if (degree[a] == adjacent[a].length) {
        adjacent[a] = Arrays.copyOf(adjacent[a], Math.max(4, 2 * degree[a]));
      }
      adjacent[a][degree[a]++] = b;
    }

    /**
     * Step {@code t} eliminates {@code v}: its clique is recorded, its neighbours joined pairwise.
     * Returns, when {@code affected}, the variables whose score this changes: the neighbours, and,
     * when {@code fill} (min-fill's scores), every common neighbour of two joined by a new edge.
     */
    private int[] eliminate(int t, int v, boolean affected, boolean fill) {
      int d = degree[v];
      int[] nb = Arrays.copyOf(adjacent[v], d);
      Arrays.sort(nb);
      int[] clique = Arrays.copyOf(nb, d + 1);
      clique[d] = v;
      cliques[t] = clique;
      order[t] = v;
      widest = Math.max(widest, d);
      long entries = entries(clique, size);
      largestClique = Math.max(largestClique, entries);
      work = work > Long.MAX_VALUE - entries ? Long.MAX_VALUE : work + entries;
      steps += d;
      for (int u : nb) { // v leaves its neighbours' lists
        int[] list = adjacent[u];
        steps += degree[u];
        for (int j = 0; j < degree[u]; j++) {
          if (list[j] == v) {
            list[j] = list[--degree[u]];
            break;
          }
        }
      }
      adjacent[v] = null;
      degree[v] = 0;
      int changedCount = 0;
      int[] changed = affected ? new int[Math.max(4, d)] : NONE;
      int mine = 0;
      if (affected) {
        mine = ++touchedStamp == Integer.MAX_VALUE ? resetTouched() : touchedStamp;
        for (int u : nb) {
          touched[u] = mine;
          changed[changedCount++] = u;
        }
      }
      for (int a = 0; a < d; a++) {
        int pa = nb[a];
        int marked = nextStamp();
        steps += degree[pa] + d - a;
        for (int j = 0; j < degree[pa]; j++) {
          stamp[adjacent[pa][j]] = marked;
        }
        for (int b = a + 1; b < d; b++) {
          int pb = nb[b];
          if (stamp[pb] == marked) {
            continue;
          }
          if (affected && fill) { // the new edge closes a pair in the neighbourhood of every common neighbour
            steps += degree[pb];
            for (int j = 0; j < degree[pb]; j++) {
              int w = adjacent[pb][j];
              if (stamp[w] == marked && touched[w] != mine) {
                touched[w] = mine;
                if (changedCount == changed.length) {
                  changed = Arrays.copyOf(changed, 2 * changedCount);
                }
                changed[changedCount++] = w;
              }
            }
          }
          connect(pa, pb);
          connect(pb, pa);
        }
      }
      return affected ? Arrays.copyOf(changed, changedCount) : NONE;
    }

    private int resetTouched() {
      Arrays.fill(touched, 0);
      touchedStamp = 1;
      return 1;
    }

    /**
     * Feasible first, then the rule's measure (fill edges, clique entries or neighbours), then
     * fewest neighbours (min-fill and min-weight with their own ties), then the rank or the index.
     */
    private long score(int v) {
      int d = degree[v];
      int[] around = adjacent[v];
      long tie = rank == null ? v : rank[v];
      long entries = size[v];
      steps += d;
      for (int j = 0; j < d; j++) {
        entries *= size[around[j]];
        if (entries > maxClique) {
          return INFEASIBLE | ((long) d << indexBits) | tie;
        }
      }
      long measure;
      switch (rule) {
        case MIN_FILL:
          measure = fill(v);
          break;
        case MIN_WEIGHT:
          measure = entries;
          break;
        default:
          measure = d;
      }
      long second = rank == null && rule != Heuristic.MIN_DEGREE ? d : 0;
      return (Math.min(measure, maxPrimary) << (2 * indexBits)) | (second << indexBits) | tie;
    }

    /** Edges eliminating {@code v} would add: pairs of neighbours minus the edges among them (each counted from both ends). */
    private long fill(int v) {
      int d = degree[v];
      int[] around = adjacent[v];
      int marked = nextStamp();
      for (int j = 0; j < d; j++) {
        stamp[around[j]] = marked;
      }
      long inside = 0;
      for (int j = 0; j < d; j++) {
        int u = around[j];
        steps += degree[u];
        for (int i = 0; i < degree[u]; i++) {
          inside += stamp[adjacent[u][i]] == marked ? 1 : 0;
        }
      }
      return (long) d * (d - 1) / 2 - inside / 2;
    }

    /** Every remaining variable's clique passes the limit: the smallest of them and the width so far say by how much. */
    private void bound(int eliminated) {
      long smallest = Long.MAX_VALUE;
      int fewest = Integer.MAX_VALUE;
      for (int q = 0; q < queue.size; q++) {
        int v = queue.heap[q];
        int[] clique = Arrays.copyOf(adjacent[v], degree[v] + 1);
        clique[degree[v]] = v;
        smallest = Math.min(smallest, entries(clique, size));
        fewest = Math.min(fewest, degree[v]);
      }
      boundEntries = smallest;
      boundWidth = Math.max(widest, fewest);
      boundEliminated = eliminated;
    }
  }

  /** A binary min-heap of variables by {@code key}, which knows where each one is (so a key can change in place). */
  private static final class Heap {
    final long[] key;
    final int[] heap;
    final int[] at;
    int size;

    Heap(long[] key) {
      this.key = key;
      this.heap = new int[key.length];
      this.at = new int[key.length];
      Arrays.fill(at, -1);
    }

    void add(int v) {
      heap[size] = v;
      at[v] = size;
      up(size++);
    }

    int first() {
      return heap[0];
    }

    void removeFirst() {
      int v = heap[0];
      at[v] = -1;
      if (--size > 0) {
        heap[0] = heap[size];
        at[heap[0]] = 0;
        down(0);
      }
    }

    /** {@code v}'s key changed: it moves to its place (a variable no longer queued is left out). */
    void update(int v) {
      int q = at[v];
      if (q >= 0) {
        up(q);
        down(at[v]);
      }
    }

    private void up(int q) {
      int v = heap[q];
      while (q > 0) {
        int parent = (q - 1) >>> 1;
        if (key[heap[parent]] <= key[v]) {
          break;
        }
        heap[q] = heap[parent];
        at[heap[q]] = q;
        q = parent;
      }
      heap[q] = v;
      at[v] = q;
    }

    private void down(int q) {
      int v = heap[q];
      while (true) {
        int child = 2 * q + 1;
        if (child >= size) {
          break;
        }
        if (child + 1 < size && key[heap[child + 1]] < key[heap[child]]) {
          child++;
        }
        if (key[heap[child]] >= key[v]) {
          break;
        }
        heap[q] = heap[child];
        at[heap[q]] = q;
        q = child;
      }
      heap[q] = v;
      at[v] = q;
    }
  }
}
