package fgc.spark;

import fgc.driver.Assignments;
import fgc.driver.Driver;
import fgc.driver.Drivers;
import fgc.driver.SolveResult;
import fgc.lang.Diagnostic;
import fgc.lang.FgcLanguage;
import fgc.lang.LanguageException;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.runtime.Marginals;
import fgc.runtime.Solver;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Solves or queries evidence lines of any precompiled model, one line at a time with one solver. A
 * line is observations separated by spaces, each written as on the command line ({@code x[0][2]=5},
 * {@code wet=1}); a blank line observes nothing, and a line starting with '#' is a comment. Not
 * thread-safe: one per partition.
 */
final class EvidenceLines {
  /** How far a marginal's entries may sum from 1 before the check says so. */
  static final double SUM_TOLERANCE = 1e-9;

  private final Solver solver;
  private final Model model;
  private final Driver driver;

  /**
   * A solver of {@code model} with the driver named {@code driverName} (null for marginals only).
   */
  EvidenceLines(PrecompiledModel model, String driverName) {
    this.solver = model.newSolver();
    this.model = solver.model();
    this.driver = driverName == null ? null : Drivers.named(driverName);
  }

  /**
   * The evidence a line gives, or why it gives none: "column 7: ..." for the first bad observation.
   */
  private static final class Parsed {
    final Evidence evidence;
    final String problem;

    Parsed(Evidence evidence, String problem) {
      this.evidence = evidence;
      this.problem = problem;
    }
  }

  private Parsed parse(String line) {
    if (line == null) {
      return new Parsed(null, FgcSpark.NULL_LINE);
    }
    Evidence evidence = Evidence.none(model);
    int at = 0;
    while (at < line.length()) {
      while (at < line.length() && Character.isWhitespace(line.charAt(at))) {
        at++;
      }
      int end = at;
      while (end < line.length() && !Character.isWhitespace(line.charAt(end))) {
        end++;
      }
      if (end == at) {
        break;
      }
      String text = line.substring(at, end);
      Evidence next;
      try {
        next = FgcLanguage.observe(model, evidence, text);
      } catch (LanguageException e) {
        Diagnostic d = e.diagnostics().get(0);
        int column = at + Math.max(1, d.column());
        return new Parsed(null, "column " + column + " (" + text + "): " + d.message());
      }
      for (int v = 0; v < model.variableCount(); v++) {
        if (evidence.isObserved(v) && next.value(v) != evidence.value(v)) {
          return new Parsed(
              null,
              "column "
                  + (at + 1)
                  + " ("
                  + text
                  + "): "
                  + model.variableName(v)
                  + " is already observed as "
                  + evidence.value(v));
        }
      }
      evidence = next;
      at = end;
    }
    return new Parsed(evidence, null);
  }

  private static boolean comment(String line) {
    return line != null && line.stripLeading().startsWith("#");
  }

  /** The row of {@link FgcSpark#SOLVED} for {@code line}, or null for a comment. */
  Row solve(String line) {
    if (comment(line)) {
      return null;
    }
    Parsed parsed = parse(line);
    if (parsed.evidence == null) {
      return FgcSpark.badInput(line, parsed.problem);
    }
    SolveResult result = solver.solve(parsed.evidence, driver);
    if (!result.solved()) {
      return RowFactory.create(line, null, result.status().name(), null, null);
    }
    int[] values = result.values();
    String problem = Assignments.firstViolation(model, values);
    for (int v = 0; v < values.length && problem == null; v++) {
      if (parsed.evidence.isObserved(v) && values[v] != parsed.evidence.value(v)) {
        problem =
            "the answer gives "
                + model.variableName(v)
                + " = "
                + values[v]
                + ", the evidence "
                + parsed.evidence.value(v);
      }
    }
    return RowFactory.create(
        line, assignment(values), result.status().name(), problem == null, problem);
  }

  /**
   * Every variable as {@code name=value}, in the model's order: an answer reads back as evidence.
   */
  private String assignment(int[] values) {
    StringBuilder sb = new StringBuilder();
    for (int v = 0; v < values.length; v++) {
      sb.append(v == 0 ? "" : " ").append(model.variableName(v)).append('=').append(values[v]);
    }
    return sb.toString();
  }

  /** The row of {@link FgcSpark#MARGINALS} for {@code line}, or null for a comment. */
  Row marginals(String line) {
    if (comment(line)) {
      return null;
    }
    Parsed parsed = parse(line);
    if (parsed.evidence == null) {
      return RowFactory.create(line, FgcSpark.BAD_INPUT, null, null, null, parsed.problem);
    }
    Marginals m = solver.marginals(parsed.evidence);
    if (m.contradiction()) {
      // All-zero beliefs say only that the evidence leaves some variable no value: no numbers to
      // give.
      return RowFactory.create(line, "CONTRADICTION", m.sweeps(), null, null, null);
    }
    Map<String, double[]> beliefs = new LinkedHashMap<>();
    String problem = null;
    for (int v = 0; v < model.variableCount(); v++) {
      double[] row = m.of(v);
      beliefs.put(model.variableName(v), row);
      if (problem == null) {
        problem = check(v, row, parsed.evidence);
      }
    }
    // A Scala map: Spark's row encoder takes no java.util.Map.
    return RowFactory.create(
        line,
        m.converged() ? "CONVERGED" : "NOT_CONVERGED",
        m.sweeps(),
        CollectionConverters.asScala(beliefs),
        problem == null,
        problem);
  }

  /** Why variable {@code v}'s belief is not a distribution that keeps the evidence, or null. */
  private String check(int v, double[] row, Evidence evidence) {
    double sum = 0;
    for (double p : row) {
      if (!(p >= 0 && p <= 1)) {
        return model.variableName(v) + " has a belief entry " + p + " outside [0, 1]";
      }
      sum += p;
    }
    if (Math.abs(sum - 1) > SUM_TOLERANCE) {
      return model.variableName(v) + "'s belief sums to " + sum;
    }
    if (evidence.isObserved(v)) {
      int k = evidence.value(v) - model.domainOf(v).lo();
      if (Math.abs(row[k] - 1) > SUM_TOLERANCE) {
        return model.variableName(v)
            + " is observed as "
            + evidence.value(v)
            + " but has belief "
            + row[k]
            + " there";
      }
    }
    return null;
  }
}
