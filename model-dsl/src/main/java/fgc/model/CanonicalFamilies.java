package fgc.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The canonical families of a factor sequence: a function of the factors in order, whatever
 * families they were built as (a loop of the language, a Java caller adding factors one by one), so
 * that two models with the same factors have the same families, the same canonical text and the
 * same plans.
 *
 * <p>Two steps. First the sequence is cut, from the left, into the longest runs of factors that
 * differ only in their scopes, each scope the one before plus the same step (two such factors
 * always make a run). Then, again and again until nothing changes, consecutive families of the same
 * shape (counts, steps and data) whose first scopes move by the same step are made one family of
 * one more dimension. A grid's couplings, row after row, become one family of two dimensions. The
 * work is in the rows of the given families, never in their members.
 */
final class CanonicalFamilies {
  private CanonicalFamilies() {}

  /** The canonical families of the factors of {@code built}, in order. */
  static List<FactorFamily> of(List<FactorFamily> built) {
    Runs runs = new Runs();
    for (FactorFamily f : built) {
      if (f.dimensions() == 0) {
        runs.add(f.first(), 1, null);
        continue;
      }
      int last = f.dimensions() - 1;
      int length = f.count(last);
      long rows = f.size() / length;
      int[] step = f.steps()[last];
      for (long r = 0; r < rows; r++) {
        runs.add(f.member(r * length), length, step);
      }
    }
    List<FactorFamily> list = runs.finish();
    while (true) {
      List<FactorFamily> grouped = group(list);
      if (grouped.size() == list.size()) {
        return List.copyOf(list);
      }
      list = grouped;
    }
  }

  /** One pass: each longest stretch of two or more same-shaped families in step, as one family. */
  private static List<FactorFamily> group(List<FactorFamily> list) {
    List<FactorFamily> out = new ArrayList<>();
    int n = list.size();
    for (int i = 0; i < n; ) {
      FactorFamily a = list.get(i);
      if (i + 1 >= n || !list.get(i + 1).sameShape(a)) {
        out.add(a);
        i++;
        continue;
      }
      int[] delta = difference(list.get(i + 1).first(), a.first());
      int j = i + 1;
      while (j + 1 < n
          && list.get(j + 1).sameShape(a)
          && stepsBy(list.get(j).first(), list.get(j + 1).first(), delta)) {
        j++;
      }
      int dims = a.dimensions();
      int[] counts = new int[dims + 1];
      int[][] steps = new int[dims + 1][];
      counts[0] = j - i + 1;
      steps[0] = delta;
      System.arraycopy(a.counts(), 0, counts, 1, dims);
      System.arraycopy(a.steps(), 0, steps, 1, dims);
      out.add(new FactorFamily(a.first(), counts, steps));
      i = j + 1;
    }
    return out;
  }

  private static int[] difference(Factor later, Factor earlier) {
    int[] d = new int[later.arity()];
    for (int p = 0; p < d.length; p++) {
      d[p] = later.variable(p) - earlier.variable(p);
    }
    return d;
  }

  private static boolean stepsBy(Factor earlier, Factor later, int[] step) {
    for (int p = 0; p < step.length; p++) {
      if (later.variable(p) - earlier.variable(p) != step[p]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The first step: runs fed in order as segments (a factor, how many members, their common step)
   * and cut greedily, as if the factors came one by one.
   */
  private static final class Runs {
    private final List<FactorFamily> done = new ArrayList<>();
    private Factor first;
    private Factor last;
    private int count;
    private int[] step;

    void add(Factor segmentFirst, int length, int[] segmentStep) {
      Factor head = segmentFirst;
      int left = length;
      while (left > 0) {
        if (first == null || !first.sameButScope(head)) {
          close();
          open(head);
        } else if (count == 1) {
          step = difference(head, first);
          last = head;
          count = 2;
        } else if (stepsBy(last, head, step)) {
          last = head;
          count++;
        } else {
          close();
          open(head);
        }
        left--;
        if (left == 0) {
          return;
        }
        // The rest of the segment: all of it at once when it goes on in the run's step.
        if (count >= 2 && java.util.Arrays.equals(step, segmentStep)) {
          last = shifted(head, segmentStep, left);
          count += left;
          return;
        }
        head = shifted(head, segmentStep, 1);
      }
    }

    private static Factor shifted(Factor f, int[] step, int times) {
      int[] scope = new int[f.arity()];
      for (int p = 0; p < scope.length; p++) {
        scope[p] = f.variable(p) + times * step[p];
      }
      return f.withScope(scope);
    }

    private void open(Factor f) {
      first = f;
      last = f;
      count = 1;
      step = null;
    }

    private void close() {
      if (first == null) {
        return;
      }
      done.add(
          count == 1
              ? FactorFamily.single(first)
              : new FactorFamily(first, new int[] {count}, new int[][] {step}));
      first = null;
    }

    List<FactorFamily> finish() {
      close();
      return done;
    }
  }
}
