package fgc.plan;

import fgc.algorithms.Algorithms;
import fgc.model.Factor;
import fgc.model.FactorFamily;
import fgc.model.FactorKind;
import fgc.model.Model;
import fgc.solver.FactorKernels;
import fgc.solver.FamilyTables;
import fgc.solver.PairFamilies;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Plans BP for a model. Pairwise: the plan is the model's factor families, a few numbers each
 * ({@link PairwisePlan}); from them {@link PairFamilies} expands each {@code alldiff} into the
 * {@code neq} of every pair of its variables, merges every factor between the same two variables
 * into one pair (two identical hard {@code neq} factors are one factor: their product is the same
 * 0/1 potential; other kinds combine as {@link PairPotentials} says), and numbers the directed
 * edges, when the class loads.
 */
public final class Planner {
  private Planner() {}

  /**
   * Factor-level BP: one factor node per model factor, its slots in scope order. Refuses a model
   * with no solution ({@link Contradictions}), wider than {@code maxWidth} values, or whose
   * messages alone would pass {@link SolverLimits}, before building any array of edges.
   */
  public static FactorPlan factors(Model model, int maxWidth, String algorithm) {
    Contradictions.check(model);
    VariableLayout layout = VariableLayout.of(model);
    if (layout.width() > maxWidth) {
      throw new TooLargeException(
          algorithm
              + " computes exact factor messages over subsets of the "
              + layout.width()
              + " values of model "
              + model.name()
              + "; it takes at most "
              + maxWidth
              + " values");
    }
    java.util.List<FactorFamily> families = model.families();
    long edges = 0;
    long factors = 0;
    int uniformArity = 0;
    boolean anyArity = false;
    for (FactorFamily family : families) {
      Factor factor = family.first();
      if ((factor.kind() == FactorKind.ALLDIFF || factor.kind() == FactorKind.NEQ)
          && factor.arity() > layout.width()) {
        int k = (int) factors;
        throw new PlanException(
            model.atFactor(
                k,
                "factor "
                    + k
                    + " ("
                    + factor.kind().keyword()
                    + ") needs "
                    + factor.arity()
                    + " different values but the model has only "
                    + layout.width()
                    + ": it can never hold"));
      }
      if (family.size() > 0) {
        if (!anyArity) {
          uniformArity = factor.arity();
          anyArity = true;
        } else if (uniformArity != factor.arity()) {
          uniformArity = -1;
        }
      }
      factors += family.size();
      edges += family.size() * factor.arity();
    }
    // The messages (edges x values) and the edge list (a permutation of the edges) are in every
    // factor class: too many edges fail here, before the arrays of the plan are made. The list's
    // text is known only once it is packed (a regular one packs to almost nothing): counted as
    // none.
    new Footprint(algorithm, model, layout.width())
        .state(
            "messages",
            edges * layout.width(),
            Double.BYTES,
            "entries (" + Footprint.count(edges) + " edges x " + layout.width() + " values)")
        .table("VAR_EDGES", edges, 0, 1, Integer.BYTES)
        .check(
            Long.MAX_VALUE); // the heap is checked on the whole footprint, after every other limit
    return familyPlan(model, layout, families, (int) factors, (int) edges, uniformArity);
  }

