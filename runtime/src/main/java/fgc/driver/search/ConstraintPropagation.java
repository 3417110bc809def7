package fgc.driver.search;

import fgc.solver.Propagation;

/**
 * The {@link Propagation} of a {@link Problem}'s constraints (compact tables, linear relations,
 * all-different filtering, equalities) over its {@link Domains}: a queue of the constraints whose
 * variables changed, each run to its own fixpoint, until the queue is empty. The domains tell it of
 * every change, so the variables the search queues are already heard of.
 */
final class ConstraintPropagation implements Propagation {
  private final Domains d;
  private final Constraint[] constraints;

  /** Per variable, the constraints on it. */
  private final int[][] on;

  private final int[] queue;
  private final boolean[] queued;
  private int head;
  private int size;

  /** The constraint running, which need not be woken by its own changes; -1 between them. */
  private int current = -1;

  ConstraintPropagation(Problem problem) {
    this.d = problem.initial;
    this.constraints = problem.constraints.toArray(new Constraint[0]);
    this.on = problem.on;
    this.queue = new int[Math.max(1, constraints.length)];
    this.queued = new boolean[constraints.length];
    d.watcher = this::changed;
  }

  @Override
  public void allChanged() {
    for (int c = 0; c < constraints.length; c++) {
      enqueue(c);
    }
  }

  /** Schedules the constraints on {@code v}, except the one running. */
  @Override
  public void changed(int v) {
    for (int c : on[v]) {
      if (c != current) {
        enqueue(c);
      }
    }
  }

  @Override
  public boolean propagate(long[] s, int[] variables, int tail) {
    while (size > 0) {
      int c = queue[head];
      head = head + 1 == queue.length ? 0 : head + 1;
      size--;
      queued[c] = false;
      current = c;
      boolean ok = constraints[c].propagate(d);
      current = -1;
      if (!ok) {
        clear();
        return false;
      }
    }
    return true;
  }

  /** Forgets every scheduled constraint: after a dead end, or before a run. */
  void clear() {
    while (size > 0) {
      queued[queue[head]] = false;
      head = head + 1 == queue.length ? 0 : head + 1;
      size--;
    }
    head = 0;
  }

  private void enqueue(int c) {
    if (!queued[c]) {
      queued[c] = true;
      int tail = head + size;
      queue[tail >= queue.length ? tail - queue.length : tail] = c;
      size++;
    }
  }
}
