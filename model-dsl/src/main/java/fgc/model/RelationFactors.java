package fgc.model;

import fgc.model.ComputedTables.Expanded;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Relation formulas made into factors for a {@link ModelBuilder}: each becomes the factor kind that
 * says it exactly where there is one (eq, neq, sum, linear), else a table of 1s and 0s computed
 * from it.
 */
final class RelationFactors {
  private final ModelBuilder builder;
  private final DeclaredVariables declared;
  private final ComputedTables tables;

  RelationFactors(ModelBuilder builder, DeclaredVariables declared, ComputedTables tables) {
    this.builder = builder;
    this.declared = declared;
    this.tables = tables;
  }

  /** {@link ModelBuilder#relation}. */
  ModelBuilder relation(Formula relation) {
    if (relation == null || relation.type() != Formula.Type.BOOL) {
      throw new ModelException(
          "a relation is a condition (a comparison, and, or, not), not a number");
    }
    int[] vars = relation.variables();
    if (vars.length == 0) {
      throw new ModelException(
          "the relation involves no variable (it is always "
              + (relation.integer() != 0 ? "true" : "false")
              + ")");
    }
    for (int v : vars) {
      declared.checkDeclared("relation", v);
    }
    Linear linear = null;
    if (relation.op().comparison()
        && relation.arg(0).type() == Formula.Type.INT
        && relation.arg(1).type() == Formula.Type.INT) {
      linear = Linear.of(Formula.sub(relation.arg(0), relation.arg(1)));
    }
    if (linear != null && !linear.coefficients.containsValue(0L)) {
      Long[] c = linear.coefficients.values().toArray(new Long[0]);
      boolean opposite =
          c.length == 2 && c[0] == -c[1] && Math.abs(c[0]) == 1 && linear.constant == 0;
      if (opposite && relation.op() == Formula.Op.EQ) {
        return builder.eq(vars[0], vars[1]);
      }
      if (opposite && relation.op() == Formula.Op.NE) {
        return builder.neq(vars[0], vars[1]);
      }
      if (relation.op() == Formula.Op.EQ && c.length >= 2) {
        boolean plus = Arrays.stream(c).allMatch(k -> k == 1);
        boolean minus = Arrays.stream(c).allMatch(k -> k == -1);
        if (plus || minus) {
          return builder.sum(plus ? -linear.constant : linear.constant, vars);
        }
      }
    }
    if (linear != null
        && !linear.coefficients.containsValue(0L)
        && Factor.jointSize(declared.domains(vars)) > Limits.MAX_TABLE_ENTRIES) {
      return linearFactor(relation.op(), linear);
    }
    String hint =
        linear == null || vars.length <= 2
            ? ""
            : "; a linear relation needs no table, but in this one a variable's terms cancel out";
    Expanded table = tables.expand("relation", relation, vars, hint);
    if (ComputedTables.allZero(table.table())) {
      throw new ModelException("the relation holds for no values of " + declared.describeAll(vars));
    }
    return builder.add(FactorKind.TABLE, vars, table);
  }

  /** {@link ModelBuilder#linear(Formula)}. */
  ModelBuilder linear(Formula relation) {
    Linear linear =
        relation != null
                && relation.op().comparison()
                && relation.arg(0).type() == Formula.Type.INT
                && relation.arg(1).type() == Formula.Type.INT
            ? Linear.of(Formula.sub(relation.arg(0), relation.arg(1)))
            : null;
    if (linear == null || linear.coefficients.isEmpty()) {
      throw new ModelException(
          "a linear factor is a comparison of two integer expressions linear in their variables");
    }
    for (int v : linear.coefficients.keySet()) {
      declared.checkDeclared("relation", v);
    }
    return linearFactor(relation.op(), linear);
  }

  /**
   * {@code linear op 0} as a linear factor, its comparison one of ==, != and <= (a strict one moves
   * the constant by 1, a >= or > negates the terms) and, for == and !=, its first coefficient
   * positive, so that one relation written two ways is one factor.
   */
  private ModelBuilder linearFactor(Formula.Op op, Linear linear) {
    int[] scope = new int[linear.coefficients.size()];
    long[] c = new long[scope.length];
    int k = 0;
    for (Map.Entry<Integer, Long> term : linear.coefficients.entrySet()) {
      scope[k] = term.getKey();
      c[k++] = term.getValue();
    }
    try {
      long rhs = Math.negateExact(linear.constant);
      boolean negate =
          op == Formula.Op.GE
              || op == Formula.Op.GT
              || (op == Formula.Op.EQ || op == Formula.Op.NE) && c[0] < 0;
      if (negate) {
        rhs = Math.negateExact(rhs);
        for (int p = 0; p < c.length; p++) {
          c[p] = Math.negateExact(c[p]);
        }
      }
      if (op == Formula.Op.LT || op == Formula.Op.GT) {
        rhs = Math.subtractExact(rhs, 1);
      }
      Factor.Comparison cmp =
          op == Formula.Op.EQ
              ? Factor.Comparison.EQUAL
              : op == Formula.Op.NE ? Factor.Comparison.NOT_EQUAL : Factor.Comparison.AT_MOST;
      return builder.linear(c, cmp, rhs, scope);
    } catch (ArithmeticException overflow) {
      throw new ModelException("the linear relation's terms can add up past 2^60 in magnitude");
    }
  }

  /** {@link ModelBuilder#alldiffOf}. */
  ModelBuilder alldiffOf(List<Formula> items) {
    boolean plain = items.size() >= 2;
    for (Formula f : items) {
      if (f == null || f.type() != Formula.Type.INT) {
        throw new ModelException(
            "alldiff takes integers, not "
                + (f == null ? "null" : f.type() == Formula.Type.BOOL ? "conditions" : "decimals"));
      }
      plain &= f.op() == Formula.Op.VAR;
    }
    if (plain) {
      return builder.alldiff(items.stream().mapToInt(f -> (int) f.integer()).toArray());
    }
    for (int a = 0; a < items.size(); a++) {
      for (int b = a + 1; b < items.size(); b++) {
        Formula x = items.get(a);
        Formula y = items.get(b);
        if (x.isConstant() && y.isConstant()) {
          if (x.integer() == y.integer()) {
            throw new ModelException(
                "alldiff can never hold: items "
                    + (a + 1)
                    + " and "
                    + (b + 1)
                    + " are both "
                    + x.integer());
          }
          continue;
        }
        relation(Formula.compare(Formula.Op.NE, x, y));
      }
    }
    return builder;
  }
}
