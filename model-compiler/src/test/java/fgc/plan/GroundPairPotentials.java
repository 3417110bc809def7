package fgc.plan;

import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import fgc.solver.Numerics;
import fgc.solver.PairwiseKernels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The potentials of pairwise BP as the planner made them from the ground factors, factor by factor,
 * before plans held families: the reference {@link PairFamiliesTest} checks {@code PairFamilies}
 * against. Every factor between the same two variables combined into one potential per pair, tables
 * multiplied in model order, identical matrices stored once, unary factors multiplied per variable.
 */
final class GroundPairPotentials {
  private final int[] edgeKind;
  private final int[] edgeInfo;
  private final int[] info;
  private final double[] weights;
  private final int[] unaryAt;
  private final double[] unary;

  private GroundPairPotentials(
      int[] edgeKind, int[] edgeInfo, int[] info, double[] weights, int[] unaryAt, double[] unary) {
    this.edgeKind = edgeKind;
    this.edgeInfo = edgeInfo;
    this.info = info;
    this.weights = weights;
    this.unaryAt = unaryAt;
    this.unary = unary;
  }

  private static boolean isUnary(Factor f) {
    return PairPotentials.isUnary(f);
  }

  /** Edge flags, on the edge from the smaller variable of a pair to the larger. */
  private static final byte SPECIAL = 1;

  private static final byte EQ = 2;
  private static final byte NEQ = 4;

