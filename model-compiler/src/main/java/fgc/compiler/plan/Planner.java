package fgc.compiler.plan;

import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.Model;
import java.util.Arrays;

/**
 * Plans pairwise BP for a model: expands each {@code alldiff} into the {@code neq} of every pair of
 * its variables, merges duplicate pairs (two identical hard {@code neq} factors are one factor: their
 * product is the same 0/1 potential), and numbers the directed edges.
 */
public final class Planner {
  private Planner() {}

  public static PairwisePlan pairwise(Model model) {
    int n = model.variableCount();
    int[] varLo = new int[n];
    int[] varSize = new int[n];
    int lo = Integer.MAX_VALUE;
    int hi = Integer.MIN_VALUE;
    for (int i = 0; i < n; i++) {
      Domain d = model.domainOf(i);
      varLo[i] = d.lo();
      varSize[i] = d.size();
      lo = Math.min(lo, d.lo());
      hi = Math.max(hi, d.hi());
    }
    long width = (long) hi - lo + 1;
    if (width > fgc.model.Limits.MAX_DOMAIN) {
      throw new PlanException("the domains of model " + model.name() + " span " + lo + ".." + hi
          + " (" + width + " values); pairwise BP aligns all values on one range of at most " + fgc.model.Limits.MAX_DOMAIN);
    }

    // Collect each unordered pair once, as a sorted array of longs (smaller index in the high half).
    long[] pairs = new long[16];
    int count = 0;
    for (Factor f : model.factors()) {
      int[] s = f.scope();
      for (int a = 0; a < s.length; a++) {
        for (int b = a + 1; b < s.length; b++) {
          if (count == pairs.length) {
            pairs = Arrays.copyOf(pairs, pairs.length * 2);
          }
          int x = Math.min(s[a], s[b]);
          int y = Math.max(s[a], s[b]);
          pairs[count++] = ((long) x << 32) | y;
        }
      }
    }
    pairs = Arrays.copyOf(pairs, count);
    Arrays.sort(pairs);
    int distinct = 0;
    for (int k = 0; k < count; k++) {
      if (k == 0 || pairs[k] != pairs[k - 1]) {
        pairs[distinct++] = pairs[k];
      }
    }

    int[] degree = new int[n];
    for (int k = 0; k < distinct; k++) {
      degree[(int) (pairs[k] >>> 32)]++;
      degree[(int) pairs[k]]++;
    }
    int[] offset = new int[n + 1];
    for (int i = 0; i < n; i++) {
      offset[i + 1] = offset[i] + degree[i];
    }
    int[] neighbour = new int[offset[n]];
    int[] fill = Arrays.copyOf(offset, n);
    for (int k = 0; k < distinct; k++) {
      int x = (int) (pairs[k] >>> 32);
      int y = (int) pairs[k];
      neighbour[fill[x]++] = y;
      neighbour[fill[y]++] = x;
    }
    for (int i = 0; i < n; i++) {
      Arrays.sort(neighbour, offset[i], offset[i + 1]);
    }
    int[] reverse = new int[neighbour.length];
    for (int i = 0; i < n; i++) {
      for (int e = offset[i]; e < offset[i + 1]; e++) {
        int j = neighbour[e];
        reverse[e] = Arrays.binarySearch(neighbour, offset[j], offset[j + 1], i);
      }
    }
    return new PairwisePlan(model.name(), lo, (int) width, varLo, varSize, offset, neighbour, reverse, distinct);
  }
}
