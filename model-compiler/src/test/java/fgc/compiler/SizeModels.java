package fgc.compiler;

import fgc.model.Domain;
import fgc.model.Limits;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Models of chosen sizes, up to {@link Limits}, for the tests of the compiler's own limits. */
final class SizeModels {
  private SizeModels() {}

  /** {@code blocks} alldiffs of {@code size} consecutive variables each, over {@code lo..hi}. */
  static Model blocks(int blocks, int size, int lo, int hi) {
    ModelBuilder b = Model.builder("blocks");
    VariableArray x = b.variables("x", Domain.range(lo, hi), blocks * size);
    for (int k = 0; k < blocks; k++) {
      int[] scope = new int[size];
      for (int i = 0; i < size; i++) {
        scope[i] = x.at(k * size + i);
      }
      b.alldiff(scope);
    }
    return b.build();
  }

  /**
   * A ring of {@code n} variables over {@code lo..hi}, each different from its next {@code reach}
   * neighbours: n * reach factors.
   */
  static Model ring(int n, int reach, int lo, int hi) {
    ModelBuilder b = Model.builder("ring");
    VariableArray x = b.variables("x", Domain.range(lo, hi), n);
    for (int i = 0; i < n; i++) {
      for (int d = 1; d <= reach; d++) {
        b.neq(x.at(i), x.at((i + d) % n));
      }
    }
    return b.build();
  }

  /** One table over {@code vars} variables of {@code values} values, seeded random weights. */
  static Model wideTable(int vars, int values, long seed) {
    return wideTables(1, vars, values, seed);
  }

  /**
   * {@code tables} tables, each over {@code vars} variables of its own, of {@code values} values;
   * seeded random weights.
   */
  static Model wideTables(int tables, int vars, int values, long seed) {
    ModelBuilder b = Model.builder("wide");
    VariableArray x = b.variables("x", Domain.range(0, values - 1), tables * vars);
    Random random = new Random(seed);
    for (int t = 0; t < tables; t++) {
      int[] scope = new int[vars];
      long entries = 1;
      for (int i = 0; i < vars; i++) {
        scope[i] = x.at(t * vars + i);
        entries *= values;
      }
      b.table(scope, weights((int) entries, random));
    }
    return b.build();
  }

  /**
   * {@code tables} two-variable tables, each on its own pair, over {@code 0..values-1}, seeded
   * random weights.
   */
  static Model pairTables(int tables, int values, long seed) {
    ModelBuilder b = Model.builder("pairs");
    VariableArray x = b.variables("x", Domain.range(0, values - 1), 2 * tables);
    Random random = new Random(seed);
    for (int t = 0; t < tables; t++) {
      b.table(new int[] {x.at(2 * t), x.at(2 * t + 1)}, weights(values * values, random));
    }
    return b.build();
  }

  /** One sum over {@code arity} variables of {@code 0..values-1}, its total half the largest. */
  static Model longSum(int arity, int values) {
    ModelBuilder b = Model.builder("longsum");
    VariableArray x = b.variables("x", Domain.range(0, values - 1), arity);
    List<Integer> scope = new ArrayList<>();
    for (int i = 0; i < arity; i++) {
      scope.add(x.at(i));
    }
    b.sum((long) arity * (values - 1) / 2, scope);
    return b.build();
  }

  /**
   * A chain of variables of different domains inside {@code 0..width-1}, with priors and tables:
   * every table kind of both plans.
   */
  static Model mixed(int n, int width, long seed) {
    ModelBuilder b = Model.builder("mixed");
    Random random = new Random(seed);
    List<VariableArray> arrays = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int lo = random.nextInt(width / 2);
      arrays.add(b.variables("v" + i, Domain.range(lo, lo + width / 2)));
    }
    for (int i = 0; i + 1 < n; i++) {
      int a = arrays.get(i).at();
      int c = arrays.get(i + 1).at();
      b.table(new int[] {a, c}, weights((width / 2 + 1) * (width / 2 + 1), random));
      if (i % 3 == 0) {
        b.prior(a, weights(width / 2 + 1, random));
      }
      if (i % 4 == 1) {
        b.neq(a, c);
      }
    }
    return b.build();
  }

  /** Positive weights spread over many orders of magnitude, so their text is long. */
  static double[] weights(int count, Random random) {
    double[] w = new double[count];
    for (int k = 0; k < count; k++) {
      w[k] = Math.exp(random.nextGaussian() * 20);
    }
    return w;
  }
}
