package fgc.plan;

import fgc.model.DecimalText;
import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The contradictions that are cheap to find before any message is passed, each a proof that the
 * model has no solution, reported with the factors that clash ({@link NoSolutionException}):
 *
 * <ul>
 *   <li>a variable that its priors and one-variable tables leave no value (their weights are zero
 *       on every value of its domain where another is not);
 *   <li>{@code eq} factors that join variables with no value open to all of them, or that make two
 *       variables of one {@code neq} or {@code alldiff} equal;
 *   <li>a table that rules out every value left to one of its variables, given the values left to
 *       the others (and, for two variables, a {@code neq}, {@code alldiff} or {@code eq} between
 *       them);
 *   <li>a sum no values left to its variables can reach.
 * </ul>
 *
 * One pass of each, no propagation to a fixed point: O(factors + table entries x arity). Without
 * these, BP on such a model has no distribution to converge to and its beliefs carry no meaning
 * (all zero, or uniform where the clash does not reach). Messages number factors from 0 in model
 * order, as the canonical text lists them.
 */
final class Contradictions {
  /** Factors named in one message before "and N more". */
  private static final int NAMED = 4;

  private final Model model;
  private final int lo;
  private final int words;

  /**
   * Per variable a unary factor touched: the values left (bits over the layout's range); a variable
   * not here has its whole domain. Maps, not arrays over the variables: a plan check of a
   * million-variable grid with one prior touches one variable.
   */
  private final Map<Integer, long[]> left = new HashMap<>();

  /** Per variable a unary factor touched: the unary factors that did. */
  private final Map<Integer, List<Integer>> restrictedBy = new HashMap<>();

  /** Whether a unary factor has ruled out a value of its variable's domain. */
  private boolean narrowed;

  /** Union-find over eq-joined variables, or null when the model has no eq factor. */
  private int[] parent;

  /** Per eq class root: the values open to every member, and the factors that shaped them. */
  private final Map<Integer, long[]> classLeft = new HashMap<>();

  private final Map<Integer, List<Integer>> classFactors = new HashMap<>();

  private Contradictions(Model model, VariableLayout layout) {
    this.model = model;
    this.lo = layout.lo();
    this.words = (layout.width() + 63) / 64;
  }

  /**
   * Throws {@link NoSolutionException} when one of the checks above proves {@code model} has no
   * solution.
   */
  static void check(Model model) {
    // Each check reads only its kinds of factor: one census pass, and a model without them (a
    // million-factor grid of tables has one prior) is not read again for each.
    boolean unaries = false;
    boolean eqs = false;
    boolean tables = false;
    boolean sums = false;
    boolean apart = false;
    for (fgc.model.FactorFamily family :
        model.families()) { // a family's members share their kind and arity
      Factor f = family.first();
      switch (f.kind()) {
        case PRIOR -> unaries = true;
        case TABLE -> {
          unaries |= f.arity() == 1;
          tables |= f.arity() > 1;
        }
        case EQ -> eqs = true;
        case SUM -> sums = true;
        case NEQ, ALLDIFF -> apart = true;
        default -> {}
      }
    }
    Contradictions c = new Contradictions(model, VariableLayout.of(model));
    if (unaries) {
      c.unary();
    }
    if (eqs) {
      c.equalities();
    }
    // A table alone leaves every slot some value while every variable has its whole domain (its
    // weights are not all zero); only values ruled out, an eq or a neq can change that.
    if (tables && (c.narrowed || eqs || apart)) {
      c.tables(apart);
    }
    if (sums) {
      c.sums();
    }
  }

  private void unary() {
    // Family by family, members by their variable alone: a grid's two million couplings are skipped
    // as two families, and no member is made.
    long start = 0;
    for (fgc.model.FactorFamily family : model.families()) {
      Factor f = family.first();
      long members = family.size();
      if (f.kind() != FactorKind.PRIOR && !(f.kind() == FactorKind.TABLE && f.arity() == 1)) {
        start += members;
        continue;
      }
      for (long m = 0; m < members; m++) {
        unary(f, family.variable(m, 0), (int) (start + m));
      }
      start += members;
    }
  }