  /**
   * The plan of {@link #factors} from the families: per family a few ints ({@link FamilyTables}'s
   * layout) and one scaled copy of each distinct table, in time and space of the families.
   */
  private static FactorPlan familyPlan(
      Model model,
      VariableLayout layout,
      java.util.List<FactorFamily> families,
      int factors,
      int edges,
      int uniformArity) {
    int[] out = new int[16];
    int used = 0;
    double[] weights = new double[16];
    int weightCount = 0;
    java.util.Map<WeightsKey, Integer> tables = new java.util.HashMap<>();
    int maxArity = 0;
    int scratch = 0;
    for (FactorFamily family : families) {
      Factor factor = family.first();
      int arity = factor.arity();
      int dims = family.dimensions();
      int code = FactorData.code(factor.kind());
      if (code != 0) {
        maxArity = Math.max(maxArity, arity);
      }
      int data = 0;
      switch (factor.kind()) {
        case PRIOR:
        case TABLE:
          {
            double[] raw = factor.weights();
            Integer at = tables.get(new WeightsKey(raw));
            if (at == null) {
              double[] scaled = Weights.scaled(raw); // a finite table never overflows a message
              if (weights.length - weightCount < scaled.length) {
                weights =
                    Arrays.copyOf(
                        weights, Math.max(2 * weights.length, weightCount + scaled.length));
              }
              System.arraycopy(scaled, 0, weights, weightCount, scaled.length);
              at = weightCount;
              weightCount += scaled.length;
              tables.put(new WeightsKey(raw), at);
            }
            data = at;
            break;
          }
        case SUM:
          data = (int) (factor.total() - (long) arity * layout.lo());
          scratch = Math.max(scratch, FactorKernels.sumScratch(arity, layout.width()));
          break;
        default:
          break;
      }
      int length = 4 + dims + arity + dims * arity;
      if (out.length - used < length) {
        out = Arrays.copyOf(out, Math.max(2 * out.length, used + length));
      }
      out[used++] = code;
      out[used++] = arity;
      out[used++] = data;
      out[used++] = dims;
      for (int d = 0; d < dims; d++) {
        out[used++] = family.count(d);
      }
      for (int s = 0; s < arity; s++) {
        out[used++] = factor.variable(s);
      }
      for (int d = 0; d < dims; d++) {
        for (int s = 0; s < arity; s++) {
          out[used++] = FamilyTables.zigzag(family.step(d, s));
        }
      }
    }
    return new FactorPlan(
        model.name(),
        layout,
        Arrays.copyOf(out, used),
        factors,
        edges,
        uniformArity,
        Arrays.copyOf(weights, weightCount),
        maxArity,
        scratch);
  }

  /** A table's raw weights as a map key: equal bit for bit, as {@link Factor#sameWeights} says. */
  private record WeightsKey(double[] weights) {
    @Override
    public boolean equals(Object o) {
      return o instanceof WeightsKey k && Arrays.equals(weights, k.weights);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(weights);
    }
  }

  /** Pairwise BP under the names of every pairwise algorithm (for messages). */
  public static PairwisePlan pairwise(Model model) {
    return pairwise(model, pairwiseBp());
  }

  /**
   * {@code pairwise BP (bp-pairwise, ...)}: how a refusal of the pairwise plan names the algorithms
   * it refuses, every one of the registry that shares the plan, so a new one is named too.
   */
  public static String pairwiseBp() {
    return "pairwise BP (" + String.join(", ", Algorithms.sharingPlan(PairwisePlan.FAMILY)) + ")";
  }

  /**
   * Pairwise BP for {@code algorithm}: refuses a model with no solution ({@link Contradictions}),
   * one whose factors list more pairs than {@link SolverLimits#MAX_PAIR_OCCURRENCES}, or whose
   * messages alone would pass {@link SolverLimits}, before building the arrays of edges.
   */
  public static PairwisePlan pairwise(Model model, String algorithm) {
    return pairwise(model, algorithm, Runtime.getRuntime().maxMemory());
  }

