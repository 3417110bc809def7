package fgc.compiler.plan;

import fgc.algorithm.Numerics;
import fgc.algorithm.PairwiseKernels;
import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The potentials of pairwise BP beyond {@code neq}: every factor between the same two variables is
 * combined into one potential for the pair (their product), so a pair is one edge whatever it holds.
 * Per directed edge a kind ({@link PairwiseKernels}): {@code NEQ} when the pair holds only
 * {@code neq}/{@code alldiff} constraints (the inline message, as before), {@code EQ} when only
 * {@code eq}, else {@code MATRIX}: the product of its tables (in model order) with the {@code neq}
 * and {@code eq} constraints applied, over the two variables' own ranges, sender's value the row.
 * Identical matrices are stored once. Unary factors ({@code prior}, one-variable {@code table})
 * become per-variable weights, their product in model order, to be multiplied into the prior.
 * Every product is kept in scale as it is formed ({@link Weights}): matrices and unary weights
 * have their largest entry in [1, 2), whatever the model's weights.
 */
public final class PairPotentials {
  private final int[] edgeKind;
  private final int[] edgeInfo;
  private final int[] info;
  private final double[] weights;
  private final int[] unaryAt;
  private final double[] unary;

  private PairPotentials(int[] edgeKind, int[] edgeInfo, int[] info, double[] weights, int[] unaryAt, double[] unary) {
    this.edgeKind = edgeKind;
    this.edgeInfo = edgeInfo;
    this.info = info;
    this.weights = weights;
    this.unaryAt = unaryAt;
    this.unary = unary;
  }

  /** Whether a factor of this kind and arity joins two variables in pairwise BP. */
  static boolean isPairwise(Factor f) {
    return f.kind() == FactorKind.ALLDIFF || f.kind() == FactorKind.NEQ || f.kind() == FactorKind.EQ
        || (f.kind() == FactorKind.TABLE && f.arity() == 2);
  }

  /** Whether a factor only weighs the values of one variable. */
  static boolean isUnary(Factor f) {
    return f.kind() == FactorKind.PRIOR || (f.kind() == FactorKind.TABLE && f.arity() == 1);
  }

