package fgc.driver;

import fgc.driver.search.Search;
import fgc.model.Model;
import fgc.plan.BitmaskTables;
import fgc.solver.GeneratedAlgorithm;
import java.util.BitSet;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Decimation (the reference notebook's v4): run sweeps towards a fixed point, clamp the free
 * variable whose belief is most decided (largest margin between its best and second-best value) to
 * its best value, run a few sweeps more, repeat. Free variables whose belief is already a point
 * mass are clamped together: their other values are exactly zero, which messages only produce for
 * values ruled out (see {@link fgc.solver.Numerics}), so deciding them one by one would only cost
 * sweeps. A contradiction (some belief all zero) or a finished assignment that breaks a factor
 * starts again from log-uniform noise on the starting messages, up to a restart budget; on a
 * restart, a decision whose margin is below the plateau threshold samples its value from the
 * belief, so restarts explore rather than repeat. A contradiction before the first decision is a
 * proof that the givens have no solution ({@link SolveResult.Status#NO_SOLUTION}), and no restart
 * is tried.
 *
 * <p>Probing ({@link #withProbing}, depth {@value #DEFAULT_PROBE_DEPTH} by default): before a
 * decision that the beliefs do not force is made, the exact driver's propagation (naked and hidden
 * singles, locked candidates) runs from the givens and the decisions so far with that value added;
 * at depth 2, each open variable's values are then tried one at a time by the same propagation. If
 * propagation meets a dead end, or every value of some variable does, no completion of the
 * decisions so far has the value: it is set aside for the rest of the attempt and the best decision
 * is chosen again, from the same beliefs. A variable left with no value but set-aside ones ends the
 * attempt as a contradiction does. It is look-ahead, as failed-literal probing and double
 * look-ahead are in SAT solvers; no decision is ever undone, so it is no search. It runs on models
 * whose candidate masks hold them (all-different models: Sudoku, Latin squares, colourings), and to
 * depth 2 only on those of at most {@value #TRIALS_UP_TO} variables. On fgc's own hard puzzles it
 * leaves almost no grid for a restart (docs/algorithms.md).
 *
 * <p>Two rules are options, off by default (docs/algorithms.md has what they gain on fgc's own hard
 * puzzles and on top95). {@link #withTiesToFewestValues}: among equal margins, the variable with
 * the fewest values left is decided first. {@link #withLearning}: restarts learn from the attempts
 * that failed. An attempt's last decision before a contradiction that its beliefs did not force
 * (not a point mass), the end of the failure's trace, is avoided by every later attempt on that
 * puzzle: that value is neither the argmax nor sampled at that variable while its belief leaves
 * another value (a point mass is still taken: the messages then force it). The exact answer is
 * unknown, so the avoided value may be right; later attempts then steer elsewhere. This is no
 * search: nothing is undone, every attempt runs from the start.
 */
public final class DecimationDriver implements Driver {
  /** Never changed once the driver is made: each {@code with...} changes a copy. */
  private final Options o;

  /** The options of a driver; the defaults are {@link #withDefaults}'s. */
  private static final class Options {
    int maxSweeps = 10;
    int sweepsPerDecision = 3;
    double tolerance = 1e-6;
    int restarts = DEFAULT_RESTARTS;
    double noise = 0.5;
    long seed = 1L;
    double plateau = 0.5;
    boolean learn;
    boolean fewestFirst;
    int probe = DEFAULT_PROBE_DEPTH;

    Options copy() {
      Options c = new Options();
      c.maxSweeps = maxSweeps;
      c.sweepsPerDecision = sweepsPerDecision;
      c.tolerance = tolerance;
      c.restarts = restarts;
      c.noise = noise;
      c.seed = seed;
      c.plateau = plateau;
      c.learn = learn;
      c.fewestFirst = fewestFirst;
      c.probe = probe;
      return c;
    }
  }

  private DecimationDriver(Options o) {
    this.o = o;
  }

  /** This driver with {@code change} made to a copy of its options. */
  private DecimationDriver with(Consumer<Options> change) {
    Options c = o.copy();
    change.accept(c);
    return new DecimationDriver(c);
  }

  /**
   * The default restart budget, chosen on fgc's own hard puzzles ({@code fgc bench hardset}; see
   * docs/algorithms.md): with 200, maxproduct solves every puzzle of the default hard set on each
   * of seeds 1 to 5, where 80 left 2 of 500 unsolved. It only costs the grids that need more than
   * the old budget, so the median grid's time is unchanged. The reference notebook's budget was 30.
   */
  public static final int DEFAULT_RESTARTS = 200;

  /**
   * Defaults, measured with maxproduct (docs/algorithms.md): up to 10 sweeps at the start of each
   * attempt, 3 after each decision, {@value #DEFAULT_RESTARTS} restarts with noise scale 0.5,
   * plateau margin 0.5.
   *
   * @return the driver with its default options
   */
  public static DecimationDriver withDefaults() {
    return new DecimationDriver(new Options());
  }

  /**
   * The same driver with {@code count} restarts after the first attempt.
   *
   * @param count how many restarts
   * @return a new driver
   */
  public DecimationDriver withRestarts(int count) {
    return with(c -> c.restarts = count);
  }

  /**
   * The same driver with the noise of its restarts drawn from {@code newSeed}.
   *
   * @param newSeed the seed
   * @return a new driver
   */
  public DecimationDriver withSeed(long newSeed) {
    return with(c -> c.seed = newSeed);
  }

  /**
   * Sweeps allowed to reach a fixed point at the start of each attempt.
   *
   * @param count how many sweeps
   * @return a new driver
   */
  public DecimationDriver withMaxSweeps(int count) {
    return with(c -> c.maxSweeps = count);
  }

  /**
   * The same driver running {@code count} sweeps after each decision.
   *
   * @param count how many sweeps
   * @return a new driver
   */
  public DecimationDriver withSweepsPerDecision(int count) {
    return with(c -> c.sweepsPerDecision = count);
  }

  /**
   * Largest message change at which sweeping stops early.
   *
   * @param change the tolerance
   * @return a new driver
   */
  public DecimationDriver withTolerance(double change) {
    return with(c -> c.tolerance = change);
  }

  /**
   * Scale of the log-uniform noise on starting messages at a restart.
   *
   * @param scale the noise's scale
   * @return a new driver
   */
  public DecimationDriver withNoise(double scale) {
    return with(c -> c.noise = scale);
  }

  /**
   * Margin below which a restart samples the decision from the belief instead of taking the argmax.
   *
   * @param margin the margin
   * @return a new driver
   */
  public DecimationDriver withPlateau(double margin) {
    return with(c -> c.plateau = margin);
  }

  /**
   * The same driver with or without learning from failed attempts (see the class comment): when
   * off, the default, every restart starts with nothing avoided.
   *
   * @param on whether later attempts avoid the last unforced decision before each contradiction
   * @return a new driver
   */
  public DecimationDriver withLearning(boolean on) {
    return with(c -> c.learn = on);
  }

  /**
   * The same driver choosing, among free variables whose margins are exactly equal (max-product's
   * ties), the one whose belief leaves the fewest values; otherwise the lowest index.
   *
   * @param on whether ties go to the variable with the fewest values left
   * @return a new driver
   */
  public DecimationDriver withTiesToFewestValues(boolean on) {
    return with(c -> c.fewestFirst = on);
  }

  /**
   * How deep probing looks by default: 2, propagation and one level of trials. On fgc's own hard
   * puzzles it leaves almost no grid for a restart (docs/algorithms.md).
   */
  public static final int DEFAULT_PROBE_DEPTH = 2;

  /**
   * The most variables a model may have for probing of depth 2 to try values (larger models probe
   * to depth 1): a 25x25 Sudoku has 625.
   */
  public static final int TRIALS_UP_TO = 1024;

  /**
   * The same driver probing to {@code depth} (see the class comment): 0 never probes, 1 checks each
   * unforced decision by propagation, 2 also tries each open variable's values one level deep.
   *
   * @param depth 0, 1 or 2
   * @return a new driver
   */
  public DecimationDriver withProbing(int depth) {
    if (depth < 0 || depth > 2) {
      throw new IllegalArgumentException("probe depth must be 0, 1 or 2, not " + depth);
    }
    return with(c -> c.probe = depth);
  }

  @Override
  public String name() {
    return "decimate";
  }

  /**
   * The first convergence, then up to {@code sweepsPerDecision} sweeps after each of at most {@code
   * free} decisions.
   */
  @Override
  public long mostSweeps(int free) {
    return o.maxSweeps + (long) free * o.sweepsPerDecision;
  }

  @Override
  public SolveResult solve(
      GeneratedAlgorithm solver, Model model, int[] evidence, SolveEvents events) {
    long start = System.nanoTime();
    int n = model.variableCount();
    if (Assignments.firstViolationAmongGiven(model, evidence) != null) {
      return new SolveResult(
          SolveResult.Status.INCONSISTENT_EVIDENCE, null, 0, 0, 0, System.nanoTime() - start);
    }
    Readout readout = new Readout(solver);
    Random random = new Random(o.seed);
    int[] certain = new int[n];
    int[] certainValue = new int[n];
    int sweeps = 0;
    int decisions = 0;
    // Bit i * width + index: value index of variable i is avoided; made on the first failure.
    BitSet avoided = null;
    int width = readout.width();
    // Probes run where the model's candidate masks hold it (all-different models: Sudoku, Latin
    // squares, colourings), where propagating a whole assignment again takes microseconds. Made per
    // call, as the driver keeps no state: about 30 microseconds for a 9x9 Sudoku.
    Search probes =
        o.probe > 0 && BitmaskTables.fits(model)
            ? Search.overMasks(BitmaskTables.of(model), true)
            : null;
    // Trials cost one propagation per open value, each a pass over the model's masks: on a large
    // model that is more than the sweeps a decision runs.
    boolean trials = o.probe > 1 && n <= TRIALS_UP_TO;
    for (int attempt = 0; attempt <= o.restarts; attempt++) {
      BitSet skip = avoided;
      if (probes != null) {
        skip = new BitSet(n * width);
        if (avoided != null) {
          skip.or(avoided);
        }
      }
      int[] values = evidence.clone();
      Readout.observe(solver, values);
      if (attempt == 0) {
        solver.reset();
      } else {
        events.restart(attempt);
        solver.resetWithNoise(o.seed * 1_000_003L + attempt, o.noise);
      }
      sweeps += Readout.converge(solver, o.maxSweeps, o.tolerance);
      if (attempt == 0 && solver.contradiction()) {
        // Before any decision the messages rule a value out only where no solution has it, and
        // restart noise leaves those zeros as they are: the givens alone have no solution.
        events.contradiction(decisions);
        return new SolveResult(
            SolveResult.Status.NO_SOLUTION, null, sweeps, 0, 0, System.nanoTime() - start);
      }
      int lastChoice = -1;
      int lastValue = 0;
      while (true) {
        if (solver.contradiction()) {
          events.contradiction(decisions);
          if (o.learn && lastChoice >= 0) {
            avoided = avoided != null ? avoided : new BitSet(n * width);
            avoided.set(lastChoice * width + lastValue - solver.lowestValue(lastChoice));
            if (skip != null) {
              skip.set(lastChoice * width + lastValue - solver.lowestValue(lastChoice));
            }
            events.avoided(lastChoice, lastValue);
          }
          break;
        }
        int best = -1;
        int bestValue = 0;
        double bestMargin = -1;
        boolean bestForced = false;
        int bestLive = Integer.MAX_VALUE;
        int sure = 0;
        for (int i = 0; i < n; i++) {
          if (values[i] != Assignments.NONE) {
            continue;
          }
          readout.read(solver, i, skip);
          if (readout.pointMass) {
            certain[sure++] = i;
            certainValue[i] = readout.value;
          }
          if (readout.margin > bestMargin
              || o.fewestFirst && readout.margin == bestMargin && readout.live < bestLive) {
            bestMargin = readout.margin;
            bestLive = readout.live;
            best = i;
            bestValue = readout.value;
            bestForced = readout.pointMass;
          }
        }
        if (best < 0) {
          String violation = Assignments.firstViolation(model, values);
          if (violation == null) {
            return new SolveResult(
                SolveResult.Status.SOLVED,
                values,
                sweeps,
                decisions,
                attempt,
                System.nanoTime() - start);
          }
          events.invalidAssignment(violation);
          break;
        }
        if (sure > 1) {
          for (int k = 0; k < sure; k++) {
            int i = certain[k];
            values[i] = certainValue[i];
            events.decision(i, certainValue[i], 1.0, false);
            solver.setObserved(i, certainValue[i]);
          }
          decisions += sure;
          sweeps += Readout.converge(solver, o.sweepsPerDecision, o.tolerance);
          continue;
        }
        boolean sampled = attempt > 0 && bestMargin < o.plateau;
        if (sampled) {
          bestValue = sample(solver, best, random, skip, width);
        }
        if (probes != null && !bestForced) {
          values[best] = bestValue;
          boolean holds = probes.propagates(values, Assignments.NONE, trials);
          values[best] = Assignments.NONE;
          if (!holds) {
            skip.set(best * width + bestValue - solver.lowestValue(best));
            events.refuted(best, bestValue);
            if (!anyLeft(solver, best, skip, width)) {
              events.contradiction(decisions);
              break;
            }
            continue;
          }
        }
        if (!bestForced) {
          lastChoice = best;
          lastValue = bestValue;
        }
        values[best] = bestValue;
        events.decision(best, bestValue, bestMargin, sampled);
        solver.setObserved(best, bestValue);
        decisions++;
        sweeps += Readout.converge(solver, o.sweepsPerDecision, o.tolerance);
      }
    }
    return new SolveResult(
        SolveResult.Status.UNSOLVED,
        null,
        sweeps,
        decisions,
        o.restarts,
        System.nanoTime() - start);
  }

  /** Whether the belief of {@code i} leaves a value not set in {@code skip}. */
  private static boolean anyLeft(GeneratedAlgorithm solver, int i, BitSet skip, int width) {
    double[] belief = new double[solver.domainSize(i)];
    solver.marginal(i, belief);
    for (int v = 0; v < belief.length; v++) {
      if (belief[v] > 0.0 && !skip.get(i * width + v)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A value of {@code i} drawn from its belief, without the values {@code avoided} while any other
   * is left.
   */
  private static int sample(
      GeneratedAlgorithm solver, int i, Random random, BitSet avoided, int width) {
    double[] belief = new double[solver.domainSize(i)];
    solver.marginal(i, belief);
    if (avoided != null) {
      double[] kept = belief.clone();
      double left = 0;
      for (int v = 0; v < kept.length; v++) {
        if (avoided.get(i * width + v)) {
          kept[v] = 0.0;
        }
        left += kept[v];
      }
      if (left > 0.0) {
        for (int v = 0; v < kept.length; v++) {
          belief[v] = kept[v] / left;
        }
      }
    }
    double u = random.nextDouble();
    int v = 0;
    while (v < belief.length - 1 && u >= belief[v]) {
      u -= belief[v];
      v++;
    }
    return solver.lowestValue(i) + v;
  }
}
