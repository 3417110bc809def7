package fgc.lang;

import fgc.lang.Ast.Stmt;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the statements of the weighted and arithmetic factors ({@code sum}, {@code table},
 * {@code prior}) for the {@link Evaluator}: their scopes, totals and weights, then the one
 * {@link fgc.model.ModelBuilder} call a Java author would make.
 */
final class FactorStatements {
  private FactorStatements() {}

  static void execute(Evaluator e, Stmt s) {
    if (s instanceof Ast.Sum sum) {
      List<Integer> scope = e.scope(sum.pos(), "sum", sum.refs(), sum.binders());
      long total = e.eval(sum.total());
      e.build(sum.pos(), () -> e.builder().sum(total, scope));
    } else if (s instanceof Ast.Table t) {
      List<Integer> scope = e.scope(t.pos(), "table", t.refs(), t.binders());
      double[] weights = weights(e, t.weights());
      e.build(t.pos(), () -> e.builder().table(scope, weights));
    } else {
      Ast.Prior p = (Ast.Prior) s;
      e.step(p.ref().pos());
      int variable = e.resolve(p.ref());
      double[] weights = weights(e, p.weights());
      e.build(p.pos(), () -> e.builder().prior(variable, weights));
    }
  }

  /** Inline weights as written, or a data table's row (or all its rows, in order); no blanks, no negatives. */
  private static double[] weights(Evaluator e, Ast.Weights w) {
    if (w instanceof Ast.InlineWeights inline) {
      return inline.values().stream().mapToDouble(Double::doubleValue).toArray();
    }
    Ast.DataWeights d = (Ast.DataWeights) w;
    DataSet.Entry entry = e.table(d.pos(), d.name());
    List<DataSet.Item> items = new ArrayList<>();
    if (d.row().isPresent()) {
      items.addAll(e.row(entry, d.row().get(), d.name()));
    } else {
      entry.rows().forEach(items::addAll);
    }
    double[] out = new double[items.size()];
    for (int k = 0; k < out.length; k++) {
      DataSet.Item item = items.get(k);
      if (item.none() || item.value() < 0) {
        throw e.error(d.pos(), "weight " + (k + 1) + " of '" + d.name() + "' is " + item.text() + " (at " + e.inData(item)
            + "); weights must be non-negative numbers");
      }
      out[k] = item.value();
    }
    return out;
  }
}
