package fgc.lang;

import fgc.lang.Ast.NumExpr;
import fgc.lang.Ast.Pos;
import fgc.lang.Ast.Stmt;
import fgc.model.Formula;
import fgc.model.Limits;
import fgc.model.ModelBuilder;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the factor statements for the {@link Evaluator}: {@code alldiff}, {@code neq}, {@code eq}
 * and the weighted and arithmetic factors (relations, {@code table}, {@code prior}, {@code weight},
 * {@code cpt}): their scopes, formulas and weights, then the one {@link fgc.model.ModelBuilder}
 * call a Java author would make.
 */
final class FactorStatements {
  private FactorStatements() {}

  static void execute(Evaluator e, Stmt s) {
    if (s instanceof Ast.AllDiff a) {
      alldiff(e, a);
    } else if (s instanceof Ast.Neq n) {
      pair(e, n.pos(), n.a(), n.b(), false);
    } else if (s instanceof Ast.Eq q) {
      pair(e, q.pos(), q.a(), q.b(), true);
    } else if (s instanceof Ast.Relation r) {
      relation(e, r);
    } else if (s instanceof Ast.Table t) {
      List<Integer> scope = e.scope(t.pos(), "table", t.refs(), t.binders());
      double[] weights = weights(e, t.weights());
      e.build(t.pos(), () -> e.builder().table(scope, weights));
    } else if (s instanceof Ast.Weight w) {
      if (WeightShape.execute(e, w)) {
        return;
      }
      List<Integer> scope = e.scope(w.pos(), "weight", w.refs(), w.binders());
      Formula formula =
          new Lowering(e, Lowering.scope(scope, () -> describe(e, scope))).number(w.formula());
      int[] variables = WeightShape.ints(scope);
      e.build(w.pos(), () -> e.builder().weight(variables, formula));
    } else if (s instanceof Ast.Cpt c) {
      cpt(e, c);
    } else {
      Ast.Prior p = (Ast.Prior) s;
      e.step(p.ref().pos());
      int variable = e.resolve(p.ref());
      double[] weights = weights(e, p.weights());
      e.build(p.pos(), () -> e.builder().prior(variable, weights));
    }
  }

  /**
   * Plain variables make one alldiff factor (as the builder's {@code alldiff}); expressions make
   * one relation per pair.
   */
  private static void alldiff(Evaluator e, Ast.AllDiff a) {
    Lowering lowering = new Lowering(e, Lowering.ANY_VARIABLE);
    List<Formula> items = new ArrayList<>();
    e.forEach(
        a.binders(),
        () -> {
          for (NumExpr item : a.items()) {
            if (items.size()
                == Limits.MAX_ARITY) { // checked while collecting, so memory stays bounded
              throw e.error(
                  a.pos(),
                  "alldiff over more than "
                      + Limits.MAX_ARITY
                      + " variables; the limit is "
                      + Limits.MAX_ARITY);
            }
            items.add(lowering.integer(item));
          }
        });
    if (items.stream().allMatch(f -> f.op() == Formula.Op.VAR)) {
      List<Integer> scope = new ArrayList<>();
      items.forEach(f -> scope.add((int) f.integer()));
      e.build(a.pos(), () -> e.builder().alldiff(scope));
    } else {
      e.build(a.pos(), () -> e.builder().alldiffOf(items));
    }
  }

  private static void pair(Evaluator e, Pos pos, Ast.Ref refA, Ast.Ref refB, boolean equal) {
    e.step(refA.pos());
    e.step(refB.pos());
    int a = e.resolve(refA);
    int b = e.resolve(refB);
    e.build(
        pos,
        () -> {
          if (equal) {
            e.builder().eq(a, b);
          } else {
            e.builder().neq(a, b);
          }
        });
  }

  /**
   * A relation: it must mention a variable; the builder picks its factor kind and computes its
   * table.
   */
  private static void relation(Evaluator e, Ast.Relation r) {
    Formula formula = new Lowering(e, Lowering.ANY_VARIABLE).cond(r.relation());
    if (formula.isConstant()) {
      throw e.error(
          r.pos(),
          "this relation involves no variable (it is always "
              + (formula.integer() != 0 ? "true" : "false")
              + "); a relation constrains variables, and an if statement tests constants");
    }
    e.build(r.pos(), () -> e.builder().relation(formula));
  }

