package fgc.algorithm;

import static fgc.algorithm.EliminationKernels.BLOCK;
import static fgc.algorithm.EliminationKernels.BLOCK_CAPACITY;

import fgc.algorithm.EliminationKernels.Workspace;

/**
 * The walk of {@link EliminationKernels}' step kernels over every entry of a step's clique the
 * evidence allows, multiplying its reads and adding (or keeping the largest) into its outputs: the
 * innermost levels as one block of precomputed offsets, the outer levels as an odometer, and every
 * product of non-zero entries watched for leaving the normal doubles.
 */
final class CliqueVisit {
  private CliqueVisit() {}

  /**
   * Every entry of the clique the evidence allows: accesses {@code 0 .. inputs} are written, the
   * rest multiplied. Mode 0 adds the product into output 0, mode 1 keeps the largest, mode 2 adds a
   * non-zero product into every output. Inputs that vary along the block's levels only are
   * multiplied once per step into {@code w.inner}, those that vary along outer levels only once per
   * block; only the others are read at every entry.
   */
  static void visit(Workspace w, double[] prior, int k, int accesses, int inputs, int mode) {
    // The block: the innermost levels up to BLOCK entries, or up to a 256th of the clique when that
    // is more (so its setup stays small next to the clique), at most 256; always the last level.
    long entries = 1;
    for (int l = 0; l < k; l++) {
      entries *= w.size[l];
    }
    long most = Math.min(BLOCK_CAPACITY, Math.max(BLOCK, entries >> 8));
    int split = k;
    int block = 1;
    while (split > 0 && (split == k || block * w.size[split - 1] <= most)) {
      block *= w.size[--split];
    }
    int innerOnly = 0;
    int outerOnly = 0;
    int mixed = 0;
    for (int a = inputs; a < accesses; a++) {
      boolean alongInner = false;
      boolean alongOuter = false;
      for (int l = 0; l < k; l++) {
        boolean moves = w.stride[a * w.levels + l] != 0;
        alongInner = alongInner || (moves && l >= split);
        alongOuter = alongOuter || (moves && l < split);
      }
      if (!alongInner) { // a constant input counts as outer-only
        w.outerOnly[outerOnly++] = a;
      } else if (!alongOuter) {
        w.innerOnly[innerOnly++] = a;
      } else {
        w.mixed[mixed++] = a;
      }
    }
    // The block's offsets, the last level fastest, expanded one level at a time in place (entry e
    // of the levels so far becomes entries e * size .. e * size + size - 1); w.inner starts as
    // the evidence's 0/1 and gathers the inner-only inputs' product.
    double[] inner = w.inner;
    int[] offset = w.offset;
    inner[0] = 1.0;
    for (int a = 0; a < accesses; a++) {
      offset[a * block] = 0;
    }
    int count = 1;
    for (int l = split; l < k; l++) {
      int n = w.size[l];
      int z = w.prior[l];
      for (int e = count - 1; e >= 0; e--) {
        double allowed = inner[e];
        for (int d = n - 1; d >= 0; d--) {
          inner[e * n + d] = prior[z + d] != 0.0 ? allowed : 0.0;
        }
      }
      for (int a = 0; a < accesses; a++) {
        int at = a * block;
        int stride = w.stride[a * w.levels + l];
        for (int e = count - 1; e >= 0; e--) {
          int o = offset[at + e];
          for (int d = n - 1; d >= 0; d--) {
            offset[at + e * n + d] = o + d * stride;
          }
        }
      }
      count *= n;
    }
    for (int q = 0; q < innerOnly; q++) {
      int a = w.innerOnly[q];
      double[] source = w.source[a];
      int base = w.base[a];
      for (int j = 0; j < block; j++) {
        if (inner[j] != 0.0) {
          double y = source[base + offset[a * block + j]];
          inner[j] *= y;
          if (inner[j] < Double.MIN_NORMAL && y != 0.0) {
            w.lost = true;
          }
        }
      }
    }
    count = 0;
    for (int j = 0; j < block; j++) {
      if (inner[j] != 0.0) {
        w.valid[count++] = j;
      }
    }
    if (count == 0) {
      return;
    }
    int[] index = w.index;
    for (int a = 0; a < accesses; a++) {
      index[a] = w.base[a];
    }
    if (split == 0) {
      block(w, 0, accesses, inputs, block, count, mode, outerOnly, mixed);
      return;
    }
    int[] digit = w.digit;
    int l = 0;
    digit[0] = -1;
    while (true) {
      if (++digit[l] == w.size[l]) {
        if (l == 0) {
          return;
        }
        l--;
        continue;
      }
      if (prior[w.prior[l] + digit[l]] == 0.0) {
        continue;
      }
      int from = l * accesses;
      for (int a = 0; a < accesses; a++) {
        index[from + accesses + a] = index[from + a] + digit[l] * w.stride[a * w.levels + l];
      }
      if (l + 1 < split) {
        digit[++l] = -1;
      } else {
        block(w, split * accesses, accesses, inputs, block, count, mode, outerOnly, mixed);
      }
    }
  }

