package fgc.plan;

import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.solver.PlanDigest;
import fgc.solver.Propagator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A model's {@code alldiff}/{@code neq} factors as flat int tables for bitmask propagation. Value
 * {@code v} of any variable is bit {@code v - offset}, one offset for the whole model, so
 * "different values" is "disjoint bits" across variables whose domains differ. Immutable; built
 * once per model.
 *
 * <ul>
 *   <li>peers: every variable that shares a factor with a variable (naked singles remove a fixed
 *       value from them);
 *   <li>permutation units: an {@code alldiff} whose arity equals the number of values its variables
 *       can take, so every value must appear exactly once (hidden singles);
 *   <li>unit pairs: two permutation units over the same values that share at least two variables
 *       (locked candidates: a value of one unit confined to the shared part leaves the other's
 *       rest).
 *   <li>peer rows: the peers of each variable as a bitset of {@link #words} longs, for the value
 *       boards of the search over masks; only for models of at most {@value #MAX_BOARD_WORDS}
 *       words.
 * </ul>
 */
public final class BitmaskTables {
  /** Bits in a mask: the widest value range the tables can hold. */
  public static final int MAX_WIDTH = 64;

  /** The most words of variables (64 each) for which the tables hold peer rows. */
  public static final int MAX_BOARD_WORDS = 16;

  // The tables, read in place by the search's inner loops (fgc.driver.search, in the runtime) and
  // by the propagator emitter: never written after the constructor. The accessors below copy.

  public final int variables;
  public final int offset;
  public final long[] initial;
  public final int[] peerStart;
  public final int[] peers;
  public final int[] unitStart;
  public final int[] unitVars;
  public final long[] unitFull;

  /**
   * Per unit pair: start of shared, only-in-first and only-in-second variable lists in {@link
   * #pairVars}.
   */
  public final int[] pairStart;

  public final int[] pairVars;

  /**
   * Words of a units bitset, and per variable the bits of its units: {@code unitBits[v * unitWords
   * + w]}.
   */
  public final int unitWords;

  public final long[] unitBits;

  /** Per unit pair, its two units. */
  public final int[] pairUnits;

  /**
   * Words of a pairs bitset, and per variable the pairs whose unshared parts hold it: {@code
   * pairBits[v * pairWords + w]}. Only a change there can lock a value into a shared part.
   */
  public final int pairWords;

  public final long[] pairBits;

  /**
   * When every unshared part of every pair is exactly a union of other pairs' shared parts (as in
   * Sudoku: a row's cells outside a box are its other box segments), those lists: the unshared part
   * of pair {@code p}'s first unit is segments {@code sideSegments[sideStart[2p] ..
   * sideStart[2p+1])}, its second unit's {@code [sideStart[2p+1] .. sideStart[2p+2])}, a segment
   * being named by its pair. Then locked candidates read or-ed segments, each or-ed once per pass,
   * not cells. Null otherwise.
   */
  public final int[] sideStart;

  public final int[] sideSegments;

  /**
   * With {@link #sideStart}: per variable the segments (shared parts) that hold it, {@code
   * segmentBits[v * pairWords + w]}.
   */
  public final long[] segmentBits;

  /** Longs in a bitset of variables. */
  public final int words;

  /** Value bits in use: the highest bit of any domain, plus one. */
  public final int values;

  /**
   * The peers of {@code v} as a bitset at {@code peerRows[v * words]}; null beyond {@link
   * #MAX_BOARD_WORDS} words.
   */
  public final long[] peerRows;

  /**
   * With {@link #peerRows}: per value bit, the variables whose domain holds it, at {@code
   * boardInitial[bit * words]}.
   */
  public final long[] boardInitial;

  private BitmaskTables(
      int variables,
      int offset,
      long[] initial,
      int[][] peerLists,
      List<int[]> units,
      long[] unitFull,
      List<int[][]> pairs,
      List<int[]> pairUnits) {
    this.variables = variables;
    this.offset = offset;
    this.initial = initial;
    this.peerStart = new int[variables + 1];
    int total = 0;
    for (int v = 0; v < variables; v++) {
      peerStart[v] = total;
      total += peerLists[v].length;
    }
    peerStart[variables] = total;
    this.peers = new int[total];
    for (int v = 0; v < variables; v++) {
      System.arraycopy(peerLists[v], 0, peers, peerStart[v], peerLists[v].length);
    }
    this.unitStart = new int[units.size() + 1];
    this.unitVars = flatten(units, unitStart);
    this.unitFull = unitFull;
    List<int[]> parts = new ArrayList<>();
    for (int[][] pair : pairs) {
      parts.addAll(Arrays.asList(pair));
    }
    this.pairStart = new int[parts.size() + 1];
    this.pairVars = flatten(parts, pairStart);
    this.unitWords = Math.max(1, (units.size() + 63) / 64);
    this.unitBits = new long[variables * unitWords];
    for (int u = 0; u < units.size(); u++) {
      for (int v : units.get(u)) {
        unitBits[v * unitWords + (u >>> 6)] |= 1L << u;
      }
    }
    this.pairUnits = new int[2 * pairUnits.size()];
    for (int p = 0; p < pairUnits.size(); p++) {
      this.pairUnits[2 * p] = pairUnits.get(p)[0];
      this.pairUnits[2 * p + 1] = pairUnits.get(p)[1];
    }
    this.pairWords = Math.max(1, (pairUnits.size() + 63) / 64);
    this.pairBits = new long[variables * pairWords];
    for (int p = 0; p < pairUnits.size(); p++) {
      for (int k = pairStart[3 * p + 1]; k < pairStart[3 * p + 3]; k++) {
        pairBits[pairVars[k] * pairWords + (p >>> 6)] |= 1L << p;
      }
    }
    int[][] sides = segmentCovers();
    this.sideStart = sides == null ? null : new int[sides.length + 1];
    this.sideSegments = sides == null ? null : flatten(Arrays.asList(sides), sideStart);
    this.segmentBits = sides == null ? null : new long[variables * pairWords];
    for (int p = 0; sides != null && p < pairUnits.size(); p++) {
      for (int k = pairStart[3 * p]; k < pairStart[3 * p + 1]; k++) {
        segmentBits[pairVars[k] * pairWords + (p >>> 6)] |= 1L << p;
      }
    }
    this.words = (variables + 63) >>> 6;
    long union = 0;
    for (long m : initial) {
      union |= m;
    }
    this.values = 64 - Long.numberOfLeadingZeros(union);
    this.peerRows = words > MAX_BOARD_WORDS ? null : new long[variables * words];
    this.boardInitial = peerRows == null ? null : new long[values * words];
    for (int v = 0; peerRows != null && v < variables; v++) {
      for (int k = peerStart[v]; k < peerStart[v + 1]; k++) {
        peerRows[v * words + (peers[k] >>> 6)] |= 1L << peers[k];
      }
      for (long left = initial[v]; left != 0; left &= left - 1) {
        boardInitial[Long.numberOfTrailingZeros(left) * words + (v >>> 6)] |= 1L << v;
      }
    }
  }

  /**
   * Per pair side (first unit's unshared part, then second's), disjoint shared parts of other pairs
   * whose union is exactly that side; null when some side has no such cover. The side still to
   * cover is a mark per variable, not a set of boxed numbers: the tables are built on the first
   * puzzle of a run, before the JIT has compiled anything.
   */
  private int[][] segmentCovers() {
    int pairs = pairUnits.length / 2;
    int[][] sides = new int[2 * pairs][];
    int[] rest = new int[variables];
    int[] cover = new int[pairs];
    int stamp = 0;
    for (int p = 0; p < pairs; p++) {
      for (int side = 0; side < 2; side++) {
        stamp++;
        int left = 0;
        for (int k = pairStart[3 * p + 1 + side]; k < pairStart[3 * p + 2 + side]; k++) {
          if (rest[pairVars[k]] != stamp) {
            rest[pairVars[k]] = stamp;
            left++;
          }
        }
        int covered = 0;
        for (int q = 0; q < pairs && left > 0; q++) {
          if (q != p && allMarked(rest, stamp, pairStart[3 * q], pairStart[3 * q + 1])) {
            for (int k = pairStart[3 * q]; k < pairStart[3 * q + 1]; k++) {
              rest[pairVars[k]] = 0;
            }
            left -= pairStart[3 * q + 1] - pairStart[3 * q];
            cover[covered++] = q;
          }
        }
        if (left > 0) {
          return null;
        }
        sides[2 * p + side] = Arrays.copyOf(cover, covered);
      }
    }
    return sides;
  }

  /**
   * Whether every variable of {@code pairVars[from..to)} is marked {@code stamp} in {@code marks}.
   */
  private boolean allMarked(int[] marks, int stamp, int from, int to) {
    for (int k = from; k < to; k++) {
      if (marks[pairVars[k]] != stamp) {
        return false;
      }
    }
    return true;
  }

  private static int[] flatten(List<int[]> lists, int[] starts) {
    int total = 0;
    for (int i = 0; i < lists.size(); i++) {
      starts[i] = total;
      total += lists.get(i).length;
    }
    starts[lists.size()] = total;
    int[] flat = new int[total];
    for (int i = 0; i < lists.size(); i++) {
      System.arraycopy(lists.get(i), 0, flat, starts[i], lists.get(i).length);
    }
    return flat;
  }

  /**
   * Whether {@link #of} can hold {@code model}: only {@code alldiff} and {@code neq} factors, and
   * values spanning at most {@value #MAX_WIDTH}. (The exact driver sends every other model to its
   * general search.)
   *
   * @param model the model
   * @return whether the bitmask search can hold it
   */
  public static boolean fits(Model model) {
    int lo = Integer.MAX_VALUE;
    int hi = Integer.MIN_VALUE;
    for (fgc.model.VariableArray a : model.arrays()) {
      lo = Math.min(lo, a.domain().lo());
      hi = Math.max(hi, a.domain().hi());
    }
    if ((long) hi - lo + 1 > MAX_WIDTH) {
      return false;
    }
    for (Factor f : model.factors()) {
      if (f.kind() != fgc.model.FactorKind.ALLDIFF && f.kind() != fgc.model.FactorKind.NEQ) {
        return false;
      }
    }
    return true;
  }

  /**
   * The tables of {@code model}; IllegalArgumentException when a factor is of a kind the exact
   * driver has no propagation for, or when the model's values span more than {@value #MAX_WIDTH}.
   *
   * @param model the model
   * @return its tables
   */
  public static BitmaskTables of(Model model) {
    int n = model.variableCount();
    int lo = Integer.MAX_VALUE;
    int hi = Integer.MIN_VALUE;
    for (int v = 0; v < n; v++) {
      Domain d = model.domainOf(v);
      lo = Math.min(lo, d.lo());
      hi = Math.max(hi, d.hi());
    }
    if (n > 0 && (long) hi - lo + 1 > MAX_WIDTH) {
      throw new IllegalArgumentException(
          "the exact driver holds values in "
              + MAX_WIDTH
              + "-bit masks; model "
              + model.name()
              + " has values "
              + lo
              + ".."
              + hi
              + " ("
              + ((long) hi - lo + 1)
              + " values)");
    }
    long[] initial = new long[n];
    for (int v = 0; v < n; v++) {
      Domain d = model.domainOf(v);
      initial[v] = bits(d.lo() - lo, d.hi() - lo);
    }
    List<int[]> units = new ArrayList<>();
    List<Long> fulls = new ArrayList<>();
    List<Factor> factors = model.factors();
    int[][] scopes = new int[factors.size()][];
    int[] memberships = new int[n + 1];
    long[] inScope = new long[(n + 63) >>> 6];
    for (int index = 0; index < scopes.length; index++) {
      Factor f = factors.get(index);
      switch (f.kind()) {
        case ALLDIFF:
        case NEQ:
          break;
        default:
          throw new IllegalArgumentException(
              model.atFactor(
                  index,
                  "the exact driver's bitmask search propagates alldiff and neq"
                      + " factors only; factor "
                      + index
                      + " of model "
                      + model.name()
                      + " is "
                      + f.kind().keyword()));
      }
      int[] scope = f.scope();
      long union = 0;
      boolean distinct = true;
      scopes[index] = scope;
      for (int a : scope) {
        union |= initial[a];
        long bit = 1L << a;
        distinct &= (inScope[a >>> 6] & bit) == 0;
        inScope[a >>> 6] |= bit;
        memberships[a + 1]++;
      }
      for (int a : scope) {
        inScope[a >>> 6] = 0;
      }
      if (Long.bitCount(union) == scope.length && distinct) {
        units.add(scope);
        fulls.add(union);
      }
    }
    // Each variable's peers in the order they are first met, factor by factor in scope order: its
    // factors listed per variable, a mark per peer already taken (the tables are built on the first
    // puzzle of a run, before the JIT has compiled anything, so boxed sets cost there what many
    // searches do).
    for (int v = 0; v < n; v++) {
      memberships[v + 1] += memberships[v];
    }
    int[] factorsOf = new int[memberships[n]];
    int[] filled = Arrays.copyOf(memberships, n);
    for (int index = 0; index < scopes.length; index++) {
      for (int a : scopes[index]) {
        factorsOf[filled[a]++] = index;
      }
    }
    int[][] peerLists = new int[n][];
    int[] mark = new int[n];
    int[] found = new int[n];
    for (int a = 0; a < n; a++) {
      int count = 0;
      for (int k = memberships[a]; k < memberships[a + 1]; k++) {
        for (int b : scopes[factorsOf[k]]) {
          if (b != a && mark[b] != a + 1) {
            mark[b] = a + 1;
            found[count++] = b;
          }
        }
      }
      peerLists[a] = Arrays.copyOf(found, count);
    }
    long[] unitFull = new long[fulls.size()];
    for (int u = 0; u < unitFull.length; u++) {
      unitFull[u] = fulls.get(u);
    }
    List<int[]> pairUnits = new ArrayList<>();
    List<int[][]> pairs = unitPairs(units, unitFull, pairUnits, n);
    return new BitmaskTables(
        n, n == 0 ? 0 : lo, initial, peerLists, units, unitFull, pairs, pairUnits);
  }

  /**
   * Pairs of units over the same values sharing two or more variables: shared, first-only,
   * second-only (each in its unit's order).
   */
  private static List<int[][]> unitPairs(
      List<int[]> units, long[] full, List<int[]> pairUnits, int n) {
    List<int[][]> pairs = new ArrayList<>();
    // inFirst[v] == a + 1 while unit a is the first of the pairs looked at, inSecond[v] == b + 1
    // for the second.
    int[] inFirst = new int[n];
    int[] inSecond = new int[n];
    for (int a = 0; a < units.size(); a++) {
      int[] first = units.get(a);
      for (int v : first) {
        inFirst[v] = a + 1;
      }
      for (int b = a + 1; b < units.size(); b++) {
        if (full[a] != full[b]) {
          continue;
        }
        int[] second = units.get(b);
        int shared = 0;
        for (int v : second) {
          shared += inFirst[v] == a + 1 ? 1 : 0;
        }
        // A unit's variables are distinct, so its size is its array's length.
        if (shared < 2 || shared == first.length || shared == second.length) {
          continue;
        }
        for (int v : second) {
          inSecond[v] = b + 1;
        }
        pairs.add(
            new int[][] {
              part(first, inSecond, b + 1, true, shared),
              part(first, inSecond, b + 1, false, first.length - shared),
              part(second, inFirst, a + 1, false, second.length - shared)
            });
        pairUnits.add(new int[] {a, b});
      }
    }
    return pairs;
  }

  /**
   * The {@code size} variables of {@code unit}, in its order, that are ({@code inside}) or are not
   * marked {@code stamp}.
   */
  private static int[] part(int[] unit, int[] marks, int stamp, boolean inside, int size) {
    int[] out = new int[size];
    int k = 0;
    for (int v : unit) {
      if ((marks[v] == stamp) == inside) {
        out[k++] = v;
      }
    }
    return out;
  }

  private static long bits(int from, int to) {
    long upper = to == 63 ? -1L : (1L << (to + 1)) - 1;
    return upper & (-1L << from);
  }

  /**
   * The bits a value mask spans: one past the highest value bit of any domain.
   *
   * @return the width in bits
   */
  public int valueWidth() {
    return values;
  }

  /**
   * The number of variables.
   *
   * @return the number of variables
   */
  public int variableCount() {
    return variables;
  }

  /**
   * The value that bit {@code bit} stands for.
   *
   * @param bit a bit of a value mask
   * @return its value
   */
  public int valueOf(int bit) {
    return offset + bit;
  }

  /**
   * The bit that value {@code value} is held in.
   *
   * @param value a value of some domain
   * @return its bit
   */
  public int bitOf(int value) {
    return value - offset;
  }

  /**
   * The mask of every value {@code variable} can take.
   *
   * @param variable a variable's index
   * @return its domain as a mask
   */
  public long domainMask(int variable) {
    return initial[variable];
  }

  /**
   * How many permutation units there are: sets of variables that take every value of a set exactly
   * once (an alldiff as wide as its values).
   *
   * @return the number of units
   */
  public int permutationUnitCount() {
    return unitFull.length;
  }

  /**
   * How many unit pairs there are: two permutation units that share at least two variables, between
   * which locked candidates propagate.
   *
   * @return the number of pairs
   */
  public int unitPairCount() {
    return (pairStart.length - 1) / 3;
  }

  // Copies of the tables, for the compiler's propagator emitter (a generated class holds them as
  // constants); the search itself reads the fields.

  /**
   * The words of the state array.
   *
   * @return the number of words
   */
  public int words() {
    return words;
  }

  /**
   * Per permutation unit, the start of its variables in {@link #unitVars}; one more entry at the
   * end.
   *
   * @return a copy of the starts
   */
  public int[] unitStart() {
    return copy(unitStart);
  }

  /**
   * The variables of each permutation unit, unit after unit.
   *
   * @return a copy of the variables
   */
  public int[] unitVars() {
    return copy(unitVars);
  }

  /**
   * Per unit, the mask of the values it must hold.
   *
   * @return a copy of the masks
   */
  public long[] unitFull() {
    return copy(unitFull);
  }

  /**
   * Per unit pair, its three starts (variables, then its two sides' segments).
   *
   * @return a copy of the starts
   */
  public int[] pairStart() {
    return copy(pairStart);
  }

  /**
   * The variables of each unit pair.
   *
   * @return a copy of the variables
   */
  public int[] pairVars() {
    return copy(pairVars);
  }

  /**
   * Words per variable of {@link #unitBits}.
   *
   * @return the number of words
   */
  public int unitWords() {
    return unitWords;
  }

  /**
   * Per variable, the bitset of the units it is in.
   *
   * @return a copy of the bitsets
   */
  public long[] unitBits() {
    return copy(unitBits);
  }

  /**
   * Words per variable of {@link #pairBits} and {@link #segmentBits}.
   *
   * @return the number of words
   */
  public int pairWords() {
    return pairWords;
  }

  /**
   * Per variable, the bitset of the unit pairs it is in.
   *
   * @return a copy of the bitsets
   */
  public long[] pairBits() {
    return copy(pairBits);
  }

  /**
   * Per variable, the bitset of the segments it is in.
   *
   * @return a copy of the bitsets
   */
  public long[] segmentBits() {
    return copy(segmentBits);
  }

  /**
   * Per unit pair side, the start of its segments in {@link #sideSegments}; null without segment
   * covers.
   *
   * @return a copy of the starts, or null
   */
  public int[] sideStart() {
    return copy(sideStart);
  }

  /**
   * The segments of each side.
   *
   * @return a copy of the segments
   */
  public int[] sideSegments() {
    return copy(sideSegments);
  }

  /**
   * Per variable, its peers as a bitset over the variables; null when the model is too large for
   * rows.
   *
   * @return a copy of the rows, or null
   */
  public long[] peerRows() {
    return copy(peerRows);
  }

  /**
   * What a generated propagator is made of, as a {@link PlanDigest}: the sizes and the tables its
   * code and constants are generated from (every other table it holds is derived from these). A
   * generated class reports the same digest, computed from its own constants ({@code
   * Propagator.tablesDigest()}), and the cache refuses one that reports another: a class made for
   * other tables, or by an fgc whose tables differ from this one's for the same model.
   *
   * @return the digest in hex
   */
  public String digest() {
    return Propagator.digestOf(
        variables,
        words,
        values,
        unitStart,
        unitVars,
        unitFull,
        pairStart,
        pairVars,
        sideStart,
        sideSegments,
        peerRows);
  }

  private static int[] copy(int[] a) {
    return a == null ? null : a.clone();
  }

  private static long[] copy(long[] a) {
    return a == null ? null : a.clone();
  }
}