  /**
   * Rules out the zero-weight values of unary factor {@code k} (weights {@code f}'s) on variable
   * {@code i}.
   */
  private void unary(Factor f, int i, int k) {
    long[] values = valuesLeft(i).clone();
    int from = model.domainOf(i).lo() - lo;
    for (int v = 0; v < f.weightCount(); v++) {
      if (f.weight(v) == 0.0) {
        clear(values, from + v);
        narrowed = true;
      }
    }
    left.put(i, values);
    List<Integer> by = restrictedBy.get(i);
    if (by == null) {
      by = new ArrayList<>();
      restrictedBy.put(i, by);
    }
    by.add(k);
    if (isEmpty(values)) {
      throw noSolution(restrictedBy.get(i), "leave " + model.variableName(i) + " no value");
    }
  }

  private void equalities() {
    List<Factor> factors = model.factors();
    for (int k = 0; k < factors.size(); k++) {
      Factor f = factors.get(k);
      if (f.kind() != FactorKind.EQ) {
        continue;
      }
      if (parent == null) {
        parent = new int[model.variableCount()];
        for (int i = 0; i < parent.length; i++) {
          parent[i] = i;
        }
      }
      int a = find(f.variable(0));
      int b = find(f.variable(1));
      List<Integer> involved = ownedFactors(a);
      if (a != b) {
        // Union by the longer list of factors, so a long chain of eq factors stays O(n log n).
        List<Integer> other = ownedFactors(b);
        if (other.size() > involved.size()) {
          int t = a;
          a = b;
          b = t;
          List<Integer> l = involved;
          involved = other;
          other = l;
        }
        involved.addAll(other);
        long[] both = valuesOf(a).clone();
        long[] theirs = valuesOf(b);
        for (int w = 0; w < words; w++) {
          both[w] &= theirs[w];
        }
        parent[b] = a;
        classLeft.put(a, both);
        classLeft.remove(b);
        classFactors.remove(b);
      }
      involved.add(k);
      classFactors.put(a, involved);
      if (isEmpty(classLeft.get(a))) {
        throw noSolution(
            involved,
            "leave no value that "
                + model.variableName(f.variable(0))
                + " and "
                + model.variableName(f.variable(1))
                + ", which must be equal, can share");
      }
    }
    if (parent == null) {
      return;
    }
    for (int k = 0; k < factors.size(); k++) {
      Factor f = factors.get(k);
      if (f.kind() != FactorKind.NEQ && f.kind() != FactorKind.ALLDIFF) {
        continue;
      }
      Map<Integer, Integer> memberOfClass = new HashMap<>();
      for (int s = 0; s < f.arity(); s++) {
        Integer earlier = memberOfClass.putIfAbsent(find(f.variable(s)), f.variable(s));
        if (earlier != null) {
          List<Integer> involved = new ArrayList<>();
          for (int e : involvedFor(earlier)) {
            if (model.factors().get(e).kind() == FactorKind.EQ) {
              involved.add(e);
            }
          }
          involved.add(k);
          throw noSolution(
              involved,
              "clash: they make "
                  + model.variableName(earlier)
                  + " and "
                  + model.variableName(f.variable(s))
                  + " both equal and different");
        }
      }
    }
  }

