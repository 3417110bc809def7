package fgc.spark;

import fgc.driver.Assignments;
import fgc.driver.Driver;
import fgc.driver.Drivers;
import fgc.driver.SolveResult;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.runtime.EvidenceLines;
import fgc.runtime.Marginals;
import fgc.runtime.Solver;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Solves or queries evidence lines of any precompiled model, one line at a time with one solver. A
 * line is in the one evidence-line format of {@link EvidenceLines} (observations separated by
 * spaces, each written as on the command line: {@code x[0][2]=5}, {@code wet=1}; {@code #} starts a
 * comment), read alone, never as CSV; a blank line observes nothing, and a comment alone gives no
 * row. Not thread-safe: one per partition.
 */
final class EvidenceRows {
  /** How far a marginal's entries may sum from 1 before the check says so. */
  static final double SUM_TOLERANCE = 1e-9;

  private final Solver solver;
  private final Model model;
  private final Driver driver;
  private final EvidenceLines format;

  /**
   * A solver of {@code model} with the driver named {@code driverName} (null for marginals only).
   */
  EvidenceRows(PrecompiledModel model, String driverName) {
    this.solver = model.newSolver();
    this.model = solver.model();
    this.driver = driverName == null ? null : Drivers.named(driverName);
    this.format = EvidenceLines.assignments(this.model);
  }

  /**
   * The evidence a line gives, or why it gives none ("column 7 (x=9): ..."); null for a comment.
   */
  private record Parsed(Evidence evidence, String problem) {}

  /**
   * {@code line} read in the one evidence-line format ({@link fgc.runtime.EvidenceLines}), alone: a
   * blank line observes nothing, a comment gives null.
   */
  private Parsed parse(String line) {
    if (line == null) {
      return new Parsed(null, FgcSpark.NULL_LINE);
    }
    if (line.isBlank()) {
      return new Parsed(Evidence.none(model), null);
    }
    EvidenceLines.Line parsed = format.parse(line, 1);
    switch (parsed.kind()) {
      case CASE:
        return new Parsed(Evidence.of(model, parsed.evidence()), null);
      case ERROR:
        return new Parsed(
            null,
            "column "
                + parsed.column()
                + (parsed.token() != null ? " (" + parsed.token() + ")" : "")
                + ": "
                + parsed.message());
      default:
        return null;
    }
  }

  /** The row of {@link FgcSpark#SOLVED} for {@code line}, or null for a comment. */
  Row solve(String line) {
    Parsed parsed = parse(line);
    if (parsed == null) {
      return null;
    }
    if (parsed.evidence() == null) {
      return FgcSpark.badInput(line, parsed.problem());
    }
    SolveResult result = solver.solve(parsed.evidence(), driver);
    if (!result.solved()) {
      return RowFactory.create(line, null, result.status().name(), null, null);
    }
    int[] values = result.values();
    String problem = Assignments.firstViolation(model, values);
    for (int v = 0; v < values.length && problem == null; v++) {
      if (parsed.evidence().isObserved(v) && values[v] != parsed.evidence().value(v)) {
        problem =
            "the answer gives "
                + model.variableName(v)
                + " = "
                + values[v]
                + ", the evidence "
                + parsed.evidence().value(v);
      }
    }
    return RowFactory.create(
        line,
        EvidenceLines.answer(model, values, false),
        result.status().name(),
        problem == null,
        problem);
  }

  /** The row of {@link FgcSpark#MARGINALS} for {@code line}, or null for a comment. */
  Row marginals(String line) {
    Parsed parsed = parse(line);
    if (parsed == null) {
      return null;
    }
    if (parsed.evidence() == null) {
      return RowFactory.create(line, FgcSpark.BAD_INPUT, null, null, null, parsed.problem());
    }
    Marginals m = solver.marginals(parsed.evidence());
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
        problem = check(v, row, parsed.evidence());
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
