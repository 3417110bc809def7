package fgc.solver;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The tables of pairwise BP (per variable its first edge slot; per directed edge its neighbour,
 * reverse edge, potential kind and matrix; per variable its unary weights), rebuilt when a class
 * loads from the few numbers that describe the model's factor families. A class then holds those
 * numbers, not tables the size of its edges, and its size and plan check do not grow with the grid.
 *
 * <p>{@code families} lists the families one after the other, each as {@code potential, arity,
 * dimensions, counts[dimensions], first variables[arity], steps[dimensions][arity]} (member {@code
 * (i0, i1, ..)}'s variable at position {@code p} is {@code first[p] + i0 * steps[0][p] + ..},
 * members in loop order, the last dimension fastest). The potential is {@link #NEQ} (a {@code neq}
 * or {@code alldiff}: every pair of its positions), {@link #EQ} (its first two positions), or
 * {@link #weightsAt} where its weights start in {@code weights}: a table over its two variables
 * (first variable's value the row) or, for arity 1, a variable's unary weights. Every entry is
 * non-negative, as a class's packed tables hold them: steps are written by {@link
 * FamilyTables#zigzag}.
 *
 * <p>The tables are those the planner made from the ground factors: edges grouped by source
 * variable, neighbours ascending; every factor between the same two variables combined into one
 * potential (tables multiplied in model order, then the pair's {@code neq} and {@code eq} applied),
 * each matrix formed from the sender's side and stored once, pair by pair in ascending order; unary
 * weights multiplied per variable in model order. Every product is kept in scale as it is formed
 * (largest entry in [1, 2)), as the planner's weights are.
 */
public final class PairFamilies {
  /**
   * The potential of a {@code neq} or {@code alldiff} family: every pair of its variables differs.
   */
  public static final int NEQ = 0;

  /** The potential of an {@code eq} family: its first two variables are equal. */
  public static final int EQ = 1;

  /**
   * The potential of a family whose weights start at {@code start}.
   *
   * @param start where the weights start
   * @return the potential's code
   */
  public static int weightsAt(int start) {
    return start + 2;
  }

  private static final byte SPECIAL = 1;
  private static final byte EQ_FLAG = 2;
  private static final byte NEQ_FLAG = 4;

  private final int[] offset;
  private final int[] neighbour;
  private final int[] reverse;
  private final int[] edgeKind;
  private final int[] edgeInfo;
  private final int[] pairInfo;
  private final double[] pairWeights;
  private final int[] unaryAt;
  private final double[] unary;
  private final int maxDegree;

  private PairFamilies(
      int[] offset,
      int[] neighbour,
      int[] reverse,
      int[] edgeKind,
      int[] edgeInfo,
      int[] pairInfo,
      double[] pairWeights,
      int[] unaryAt,
      double[] unary) {
    this.offset = offset;
    this.neighbour = neighbour;
    this.reverse = reverse;
    this.edgeKind = edgeKind;
    this.edgeInfo = edgeInfo;
    this.pairInfo = pairInfo;
    this.pairWeights = pairWeights;
    this.unaryAt = unaryAt;
    this.unary = unary;
    int max = 0;
    for (int i = 0; i + 1 < offset.length; i++) {
      max = Math.max(max, offset[i + 1] - offset[i]);
    }
    this.maxDegree = max;
  }

  /** Where the family after the one at {@code at} starts in {@code families}. */
  private static int next(int[] families, int at) {
    int arity = families[at + 1];
    int dims = families[at + 2];
    return at + 3 + dims + arity + dims * arity;
  }

  /**
   * The variables of every member of the family at {@code at}, member after member in loop order
   * ({@code arity} each): the passes below read them as a plain array, loops a cold JVM compiles at
   * once, rather than calling back per member.
   */
  private static int[] expand(int[] families, int at) {
    int arity = families[at + 1];
    int dims = families[at + 2];
    int countsAt = at + 3;
    long size = 1;
    for (int d = 0; d < dims; d++) {
      size *= families[countsAt + d];
    }
    int[] out = new int[Math.toIntExact(size * arity)];
    FamilyTables.scopes(families, countsAt, dims, arity, out, 0);
    return out;
  }

  /**
   * The tables for a model of {@code variables} variables over {@code width} aligned values.
   *
   * @param variables how many variables
   * @param width how many aligned values a variable's block has
   * @param varOffset per variable its lowest value's offset in the block, or null when every
   *     variable has all {@code width}
   * @param varSize per variable its number of values, or null likewise
   * @param families the families (see the class comment)
   * @param weights the tables and unary weights the families point into
   * @return the tables
   */
  public static PairFamilies of(
      int variables, int width, int[] varOffset, int[] varSize, int[] families, double[] weights) {
    int n = variables;
    // Each pair once, bucketed by its smaller variable, then each bucket sorted and made distinct:
    // pairs in ascending order, with no sort of them all.
    // Every family's members, once: the passes below read them as arrays.
    int familyCount = 0;
    for (int at = 0; at < families.length; at = next(families, at)) {
      familyCount++;
    }
    int[] familyAt = new int[familyCount];
    int[][] memberVars = new int[familyCount][];
    for (int at = 0, k = 0; at < families.length; at = next(families, at), k++) {
      familyAt[k] = at;
      memberVars[k] = expand(families, at);
    }
    int[] low = new int[n + 1];
    for (int k = 0; k < familyCount; k++) {
      int arity = families[familyAt[k] + 1];
      int[] v = memberVars[k];
      for (int m = 0; arity >= 2 && m < v.length; m += arity) {
        for (int a = m; a < m + arity; a++) {
          for (int b = a + 1; b < m + arity; b++) {
            low[Math.min(v[a], v[b]) + 1]++;
          }
        }
      }
    }
    for (int i = 0; i < n; i++) {
      low[i + 1] += low[i];
    }
    int[] high = new int[low[n]];
    int[] fillLow = Arrays.copyOf(low, n);
    for (int k = 0; k < familyCount; k++) {
      int arity = families[familyAt[k] + 1];
      int[] v = memberVars[k];
      for (int m = 0; arity >= 2 && m < v.length; m += arity) {
        for (int a = m; a < m + arity; a++) {
          for (int b = a + 1; b < m + arity; b++) {
            high[fillLow[Math.min(v[a], v[b])]++] = Math.max(v[a], v[b]);
          }
        }
      }
    }
    int[] degree = new int[n];
    int[] upStart = new int[n + 1];
    int distinct = 0;
    for (int x = 0; x < n; x++) {
      Arrays.sort(high, low[x], low[x + 1]);
      upStart[x] = distinct;
      for (int k = low[x]; k < low[x + 1]; k++) {
        if (k == low[x] || high[k] != high[k - 1]) {
          high[distinct++] = high[k];
          degree[x]++;
          degree[high[k]]++;
        }
      }
    }
    upStart[n] = distinct;
    int[] offset = new int[n + 1];
    for (int i = 0; i < n; i++) {
      offset[i + 1] = offset[i] + degree[i];
    }
    // Pairs in ascending order give each variable its neighbours in ascending order: those below it
    // come from pairs that start lower. Both edges of a pair are placed together.
    int[] neighbour = new int[offset[n]];
    int[] reverse = new int[neighbour.length];
    int[] fill = degree;
    System.arraycopy(offset, 0, fill, 0, n);
    for (int x = 0; x < n; x++) {
      for (int k = upStart[x]; k < upStart[x + 1]; k++) {
        int y = high[k];
        int ex = fill[x]++;
        int ey = fill[y]++;
        neighbour[ex] = y;
        neighbour[ey] = x;
        reverse[ex] = ey;
        reverse[ey] = ex;
      }
    }

    // Per pair (at its edge from the smaller variable): flags and its tables as a list in model
    // order; per variable its unary weights likewise. A list entry: where its weights start, and
    // the table's first variable (its rows).
    byte[] flags = new byte[neighbour.length];
    Lists tables = new Lists(neighbour.length);
    Lists unaries = new Lists(n);
    boolean anySpecial = false;
    for (int k = 0; k < familyCount; k++) {
      int potential = families[familyAt[k]];
      int arity = families[familyAt[k] + 1];
      int start = potential - 2;
      int[] v = memberVars[k];
      if (potential == EQ && arity >= 2 || start >= 0 && arity == 2) {
        for (int m = 0; m < v.length; m += arity) {
          int pair = pairEdge(offset, neighbour, v[m], v[m + 1]);
          flags[pair] |= SPECIAL;
          anySpecial = true;
          if (potential == EQ) {
            flags[pair] |= EQ_FLAG;
          } else {
            tables.add(pair, start, v[m]);
          }
        }
      } else if (start >= 0 && arity == 1) {
        for (int m = 0; m < v.length; m++) {
          unaries.add(v[m], start, v[m]);
        }
      }
    }
    if (anySpecial) {
      for (int k = 0; k < familyCount; k++) {
        if (families[familyAt[k]] != NEQ) {
          continue;
        }
        int arity = families[familyAt[k] + 1];
        int[] v = memberVars[k];
        for (int m = 0; m < v.length; m += arity) {
          for (int a = m; a < m + arity; a++) {
            for (int b = a + 1; b < m + arity; b++) {
              int pair = pairEdge(offset, neighbour, v[a], v[b]);
              if ((flags[pair] & SPECIAL) != 0) {
                flags[pair] |= NEQ_FLAG;
              }
            }
          }
        }
      }
    }
    int[] edgeKind = new int[neighbour.length];
    int[] edgeInfo = new int[neighbour.length];
    Matrices matrices = new Matrices(tables, weights, width, varOffset, varSize);
    for (int i = 0; i < n; i++) {
      for (int e = offset[i]; e < offset[i + 1]; e++) {
        int j = neighbour[e];
        if (j < i) {
          continue; // done from j's side
        }
        int back = reverse[e];
        if ((flags[e] & SPECIAL) == 0) {
          edgeKind[e] = PairwiseKernels.NEQ;
          edgeKind[back] = PairwiseKernels.NEQ;
        } else if (tables.first[e] < 0 && (flags[e] & NEQ_FLAG) == 0) {
          edgeKind[e] = PairwiseKernels.EQ;
          edgeKind[back] = PairwiseKernels.EQ;
        } else {
          edgeKind[e] = PairwiseKernels.MATRIX;
          edgeKind[back] = PairwiseKernels.MATRIX;
          edgeInfo[e] = matrices.at(tables.first[e], flags[e], i, j);
          edgeInfo[back] = matrices.at(tables.first[e], flags[e], j, i);
        }
      }
    }
    int[] unaryAt = new int[n];
    DoubleList unary = new DoubleList();
    double[] block = new double[width];
    int blocks = 0;
    for (int i = 0; i < n; i++) {
      if (unaries.first[i] >= 0) {
        unaryAt[i] = 1 + blocks++;
        int from = varOffset == null ? 0 : varOffset[i];
        int size = varSize == null ? width : varSize[i];
        Arrays.fill(block, 0.0);
        Arrays.fill(block, from, from + size, 1.0);
        // One combined prior per variable, each factor scaled before it is multiplied in and the
        // product scaled after each: no finite weights overflow it.
        for (int k = unaries.first[i]; k >= 0; k = unaries.next[k]) {
          double[] w = Arrays.copyOfRange(weights, unaries.start[k], unaries.start[k] + size);
          rescale(w, 0, size);
          for (int v = 0; v < size; v++) {
            block[from + v] = Numerics.times(block[from + v], w[v]);
          }
          rescale(block, from, size);
        }
        unary.addAll(block);
      }
    }
    return new PairFamilies(
        offset,
        neighbour,
        reverse,
        edgeKind,
        edgeInfo,
        matrices.info.toArray(),
        matrices.weights.toArray(),
        unaryAt,
        unary.toArray());
  }

  /** The edge from the smaller of {@code a}, {@code b} to the larger: the pair's own. */
  private static int pairEdge(int[] offset, int[] neighbour, int a, int b) {
    int from = Math.min(a, b);
    return Arrays.binarySearch(neighbour, offset[from], offset[from + 1], Math.max(a, b));
  }

  /**
   * Scales {@code x[from .. from+length)} in place by the power of two that brings its largest
   * entry into [1, 2), raising positive entries that would fall below {@link Numerics#TINY} to it:
   * the planner's scaling of message-passing weights, so the tables are the numbers it made.
   */
  static void rescale(double[] x, int from, int length) {
    double max = 0.0;
    for (int k = from; k < from + length; k++) {
      max = Math.max(max, x[k]);
    }
    if (max == 0.0) {
      return;
    }
    if (max
        < Double.MIN_NORMAL) { // subnormal weights: made normal first (exactly), so the shift below
      // finds their exponent
      for (int k = from; k < from + length; k++) {
        x[k] = Math.scalb(x[k], 600);
      }
      max = Math.scalb(max, 600);
    }
    int shift = -Math.getExponent(max);
    for (int k = from; k < from + length; k++) {
      if (x[k] != 0.0) {
        x[k] = Math.max(Numerics.TINY, Math.scalb(x[k], shift));
      }
    }
  }

  /**
   * Lists in model order, one per slot (a pair's edge or a variable), as arrays through {@code
   * next}.
   */
  private static final class Lists {
    final int[] first;
    final int[] last;
    int[] next = new int[16];
    int[] start = new int[16];
    int[] rows = new int[16];
    int size;

    Lists(int slots) {
      first = new int[slots];
      last = new int[slots];
      Arrays.fill(first, -1);
    }

    void add(int slot, int weightStart, int row) {
      if (size == next.length) {
        next = Arrays.copyOf(next, 2 * size);
        start = Arrays.copyOf(start, 2 * size);
        rows = Arrays.copyOf(rows, 2 * size);
      }
      next[size] = -1;
      start[size] = weightStart;
      rows[size] = row;
      if (first[slot] < 0) {
        first[slot] = size;
      } else {
        next[last[slot]] = size;
      }
      last[slot] = size;
      size++;
    }
  }

  /** A growing array of ints. */
  private static final class IntList {
    int[] values = new int[16];
    int size;

    void add(int x) {
      if (size == values.length) {
        values = Arrays.copyOf(values, 2 * size);
      }
      values[size++] = x;
    }

    int[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }

  /** A growing array of doubles. */
  private static final class DoubleList {
    double[] values = new double[16];
    int size;

    void addAll(double[] x) {
      if (size + x.length > values.length) {
        values = Arrays.copyOf(values, Math.max(2 * values.length, size + x.length));
      }
      System.arraycopy(x, 0, values, size, x.length);
      size += x.length;
    }

    double[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }

  /**
   * The matrices of the edges, each stored once: per matrix its weights' start and ranges in {@link
   * #info}, its weights in {@link #weights}. The last matrix formed from a single table of each
   * orientation is remembered: a grid's million couplings of one table are formed once.
   */
  private static final class Matrices {
    private final Lists tables;
    private final double[] source;
    private final int width;
    private final int[] varOffset;
    private final int[] varSize;
    final IntList info = new IntList();
    final DoubleList weights = new DoubleList();
    private final Map<Block, Integer> stored = new HashMap<>();

    /**
     * Per orientation: the last single table's weight start, flags, ranges, and where its matrix
     * is.
     */
    private final int[][] last = {{-1, 0, 0, 0, 0, 0, -1}, {-1, 0, 0, 0, 0, 0, -1}};

    Matrices(Lists tables, double[] source, int width, int[] varOffset, int[] varSize) {
      this.tables = tables;
      this.source = source;
      this.width = width;
      this.varOffset = varOffset;
      this.varSize = varSize;
    }

    int at(int first, byte flags, int sender, int receiver) {
      int senderOffset = varOffset == null ? 0 : varOffset[sender];
      int senderSize = varSize == null ? width : varSize[sender];
      int receiverOffset = varOffset == null ? 0 : varOffset[receiver];
      int receiverSize = varSize == null ? width : varSize[receiver];
      boolean single = first >= 0 && tables.next[first] < 0;
      int[] memo = null;
      if (single) {
        memo = last[tables.rows[first] == sender ? 1 : 0];
        if (memo[6] >= 0
            && memo[0] == tables.start[first]
            && memo[1] == flags
            && memo[2] == senderOffset
            && memo[3] == senderSize
            && memo[4] == receiverOffset
            && memo[5] == receiverSize) {
          return memo[6];
        }
      }
      double[] w = new double[senderSize * receiverSize];
      Arrays.fill(w, 1.0);
      double[] scaled = new double[w.length];
      // The product of the pair's tables, each scaled before it is multiplied in and the product
      // scaled after each, so no finite tables overflow it.
      for (int f = first; f >= 0; f = tables.next[f]) {
        System.arraycopy(source, tables.start[f], scaled, 0, scaled.length);
        rescale(scaled, 0, scaled.length);
        boolean senderFirst = tables.rows[f] == sender;
        for (int a = 0; a < senderSize; a++) {
          for (int b = 0; b < receiverSize; b++) {
            int k = a * receiverSize + b;
            w[k] = Numerics.times(w[k], scaled[senderFirst ? k : b * senderSize + a]);
          }
        }
        rescale(w, 0, w.length);
      }
      boolean neq = (flags & NEQ_FLAG) != 0;
      boolean eq = (flags & EQ_FLAG) != 0;
      for (int a = 0; a < senderSize; a++) {
        for (int b = 0; b < receiverSize; b++) {
          boolean same = senderOffset + a == receiverOffset + b;
          if ((neq && same) || (eq && !same)) {
            w[a * receiverSize + b] = 0.0;
          }
        }
      }
      rescale(w, 0, w.length);
      Block block =
          new Block(w, new int[] {senderOffset, senderSize, receiverOffset, receiverSize});
      Integer at = stored.get(block);
      if (at == null) {
        at = info.size;
        stored.put(block, at);
        info.add(weights.size);
        for (int x : block.ranges) {
          info.add(x);
        }
        weights.addAll(w);
      }
      if (single) {
        memo[0] = tables.start[first];
        memo[1] = flags;
        memo[2] = senderOffset;
        memo[3] = senderSize;
        memo[4] = receiverOffset;
        memo[5] = receiverSize;
        memo[6] = at;
      }
      return at;
    }
  }

  private static final class Block {
    private final double[] weights;
    private final int[] ranges;

    Block(double[] weights, int[] ranges) {
      this.weights = weights;
      this.ranges = ranges;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Block
          && Arrays.equals(((Block) o).weights, weights)
          && Arrays.equals(((Block) o).ranges, ranges);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(weights) * 31 + Arrays.hashCode(ranges);
    }
  }

  /**
   * Per variable and one past the last: its first edge slot.
   *
   * @return the table (the helper's own, to read only)
   */
  public int[] offsets() {
    return offset;
  }

  /**
   * Per directed edge: the variable it goes to.
   *
   * @return the table (the helper's own, to read only)
   */
  public int[] neighbours() {
    return neighbour;
  }

  /**
   * Per directed edge: the slot of the edge back.
   *
   * @return the table (the helper's own, to read only)
   */
  public int[] reverses() {
    return reverse;
  }

  /**
   * Per directed edge: its {@link PairwiseKernels} kind.
   *
   * @return the table (the helper's own, to read only)
   */
  public int[] edgeKinds() {
    return edgeKind;
  }

  /**
   * Per directed edge: where its {@code MATRIX} description starts in {@link #pairInfo()}, else 0.
   *
   * @return the table (the helper's own, to read only)
   */
  public int[] edgeInfos() {
    return edgeInfo;
  }

  /**
   * Per matrix: weight start, sender offset and size, receiver offset and size.
   *
   * @return the table (the helper's own, to read only)
   */
  public int[] pairInfo() {
    return pairInfo;
  }

  /**
   * The matrices' weights.
   *
   * @return the table (the helper's own, to read only)
   */
  public double[] pairWeights() {
    return pairWeights;
  }

  /**
   * Per variable: 0 without unary weights, else 1 + the index of its {@code width}-wide block in
   * {@link #unary()}.
   *
   * @return the table (the helper's own, to read only)
   */
  public int[] unaryAt() {
    return unaryAt;
  }

  /**
   * The variables' combined unary weights, a {@code width}-wide block each.
   *
   * @return the table (the helper's own, to read only)
   */
  public double[] unary() {
    return unary;
  }

  /**
   * How many directed edges (twice the distinct pairs).
   *
   * @return the count
   */
  public int edgeCount() {
    return neighbour.length;
  }

  /**
   * The largest number of neighbours of a variable.
   *
   * @return the degree
   */
  public int maxDegree() {
    return maxDegree;
  }
}
