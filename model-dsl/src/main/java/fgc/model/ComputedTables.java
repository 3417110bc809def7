package fgc.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tables a {@link ModelBuilder} computes from relation and weight formulas: each expanded once
 * per formula text (or shape) and domains, shared by every factor of it, and counted once among the
 * model's weights.
 */
final class ComputedTables {
  private final DeclaredVariables declared;

  /**
   * Tables computed from formulas, by formula text (variables by scope position) and domains: equal
   * ones are computed once, and every factor of them shares the table and the formula.
   */
  private final Map<String, Expanded> computed = new HashMap<>();

  /**
   * A computed table, the formula it comes from (variables by scope position), and whether the
   * canonical text writes the formula.
   */
  record Expanded(Formula formula, double[] table, boolean compact) {}

  /**
   * Tables of weights given as a shape ({@link ModelBuilder#weight(int[], Formula, int[])}), by the
   * shape itself, where its variables sit in the scope, and the domains: the same entry {@link
   * #computed} holds for their text, found without writing it.
   */
  private final Map<ShapeKey, Expanded> shaped = new HashMap<>();

  /** The last shape's key and table: a loop's factors mostly repeat the one before. */
  private ShapeKey lastShape;

  private Expanded lastShaped;

  /**
   * A shape (by identity), its variables' positions in a factor's scope, and the scope's domains.
   */
  private static final class ShapeKey {
    final Formula shape;
    final int[] positions;
    final Domain[] domains;
    private final int hash;

    ShapeKey(Formula shape, int[] positions, Domain[] domains) {
      this.shape = shape;
      this.positions = positions;
      this.domains = domains;
      this.hash =
          (System.identityHashCode(shape) * 31 + Arrays.hashCode(positions)) * 31
              + Arrays.hashCode(domains);
    }

    boolean matches(Formula s, int[] p, Domain[] d) {
      return shape == s && Arrays.equals(positions, p) && Arrays.equals(domains, d);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ShapeKey k && k.matches(shape, positions, domains);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  /**
   * The computed tables some factor holds already: a shared one counts once among the model's
   * weights.
   */
  private final Set<Expanded> counted = Collections.newSetFromMap(new IdentityHashMap<>());

  private long expansionWork;

  /** Tables in the order {@link #counted} took them, so a rollback can forget the later ones. */
  private final List<Expanded> countedOrder = new ArrayList<>();

  ComputedTables(DeclaredVariables declared) {
    this.declared = declared;
  }

  /**
   * The table of {@code formula} over {@code scope}, row-major over the scope's domains; equal
   * formulas over equal domains share one computed array. Every value must be defined and, for a
   * weight, finite and non-negative.
   */
  Expanded expand(String what, Formula formula, int[] scope, String hint) {
    Domain[] domains = declared.domains(scope);
    long entries = Factor.jointSize(domains);
    if (entries > Limits.MAX_TABLE_ENTRIES) {
      throw new ModelException(
          what
              + " over "
              + scope.length
              + " variables ("
              + declared.describeAll(scope)
              + ") would need a table of "
              + (entries == Long.MAX_VALUE ? "more than " + Long.MAX_VALUE : entries)
              + " entries; the limit is "
              + Limits.MAX_TABLE_ENTRIES
              + hint);
    }
    // The key is written from the formula as given, renumbering as it goes: a loop's factors
    // mostly repeat one formula, and then nothing else is made for them.
    StringBuilder keyText = formula.boundText(scope);
    keyText.append(" over");
    for (Domain d : domains) {
      keyText.append(' ').append(d.lo()).append("..").append(d.hi());
    }
    String key = keyText.toString();
    Expanded cached = computed.get(key);
    if (cached != null) {
      return cached;
    }
    Formula bound = formula.bind(scope);
    long work = entries * bound.size();
    if (expansionWork + work > Limits.MAX_EXPANSION_WORK) {
      throw new ModelException(
          "the model's relations and weight formulas take more than "
              + Limits.MAX_EXPANSION_WORK
              + " steps to expand into tables; the limit is "
              + Limits.MAX_EXPANSION_WORK);
    }
    expansionWork += work;
    double[] table = new double[(int) entries];
    int[] values = new int[scope.length];
    for (int p = 0; p < scope.length; p++) {
      values[p] = domains[p].lo();
    }
    boolean weight = bound.type() != Formula.Type.BOOL;
    for (int k = 0; k < table.length; k++) {
      double w;
      try {
        w = bound.valueAt(values);
      } catch (ModelException e) {
        throw new ModelException(
            e.getMessage() + " in the " + what + " where " + declared.assignment(scope, values));
      }
      if (weight && (!(w >= 0) || Double.isInfinite(w))) {
        throw new ModelException(
            "the weight formula gives "
                + w
                + " where "
                + declared.assignment(scope, values)
                + "; weights must be finite and non-negative");
      }
      table[k] = w == 0.0 ? 0.0 : w;
      Factor.next(values, domains);
    }
    Expanded made = new Expanded(bound, table, Factor.writeFormula(bound.text(), table));
    computed.put(key, made);
    return made;
  }

  /**
   * The table of {@code shape}, its variable {@code k} standing for {@code variables[k]} (at {@code
   * positions} of {@code scope}): found by the shape's identity, else expanded from its text.
   */
  Expanded ofShape(Formula shape, int[] positions, int[] variables, int[] scope) {
    Domain[] domains = declared.domains(scope);
    Expanded table;
    if (lastShape != null && lastShape.matches(shape, positions, domains)) {
      table = lastShaped;
    } else {
      ShapeKey key = new ShapeKey(shape, positions, domains);
      table = shaped.get(key);
      if (table == null) {
        table = expand("weight", shape.renumbered(variables), scope, "");
        shaped.put(key, table);
      }
      lastShape = key;
      lastShaped = table;
    }
    return table;
  }

  /** The domains of the last shape's scope: one array for its factors, which never change it. */
  Domain[] lastShapeDomains() {
    return lastShape.domains;
  }

  static boolean allZero(double[] table) {
    for (double w : table) {
      if (w != 0.0) {
        return false;
      }
    }
    return true;
  }

  /** Counts {@code table} among the model's weights the first time it is used; true then. */
  boolean count(Expanded table) {
    if (!counted.add(table)) {
      return false;
    }
    countedOrder.add(table);
    return true;
  }

  /** How many tables are counted so far, for {@link #forgetAfter}. */
  int countedSize() {
    return countedOrder.size();
  }

  /** Forgets every table counted after the first {@code size}: their factors were taken back. */
  void forgetAfter(int size) {
    while (countedOrder.size() > size) {
      counted.remove(countedOrder.remove(countedOrder.size() - 1));
    }
  }
}