  /**
   * Potentials for the directed edges {@code neighbour[e]} grouped by sender as {@code offset} says
   * (each sender's neighbours sorted), {@code reverse[e]} the edge back. The factors of each pair
   * are found by edge, in arrays of the model's size (a list of factors per pair, made by the
   * million on a grid, kept the collector busy), and each matrix is formed in scratch arrays,
   * stored only when it is new.
   */
  static GroundPairPotentials of(
      Model model, VariableLayout layout, int[] offset, int[] neighbour, int[] reverse) {
    int n = model.variableCount();
    List<Factor> factors = model.factors();
    // Per pair (at its edge from the smaller variable): flags, and its tables as a list through
    // nextFactor, in model order; per variable, its unary factors likewise.
    byte[] flags = new byte[neighbour.length];
    int[] firstTable = new int[neighbour.length];
    int[] firstUnary = new int[n];
    int[] nextFactor = new int[factors.size()];
    Arrays.fill(firstTable, -1);
    Arrays.fill(firstUnary, -1);
    boolean anySpecial = false;
    // From the last factor back, each put at the head of its list: the lists run in model order.
    for (int k = factors.size() - 1; k >= 0; k--) {
      Factor f = factors.get(k);
      nextFactor[k] = -1;
      if (f.kind() == FactorKind.EQ || f.kind() == FactorKind.TABLE && f.arity() == 2) {
        int pair = pairEdge(offset, neighbour, f.variable(0), f.variable(1));
        flags[pair] |= SPECIAL;
        anySpecial = true;
        if (f.kind() == FactorKind.EQ) {
          flags[pair] |= EQ;
        } else {
          nextFactor[k] = firstTable[pair];
          firstTable[pair] = k;
        }
      } else if (isUnary(f)) {
        nextFactor[k] = firstUnary[f.variable(0)];
        firstUnary[f.variable(0)] = k;
      }
    }
    if (anySpecial) {
      for (Factor f : factors) {
        if (f.kind() == FactorKind.ALLDIFF || f.kind() == FactorKind.NEQ) {
          for (int a = 0; a < f.arity(); a++) {
            for (int b = a + 1; b < f.arity(); b++) {
              int pair = pairEdge(offset, neighbour, f.variable(a), f.variable(b));
              if ((flags[pair] & SPECIAL) != 0) {
                flags[pair] |= NEQ;
              }
            }
          }
        }
      }
    }
    int[] edgeKind = new int[neighbour.length];
    int[] edgeInfo = new int[neighbour.length];
    Matrices matrices = new Matrices(factors, nextFactor, layout);
    // Pair by pair, both directions at once: the pair's factors are read once, not again from
    // the larger variable's side.
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
        } else if (firstTable[e] < 0 && (flags[e] & NEQ) == 0) {
          edgeKind[e] = PairwiseKernels.EQ;
          edgeKind[back] = PairwiseKernels.EQ;
        } else {
          edgeKind[e] = PairwiseKernels.MATRIX;
          edgeKind[back] = PairwiseKernels.MATRIX;
          edgeInfo[e] = matrices.at(firstTable[e], flags[e], i, j);
          edgeInfo[back] = matrices.at(firstTable[e], flags[e], j, i);
        }
      }
    }
    int[] unaryAt = new int[n];
    List<Double> unary = new ArrayList<>();
    double[] block = new double[layout.width()];
    for (int i = 0; i < n; i++) {
      if (firstUnary[i] >= 0) {
        unaryAt[i] = 1 + unary.size() / layout.width();
        int from = layout.variableLo(i) - layout.lo();
        int size = layout.variableSize(i);
        java.util.Arrays.fill(block, 0.0);
        java.util.Arrays.fill(block, from, from + size, 1.0);
        // One combined prior per variable, each factor scaled before it is multiplied in and the
        // product scaled after each: no finite weights overflow it (see Weights).
        for (int k = firstUnary[i]; k >= 0; k = nextFactor[k]) {
          double[] w = Weights.scaled(factors.get(k).weights());
          for (int v = 0; v < size; v++) {
            block[from + v] = Numerics.times(block[from + v], w[v]);
          }
          Weights.rescale(block, from, size);
        }
        for (double p : block) {
          unary.add(p);
        }
      }
    }
    return new GroundPairPotentials(
        edgeKind,
        edgeInfo,
        matrices.info.stream().mapToInt(Integer::intValue).toArray(),
        matrices.weights.stream().mapToDouble(Double::doubleValue).toArray(),
        unaryAt,
        unary.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** The edge from the smaller of {@code a}, {@code b} to the larger: the pair's own. */
  private static int pairEdge(int[] offset, int[] neighbour, int a, int b) {
    int from = Math.min(a, b);
    return Arrays.binarySearch(neighbour, offset[from], offset[from + 1], Math.max(a, b));
  }

  /**
   * Whether every edge is a plain {@code neq} and no variable has unary weights: the classic plan.
   */
  boolean onlyNeq() {
    return !anyEdgeKernel() && !anyUnary();
  }

  /** Whether some edge needs {@link PairwiseKernels} (an {@code EQ} or {@code MATRIX} edge). */
  boolean anyEdgeKernel() {
    for (int k : edgeKind) {
      if (k != PairwiseKernels.NEQ) {
        return true;
      }
    }
    return false;
  }

  boolean anyUnary() {
    return unary.length > 0;
  }

  /** Per directed edge: its {@link PairwiseKernels} kind. */
  int[] edgeKinds() {
    return edgeKind;
  }

  /** Per directed edge: where its {@code MATRIX} description starts in {@link #info()}, else 0. */
  int[] edgeInfos() {
    return edgeInfo;
  }

  /** Per matrix: weight start, sender offset and size, receiver offset and size. */
  int[] info() {
    return info;
  }

  double[] weights() {
    return weights;
  }

  /**
   * Per variable: 0 without unary weights, else 1 + the index of its {@code width}-wide block in
   * {@link #unary()}.
   */
  int[] unaryAt() {
    return unaryAt;
  }

  double[] unary() {
    return unary;
  }

  /**
   * The combined potential from {@code sender} to {@code receiver} over their own ranges, into
   * {@code out} (of the right length; {@code scaled} as long, scratch): the product of the pair's
   * tables (the list from {@code first} through {@code next}), then its {@code neq} and {@code eq}.
   */
  private static void matrix(
      List<Factor> factors,
      int first,
      int[] next,
      byte flags,
      VariableLayout layout,
      int sender,
      int receiver,
      Block out,
      double[] scaled) {
    int senderOffset = layout.variableLo(sender) - layout.lo();
    int senderSize = layout.variableSize(sender);
    int receiverOffset = layout.variableLo(receiver) - layout.lo();
    int receiverSize = layout.variableSize(receiver);
    double[] w = out.weights;
    java.util.Arrays.fill(w, 1.0);
    // The product of the pair's tables, each scaled before it is multiplied in and the product
    // scaled after each (see Weights), so no finite tables overflow it.
    for (int f = first; f >= 0; f = next[f]) {
      Factor t = factors.get(f);
      for (int k = 0; k < scaled.length; k++) {
        scaled[k] = t.weight(k);
      }
      Weights.rescale(scaled, 0, scaled.length);
      boolean senderFirst = t.variable(0) == sender;
      for (int a = 0; a < senderSize; a++) {
        for (int b = 0; b < receiverSize; b++) {
          int k = a * receiverSize + b;
          w[k] = Numerics.times(w[k], scaled[senderFirst ? k : b * senderSize + a]);
        }
      }
      Weights.rescale(w, 0, w.length);
    }
    boolean neq = (flags & NEQ) != 0;
    boolean eq = (flags & EQ) != 0;
    for (int a = 0; a < senderSize; a++) {
      for (int b = 0; b < receiverSize; b++) {
        boolean same = senderOffset + a == receiverOffset + b;
        if ((neq && same) || (eq && !same)) {
          w[a * receiverSize + b] = 0.0;
        }
      }
    }
    Weights.rescale(w, 0, w.length);
    out.ranges[0] = senderOffset;
    out.ranges[1] = senderSize;
    out.ranges[2] = receiverOffset;
    out.ranges[3] = receiverSize;
  }

  /**
   * The matrices of the edges, each stored once: per matrix its weights' start and ranges in {@link
   * #info}, its weights in {@link #weights}. The last matrix formed from a single table of each
   * orientation is remembered ({@link LastMatrix}): a grid's million couplings of one table are
   * formed and looked up once, not once per edge.
   */
  private static final class Matrices {
    private final List<Factor> factors;
    private final int[] next;
    private final VariableLayout layout;
    private final List<Integer> info = new ArrayList<>();
    private final List<Double> weights = new ArrayList<>();
    private final Map<Block, Integer> stored = new HashMap<>();
    private Block scratch = new Block(new double[0], new int[4]);
    private double[] scaled = new double[0];

    /**
     * One per orientation: a grid variable's edges alternate between tables it is first in and
     * second.
     */
    private final LastMatrix[] last = {new LastMatrix(), new LastMatrix()};

    Matrices(List<Factor> factors, int[] next, VariableLayout layout) {
      this.factors = factors;
      this.next = next;
      this.layout = layout;
    }

    /**
     * Where in {@link #info} the matrix from {@code sender} to {@code receiver} is, of the pair's
     * tables from {@code first} and its flags.
     */
    int at(int first, byte flags, int sender, int receiver) {
      LastMatrix memo = first >= 0 && factors.get(first).variable(0) == sender ? last[1] : last[0];
      if (memo.matches(factors, first, next, flags, layout, sender, receiver)) {
        return memo.at;
      }
      int length = layout.variableSize(sender) * layout.variableSize(receiver);
      if (scratch.weights.length != length) {
        scratch = new Block(new double[length], new int[4]);
        scaled = new double[length];
      }
      matrix(factors, first, next, flags, layout, sender, receiver, scratch, scaled);
      Integer at = stored.get(scratch);
      if (at == null) {
        at = info.size();
        stored.put(new Block(scratch.weights.clone(), scratch.ranges.clone()), at);
        info.add(weights.size());
        for (int x : scratch.ranges) {
          info.add(x);
        }
        for (double w : scratch.weights) {
          weights.add(w);
        }
      }
      memo.remember(factors, first, next, flags, layout, sender, receiver, at);
      return at;
    }
  }

  /**
   * The inputs of the last matrix formed from a single table (of one orientation), and where it is
   * stored: everything {@link #matrix} reads (the table's weights and orientation, the pair's
   * flags, both variables' ranges), compared in full, so a match is exactly the matrix it would
   * form again.
   */
  private static final class LastMatrix {
    /**
     * The table factor the matrix was formed from; its weights are read in place ({@link
     * Factor#weights} copies).
     */
    private Factor table;

    private boolean senderFirst;
    private byte flags;
    private final int[] ranges = new int[4];
    private int at = -1;

    boolean matches(
        List<Factor> factors,
        int first,
        int[] next,
        byte flags,
        VariableLayout layout,
        int sender,
        int receiver) {
      if (at < 0 || first < 0 || next[first] >= 0 || flags != this.flags) {
        return false;
      }
      Factor t = factors.get(first);
      return (t.variable(0) == sender) == senderFirst
          && ranges[0] == layout.variableLo(sender)
          && ranges[1] == layout.variableSize(sender)
          && ranges[2] == layout.variableLo(receiver)
          && ranges[3] == layout.variableSize(receiver)
          && t.sameWeights(table);
    }

    void remember(
        List<Factor> factors,
        int first,
        int[] next,
        byte flags,
        VariableLayout layout,
        int sender,
        int receiver,
        int at) {
      if (first < 0 || next[first] >= 0) {
        this.at = -1;
        return;
      }
      Factor t = factors.get(first);
      this.table = t;
      this.senderFirst = t.variable(0) == sender;
      this.flags = flags;
      ranges[0] = layout.variableLo(sender);
      ranges[1] = layout.variableSize(sender);
      ranges[2] = layout.variableLo(receiver);
      ranges[3] = layout.variableSize(receiver);
      this.at = at;
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
}
