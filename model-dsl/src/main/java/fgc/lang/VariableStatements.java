package fgc.lang;

import fgc.lang.Ast.NumExpr;
import fgc.model.Domain;
import fgc.model.Limits;
import fgc.model.ModelException;

/**
 * Runs the statements about variables for the {@link Evaluator}: {@code var} (each dimension and
 * the domain checked where written, then the builder's {@code variables}) and {@code observe}.
 */
final class VariableStatements {
  private VariableStatements() {}

  static void variables(Evaluator e, Ast.Var v) {
    if (e.symbol(v.name()) != null) {
      throw e.error(
          v.pos(),
          "name '" + v.name() + "' is declared twice (first at " + e.symbol(v.name()).pos() + ")");
    }
    int[] dims = new int[v.dims().size()];
    for (int k = 0; k < dims.length; k++) {
      NumExpr dim = v.dims().get(k);
      long size = e.eval(dim);
      String what = "dimension " + (k + 1) + " of '" + v.name() + "' has size " + size;
      if (size < 1) {
        throw e.error(Ast.start(dim), what + "; sizes must be at least 1");
      }
      if (size > Limits.MAX_VARIABLES) {
        throw e.error(
            Ast.start(dim),
            what + "; a model holds at most " + Limits.MAX_VARIABLES + " variables");
      }
      dims[k] = (int) size;
    }
    Domain domain = domain(e, v.domain());
    try {
      e.declare(
          v.name(), new Evaluator.Array(e.builder().variables(v.name(), domain, dims), v.pos()));
    } catch (ModelException ex) {
      throw e.error(v.pos(), ex.getMessage());
    }
  }

  private static Domain domain(Evaluator e, Ast.Range range) {
    long lo = e.eval(range.lo());
    long hi = e.eval(range.hi());
    if (lo == (int) lo && hi == (int) hi) {
      try {
        return Domain.range((int) lo, (int) hi);
      } catch (ModelException ex) {
        throw e.error(range.pos(), ex.getMessage());
      }
    }
    // Bounds past 32 bits: Domain cannot even be asked, so say what it would have said.
    long span = hi - lo; // negative exactly when hi < lo or the true span overflows
    if (hi < lo) {
      throw e.error(range.pos(), "empty domain " + lo + ".." + hi);
    }
    if (span < 0 || span >= Limits.MAX_DOMAIN) {
      throw e.error(
          range.pos(),
          "domain "
              + lo
              + ".."
              + hi
              + " has more than "
              + Limits.MAX_DOMAIN
              + " values; the limit is "
              + Limits.MAX_DOMAIN);
    }
    throw e.error(range.pos(), "domain " + lo + ".." + hi + " lies outside the 32-bit integers");
  }

  static void observe(Evaluator e, Ast.Observe o) {
    Evaluator.Symbol symbol = e.symbol(o.name());
    if (symbol == null) {
      throw e.error(o.pos(), e.unknownName(o.name()));
    }
    if (!(symbol instanceof Evaluator.Array)) {
      throw e.error(
          o.pos(),
          "'" + o.name() + "' is " + Evaluator.describe(symbol) + ", not a variable array");
    }
    e.builder().observe(o.name()); // cannot fail: the name is a declared array
  }
}
