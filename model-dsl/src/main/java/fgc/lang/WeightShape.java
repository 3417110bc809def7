package fgc.lang;

import fgc.model.Formula;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A weight statement's formula lowered once and used again for the iterations of its loop, so that
 * a loop making a million factors of one formula does not lower it a million times: only the
 * variable references are resolved afresh, and the builder finds the table by the shape itself.
 *
 * <p>This gives the very model the plain path gives, because a formula is eligible only when
 * nothing but its variables' indices can change between uses: outside those indices it reads
 * constants, decimals, params, lets, loop variables and variables, and nothing that reads data or
 * loops ({@code size}, {@code sum}, {@code product}, {@code count}, a data table). The names it
 * reads are compared with their values at every use: while they are equal, every constant the
 * lowering computed, every choice it made ({@code if(...)}, {@code &&}, {@code ||}) and every error
 * it could raise are the same, and the formula is the shape with other variables. The references
 * are resolved in the order the lowering met them, each counting a step and checked against the
 * scope as the lowering does, so a bad index or a variable outside the scope is reported where and
 * as it is on the plain path.
 */
final class WeightShape {
  /** A statement whose formula is lowered afresh every time. */
  private static final WeightShape NONE = new WeightShape(Map.of(), null, List.of(), null);

  /**
   * Uses after which a shape whose names changed is made again rather than given up (an outer
   * loop's variable, say).
   */
  private static final int REMAKE_AFTER = 16;

  private final String[] names;
  private final Evaluator.Symbol[] symbols;
  private final Formula shape;
  private final Ast.Ref[] refs;

  /**
   * Per reference, the scope position written the same way ({@code weight(s[i], s[i+1]) = s[i] *
   * s[i+1]}), whose index it takes without evaluating it again, or -1. Only for a scope listed
   * without binders.
   */
  private final int[] sameAsScope;

  private long uses;

  private WeightShape(
      Map<String, Evaluator.Symbol> read, Formula shape, List<Ast.Ref> refs, Ast.Weight w) {
    this.names = read.keySet().toArray(new String[0]);
    this.symbols = read.values().toArray(new Evaluator.Symbol[0]);
    this.shape = shape;
    this.refs = refs.toArray(new Ast.Ref[0]);
    this.sameAsScope = new int[this.refs.length];
    for (int k = 0; k < this.refs.length; k++) {
      sameAsScope[k] = -1;
      for (int p = 0; w != null && listed(w) && p < w.refs().size() && sameAsScope[k] < 0; p++) {
        if (sameRef(this.refs[k], w.refs().get(p))) {
          sameAsScope[k] = p;
        }
      }
    }
  }

  /**
   * Runs {@code w} through its shape, made now if it has none yet, and returns true; or returns
   * false, having done nothing, when the formula must be lowered as any other.
   */
  static boolean execute(Evaluator e, Ast.Weight w) {
    Map<Ast.Weight, WeightShape> shapes = e.weightShapes();
    if (shapes == null) {
      return false;
    }
    WeightShape known = shapes.get(w);
    if (known == NONE) {
      return false;
    }
    if (known != null && known.stillMeans(e)) {
      known.use(e, w);
      return true;
    }
    if (known != null && known.uses < REMAKE_AFTER) { // its names change too often to pay
      shapes.put(w, NONE);
      return false;
    }
    Map<String, Evaluator.Symbol> read = new LinkedHashMap<>();
    if (!eligible(e, w.formula(), read)) {
      shapes.put(w, NONE);
      return false;
    }
    List<Integer> scope = e.scope(w.pos(), "weight", w.refs(), w.binders());
    List<Ast.Ref> refs = new ArrayList<>();
    Lowering lowering =
        new Lowering(e, Lowering.scope(scope, () -> FactorStatements.describe(e, scope)), refs);
    Formula formula = lowering.number(w.formula());
    WeightShape made = new WeightShape(read, formula, refs, w);
    shapes.put(w, made);
    made.build(e, w, ints(scope), lowering.shapeVariables());
    return true;
  }

  /** Whether every name the formula reads still means what it meant when the shape was made. */
  private boolean stillMeans(Evaluator e) {
    for (int k = 0; k < names.length; k++) {
      if (!Objects.equals(e.symbol(names[k]), symbols[k])) {
        return false;
      }
    }
    return true;
  }

  /**
   * One more factor of this shape: the scope and the references resolved as the plain path resolves
   * them.
   */
  private void use(Evaluator e, Ast.Weight w) {
    int[] scope;
    if (listed(w)) { // as Evaluator.scope does for a plain list, without boxing the indices
      scope = new int[w.refs().size()];
      for (int p = 0; p < scope.length; p++) {
        Ast.Ref ref = w.refs().get(p);
        e.step(ref.pos());
        scope[p] = e.resolve(ref);
      }
    } else {
      scope = ints(e.scope(w.pos(), "weight", w.refs(), w.binders()));
    }
    int[] variables = new int[refs.length];
    for (int k = 0; k < refs.length; k++) {
      Ast.Ref ref = refs[k];
      e.step(ref.pos());
      if (sameAsScope[k]
          >= 0) { // the same expressions, just evaluated without error: the same index
        variables[k] = scope[sameAsScope[k]];
        continue;
      }
      int index = e.resolve(ref);
      if (!contains(scope, index)) {
        int[] named = scope;
        throw Lowering.notInScope(
            e,
            ref,
            index,
            () -> FactorStatements.describe(e, java.util.Arrays.stream(named).boxed().toList()));
      }
      variables[k] = index;
    }
    build(e, w, scope, variables);
  }

