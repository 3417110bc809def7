package fgc.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An integer formula read as {@code sum of c_v * v + constant}, when it is one: what lets {@link
 * ModelBuilder#relation} give a linear relation a factor kind of its own ({@code sum}, {@code eq},
 * {@code neq}) instead of a table.
 */
final class Linear {
  /** Coefficient per variable, in the order the variables first appear; zero coefficients kept. */
  final Map<Integer, Long> coefficients = new LinkedHashMap<>();

  long constant;

  private Linear() {}

  /** {@code f} as a linear form, or null when it is not one (or a coefficient would overflow). */
  static Linear of(Formula f) {
    Linear l = new Linear();
    try {
      return l.add(f, 1) ? l : null;
    } catch (ArithmeticException overflow) {
      return null;
    }
  }

  private boolean add(Formula f, long scale) {
    if (f.type() != Formula.Type.INT) {
      return false;
    }
    switch (f.op()) {
      case CONST:
        constant = Math.addExact(constant, Math.multiplyExact(scale, f.integer()));
        return true;
      case VAR:
        coefficients.merge((int) f.integer(), scale, Math::addExact);
        return true;
      case ADD:
        for (int k = 0; k < f.arity(); k++) {
          if (!add(f.arg(k), scale)) {
            return false;
          }
        }
        return true;
      case SUB:
        return add(f.arg(0), scale) && add(f.arg(1), Math.negateExact(scale));
      case NEG:
        return add(f.arg(0), Math.negateExact(scale));
      case MUL:
        {
          Formula variable = null;
          long product = scale;
          for (int k = 0; k < f.arity(); k++) {
            Formula a = f.arg(k);
            if (a.isConstant()) {
              product = Math.multiplyExact(product, a.integer());
            } else if (variable == null) {
              variable = a;
            } else {
              return false; // a product of two variable terms
            }
          }
          return variable == null ? add(Formula.constant(1), product) : add(variable, product);
        }
      default:
        return false;
    }
  }
}