  /**
   * The tables' check; {@code apart}: whether the model has a {@code neq} or {@code alldiff}
   * factor.
   */
  private void tables(boolean apart) {
    List<Factor> factors = model.factors();
    Map<Long, Integer> differ = apart ? differentPairsOfTables() : new HashMap<>();
    for (int k = 0; k < factors.size(); k++) {
      Factor f = factors.get(k);
      if (f.kind() != FactorKind.TABLE || f.arity() < 2) {
        continue;
      }
      int arity = f.arity();
      boolean restricted = false;
      for (int s = 0; s < arity; s++) {
        restricted = restricted || !involvedFor(f.variable(s)).isEmpty();
      }
      // Between two variables, a neq (or alldiff) or an eq joining them rules out entries too.
      Integer different =
          arity == 2 && !differ.isEmpty() ? differ.get(pair(f.variable(0), f.variable(1))) : null;
      boolean equal = arity == 2 && parent != null && find(f.variable(0)) == find(f.variable(1));
      if (!restricted && different == null && !equal) {
        continue; // a table's weights are not all zero, so alone it leaves every slot some value
      }
      int[] size = new int[arity];
      int[] from = new int[arity];
      long[][] open = new long[arity][];
      for (int s = 0; s < arity; s++) {
        size[s] = model.domainOf(f.variable(s)).size();
        from[s] = model.domainOf(f.variable(s)).lo() - lo;
        open[s] = valuesOf(f.variable(s));
      }
      long[][] supported = new long[arity][words];
      int[] digit = new int[arity];
      for (int e = 0; e < f.weightCount(); e++) {
        boolean same = arity == 2 && from[0] + digit[0] == from[1] + digit[1];
        if (f.weight(e) != 0.0 && !(different != null && same) && !(equal && !same)) {
          int closed = -1;
          int closedCount = 0;
          for (int s = 0; s < arity && closedCount < 2; s++) {
            if (!has(open[s], from[s] + digit[s])) {
              closed = s;
              closedCount++;
            }
          }
          // An entry supports a slot's value when every other slot's value is still open there.
          for (int s = 0; s < arity; s++) {
            if (closedCount == 0 || closedCount == 1 && closed == s) {
              set(supported[s], from[s] + digit[s]);
            }
          }
        }
        for (int s = arity - 1;
            s >= 0;
            s--) { // odometer, the last slot fastest, as the weights are laid out
          if (++digit[s] < size[s]) {
            break;
          }
          digit[s] = 0;
        }
      }
      for (int s = 0; s < arity; s++) {
        long[] both = supported[s];
        for (int w = 0; w < words; w++) {
          both[w] &= open[s][w];
        }
        if (isEmpty(both)) {
          List<Integer> involved = new ArrayList<>();
          for (int t = 0; t < arity; t++) {
            involved.addAll(involvedFor(f.variable(t)));
          }
          involved.add(k);
          if (different != null) {
            involved.add(different);
          }
          throw noSolution(involved, "leave " + model.variableName(f.variable(s)) + " no value");
        }
      }
    }
  }

  /**
   * The pairs of variables that a two-variable table joins and a {@code neq} or {@code alldiff}
   * keeps apart, each with the factor that does; O(factors x tables per variable).
   */
  private Map<Long, Integer> differentPairsOfTables() {
    Map<Integer, List<Integer>> partners = new HashMap<>();
    for (Factor f : model.factors()) {
      if (f.kind() == FactorKind.TABLE && f.arity() == 2) {
        partners.computeIfAbsent(f.variable(0), v -> new ArrayList<>()).add(f.variable(1));
        partners.computeIfAbsent(f.variable(1), v -> new ArrayList<>()).add(f.variable(0));
      }
    }
    Map<Long, Integer> differ = new HashMap<>();
    if (partners.isEmpty()) {
      return differ;
    }
    for (int k = 0; k < model.factors().size(); k++) {
      Factor f = model.factors().get(k);
      if (f.kind() != FactorKind.NEQ && f.kind() != FactorKind.ALLDIFF) {
        continue;
      }
      java.util.Set<Integer> members = new java.util.HashSet<>();
      for (int v : f.scope()) {
        members.add(v);
      }
      for (int v : f.scope()) {
        for (int other : partners.getOrDefault(v, List.of())) {
          if (members.contains(other)) {
            differ.putIfAbsent(pair(v, other), k);
          }
        }
      }
    }
    return differ;
  }

  /**
   * The pair {a, b} in either order as a map key: the two indices packed, then multiplied by an odd
   * constant (a bijection). Packed alone, a key's hash is a XOR b, which a grid's neighbours share
   * by the thousand, and the map's bins turn into trees.
   */
  private static long pair(int a, int b) {
    return (((long) Math.min(a, b) << 32) | Math.max(a, b)) * 0x9E3779B97F4A7C15L;
  }

  private void sums() {
    List<Factor> factors = model.factors();
    for (int k = 0; k < factors.size(); k++) {
      Factor f = factors.get(k);
      if (f.kind() != FactorKind.SUM) {
        continue;
      }
      long min = 0;
      long max = 0;
      List<Integer> involved = new ArrayList<>();
      for (int s = 0; s < f.arity(); s++) {
        long[] open = valuesOf(f.variable(s));
        min += lo + first(open);
        max += lo + last(open);
        involved.addAll(involvedFor(f.variable(s)));
      }
      if (!involved.isEmpty() && (f.total() < min || f.total() > max)) {
        involved.add(k);
        throw noSolution(
            involved, "leave values that add up to " + min + ".." + max + ", never " + f.total());
      }
    }
  }

  /** The values open to variable {@code i}: its eq class's when it has one, else its own. */
  private long[] valuesOf(int i) {
    if (parent != null) {
      long[] shared = classLeft.get(find(i));
      if (shared != null) {
        return shared;
      }
    }
    return valuesLeft(i);
  }

