package fgc.driver;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.model.Model;

/**
 * Turns a model, its evidence and a compiled algorithm into an answer. A driver owns the loop
 * (sweeps, decisions, restarts, search); the algorithm owns the messages. Every driver checks its
 * answer on the model ({@link Assignments#firstViolation}) before it reports {@code SOLVED}.
 */
public interface Driver {
  /** The name used on the command line, e.g. {@code decimate}. */
  String name();

  /**
   * Solves {@code model} given {@code evidence} (a value per variable, or {@link Assignments#NONE})
   * with {@code solver}, whose own evidence is replaced. {@code events} hears every decision,
   * restart and contradiction as it happens (for {@code --explain}); pass {@link SolveEvents#NONE}.
   */
  SolveResult solve(GeneratedAlgorithm solver, Model model, int[] evidence, SolveEvents events);

  /**
   * Whether {@link #solve} reads the compiled algorithm it is given; when false it may be given
   * null, and a caller need not load one (the exact driver's own search needs none).
   */
  default boolean usesAlgorithm() {
    return true;
  }

  default SolveResult solve(GeneratedAlgorithm solver, Model model, int[] evidence) {
    return solve(solver, model, evidence, SolveEvents.NONE);
  }
}
