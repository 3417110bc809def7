package fgc.driver;

import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;

/**
 * Turns a model, its evidence and a compiled algorithm into an answer. A driver owns the loop
 * (sweeps, decisions, restarts, search); the algorithm owns the messages. Every driver checks its
 * answer on the model ({@link Assignments#firstViolation}) before it reports {@code SOLVED}.
 */
public interface Driver {
  /**
   * The name used on the command line, e.g. {@code decimate}.
   *
   * @return the driver's name
   */
  String name();

  /**
   * Solves {@code model} given {@code evidence} (a value per variable, or {@link Assignments#NONE})
   * with {@code solver}, whose own evidence is replaced. {@code events} hears every decision,
   * restart and contradiction as it happens (for {@code --explain}); pass {@link SolveEvents#NONE}.
   *
   * @param solver the compiled algorithm, or null when {@link #usesAlgorithm()} is false
   * @param model the model
   * @param evidence one value per variable, or {@link Assignments#NONE}
   * @param events hears the driver's decisions
   * @return the outcome and the effort
   */
  SolveResult solve(GeneratedAlgorithm solver, Model model, int[] evidence, SolveEvents events);

  /**
   * Whether {@link #solve} reads the compiled algorithm it is given; when false it may be given
   * null, and a caller need not load one (the exact driver's own search needs none).
   *
   * @return true when the driver needs a compiled algorithm
   */
  default boolean usesAlgorithm() {
    return true;
  }

  /**
   * The most sweeps one attempt of this driver makes on a model with {@code free} free variables (a
   * restart may repeat as many; a converged inference stops sooner), so that a caller can warn
   * before a run that may be long. Zero for a driver that runs no sweeps.
   *
   * @param free how many variables the evidence leaves free
   * @return the most sweeps of one attempt
   */
  default long mostSweeps(int free) {
    return 0;
  }

  /**
   * Solves as {@link #solve(GeneratedAlgorithm, Model, int[], SolveEvents)}, telling no one.
   *
   * @param solver the compiled algorithm, or null when {@link #usesAlgorithm()} is false
   * @param model the model
   * @param evidence one value per variable, or {@link Assignments#NONE}
   * @return the outcome and the effort
   */
  default SolveResult solve(GeneratedAlgorithm solver, Model model, int[] evidence) {
    return solve(solver, model, evidence, SolveEvents.NONE);
  }
}