  /**
   * {@code cpt(child | parents) = rows}: one row per joint value of the parents (in the order the
   * builder expects, the last parent fastest), each checked where it is written.
   */
  private static void cpt(Evaluator e, Ast.Cpt c) {
    e.step(c.child().pos());
    int child = e.resolve(c.child());
    int[] parents = new int[c.parents().size()];
    for (int k = 0; k < parents.length; k++) {
      e.step(c.parents().get(k).pos());
      parents[k] = e.resolve(c.parents().get(k));
    }
    long expected = 1;
    StringBuilder sizes = new StringBuilder();
    for (int p : parents) {
      int size = e.builder().domain(p).size();
      expected = Math.min(expected * size, Integer.MAX_VALUE);
      sizes.append(sizes.length() == 0 ? "" : " x ").append(size);
    }
    int childSize = e.builder().domain(child).size();
    StringBuilder named = new StringBuilder("cpt(").append(e.variableName(child));
    for (int k = 0; k < parents.length; k++) {
      named.append(k == 0 ? " | " : ", ").append(e.variableName(parents[k]));
    }
    String name = named.append(')').toString();
    List<double[]> rows = new ArrayList<>();
    List<Ast.Pos> rowPositions = new ArrayList<>();
    List<String> rowPlaces = new ArrayList<>(); // where a data row is written, for the message
    Ast.Weights w = c.rows();
    if (w instanceof Ast.InlineRows inline) {
      for (Ast.InlineWeights row : inline.rows()) {
        rows.add(row.values().clone());
        rowPositions.add(row.pos());
        rowPlaces.add("");
      }
    } else if (w instanceof Ast.InlineWeights flat) {
      if (parents.length > 0) {
        throw e.error(
            flat.pos(),
            name
                + " has parents, so its probabilities are written one row per joint value of the"
                + " parents: "
                + "[[...], [...], ...]");
      }
      rows.add(flat.values().clone());
      rowPositions.add(flat.pos());
      rowPlaces.add("");
    } else {
      Ast.DataWeights d = (Ast.DataWeights) w;
      DataSet.Entry entry = e.table(d.pos(), d.name());
      List<List<DataSet.Item>> dataRows =
          d.row().isPresent()
              ? List.of(e.dataTables().row(entry, d.row().get(), d.name()))
              : entry.rows();
      for (List<DataSet.Item> row : dataRows) {
        rows.add(numbers(e, d, row));
        rowPositions.add(d.pos());
        rowPlaces.add(row.isEmpty() ? "" : " (at " + e.dataTables().inData(row.get(0)) + ")");
      }
    }
    if (rows.size() != expected) {
      throw e.error(
          w.pos(),
          name
              + " needs "
              + expected
              + (expected == 1 ? " row" : " rows")
              + (parents.length == 0 ? "" : " (one per joint value of its parents: " + sizes + ")")
              + ", got "
              + rows.size());
    }
    for (int r = 0; r < rows.size(); r++) {
      double[] row = rows.get(r);
      String which = "row " + (r + 1) + " of " + name + rowPlaces.get(r);
      if (row.length != childSize) {
        throw e.error(
            rowPositions.get(r),
            which
                + " has "
                + row.length
                + (row.length == 1 ? " entry" : " entries")
                + "; "
                + e.variableName(child)
                + " has "
                + childSize
                + " values");
      }
      String problem = ModelBuilder.cptRowProblem(row);
      if (problem != null) {
        throw e.error(rowPositions.get(r), which + " " + problem);
      }
    }
    double[][] table = rows.toArray(new double[0][]);
    e.build(c.pos(), () -> e.builder().cpt(child, parents, table));
  }

  static String describe(Evaluator e, List<Integer> scope) {
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < scope.size() && k < 8; k++) {
      sb.append(k == 0 ? "" : ", ").append(e.variableName(scope.get(k)));
    }
    return scope.size() > 8 ? sb.append(", ...").toString() : sb.toString();
  }

  /** The numbers of a data row; a blank is an error. */
  private static double[] numbers(Evaluator e, Ast.DataWeights d, List<DataSet.Item> row) {
    double[] out = new double[row.size()];
    for (int k = 0; k < out.length; k++) {
      DataSet.Item item = row.get(k);
      if (item.none()) {
        throw e.error(
            d.pos(),
            "entry "
                + (k + 1)
                + " of a row of '"
                + d.name()
                + "' is _ (at "
                + e.dataTables().inData(item)
                + "); a cpt needs every probability");
      }
      out[k] = item.value();
    }
    return out;
  }

  /**
   * Inline weights as written, or a data table's row (or all its rows, in order); no blanks, no
   * negatives.
   */
  private static double[] weights(Evaluator e, Ast.Weights w) {
    if (w instanceof Ast.InlineWeights inline) {
      return inline.values(); // the builder copies what it keeps
    }
    Ast.DataWeights d = (Ast.DataWeights) w;
    DataSet.Entry entry = e.table(d.pos(), d.name());
    List<DataSet.Item> items = new ArrayList<>();
    if (d.row().isPresent()) {
      items.addAll(e.dataTables().row(entry, d.row().get(), d.name()));
    } else {
      entry.rows().forEach(items::addAll);
    }
    double[] out = new double[items.size()];
    for (int k = 0; k < out.length; k++) {
      DataSet.Item item = items.get(k);
      if (item.none() || item.value() < 0) {
        throw e.error(
            d.pos(),
            "weight "
                + (k + 1)
                + " of '"
                + d.name()
                + "' is "
                + item.text()
                + " (at "
                + e.dataTables().inData(item)
                + "); weights must be non-negative numbers");
      }
      out[k] = item.value();
    }
    return out;
  }
}