  /**
   * {@link #pairwise(Model, String)} in a JVM of {@code maxHeap} bytes of heap: the pairs it
   * collects, and the buffer sorting them may take, must fit in half of it (as the largest array of
   * a solver must), or the model is refused, naming the heap that would do.
   */
  public static PairwisePlan pairwise(Model model, String algorithm, long maxHeap) {
    Contradictions.check(model);
    int n = model.variableCount();
    VariableLayout layout = VariableLayout.of(model);
    // The plan is the model's families as few numbers ({@link PairFamilies}); the pairs, their
    // merging and the tables are made from them when the class loads. Its limits are counted per
    // family: members times the pairs of each.
    IntTable families = new IntTable();
    WeightTables weights = new WeightTables();
    long occurrences = 0;
    for (FactorFamily family : model.families()) {
      Factor f = family.first();
      requirePairwiseOrUnary(model, f);
      int potential;
      if (f.kind() == FactorKind.ALLDIFF || f.kind() == FactorKind.NEQ) {
        potential = PairFamilies.NEQ;
      } else if (f.kind() == FactorKind.EQ) {
        potential = PairFamilies.EQ;
      } else {
        potential = PairFamilies.weightsAt(weights.at(f.weights()));
      }
      if (PairPotentials.isPairwise(f)) {
        occurrences += family.size() * ((long) f.arity() * (f.arity() - 1) / 2);
      }
      int dims = family.dimensions();
      families.add(potential);
      families.add(f.arity());
      families.add(dims);
      for (int d = 0; d < dims; d++) {
        families.add(family.count(d));
      }
      for (int p = 0; p < f.arity(); p++) {
        families.add(f.variable(p));
      }
      for (int d = 0; d < dims; d++) {
        for (int p = 0; p < f.arity(); p++) {
          families.add(FamilyTables.zigzag(family.step(d, p)));
        }
      }
    }
    if (occurrences > SolverLimits.MAX_PAIR_OCCURRENCES) {
      throw new TooLargeException(
          algorithm
              + " cannot take model "
              + model.name()
              + " ("
              + Footprint.count(n)
              + " variables, "
              + Footprint.count(model.factorCount())
              + " factors): its factors join "
              + Footprint.count(occurrences)
              + " pairs of variables (each alldiff of k variables k(k-1)/2, repeats counted), over"
              + " the "
              + Footprint.count(SolverLimits.MAX_PAIR_OCCURRENCES)
              + " the planner collects");
    }
    // The class collects the pairs when it loads (an int per pair, bucketed, and the table of
    // their buckets): they must fit in half of this heap, as the largest array of a solver must.
    long collecting = 2 * occurrences * Long.BYTES;
    if (collecting > maxHeap / SolverLimits.HEAP_PER_LARGEST_ARRAY) {
      throw new Footprint(algorithm, model, layout.width())
          .refuse(
              "collecting its "
                  + Footprint.count(occurrences)
                  + " pairs of variables would take "
                  + Footprint.bytes(collecting)
                  + ", over half of this JVM's "
                  + Footprint.bytes(maxHeap)
                  + " heap; a larger heap (java -Xmx, e.g. JAVA_TOOL_OPTIONS=-Xmx"
                  + Footprint.suggestedHeap(collecting * SolverLimits.HEAP_PER_LARGEST_ARRAY)
                  + ") may take it");
    }
    // Every pairwise class holds the messages (directed edges x values) and the reverse-edge
    // table: too many edges fail here. Pairs joined by several factors are counted each time, so
    // this bounds the edges from above.
    long edges = 2L * occurrences;
    new Footprint(algorithm, model, layout.width())
        .state(
            "messages",
            edges * layout.width(),
            Double.BYTES,
            "entries (up to "
                + Footprint.count(edges)
                + " directed edges x "
                + layout.width()
                + " values)")
        .state("REVERSE", edges, Integer.BYTES, "entries (directed edges)")
        .check(
            Long.MAX_VALUE); // the heap is checked on the whole footprint, after every other limit
    return new PairwisePlan(
        model.name(), layout, families.toArray(), weights.toArray(), occurrences);
  }

  /** A growing array of ints. */
  private static final class IntTable {
    private int[] values = new int[64];
    private int size;

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

  /** The families' weight tables, each distinct one stored once: where each starts. */
  private static final class WeightTables {
    private final Map<List<Double>, Integer> stored = new HashMap<>();
    private final List<Double> values = new ArrayList<>();

    int at(double[] weights) {
      List<Double> key = new ArrayList<>(weights.length);
      for (double w : weights) {
        key.add(w);
      }
      return stored.computeIfAbsent(
          key,
          k -> {
            int start = values.size();
            values.addAll(k);
            return start;
          });
    }

    double[] toArray() {
      return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
  }

  /**
   * A clear compile error for a factor pairwise BP has no messages for, naming the algorithms that
   * have.
   */
  private static void requirePairwiseOrUnary(Model model, Factor f) {
    if (f.kind() == FactorKind.TABLE && f.arity() > 2) {
      StringBuilder names = new StringBuilder();
      for (int s = 0; s < f.arity(); s++) {
        names.append(s == 0 ? "" : ", ").append(model.variableName(f.variable(s)));
      }
      throw new PlanException(
          pairwiseBp()
              + " takes table factors over 1 or 2 variables, not "
              + f.arity()
              + " (the table on "
              + names
              + "); sumproduct and maxproduct take any");
    }
    if (!PairPotentials.isPairwise(f) && !PairPotentials.isUnary(f)) {
      throw new PlanException(
          pairwiseBp()
              + " has no messages for "
              + f.kind().keyword()
              + " factors"
              + " (sumproduct and maxproduct have)");
    }
  }
}
