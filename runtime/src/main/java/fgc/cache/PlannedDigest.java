package fgc.cache;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.PlannedModel;
import fgc.model.Model;

/**
 * The plan digest of a model, worked out by the planner ({@link ModelChecks#planDigest}) on a
 * daemon thread of its own from {@link #start} on, or at once ({@link #now}); {@link #get} waits
 * for it and throws what the planner threw (a refusal of the model), as a compile would. A class
 * rather than a lambda: a fresh JVM's first lambda costs a cache hit a millisecond.
 */
final class PlannedDigest implements Runnable {
  /** For an algorithm whose classes carry no plan digest. */
  static final PlannedDigest NONE = new PlannedDigest(null, null, null);

  private final ModelChecks checks;
  private final Model model;
  private final AlgorithmSpec spec;
  private boolean done;
  private String digest;

  /** The plan with its digest, until a compile takes it or it is dropped. */
  private PlannedModel planned;

  /** Whether the plan is kept when the planning ends: not once a hit has been found. */
  private boolean keep = true;

  private Throwable failure;

  private PlannedDigest(ModelChecks checks, Model model, AlgorithmSpec spec) {
    this.checks = checks;
    this.model = model;
    this.spec = spec;
    this.done = checks == null;
  }

  static PlannedDigest start(ModelChecks checks, Model model, AlgorithmSpec spec) {
    PlannedDigest planned = new PlannedDigest(checks, model, spec);
    Thread thread = new Thread(planned, "fgc-plan-digest");
    thread.setDaemon(true);
    thread.start();
    return planned;
  }

  static PlannedDigest now(ModelChecks checks, Model model, AlgorithmSpec spec) {
    if (!checks.checksPlan(spec)) {
      return NONE;
    }
    PlannedDigest planned = new PlannedDigest(checks, model, spec);
    planned.run();
    return planned;
  }

  @Override
  public void run() {
    PlannedModel p = null;
    Throwable t = null;
    try {
      p = checks.plan(model, spec);
    } catch (RuntimeException | Error e) {
      t = e;
    }
    synchronized (this) {
      planned = keep ? p : null;
      digest = p == null ? null : p.digest();
      failure = t;
      done = true;
      notifyAll();
    }
  }

  /** The digest (null for none); rethrows the planner's exception. */
  synchronized String get() {
    await();
    if (failure instanceof RuntimeException) {
      throw (RuntimeException) failure;
    }
    if (failure instanceof Error) {
      throw (Error) failure;
    }
    return digest;
  }

  /** Lets the plan go, now or when the planning ends; the digest stays. */
  synchronized void dropPlan() {
    keep = false;
    planned = null;
  }

  /**
   * The plan for a compile to take, once (null when there is none, or the planner failed); waits
   * for it.
   */
  synchronized PlannedModel takePlan() {
    await();
    PlannedModel p = planned;
    planned = null;
    return p;
  }

  /** Waits until the planner is done, whatever it gave. */
  synchronized void await() {
    boolean interrupted = false;
    while (!done) {
      try {
        wait();
      } catch (InterruptedException e) {
        interrupted = true; // the digest is needed either way: wait on, and keep the interrupt
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