  /**
   * The allowed entries of one block, at the indices {@code w.index[at ..]} of its outer levels.
   * The products are made one read at a time over the whole block (each loop a flat walk with its
   * array, base and offsets held in locals), then added (or kept the larger) into the outputs one
   * output at a time: the same products in the same order per entry as entry by entry, and the same
   * additions in the same order per output entry, so the answers do not change.
   */
  private static void block(
      Workspace w,
      int at,
      int accesses,
      int inputs,
      int block,
      int count,
      int mode,
      int outerOnly,
      int mixed) {
    final int[] index = w.index;
    final int[] offset = w.offset;
    final int[] valid = w.valid;
    final double[] inner = w.inner;
    final double[][] source = w.source;
    double outer = 1.0;
    for (int k = 0; k < outerOnly; k++) {
      double y = source[w.outerOnly[k]][index[at + w.outerOnly[k]]];
      if (y == 0.0) {
        return;
      }
      outer *= y;
    }
    if (outer < Double.MIN_NORMAL) {
      w.lost = true;
      if (outer == 0.0) {
        return;
      }
    }
    final double[] x = w.product;
    final boolean all = count == block; // no entry of the block ruled out: entry v is j = v
    if (all) {
      for (int j = 0; j < block; j++) {
        x[j] = outer * inner[j];
      }
    } else {
      for (int v = 0; v < count; v++) {
        x[v] = outer * inner[valid[v]];
      }
    }
    final int[] reads = w.mixed;
    for (int k = 0; k < mixed; k++) {
      final int a = reads[k];
      final double[] in = source[a];
      final int base = index[at + a];
      final int row = a * block;
      if (all) {
        for (int j = 0; j < block; j++) {
          x[j] *= in[base + offset[row + j]];
        }
      } else {
        for (int v = 0; v < count; v++) {
          x[v] *= in[base + offset[row + valid[v]]];
        }
      }
    }
    for (int v = 0; v < count; v++) {
      if (x[v] < Double.MIN_NORMAL && !readsZero(w, at, block, all ? v : valid[v], mixed)) {
        w.lost = true;
        break;
      }
    }
    for (int a = 0; a < (mode == 2 ? inputs : 1); a++) {
      final double[] out = source[a];
      final int base = index[at + a];
      final int row = a * block;
      if (mode == 1) {
        for (int v = 0; v < count; v++) {
          final int i = base + offset[row + (all ? v : valid[v])];
          if (x[v] > out[i]) {
            out[i] = x[v];
          }
        }
      } else if (all) { // adding a zero changes nothing: an output starts at +0.0
        for (int j = 0; j < block; j++) {
          out[base + offset[row + j]] += x[j];
        }
      } else {
        for (int v = 0; v < count; v++) {
          out[base + offset[row + valid[v]]] += x[v];
        }
      }
    }
  }

  /**
   * Whether one of the entry's mixed reads is 0 (its product is then 0 by rights, not by
   * underflow).
   */
  private static boolean readsZero(Workspace w, int at, int block, int j, int mixed) {
    for (int k = 0; k < mixed; k++) {
      int a = w.mixed[k];
      if (w.source[a][w.index[at + a] + w.offset[a * block + j]] == 0.0) {
        return true;
      }
    }
    return false;
  }
}
