package fgc.solver;

import static fgc.solver.EliminationKernels.BLOCK;
import static fgc.solver.EliminationKernels.BLOCK_CAPACITY;

import fgc.solver.EliminationKernels.Workspace;
import java.util.Arrays;

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
   * multiplied once per step into {@code w.inner}; any other is multiplied in at the deepest outer
   * level it varies along ({@link #level}), once per combination of the levels down to it.
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
    while (split > 0 && (split == k || (long) block * w.size[split - 1] <= most)) {
      block *= w.size[--split];
    }
    // Each input that varies along an outer level is multiplied in at the deepest outer level it
    // varies along, into a partial product over the block kept per level, so that it is read once
    // per combination of the levels down to its own, not once per block: a step's pairwise tables
    // (one per neighbour of the eliminated variable) then cost about two passes over the clique in
    // all rather than one each. An input constant along the block is a scalar at its level.
    int[] vectorStart = w.vectorStart;
    int[] scalarStart = w.scalarStart;
    // The smallest non-zero reads, found only when a 0 must be told from an underflow (watch).
    Arrays.fill(w.floor, 0, accesses, -1.0);
    Arrays.fill(w.levelFloor, 0, k, -1.0);
    w.depth = k;
    Arrays.fill(vectorStart, 0, split + 2, 0);
    Arrays.fill(scalarStart, 0, split + 2, 0);
    // Where each input goes, found once: w.placed[a] is (deepest outer level it varies along + 1)
    // times 2, plus 1 when it varies along the block; the inputs of a level are then listed by a
    // counting sort on that level.
    int[] placed = w.placed;
    int innerOnly = 0;
    for (int a = inputs; a < accesses; a++) {
      boolean alongInner = false;
      int deepest = -1;
      for (int l = 0; l < k; l++) {
        boolean moves = w.stride[a * w.levels + l] != 0;
        alongInner = alongInner || (moves && l >= split);
        if (moves && l < split) {
          deepest = l;
        }
      }
      placed[a] = (deepest + 1) * 2 + (alongInner ? 1 : 0);
      if (deepest < 0 && alongInner) {
        w.innerOnly[innerOnly++] = a;
      } else if (alongInner) {
        vectorStart[deepest + 2]++;
      } else {
        scalarStart[deepest + 2]++; // a constant input is a scalar before the first level
      }
    }
    for (int l = 0; l <= split; l++) { // counts to where each level's list starts
      vectorStart[l + 1] += vectorStart[l];
      scalarStart[l + 1] += scalarStart[l];
    }
    for (int a = inputs; a < accesses; a++) {
      int deepest = (placed[a] >> 1) - 1;
      if ((placed[a] & 1) == 0) {
        w.scalarOps[scalarStart[deepest + 1]++] = a;
      } else if (deepest >= 0) {
        w.vectorOps[vectorStart[deepest + 1]++] = a;
      }
    }
    // Now level l's inputs run from start[l] to start[l + 1]; the constants from 0 to start[0].
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
    // The partial product before any outer level: the block's allowed entries (compacted: entry v
    // is valid[v], or v when all are allowed) times the constant inputs.
    final boolean all = count == block;
    double[] part = w.partial;
    double constant = scalars(w, 0, 0, scalarStart[0]);
    if (constant == 0.0) {
      return;
    }
    for (int v = 0; v < count; v++) {
      part[v] = constant * inner[all ? v : w.valid[v]];
    }
    double least = Double.POSITIVE_INFINITY;
    for (int v = 0; v < count; v++) {
      least = Math.min(least, part[v]);
    }
    if (least < Double.MIN_NORMAL) { // a product of non-zero entries, rounded
      w.lost = true;
    }
    w.rootLeast = least;
    int[] row = w.row;
    row[0] = 0;
    if (split == 0) {
      emit(w, 0, 0, inputs, block, count, mode, all);
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
      int at = from + accesses;
      double s = scalars(w, at, scalarStart[l], scalarStart[l + 1]);
      if (s == 0.0) {
        continue; // every entry below this digit is 0
      }
      w.scale[l] = s;
      int vectors = vectorStart[l + 1] - vectorStart[l];
      if (vectors == 0 && s == 1.0) {
        row[l + 1] = row[l];
      } else {
        row[l + 1] = l + 1;
        level(
            w,
            l,
            row[l] * BLOCK_CAPACITY,
            (l + 1) * BLOCK_CAPACITY,
            at,
            s,
            vectorStart[l],
            vectorStart[l + 1],
            block,
            count,
            all);
      }
      if (l + 1 < split) {
        digit[++l] = -1;
      } else {
        emit(w, at, row[split], inputs, block, count, mode, all);
      }
    }
  }

  /**
   * The product of the scalar inputs {@code w.scalarOps[from .. to]} at the indices {@code
   * w.index[at ..]}; 0 when one reads 0, and {@code w} marked lost when the product of non-zero
   * reads leaves the normal doubles.
   */
  private static double scalars(Workspace w, int at, int from, int to) {
    double s = 1.0;
    for (int q = from; q < to; q++) {
      int a = w.scalarOps[q];
      double y = w.source[a][w.index[at + a]];
      if (y == 0.0) {
        return 0.0;
      }
      s *= y;
    }
    if (s < Double.MIN_NORMAL) {
      w.lost = true;
    }
    return s;
  }

  /**
   * One outer level's partial product: the one above it ({@code w.partial} from {@code src}) times
   * the scalar {@code s} times the level's vector inputs {@code w.vectorOps[from .. to]}, each read
   * over the block at its index for this level's digits, into {@code w.partial} from {@code dst}.
   * Each loop is a flat walk with its array, base and offsets held in locals.
   */
  private static void level(
      Workspace w,
      int l,
      int src,
      int dst,
      int at,
      double s,
      int from,
      int to,
      int block,
      int count,
      boolean all) {
    final double[] part = w.partial;
    final int[] offset = w.offset;
    final int[] valid = w.valid;
    int q = from;
    if (q == to) {
      for (int v = 0; v < count; v++) {
        part[dst + v] = part[src + v] * s;
      }
    } else { // the first read in the same walk: (p * s) * y, as two walks would make it
      final int a = w.vectorOps[q++];
      final double[] in = w.source[a];
      final int base = w.index[at + a];
      final int row = a * block;
      if (all) {
        for (int v = 0; v < count; v++) {
          part[dst + v] = part[src + v] * s * in[base + offset[row + v]];
        }
      } else {
        for (int v = 0; v < count; v++) {
          part[dst + v] = part[src + v] * s * in[base + offset[row + valid[v]]];
        }
      }
    }
    for (; q < to; q++) {
      final int a = w.vectorOps[q];
      final double[] in = w.source[a];
      final int base = w.index[at + a];
      final int row = a * block;
      if (all) {
        for (int v = 0; v < count; v++) {
          part[dst + v] *= in[base + offset[row + v]];
        }
      } else {
        for (int v = 0; v < count; v++) {
          part[dst + v] *= in[base + offset[row + valid[v]]];
        }
      }
    }
    watch(w, l, src, dst, count, at, from, to, block, all);
  }

  /**
   * Marks {@code w} lost when an entry of the partial product at {@code dst} is below the normal
   * doubles though the one above it (at {@code src}) was not 0 and none of the level's reads is 0:
   * a product of non-zero entries that was rounded, or underflowed to 0.
   */
  private static void watch(
      Workspace w,
      int l,
      int src,
      int dst,
      int count,
      int at,
      int from,
      int to,
      int block,
      boolean all) {
    if (w.lost) {
      return; // the pass runs again in log space anyway
    }
    final double[] part = w.partial;
    // 0: not yet known whether a 0 here can be an underflow; 1: it cannot; -1: it can.
    int zerosAreExact = 0;
    for (int v = 0; v < count; v++) {
      double p = part[dst + v];
      if (p < Double.MIN_NORMAL) {
        if (p != 0.0) {
          w.lost = true;
          return;
        }
        if (part[src + v] == 0.0) {
          continue;
        }
        if (zerosAreExact == 0) {
          zerosAreExact = zerosAreExact(w, l) ? 1 : -1;
        }
        if (zerosAreExact < 0 && !readsZero(w, at, from, to, block, all, v)) {
          w.lost = true;
          return;
        }
      }
    }
  }

  /**
   * Whether a 0 in level {@code l}'s product where the level above is not 0 must come from a read
   * of 0, not from an underflow. A product of non-zero reads down to level {@code l} is at least
   * the smallest entry before the outer levels times, per level, its scalar and the smallest
   * non-zero entries its vector reads can take (each taken at most 1); the level above's non-zero
   * entries are also at least the smallest normal double (a smaller one has marked the pass lost).
   * When either bound times level {@code l}'s is at least 2^-1066, 256 times the smallest double,
   * every partial product is too: a rounding there is off by at most 1/512 of it, and a few never
   * reach 0. Saves checking each 0's reads, which costs about as much as making it.
   */
  private static boolean zerosAreExact(Workspace w, int l) {
    double above = Math.min(1.0, w.rootLeast);
    for (int j = 0; j < l && above >= 0x1p-1066; j++) {
      above *= Math.min(1.0, w.scale[j]) * levelFloor(w, j);
    }
    double here = Math.min(1.0, w.scale[l]) * levelFloor(w, l);
    return Math.max(above, Double.MIN_NORMAL) * here >= 0x1p-1066;
  }

  /** The smallest non-zero product level {@code j}'s vector reads can make, at most 1. */
  private static double levelFloor(Workspace w, int j) {
    if (w.levelFloor[j] < 0.0) {
      double f = 1.0;
      for (int q = w.vectorStart[j]; q < w.vectorStart[j + 1]; q++) {
        f *= floor(w, w.vectorOps[q]);
      }
      w.levelFloor[j] = f;
    }
    return w.levelFloor[j];
  }

  /**
   * The smallest non-zero entry, at most 1, over the whole span access {@code a} reads in this step
   * (every digit of every level): computed once per step, when first asked.
   */
  private static double floor(Workspace w, int a) {
    if (w.floor[a] >= 0.0) {
      return w.floor[a];
    }
    int last = w.base[a];
    for (int l = 0; l < w.depth; l++) {
      last += w.stride[a * w.levels + l] * Math.max(0, w.size[l] - 1);
    }
    double least = 1.0;
    double[] source = w.source[a];
    for (int i = w.base[a]; i <= last; i++) {
      double y = source[i];
      if (y != 0.0 && y < least) {
        least = y;
      }
    }
    w.floor[a] = least;
    return least;
  }

  /** Whether one of the level's vector reads at entry {@code v} is 0 (a product 0 by rights). */
  private static boolean readsZero(
      Workspace w, int at, int from, int to, int block, boolean all, int v) {
    for (int q = from; q < to; q++) {
      int a = w.vectorOps[q];
      if (w.source[a][w.index[at + a] + w.offset[a * block + (all ? v : w.valid[v])]] == 0.0) {
        return true;
      }
    }
    return false;
  }

  /**
   * The allowed entries of one block, at the indices {@code w.index[at ..]} of its outer levels,
   * their products in partial product row {@code product}: added (or kept the larger) into the
   * outputs one output at a time, each a flat walk.
   */
  private static void emit(
      Workspace w, int at, int product, int inputs, int block, int count, int mode, boolean all) {
    final int[] index = w.index;
    final int[] offset = w.offset;
    final int[] valid = w.valid;
    final double[] x = w.partial;
    final int p = product * BLOCK_CAPACITY;
    for (int a = 0; a < (mode == 2 ? inputs : 1); a++) {
      final double[] out = w.source[a];
      final int base = index[at + a];
      final int row = a * block;
      if (mode == 1) {
        for (int v = 0; v < count; v++) {
          final int i = base + offset[row + (all ? v : valid[v])];
          if (x[p + v] > out[i]) {
            out[i] = x[p + v];
          }
        }
      } else if (all) { // adding a zero changes nothing: an output starts at +0.0
        for (int j = 0; j < block; j++) {
          out[base + offset[row + j]] += x[p + j];
        }
      } else {
        for (int v = 0; v < count; v++) {
          out[base + offset[row + valid[v]]] += x[p + v];
        }
      }
    }
  }
}
