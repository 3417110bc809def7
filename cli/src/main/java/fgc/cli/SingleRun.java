package fgc.cli;

import fgc.compilation.AlgorithmSpec;
import fgc.driver.Driver;
import fgc.driver.SolveEvents;
import fgc.driver.SolveResult;
import fgc.model.Model;
import fgc.runtime.EvidenceLines;
import fgc.solver.GeneratedAlgorithm;

/** {@code run} without --input: one evidence, its marginals or its solution, checked, printed. */
final class SingleRun {
  private SingleRun() {}

  /**
   * The marginals of {@code m} given {@code given}, printed, or the reason there are none on
   * standard error; the exit code.
   */
  static int marginals(
      Model m, GeneratedAlgorithm solver, int[] given, int sweeps, double tolerance) {
    MarginalsOutput.Answer answer = MarginalsOutput.answer(m, solver, given, sweeps, tolerance);
    if (answer.reason() != null) {
      System.err.println("fgc: " + answer.reason());
      return 1;
    }
    answer.lines().forEach(System.out::println);
    return 0;
  }

  /**
   * A solution of {@code m} given {@code given}, checked, on one line as a case of --input prints
   * it ({@code x[0]=3 y=2}); for a weighted model ({@code weighted} the algorithm, null for an
   * unweighted one), first a line that says it is not proven most probable. The reason there is
   * none on standard error; the exit code.
   */
  static int solve(
      Model m, GeneratedAlgorithm solver, int[] given, Driver driver, AlgorithmSpec weighted) {
    SolveResult result = Outcomes.solve(driver, solver, m, given, SolveEvents.NONE);
    if (!result.solved()) {
      System.err.println("fgc: " + Outcomes.unsolved(result, driver, m, given));
      return 1;
    }
    String failed = AnswerCheck.failure(m, given, result.values());
    if (failed != null) {
      System.err.println("fgc: the answer failed the independent check: " + failed);
      return 1;
    }
    if (weighted != null) {
      // Only a weighted model has a most probable assignment to miss; say this is not proven one.
      System.out.println(
          MostProbableRun.decimationLine(
              m,
              result.values(),
              driver.usesAlgorithm() ? driver.name() + " with " + weighted.name() : driver.name()));
    }
    // The line a case of --input gets: one format, which EvidenceLines reads back.
    System.out.println(EvidenceLines.answer(m, result.values(), false));
    return 0;
  }
}
