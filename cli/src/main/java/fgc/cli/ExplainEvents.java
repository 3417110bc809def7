package fgc.cli;

import fgc.driver.SolveEvents;
import fgc.model.Model;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * {@code solve --explain}: what a driver did for one puzzle, a line per event, each starting with
 * {@code #} so that the output stays a valid puzzle file (comments are skipped when read back).
 */
final class ExplainEvents implements SolveEvents {
  private final PrintWriter out;
  private final Model model;
  private int decisions;

  ExplainEvents(PrintWriter out, Model model) {
    this.out = out;
    this.model = model;
  }

  @Override
  public void decision(int variable, int value, double margin, boolean sampled) {
    decisions++;
    out.println(
        String.format(
            Locale.ROOT,
            "#   %3d. %-14s = %-3d margin %.4f%s",
            decisions,
            model.variableName(variable),
            value,
            margin,
            sampled ? "  (sampled: a plateau)" : ""));
  }

  @Override
  public void contradiction(int decisionsSoFar) {
    out.println(
        "#   contradiction: some variable has no value left (after "
            + decisionsSoFar
            + " decisions in all)");
  }

  @Override
  public void invalidAssignment(String why) {
    out.println("#   every variable has a value, but the assignment breaks a factor: " + why);
  }

  @Override
  public void avoided(int variable, int value) {
    out.println(
        "#   later attempts avoid "
            + model.variableName(variable)
            + " = "
            + value
            + " (the last unforced decision before the contradiction)");
  }

  @Override
  public void refuted(int variable, int value) {
    out.println(
        "#   probe: "
            + model.variableName(variable)
            + " = "
            + value
            + " meets a dead end by propagation; set aside for this attempt");
  }

  @Override
  public void restart(int attempt) {
    decisions = 0;
    out.println("#   restart " + attempt + " from noisy messages");
  }

  @Override
  public void backtrack(int variable, int value) {
    out.println("#   backtrack: " + model.variableName(variable) + " = " + value + " undone");
  }
}
