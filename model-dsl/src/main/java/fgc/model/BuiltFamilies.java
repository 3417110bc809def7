package fgc.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The factors a {@link ModelBuilder} holds so far, as families: a factor added alone joins the run
 * before it when it differs from that run only by the run's step in its scope, so a loop the
 * language unrolls, or a Java caller's, is stored in a few families; {@link #repeatLast} makes a
 * family of any dimension. A {@link State} taken earlier takes the later factors back.
 */
final class BuiltFamilies {
  private final DeclaredVariables declared;

  private final List<FactorFamily> built = new ArrayList<>();

  /** Per family, where it was made, or null. */
  private final List<Origin> origins = new ArrayList<>();

  /** The factors so far; the last one added; whether it joined the run before it. */
  private int factorCount;

  private Factor lastAdded;
  private boolean lastJoined;
  private Origin origin;

  BuiltFamilies(DeclaredVariables declared) {
    this.declared = declared;
  }

  /** The families and counts at one moment, for {@link #rollback}. */
  record State(
      int builtSize,
      FactorFamily lastFamily,
      int factorCount,
      Factor lastAdded,
      boolean lastJoined) {}

  State state() {
    int builtSize = built.size();
    return new State(
        builtSize,
        builtSize == 0 ? null : built.get(builtSize - 1),
        factorCount,
        lastAdded,
        lastJoined);
  }

  /** Takes back every factor added since {@code mark} was taken. */
  void rollback(State mark) {
    while (built.size() > mark.builtSize) {
      built.remove(built.size() - 1);
      origins.remove(origins.size() - 1);
    }
    if (mark.builtSize > 0) {
      built.set(mark.builtSize - 1, mark.lastFamily);
    }
    factorCount = mark.factorCount;
    lastAdded = mark.lastAdded;
    lastJoined = mark.lastJoined;
  }

  /** Adds {@code factor}: to the last family when it goes on that family's run, else alone. */
  void add(Factor factor) {
    factorCount++;
    lastAdded = factor;
    lastJoined = join(factor);
    if (!lastJoined) {
      built.add(FactorFamily.single(factor));
      origins.add(origin);
    }
  }

  /**
   * Adds {@code factor} to the last family when it goes on that family's run (one dimension, same
   * origin); else false.
   */
  private boolean join(Factor factor) {
    int last = built.size() - 1;
    if (last < 0 || origins.get(last) != origin) {
      return false;
    }
    FactorFamily run = built.get(last);
    if (run.dimensions() > 1 || !run.first().sameButScope(factor)) {
      return false;
    }
    Factor first = run.first();
    int arity = factor.arity();
    int[] step = new int[arity];
    if (run.dimensions() == 0) {
      for (int p = 0; p < arity; p++) {
        step[p] = factor.variable(p) - first.variable(p);
      }
      built.set(last, new FactorFamily(first, new int[] {2}, new int[][] {step}));
      return true;
    }
    int count = run.count(0);
    for (int p = 0; p < arity; p++) {
      if ((long) factor.variable(p) - first.variable(p) != (long) count * run.step(0, p)) {
        return false;
      }
    }
    built.set(last, new FactorFamily(first, new int[] {count + 1}, run.steps()));
    return true;
  }

  /** {@link ModelBuilder#repeatLast}. */
  void repeatLast(int[] counts, int[][] steps) {
    if (lastAdded == null) {
      throw new ModelException("repeatLast needs a factor added before it");
    }
    Factor first = lastAdded;
    int arity = first.arity();
    if (counts.length != steps.length) {
      throw new ModelException(
          "repeatLast: " + counts.length + " counts but " + steps.length + " step lists");
    }
    long members = 1;
    for (int d = 0; d < counts.length; d++) {
      if (counts[d] < 1) {
        throw new ModelException(
            "repeatLast: count " + counts[d] + " in dimension " + (d + 1) + " is below 1");
      }
      if (steps[d] == null || steps[d].length != arity) {
        throw new ModelException(
            "repeatLast: dimension "
                + (d + 1)
                + " needs "
                + arity
                + " steps, one per scope position");
      }
      members *= counts[d];
      if (members > Limits.MAX_FACTORS) {
        break;
      }
    }
    if (factorCount - 1 + members > Limits.MAX_FACTORS) {
      throw new ModelException("more than " + Limits.MAX_FACTORS + " factors");
    }
    for (int p = 0; p < arity; p++) {
      long lo = first.variable(p);
      long hi = lo;
      for (int d = 0; d < counts.length; d++) {
        long reach = (long) (counts[d] - 1) * steps[d][p];
        lo += Math.min(0, reach);
        hi += Math.max(0, reach);
        if (steps[d][p] != steps[d][0]) {
          throw new ModelException(
              "repeatLast: the scope's positions move by different steps in dimension "
                  + (d + 1)
                  + ", so a member might name a variable twice; add those factors one by one");
        }
      }
      VariableArray home = declared.arrayHolding(first.variable(p));
      if (lo < home.firstIndex() || hi >= home.firstIndex() + home.size()) {
        throw new ModelException(
            "repeatLast: position "
                + (p + 1)
                + " leaves "
                + home.name()
                + " (variables "
                + lo
                + " to "
                + hi
                + " of a family from "
                + declared.describe(first.variable(p))
                + ")");
      }
    }
    int[] c = counts.clone();
    int[][] st = new int[steps.length][];
    for (int d = 0; d < steps.length; d++) {
      st[d] = steps[d].clone();
    }
    if (lastJoined) { // take the factor back out of the run it joined
      int last = built.size() - 1;
      FactorFamily run = built.get(last);
      int left = run.count(0) - 1;
      built.set(
          last,
          left == 1
              ? FactorFamily.single(run.first())
              : new FactorFamily(run.first(), new int[] {left}, run.steps()));
    } else {
      built.remove(built.size() - 1);
      origins.remove(origins.size() - 1);
    }
    built.add(new FactorFamily(first, c, st));
    origins.add(origin);
    factorCount += (int) members - 1;
    lastAdded = null; // a family is repeated once
  }

  int factorCount() {
    return factorCount;
  }

  /** The factor added last, or null (none yet, or it was repeated already). */
  Factor lastAdded() {
    return lastAdded;
  }

  /** Where the factors added from now on were made, or null. */
  void origin(Origin origin) {
    this.origin = origin;
  }

  List<FactorFamily> families() {
    return built;
  }

  List<Origin> origins() {
    return origins;
  }
}