  /** Potentials for the directed edges {@code neighbour[e]} grouped by sender as {@code offset} says. */
  static PairPotentials of(Model model, VariableLayout layout, int[] offset, int[] neighbour) {
    int n = model.variableCount();
    Map<Long, PairFactors> special = new HashMap<>();
    List<List<Factor>> unaryFactors = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      unaryFactors.add(new ArrayList<>());
    }
    for (Factor f : model.factors()) {
      if (f.kind() == FactorKind.EQ || f.kind() == FactorKind.TABLE && f.arity() == 2) {
        special.computeIfAbsent(key(f.variable(0), f.variable(1)), k -> new PairFactors()).add(f);
      } else if (isUnary(f)) {
        unaryFactors.get(f.variable(0)).add(f);
      }
    }
    if (!special.isEmpty()) {
      for (Factor f : model.factors()) {
        if (f.kind() == FactorKind.ALLDIFF || f.kind() == FactorKind.NEQ) {
          for (int a = 0; a < f.arity(); a++) {
            for (int b = a + 1; b < f.arity(); b++) {
              PairFactors p = special.get(key(f.variable(a), f.variable(b)));
              if (p != null) {
                p.neq = true;
              }
            }
          }
        }
      }
    }
    int[] edgeKind = new int[neighbour.length];
    int[] edgeInfo = new int[neighbour.length];
    List<Integer> info = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    Map<Block, Integer> stored = new HashMap<>();
    for (int i = 0; i < n; i++) {
      for (int e = offset[i]; e < offset[i + 1]; e++) {
        PairFactors p = special.get(key(i, neighbour[e]));
        if (p == null) {
          edgeKind[e] = PairwiseKernels.NEQ;
        } else if (p.tables.isEmpty() && !p.neq) {
          edgeKind[e] = PairwiseKernels.EQ;
        } else {
          edgeKind[e] = PairwiseKernels.MATRIX;
          Block block = matrix(p, layout, i, neighbour[e]);
          Integer at = stored.get(block);
          if (at == null) {
            at = info.size();
            stored.put(block, at);
            info.add(weights.size());
            for (int x : block.ranges) {
              info.add(x);
            }
            for (double w : block.weights) {
              weights.add(w);
            }
          }
          edgeInfo[e] = at;
        }
      }
    }
    int[] unaryAt = new int[n];
    List<Double> unary = new ArrayList<>();
    double[] block = new double[layout.width()];
    for (int i = 0; i < n; i++) {
      if (!unaryFactors.get(i).isEmpty()) {
        unaryAt[i] = 1 + unary.size() / layout.width();
        int from = layout.variableLo(i) - layout.lo();
        int size = layout.variableSize(i);
        java.util.Arrays.fill(block, 0.0);
        java.util.Arrays.fill(block, from, from + size, 1.0);
        // One combined prior per variable, each factor scaled before it is multiplied in and the
        // product scaled after each: no finite weights overflow it (see Weights).
        for (Factor f : unaryFactors.get(i)) {
          double[] w = Weights.scaled(f.weights());
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
    return new PairPotentials(edgeKind, edgeInfo, info.stream().mapToInt(Integer::intValue).toArray(),
        weights.stream().mapToDouble(Double::doubleValue).toArray(), unaryAt,
        unary.stream().mapToDouble(Double::doubleValue).toArray());
  }

  private static long key(int a, int b) {
    return ((long) Math.min(a, b) << 32) | Math.max(a, b);
  }

  /** Whether every edge is a plain {@code neq} and no variable has unary weights: the classic plan. */
  public boolean onlyNeq() {
    return !anyEdgeKernel() && !anyUnary();
  }

  /** Whether some edge needs {@link PairwiseKernels} (an {@code EQ} or {@code MATRIX} edge). */
  public boolean anyEdgeKernel() {
    for (int k : edgeKind) {
      if (k != PairwiseKernels.NEQ) {
        return true;
      }
    }
    return false;
  }

  public boolean anyUnary() {
    return unary.length > 0;
  }

  /** Per directed edge: its {@link PairwiseKernels} kind. */
  public int[] edgeKinds() {
    return edgeKind.clone();
  }

  /** Per directed edge: where its {@code MATRIX} description starts in {@link #info()}, else 0. */
  public int[] edgeInfos() {
    return edgeInfo.clone();
  }

  /** Per matrix: weight start, sender offset and size, receiver offset and size. */
  public int[] info() {
    return info.clone();
  }

  public double[] weights() {
    return weights.clone();
  }

  /** Per variable: 0 without unary weights, else 1 + the index of its {@code width}-wide block in {@link #unary()}. */
  public int[] unaryAt() {
    return unaryAt.clone();
  }

  public double[] unary() {
    return unary.clone();
  }

  /** The combined potential of pair {@code p} from {@code sender} to {@code receiver} over their own ranges. */
  private static Block matrix(PairFactors p, VariableLayout layout, int sender, int receiver) {
    int senderOffset = layout.variableLo(sender) - layout.lo();
    int senderSize = layout.variableSize(sender);
    int receiverOffset = layout.variableLo(receiver) - layout.lo();
    int receiverSize = layout.variableSize(receiver);
    double[] w = new double[senderSize * receiverSize];
    java.util.Arrays.fill(w, 1.0);
    // The product of the pair's tables, each scaled before it is multiplied in and the product
    // scaled after each (see Weights), so no finite tables overflow it.
    for (Factor t : p.tables) {
      double[] scaled = Weights.scaled(t.weights());
      boolean senderFirst = t.variable(0) == sender;
      for (int a = 0; a < senderSize; a++) {
        for (int b = 0; b < receiverSize; b++) {
          int k = a * receiverSize + b;
          w[k] = Numerics.times(w[k], scaled[senderFirst ? k : b * senderSize + a]);
        }
      }
      Weights.rescale(w, 0, w.length);
    }
    for (int a = 0; a < senderSize; a++) {
      for (int b = 0; b < receiverSize; b++) {
        boolean same = senderOffset + a == receiverOffset + b;
        if ((p.neq && same) || (p.eq && !same)) {
          w[a * receiverSize + b] = 0.0;
        }
      }
    }
    Weights.rescale(w, 0, w.length);
    return new Block(w, new int[] {senderOffset, senderSize, receiverOffset, receiverSize});
  }

  /** Every non-{@code neq} factor between two variables, and whether a {@code neq} joins them too. */
  private static final class PairFactors {
    private final List<Factor> tables = new ArrayList<>();
    private boolean eq;
    private boolean neq;

    void add(Factor f) {
      if (f.kind() == FactorKind.EQ) {
        eq = true;
      } else {
        tables.add(f);
      }
    }
  }

  /** A matrix with its ranges, compared by content so that repeated potentials are stored once. */
  private static final class Block {
    private final double[] weights;
    private final int[] ranges;

    Block(double[] weights, int[] ranges) {
      this.weights = weights;
      this.ranges = ranges;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Block && Arrays.equals(((Block) o).weights, weights) && Arrays.equals(((Block) o).ranges, ranges);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(weights) * 31 + Arrays.hashCode(ranges);
    }
  }
}
