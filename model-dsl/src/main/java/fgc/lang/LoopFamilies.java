package fgc.lang;

import fgc.lang.Ast.NumExpr;
import fgc.lang.Ast.Stmt;
import fgc.model.Factor;
import fgc.model.ModelBuilder;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A {@code for} that makes one factor per iteration, all alike but for a step in their scopes, is
 * stored as one family ({@link ModelBuilder#repeatLast}) without running its iterations: so reading
 * a grid of a million variables costs what reading a small one does.
 *
 * <p>A loop qualifies when it is one factor statement under one or more {@code for}s without {@code
 * where}, its ranges do not read its own loop variables, and its loop variables appear only in the
 * indices of variable references, each index affine in them ({@code i}, {@code 2*i + j - 1}, {@code
 * n*br + i}: sums, differences and products by constants). Then every factor has the same kind and
 * data, and each scope position's variable moves by fixed steps. The loop is run at its first
 * iteration, one step along each dimension and at every corner of its box (an affine index is in
 * range everywhere when it is at the corners); the steps are read from those factors. When any of
 * that fails (an index out of range, factors that differ, positions that move by different steps)
 * the factors tried are taken back and the loop runs iteration by iteration as before, so every
 * error and every factor is exactly what the unrolled loop gives.
 */
final class LoopFamilies {
  /** More dimensions than this are unrolled: the corners tried grow as 2 to the dimensions. */
  private static final int MAX_DIMENSIONS = 6;

  private LoopFamilies() {}

  /** A loop dimension: its variable and range. */
  private record Dimension(Ast.Binder binder, long lo, long count) {}

  /**
   * Stores {@code loop} as one family and returns true, or returns false having changed nothing
   * (the caller then runs it as usual).
   */
  static boolean tryFamily(Evaluator e, Ast.For loop) {
    List<Ast.Binder> binders = new ArrayList<>();
    Stmt body = loop;
    while (body instanceof Ast.For f) {
      if (!(f.binders().where() instanceof Ast.Bool b && b.value()) || f.body().size() != 1) {
        return false;
      }
      binders.addAll(f.binders().list());
      body = f.body().get(0);
    }
    if (binders.isEmpty() || binders.size() > MAX_DIMENSIONS || !isFactorStatement(body)) {
      return false;
    }
    Set<String> names = new HashSet<>();
    for (Ast.Binder b : binders) {
      if (!names.add(b.name())) {
        return false;
      }
    }
    for (Ast.Binder b : binders) {
      if (mentions(b.range(), names)) {
        return false;
      }
    }
    if (!onlyInAffineIndices(e, body, names)) {
      return false;
    }
    List<Dimension> dims = new ArrayList<>();
    long members = 1;
    try {
      for (Ast.Binder b : binders) {
        long lo = e.constant(b.range().lo());
        long hi = e.constant(b.range().hi());
        if (hi < lo) {
          return false; // an empty loop: nothing to make, and the usual path says nothing either
        }
        long count = hi - lo + 1;
        if (count <= 0 || count > Integer.MAX_VALUE) {
          return false;
        }
        dims.add(new Dimension(b, lo, count));
        members = Math.multiplyExact(members, count);
      }
    } catch (RuntimeException ex) {
      return false; // a range that does not evaluate: the usual path reports it where it is
    }
    if (members < 2) {
      return false;
    }
    return family(e, body, dims);
  }

  private static boolean family(Evaluator e, Stmt body, List<Dimension> dims) {
    ModelBuilder builder = e.builder();
    ModelBuilder.Mark before = builder.mark();
    Evaluator.Checkpoint checkpoint = e.checkpoint();
    int n = dims.size();
    try {
      long[] origin = new long[n];
      Factor first = at(e, body, dims, origin);
      if (first == null) {
        return undo(e, builder, before, checkpoint);
      }
      ModelBuilder.Mark kept = builder.mark();
      int arity = first.arity();
      int[] counts = new int[n];
      int[][] steps = new int[n][arity];
      for (int d = 0; d < n; d++) {
        counts[d] = (int) dims.get(d).count();
        if (counts[d] == 1) {
          continue;
        }
        long[] point = new long[n];
        point[d] = 1;
        Factor next = at(e, body, dims, point);
        builder.rollback(kept);
        if (next == null || !first.sameButScope(next)) {
          return undo(e, builder, before, checkpoint);
        }
        for (int p = 0; p < arity; p++) {
          steps[d][p] = next.variable(p) - first.variable(p);
          if (steps[d][p] != steps[d][0]) {
            return undo(e, builder, before, checkpoint); // a member might name one variable twice
          }
        }
      }
      for (int corner = 1; corner < 1 << n; corner++) {
        long[] point = new long[n];
        for (int d = 0; d < n; d++) {
          point[d] = (corner >> d & 1) == 0 ? 0 : dims.get(d).count() - 1;
        }
        Factor f = at(e, body, dims, point);
        builder.rollback(kept);
        if (f == null || !first.sameButScope(f) || !predicted(first, f, point, steps)) {
          return undo(e, builder, before, checkpoint);
        }
      }
      builder.repeatLast(counts, steps);
      return true;
    } catch (LanguageException | fgc.model.ModelException | ArithmeticException ex) {
      return undo(e, builder, before, checkpoint);
    }
  }

  private static boolean undo(
      Evaluator e, ModelBuilder builder, ModelBuilder.Mark mark, Evaluator.Checkpoint checkpoint) {
    builder.rollback(mark);
    e.restore(checkpoint);
    return false;
  }

  /**
   * Runs {@code body} with the loop variables at {@code point} (offsets from each range's start);
   * its one factor, or null.
   */
  private static Factor at(Evaluator e, Stmt body, List<Dimension> dims, long[] point) {
    ModelBuilder builder = e.builder();
    int before = builder.factorCount();
    long[] values = new long[dims.size()];
    List<Ast.Binder> binders = new ArrayList<>();
    for (int d = 0; d < dims.size(); d++) {
      values[d] = dims.get(d).lo() + point[d];
      binders.add(dims.get(d).binder());
    }
    e.withLoopValues(binders, values, body);
    if (builder.factorCount() != before + 1) {
      return null;
    }
    return builder.lastFactor();
  }

  private static boolean predicted(Factor first, Factor f, long[] point, int[][] steps) {
    for (int p = 0; p < first.arity(); p++) {
      long v = first.variable(p);
      for (int d = 0; d < point.length; d++) {
        v += point[d] * steps[d][p];
      }
      if (v != f.variable(p)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isFactorStatement(Stmt s) {
    return s instanceof Ast.Neq
        || s instanceof Ast.Eq
        || s instanceof Ast.Table
        || s instanceof Ast.Weight
        || s instanceof Ast.Relation
        || s instanceof Ast.Prior
        || s instanceof Ast.AllDiff
        || s instanceof Ast.Cpt;
  }

  /**
   * Whether the loop variables {@code names} appear in {@code node} only inside the indices of
   * variable references, each such index affine in them.
   */
  private static boolean onlyInAffineIndices(Evaluator e, Object node, Set<String> names) {
    List<NumExpr> indices = null;
    if (node instanceof Ast.Ref ref) {
      indices = ref.indices();
    } else if (node instanceof Ast.DataAt d && e.isVariableArray(d.name())) {
      indices = d.indices(); // in an expression, a variable reference is written as an indexed name
    }
    if (indices != null) {
      for (NumExpr index : indices) {
        if (!affine(index, names)) {
          return false;
        }
      }
      return true;
    }
    if (node instanceof Ast.Name name) {
      return !names.contains(name.name());
    }
    for (Object c : children(node)) {
      if (!onlyInAffineIndices(e, c, names)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether {@code e} is affine in the loop variables: sums and differences, products by a part
   * without them.
   */
  private static boolean affine(NumExpr e, Set<String> names) {
    if (e instanceof Ast.Num || e instanceof Ast.Name) {
      return true;
    }
    if (e instanceof Ast.Neg n) {
      return affine(n.operand(), names);
    }
    if (e instanceof Ast.Arith a) {
      switch (a.op()) {
        case ADD:
        case SUB:
          return affine(a.left(), names) && affine(a.right(), names);
        case MUL:
          return affine(a.left(), names)
              && affine(a.right(), names)
              && !(mentions(a.left(), names) && mentions(a.right(), names));
        default:
          return !mentions(a, names);
      }
    }
    return !mentions(e, names);
  }

  /** Whether any of {@code names} appears anywhere in {@code node}. */
  private static boolean mentions(Object node, Set<String> names) {
    if (node instanceof Ast.Name name) {
      return names.contains(name.name());
    }
    if (node instanceof Ast.Ref ref && names.contains(ref.name())) {
      return true;
    }
    for (Object c : children(node)) {
      if (mentions(c, names)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Per syntax record type, the accessors of its components that may hold syntax (not strings,
   * positions, numbers, arrays or enums): found once per type, not per node.
   */
  private static final ClassValue<List<Method>> ACCESSORS =
      new ClassValue<>() {
        @Override
        protected List<Method> computeValue(Class<?> type) {
          List<Method> out = new ArrayList<>();
          for (RecordComponent c : type.getRecordComponents()) {
            Class<?> t = c.getType();
            if (!(t.isPrimitive()
                || t == String.class
                || t == Ast.Pos.class
                || t.isArray()
                || t.isEnum())) {
              out.add(c.getAccessor());
            }
          }
          return List.copyOf(out);
        }
      };

  /** The syntax nodes (records), lists and optionals directly inside {@code node}. */
  private static List<Object> children(Object node) {
    List<Object> out = new ArrayList<>();
    if (node instanceof List<?> list) {
      out.addAll(list);
    } else if (node instanceof Optional<?> o) {
      o.ifPresent(out::add);
    } else if (node instanceof Record r) {
      for (Method accessor : ACCESSORS.get(r.getClass())) {
        try {
          out.add(accessor.invoke(r));
        } catch (ReflectiveOperationException ex) {
          throw new IllegalStateException(ex);
        }
      }
    }
    return out;
  }
}
