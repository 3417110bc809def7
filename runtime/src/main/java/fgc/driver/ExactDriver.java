package fgc.driver;

import fgc.driver.search.PropagatorSource;
import fgc.driver.search.Search;
import fgc.model.Model;
import fgc.plan.BitmaskTables;
import fgc.solver.GeneratedAlgorithm;
import fgc.solver.Propagator;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Exact search: fgc's one complete {@link Search}, which propagates to a fixpoint and branches
 * depth first with backtracking. Complete: it finds a solution when one exists and reports {@link
 * SolveResult.Status#NO_SOLUTION} otherwise. This driver chooses what the search runs on: for
 * models of {@code alldiff}/{@code neq} factors whose values span at most 64 ({@link
 * BitmaskTables#fits}), candidate bit masks with the bitmask rules (naked singles, hidden singles
 * on every {@code alldiff} that is a permutation, locked candidates between permutations that
 * overlap), branching by fewest candidates; for every other model, the model's constraints (compact
 * tables, bounds on sums, all-different filtering) over domains with a trail, branching by fewest
 * remaining values.
 *
 * <p>A weighted model (a table or prior with two different positive weights: {@link Search#weighs})
 * is optimised, not merely solved: the answer is its most probable assignment given the evidence,
 * by the search's branch and bound ({@link #mostProbable}).
 *
 * <p>Over masks, branching is by minimum remaining values (ties: the variable with most open
 * peers), or (with {@link #guidedByMarginals}) by the marginals of the compiled algorithm the
 * caller passes; without that the algorithm is not used at all. The search is made on the first
 * problem of a model and reused while the model stays the same, so an instance is not thread-safe:
 * use one per thread.
 *
 * <p>Given a {@link PropagatorSource} ({@link #withGeneratedPropagation}), once a model has been
 * searched {@link #GENERATE_AFTER} times by one driver, a propagator specialised to it is asked of
 * the source (made on the source's thread), and the search switches to it when ready: the same
 * propagation with the model's units and pairs as constants. A one-off solve never pays for the
 * compile; a batch does once. A propagator that cannot be had leaves the search as it was.
 */
public final class ExactDriver implements Driver {
  private final boolean marginals;
  private final int marginalDepth;
  private final int marginalSweeps;
  private final boolean lockedCandidates;
  private final boolean valueBoards;

  /**
   * Where generated propagators come from, shared with drivers derived from this one; null: never
   * generate.
   */
  private final PropagatorSource generated;

  private final int generateAfter;

  /** The search of {@link #lastModel}: over its masks when they hold it, else over its domains. */
  private Model lastModel;

  private Search search;

  /** Searches of {@link #lastModel} so far, and the propagator being compiled for it (or null). */
  private int searches;

  private CompletableFuture<Propagator> compiling;

  /** Searches of one model after which its propagator is generated. */
  public static final int GENERATE_AFTER = 64;

  private ExactDriver(
      boolean marginals,
      int marginalDepth,
      int marginalSweeps,
      boolean lockedCandidates,
      boolean valueBoards,
      PropagatorSource generated,
      int generateAfter) {
    this.marginals = marginals;
    this.marginalDepth = marginalDepth;
    this.marginalSweeps = marginalSweeps;
    this.lockedCandidates = lockedCandidates;
    this.valueBoards = valueBoards;
    this.generated = generated;
    this.generateAfter = generateAfter;
  }

  /**
   * Minimum remaining values, lowest value first, locked candidates on (they pay on top95:
   * BENCHMARKS.md), the search's own propagation.
   *
   * @return the driver with its default options
   */
  public static ExactDriver withDefaults() {
    return new ExactDriver(false, 0, 0, true, true, null, GENERATE_AFTER);
  }

  /**
   * Branching guided by the algorithm's marginals, recomputed with {@code sweeps} sweeps at every
   * node shallower than {@code depth}.
   *
   * @param depth how deep marginals are recomputed
   * @param sweeps how many sweeps each recomputation runs
   * @return a new driver
   */
  public ExactDriver guidedByMarginals(int depth, int sweeps) {
    return new ExactDriver(
        true, depth, sweeps, lockedCandidates, valueBoards, generated, generateAfter);
  }

  /**
   * The same driver with locked candidates (between overlapping units) on or off.
   *
   * @param on whether to propagate locked candidates
   * @return a new driver
   */
  public ExactDriver withLockedCandidates(boolean on) {
    return new ExactDriver(
        marginals, marginalDepth, marginalSweeps, on, valueBoards, generated, generateAfter);
  }

  /**
   * Whether the search keeps value boards (per value, the variables that can take it) beside the
   * candidate masks, when the model has at most 1,024 variables: the same branches, found faster
   * (BENCHMARKS.md). On by default; off is kept for comparison.
   *
   * @param on whether to keep value boards
   * @return a new driver
   */
  public ExactDriver withValueBoards(boolean on) {
    return new ExactDriver(
        marginals, marginalDepth, marginalSweeps, lockedCandidates, on, generated, generateAfter);
  }

  /**
   * Switches the search to a propagator from {@code source} after {@code searches} searches of one
   * model (0: from the first, made before it); a null source keeps the search's own propagation.
   *
   * @param source where propagators come from, or null
   * @param searches how many searches of one model run before switching
   * @return a new driver
   */
  public ExactDriver withGeneratedPropagation(PropagatorSource source, int searches) {
    return new ExactDriver(
        marginals,
        marginalDepth,
        marginalSweeps,
        lockedCandidates,
        valueBoards,
        source,
        Math.max(0, searches));
  }

  /**
   * Whether the search of the last model propagates through its generated propagator by now.
   *
   * @return true when the last model's search uses its generated propagator
   */
  public boolean propagatesGenerated() {
    return search != null && search.propagatesGenerated();
  }

  @Override
  public String name() {
    return marginals ? "exact-marginals" : "exact";
  }

  /** Only branching by marginals reads the algorithm; the search itself needs none. */
  @Override
  public boolean usesAlgorithm() {
    return marginals;
  }

  @Override
  public SolveResult solve(
      GeneratedAlgorithm solver, Model model, int[] evidence, SolveEvents events) {
    long start = System.nanoTime();
    if (Search.weighs(model)) {
      MostProbable best =
          mostProbable(model, evidence, Long.MAX_VALUE, Long.MAX_VALUE, x -> {}, events);
      return result(
          model,
          evidence,
          best.values() == null ? 0 : 1,
          best.values(),
          best.nodes(),
          search.backtracks(),
          start,
          events);
    }
    Search s = searchFor(model);
    if (marginals && solver != null && s.tables() != null) {
      s.useMarginals(solver, marginalDepth, marginalSweeps);
    } else {
      s.useMinimumRemainingValues();
    }
    int found = s.run(evidence, Assignments.NONE, 1, new Heard(events));
    return result(
        model,
        evidence,
        found,
        found == 0 ? null : s.solution(),
        s.nodes(),
        s.backtracks(),
        start,
        events);
  }

  /**
   * Either search's branches and undos, told to the caller's events as decisions and backtracks.
   */
  private static final class Heard implements Search.Listener {
    private final SolveEvents events;

    Heard(SolveEvents events) {
      this.events = events;
    }

    @Override
    public void branch(int variable, int value) {
      events.decision(variable, value, 0, false);
    }

    @Override
    public void undo(int variable, int value) {
      events.backtrack(variable, value);
    }
  }

  /**
   * The most probable assignment of {@code model} given {@code evidence}: a complete branch and
   * bound over the soft factors' costs ({@code -ln weight}), which proves its answer optimal when
   * it finishes within the limits; else the best assignment found so far, not proven. Every
   * improvement is told to {@code improved} as it is found (anytime).
   *
   * @param model the model
   * @param evidence one value per variable, or {@link Assignments#NONE}
   * @param nodeLimit the most branches (Long.MAX_VALUE: no limit)
   * @param deadline a {@link System#nanoTime()} to stop at (Long.MAX_VALUE: none)
   * @param improved hears each better assignment
   * @param events hears the search's branches and undos
   * @return the best assignment found and whether it is proven optimal
   */
  public MostProbable mostProbable(
      Model model,
      int[] evidence,
      long nodeLimit,
      long deadline,
      Consumer<MostProbable> improved,
      SolveEvents events) {
    long start = System.nanoTime();
    Search g = searchOfDomains(model);
    Heard heard = new Heard(events);
    Search.Outcome outcome =
        g.minimize(
            evidence,
            Assignments.NONE,
            nodeLimit,
            deadline,
            new Search.Listener() {
              @Override
              public void branch(int variable, int value) {
                heard.branch(variable, value);
              }

              @Override
              public void undo(int variable, int value) {
                heard.undo(variable, value);
              }

              @Override
              public void solution(int[] values) {
                improved.accept(
                    new MostProbable(
                        values,
                        MostProbable.log10Weight(model, values),
                        false,
                        g.nodes(),
                        System.nanoTime() - start));
              }
            });
    int[] values = g.solution();
    double weight =
        values == null ? Double.NEGATIVE_INFINITY : MostProbable.log10Weight(model, values);
    return new MostProbable(
        values, weight, outcome != Search.Outcome.STOPPED, g.nodes(), System.nanoTime() - start);
  }

  /**
   * The result of a search that found {@code found} solutions, the first {@code values}, checked on
   * the model.
   */
  private static SolveResult result(
      Model model,
      int[] evidence,
      int found,
      int[] values,
      long nodes,
      long backtracks,
      long start,
      SolveEvents events) {
    int decisions = (int) Math.min(Integer.MAX_VALUE, nodes);
    long nanos = System.nanoTime() - start;
    if (found == 0) {
      // Only now tell broken givens from a puzzle without solution: the check costs as much as a
      // search.
      if (Assignments.firstViolationAmongGiven(model, evidence) != null
          || !inDomains(model, evidence)) {
        return new SolveResult(
            SolveResult.Status.INCONSISTENT_EVIDENCE, null, 0, 0, 0, 0, System.nanoTime() - start);
      }
      return new SolveResult(
          SolveResult.Status.NO_SOLUTION, null, 0, decisions, 0, backtracks, nanos);
    }
    String violation = Assignments.firstViolation(model, values);
    if (violation != null) {
      // Never expected: propagation only removes values that no solution can take.
      events.invalidAssignment(violation);
      return new SolveResult(SolveResult.Status.UNSOLVED, null, 0, decisions, 0, backtracks, nanos);
    }
    return new SolveResult(
        SolveResult.Status.SOLVED, values, 0, decisions, 0, backtracks, System.nanoTime() - start);
  }

  /**
   * How many solutions {@code evidence} has, counting no further than {@code limit} (2 checks
   * uniqueness).
   *
   * @param model the model
   * @param evidence one value per variable, or {@link Assignments#NONE}
   * @param limit the most solutions to count
   * @return the number of solutions, at most {@code limit}
   */
  public int countSolutions(Model model, int[] evidence, int limit) {
    // No check of the givens first: givens that break a factor or leave a domain already give 0
    // below (propagation empties a domain, or run() rejects the value), so the check would only add
    // its cost.
    Search s = searchFor(model);
    s.useMinimumRemainingValues();
    if (s.tables() != null) {
      return s.run(evidence, Assignments.NONE, limit, Search.Listener.NONE);
    }
    // Over a model's domains every solution counted is checked on the model, as a count is a claim
    // too.
    return s.run(
        evidence,
        Assignments.NONE,
        limit,
        new Search.Listener() {
          @Override
          public void solution(int[] values) {
            String violation = Assignments.firstViolation(model, values);
            if (violation != null) {
              throw new IllegalStateException(
                  "the exact search counted an assignment that breaks the model: " + violation);
            }
          }
        });
  }

  /**
   * The search of {@code model}, made when the model changes: over its masks when {@link
   * BitmaskTables#fits} (switched to a generated propagator when one is ready), else over its
   * domains.
   */
  private Search searchFor(Model model) {
    if (search == null || (model != lastModel && !model.equals(lastModel))) {
      search =
          BitmaskTables.fits(model)
              ? Search.overMasks(BitmaskTables.of(model), lockedCandidates, valueBoards)
              : Search.of(model);
      lastModel = model;
      searches = 0;
      compiling = null;
    }
    if (search.tables() == null) {
      return search;
    }
    if (searches++ == generateAfter
        && generated != null
        && lockedCandidates
        && valueBoards
        && generated.fits(search.tables())) {
      compiling = generated.propagator(model, search.tables(), generateAfter == 0);
    }
    if (compiling != null && compiling.isDone()) {
      Propagator propagator = compiling.isCompletedExceptionally() ? null : compiling.join();
      compiling = null;
      if (propagator != null) {
        search = Search.overMasks(search.tables(), propagator);
      }
    }
    return search;
  }

  /** The search of {@code model} over its domains, which branch and bound needs. */
  private Search searchOfDomains(Model model) {
    Search s = searchFor(model);
    if (s.tables() != null) {
      search = s = Search.of(model);
    }
    return s;
  }

  private static boolean inDomains(Model model, int[] evidence) {
    for (int v = 0; v < evidence.length; v++) {
      if (evidence[v] != Assignments.NONE && !model.domainOf(v).contains(evidence[v])) {
        return false;
      }
    }
    return true;
  }
}