  /** The factors that shaped {@link #valuesOf}. */
  private List<Integer> involvedFor(int i) {
    if (parent != null && classFactors.containsKey(find(i))) {
      return classFactors.get(find(i));
    }
    return restrictedBy.get(i) == null ? List.of() : restrictedBy.get(i);
  }

  /**
   * The factors of the eq class with root {@code root}, as a list the class owns (a new one for a
   * single variable).
   */
  private List<Integer> ownedFactors(int root) {
    List<Integer> known = classFactors.get(root);
    if (known != null) {
      return known;
    }
    if (!classLeft.containsKey(root)) {
      classLeft.put(root, valuesLeft(root));
    }
    return restrictedBy.get(root) == null
        ? new ArrayList<>()
        : new ArrayList<>(restrictedBy.get(root));
  }

  /** Variable {@code i}'s own values left by the unary factors so far (its domain when none). */
  private long[] valuesLeft(int i) {
    long[] known = left.get(i);
    if (known != null) {
      return known;
    }
    long[] all = new long[words];
    int from = model.domainOf(i).lo() - lo;
    for (int v = 0; v < model.domainOf(i).size(); v++) {
      set(all, from + v);
    }
    return all;
  }

  private int find(int i) {
    while (parent[i] != i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }

  private NoSolutionException noSolution(List<Integer> factors, String what) {
    TreeSet<Integer> distinct = new TreeSet<>(factors);
    List<String> names = new ArrayList<>();
    int shown = 0;
    for (int k : distinct) {
      if (shown++ == NAMED) {
        break;
      }
      names.add(describe(k));
    }
    int more = distinct.size() - names.size();
    StringBuilder text = new StringBuilder("the model has no solution: ");
    for (int n = 0; n < names.size(); n++) {
      text.append(n == 0 ? "" : n == names.size() - 1 && more == 0 ? " and " : ", ")
          .append(names.get(n));
    }
    if (more > 0) {
      text.append(" and ").append(more).append(more == 1 ? " more factor" : " more factors");
    }
    // Placed at the last factor named, which closes the clash: in a model file, the line that made
    // it.
    return new NoSolutionException(
        model.atFactor(
            distinct.isEmpty() ? -1 : distinct.last(), text.append(' ').append(what).toString()));
  }

  /**
   * {@code prior(w[0]) = [0, 1] (factor 3)}: the factor as the language writes it, shortened when
   * long.
   */
  private String describe(int k) {
    Factor f = model.factors().get(k);
    StringBuilder text = new StringBuilder(f.kind().keyword()).append('(');
    int shown = Math.min(f.arity(), NAMED);
    for (int s = 0; s < shown; s++) {
      text.append(s == 0 ? "" : ", ").append(model.variableName(f.variable(s)));
    }
    if (shown < f.arity()) {
      text.append(", ... ").append(f.arity()).append(" variables");
    }
    text.append(')');
    if (f.kind() == FactorKind.SUM) {
      text.append(" == ").append(f.total());
    }
    if (f.kind().weighted() && f.weightCount() <= NAMED) {
      text.append(" = [");
      for (int v = 0; v < f.weightCount(); v++) {
        text.append(v == 0 ? "" : ", ").append(weightText(f.weight(v)));
      }
      text.append(']');
    }
    return text.append(" (factor ").append(k).append(')').toString();
  }

  private static String weightText(double w) {
    return w == Math.rint(w) && w < 1e15 ? Long.toString((long) w) : DecimalText.of(w);
  }

  private static void set(long[] bits, int v) {
    bits[v >>> 6] |= 1L << v;
  }

  private static void clear(long[] bits, int v) {
    bits[v >>> 6] &= ~(1L << v);
  }

  private static boolean has(long[] bits, int v) {
    return (bits[v >>> 6] & (1L << v)) != 0;
  }

  private static boolean isEmpty(long[] bits) {
    for (long w : bits) {
      if (w != 0) {
        return false;
      }
    }
    return true;
  }

  private static int first(long[] bits) {
    for (int w = 0; w < bits.length; w++) {
      if (bits[w] != 0) {
        return w * 64 + Long.numberOfTrailingZeros(bits[w]);
      }
    }
    return -1;
  }

  private static int last(long[] bits) {
    for (int w = bits.length - 1; w >= 0; w--) {
      if (bits[w] != 0) {
        return w * 64 + 63 - Long.numberOfLeadingZeros(bits[w]);
      }
    }
    return -1;
  }
}
