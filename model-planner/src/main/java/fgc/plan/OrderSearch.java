package fgc.plan;

import java.util.SplittableRandom;

/**
 * Greedy orders, the cheapest kept (fewest clique entries in all): min-fill, min-weight (when
 * domain sizes differ) and min-degree with deterministic ties, then each in turn with ties broken
 * by a random ranking of the variables, while a budget lasts. Min-fill's greed can be a few
 * variables wider than another rule's or another tie-break's (on a UAI pedigree, a largest clique
 * of 25 variables against 19 or 20). The plan must be a function of the model alone, since the
 * cache plans again on every hit and compares the plan's digest with the stored class's: the
 * rankings come from a seed made of the model's size, and the budget is counted in steps of work
 * (entries of neighbour lists read), never in time: {@link #BUDGET_FACTOR} times min-fill's own
 * run, at most {@link #MAX_EXTRA_WORK} steps, so a large model gets few tries or none. A try stops
 * as soon as its cliques pass the best total.
 */
final class OrderSearch {
  /** The greedy rules: the variable eliminated next is the one that scores least. */
  enum Heuristic {
    /** Fewest edges added between its neighbours; deterministic ties to the fewest neighbours. */
    MIN_FILL("min-fill"),
    /**
     * Smallest clique table (the product of its and its neighbours' domain sizes); deterministic
     * ties to the fewest neighbours.
     */
    MIN_WEIGHT("min-weight"),
    /** Fewest neighbours. */
    MIN_DEGREE("min-degree");

    final String text;

    Heuristic(String text) {
      this.text = text;
    }
  }

  /**
   * How a greedy run ended: every variable eliminated, a clique past the limit, or stopped (a
   * dearer order or out of budget).
   */
  enum Outcome {
    DONE,
    REFUSED,
    ABANDONED
  }

  /** The other tries together cost at most this many times min-fill's run. */
  static final int BUDGET_FACTOR = 3;

  /** ... and at most this many steps (tens of milliseconds). */
  static final long MAX_EXTRA_WORK = 1L << 24;

  /** Tries at most, however small the model. */
  static final int MAX_TRIES = 48;

  /** The cheapest order that fits, or null. */
  EliminationGraph best;

  /** Runs started, min-fill's included. */
  int tries;

  /** Steps of work all tries took. */
  long spent;

  private int refused;
  private EliminationGraph closest;
  private long fewestEntries = Long.MAX_VALUE;
  private int narrowest = Integer.MAX_VALUE;

  private OrderSearch() {}

  /**
   * The search over {@code graph} (left as it is: each try eliminates a copy), {@code maxTries}
   * tries at most.
   */
  static OrderSearch run(EliminationGraph graph, int maxTries) {
    OrderSearch s = new OrderSearch();
    int n = graph.n;
    boolean mixed = false;
    for (int v = 1; v < n; v++) {
      mixed |= graph.size[v] != graph.size[0];
    }
    // With every domain the same size, min-weight orders as min-degree does: left out.
    Heuristic[] rules =
        mixed ? Heuristic.values() : new Heuristic[] {Heuristic.MIN_FILL, Heuristic.MIN_DEGREE};
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
      EliminationGraph e = graph.copy();
      Outcome outcome =
          e.greedy(
              rule,
              rank,
              s.best == null ? Long.MAX_VALUE : s.best.work,
              budget == Long.MAX_VALUE ? Long.MAX_VALUE : budget - s.spent);
      s.spent += e.steps + (rank == null ? 0 : n);
      s.tries++;
      if (t == 0) {
        // Min-fill's run, at least a pass over the graph, is the unit (a refusal may have stopped
        // it early).
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
    EliminationGraph e = closest;
    String entries =
        fewestEntries == Long.MAX_VALUE
            ? "more than " + Long.MAX_VALUE
            : "at least " + fewestEntries;
    String where =
        refused == 1
            ? "in "
                + e.name
                + " order, with "
                + e.boundEliminated
                + " of its "
                + e.n
                + " variables eliminated"
            : "in each of "
                + refused
                + " greedy orders tried, the closest "
                + e.name
                + "'s (try "
                + e.tryNumber
                + ") after "
                + e.boundEliminated
                + " of its "
                + e.n
                + " variables";
    return EliminationPlanner.refuse(
        e.model,
        "it needs a clique table of "
            + entries
            + " entries (elimination width at least "
            + narrowest
            + " "
            + where
            + "; no better in the variables' own order); the limit is "
            + EliminationPlanner.limitText(e.maxClique)
            + " entries");
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