  /** Whether the weight's scope is a plain list of references (no binders, hence no filter). */
  private static boolean listed(Ast.Weight w) {
    return w.binders().list().isEmpty() && w.binders().where() instanceof Ast.Bool b && b.value();
  }

  /**
   * Whether two references are written alike (positions aside) in integers, names and arithmetic
   * only, so that they evaluate alike.
   */
  private static boolean sameRef(Ast.Ref a, Ast.Ref b) {
    if (!a.name().equals(b.name()) || a.indices().size() != b.indices().size()) {
      return false;
    }
    for (int k = 0; k < a.indices().size(); k++) {
      if (!sameIndex(a.indices().get(k), b.indices().get(k), 0)) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameIndex(Ast.NumExpr a, Ast.NumExpr b, int depth) {
    if (depth > 8) {
      return false; // an index this deep is rare: resolved again rather than compared at length
    }
    if (a instanceof Ast.Num x && b instanceof Ast.Num y) {
      return x.value() == y.value();
    }
    if (a instanceof Ast.Name x && b instanceof Ast.Name y) {
      return x.name().equals(y.name());
    }
    if (a instanceof Ast.Neg x && b instanceof Ast.Neg y) {
      return sameIndex(x.operand(), y.operand(), depth + 1);
    }
    if (a instanceof Ast.Arith x && b instanceof Ast.Arith y) {
      return x.op() == y.op()
          && sameIndex(x.left(), y.left(), depth + 1)
          && sameIndex(x.right(), y.right(), depth + 1);
    }
    return false;
  }

  private void build(Evaluator e, Ast.Weight w, int[] scope, int[] variables) {
    uses++;
    e.build(w.pos(), () -> e.builder().weight(scope, shape, variables));
  }

  /**
   * Whether {@code formula}'s lowering can depend on the iteration only through the indices of its
   * variables, collecting the names it reads (outside those indices) into {@code read}.
   */
  private static boolean eligible(
      Evaluator e, Ast.NumExpr formula, Map<String, Evaluator.Symbol> read) {
    Deque<Ast.Expr> todo =
        new ArrayDeque<>(); // a chain of operators is as deep as it is long: no recursion
    todo.push(formula);
    while (!todo.isEmpty()) {
      Ast.Expr x = todo.pop();
      if (x instanceof Ast.Num || x instanceof Ast.Decimal || x instanceof Ast.Bool) {
        continue;
      }
      if (x instanceof Ast.Name n) {
        Evaluator.Symbol s = e.symbol(n.name());
        if (!(s instanceof Evaluator.Constant
            || s instanceof Evaluator.RealConstant
            || s instanceof Evaluator.Array)) {
          return false; // unknown (the plain path says so), a let over variables, or a data table
        }
        read.put(n.name(), s);
      } else if (x instanceof Ast.DataAt d) {
        Evaluator.Symbol s = e.symbol(d.name());
        if (!(s instanceof Evaluator.Array)) {
          return false; // a number read from data changes with its indices
        }
        read.put(d.name(), s); // its indices are evaluated afresh at every use
      } else if (x instanceof Ast.Neg n) {
        todo.push(n.operand());
      } else if (x instanceof Ast.Arith a) {
        todo.push(a.right());
        todo.push(a.left());
      } else if (x instanceof Ast.MinMax m) {
        todo.push(m.b());
        todo.push(m.a());
      } else if (x instanceof Ast.Call c) {
        todo.push(c.arg());
      } else if (x instanceof Ast.Choose c) {
        todo.push(c.b());
        todo.push(c.a());
        todo.push(c.cond());
      } else if (x instanceof Ast.Compare c) {
        todo.push(c.right());
        todo.push(c.left());
      } else if (x instanceof Ast.Logic l) {
        todo.push(l.right());
        todo.push(l.left());
      } else if (x instanceof Ast.Not n) {
        todo.push(n.operand());
      } else {
        return false; // size, sum, product, count: they read data or run loops of their own
      }
    }
    return true;
  }

  private static boolean contains(int[] scope, int index) {
    for (int v : scope) {
      if (v == index) {
        return true;
      }
    }
    return false;
  }

  /** The list's entries as an array: a scope as the builder takes it. */
  static int[] ints(List<Integer> list) {
    int[] out = new int[list.size()];
    for (int k = 0; k < out.length; k++) {
      out[k] = list.get(k);
    }
    return out;
  }
}
