package fgc.model;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Conditional probability tables ({@link ModelBuilder#cpt}): each row checked to be a distribution
 * over the child's values, and the rows laid out as one table's weights, one row per joint value of
 * the parents in row-major order.
 */
final class ConditionalTables {
  private ConditionalTables() {}

  /**
   * The weights of {@code P(child | parents)} from its rows, the child fastest; every variable is
   * declared.
   */
  static double[] weights(DeclaredVariables declared, int child, int[] parents, double[][] rows) {
    Domain[] parentDomains = declared.domains(parents);
    long expected = Factor.jointSize(parentDomains);
    String name =
        "cpt of "
            + declared.describe(child)
            + (parents.length == 0 ? "" : " given " + declared.describeAll(parents));
    if (rows.length != expected) {
      throw new ModelException(
          name
              + " needs "
              + expected
              + (expected == 1 ? " row" : " rows")
              + (parents.length == 0
                  ? ""
                  : " (one per joint value of " + declared.describeAll(parents) + ")")
              + ", got "
              + rows.length);
    }
    int size = declared.domainOf(child).size();
    if ((long) size * rows.length > Limits.MAX_TABLE_ENTRIES) {
      throw new ModelException(
          name
              + " has more than "
              + Limits.MAX_TABLE_ENTRIES
              + " entries; the limit is "
              + Limits.MAX_TABLE_ENTRIES);
    }
    double[] weights = new double[size * rows.length];
    int[] config = new int[parents.length];
    for (int p = 0; p < parents.length; p++) {
      config[p] = parentDomains[p].lo();
    }
    for (int r = 0; r < rows.length; r++) {
      String where =
          "row "
              + (r + 1)
              + " of "
              + name
              + (parents.length == 0 ? "" : " (" + declared.assignment(parents, config) + ")");
      if (rows[r].length != size) {
        throw new ModelException(
            where
                + " has "
                + rows[r].length
                + " entries; "
                + declared.describe(child)
                + " has "
                + size
                + " values");
      }
      String problem = rowProblem(rows[r]);
      if (problem != null) {
        throw new ModelException(where + " " + problem);
      }
      System.arraycopy(rows[r], 0, weights, r * size, size);
      Factor.next(config, parentDomains);
    }
    return weights;
  }

  /** {@link ModelBuilder#cptRowProblem}. */
  static String rowProblem(double[] row) {
    double sum = 0;
    for (int k = 0; k < row.length; k++) {
      if (!(row[k] >= 0) || Double.isInfinite(row[k])) {
        return "has entry "
            + (k + 1)
            + " = "
            + row[k]
            + "; probabilities are finite and non-negative";
      }
      sum += row[k];
    }
    if (Math.abs(sum - 1.0) <= ModelBuilder.CPT_TOLERANCE) {
      return null;
    }
    // Twelve significant digits: the sum as the row's decimals add up (0.9, not
    // 0.8999999999999999),
    // and still more than enough to show a miss by more than the tolerance.
    String shown =
        new BigDecimal(sum).round(new MathContext(12)).stripTrailingZeros().toPlainString();
    return "adds up to " + shown + ", not 1";
  }
}
