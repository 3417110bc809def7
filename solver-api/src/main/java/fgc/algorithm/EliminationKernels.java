package fgc.algorithm;

/**
 * The steps of exact inference by variable elimination, run by the generated classes over their
 * elimination program: an int table with one block per step (layout below, written by the
 * compiler's {@code EliminationEmitter}), the factor tables built once when a class loads ({@link
 * #tables}), and the model's prior (1 on the values the evidence allows, 0 elsewhere).
 *
 * <p>A step's clique is a row-major table over its loop levels (the clique's variables with more
 * than one value, the eliminated variable last when it is one); nothing of it is stored. Its entry
 * is the product of the step's factor tables and messages, each read at its base plus the sum of
 * the level digits times its stride at each level (0 where it does not depend on the level); an
 * entry where some level's value is ruled out by the evidence is skipped. The innermost levels
 * (about {@link #BLOCK} entries or more, at least the last level) are one block whose offsets are
 * worked out once per step; the outer levels are an odometer. Within a block, a table or message
 * that varies along the block's levels only is multiplied in once per step, one that varies along
 * the outer levels only once per block.
 *
 * <p>Every rescaling multiplies by a power of two and reports the exponent, so that nothing is
 * rounded by it and the log partition function can add the exponents back exactly; a table or
 * message is brought to a largest entry in {@code [1, 2)}, so that products of a few of them
 * neither overflow nor drift towards underflow, however many steps the program has.
 *
 * <p>Products can still leave the range of doubles: three tables of entries {@code 1e-200} where
 * the others have 1 multiply to 0 at every entry. So every product of entries that are not zero is
 * watched: one below the smallest normal double (rounded, or zero) marks the {@link Workspace}
 * {@linkplain Workspace#lost() lost}, and the caller runs the program again in log space ({@link
 * Workspace#useLogSpace()}, with the tables of {@link #logTables}), where the same steps add
 * logarithms and sum by log-sum-exp: slower, and exact for any weights a double holds. A pass that
 * lost nothing is exact as it stands, so the log-space run is only taken when needed.
 *
 * <p>Step block, from its offset {@code p}: {@link #OWN}, {@link #MARGINAL}, {@link #VARIABLE},
 * {@link #LEVELS} ({@code k}), {@link #PARENT}, {@link #OPERANDS} ({@code O}), {@link #GROUPS}
 * ({@code G}), {@link #OWN_ENTRIES}, {@link #LAST_SIZE}; then per level its size, prior offset and
 * variable; per operand its table offset and {@code k} strides; per group of children (children
 * with the same separator) its offset (of the product of their messages when it has several
 * members, else of the one child's messages), 1 when it has several members, its entries, where its
 * members' message offsets are listed (a count, then the offsets), and {@code k} strides; then the
 * {@code k} strides of the step's own message.
 */
public final class EliminationKernels {
  /**
   * A weight table of the model (a {@code table} or {@code prior} factor), row-major over its
   * slots.
   */
  public static final int TABLE = 1;

  /** 1 when the slots' values all differ ({@code alldiff}, {@code neq}), else 0. */
  public static final int ALLDIFF = 2;

  /** 1 when the slots' values are all equal ({@code eq}), else 0. */
  public static final int EQ = 3;

  /** 1 when the slots' values add up to the target, else 0 ({@code sum}). */
  public static final int SUM = 4;

  /**
   * Offset of the step's own messages (to its parent in the collect passes, from it in the
   * distribute pass).
   */
  public static final int OWN = 0;

  /** Offset of the eliminated variable's block in the prior and belief arrays. */
  public static final int MARGINAL = 1;

  /** The eliminated variable. */
  public static final int VARIABLE = 2;

  /** Loop levels. */
  public static final int LEVELS = 3;

  /** 1 when the step has a parent (a message from it to multiply in the distribute pass). */
  public static final int PARENT = 4;

  /** Factor tables of the step. */
  public static final int OPERANDS = 5;

  /** Groups of children. */
  public static final int GROUPS = 6;

  /** Entries of the step's own messages. */
  public static final int OWN_ENTRIES = 7;

  /** Values of the eliminated variable: it is the last level when more than one. */
  public static final int LAST_SIZE = 8;

  /** Ints of the block before its levels. */
  public static final int HEADER = 9;

  /**
   * Innermost entries handled as one block of precomputed offsets, in a clique of up to 2^14
   * entries (up to 256 in larger ones).
   */
  public static final int BLOCK = 64;

  /**
   * A block's entries at most: {@link #BLOCK}, or one level's values when the last level alone has
   * more.
   */
  private static final int BLOCK_CAPACITY = 256;

  private EliminationKernels() {}

  /** Scratch for the step kernels, sized for the program's widest step: one per instance. */
  public static final class Workspace {
    final int levels;
    final int accesses;
    final int[] digit;
    final int[] size;
    final int[] prior;
    final int[] base;
    final int[] stride;
    final double[][] source;
    final int[] index;
    final int[] offset;
    final int[] valid;
    final double[] inner;
    final double[] product;
    final int[] innerOnly;
    final int[] outerOnly;
    final int[] mixed;
    boolean logSpace;
    boolean lost;
    double logShift;

    /**
     * Scratch for the steps of a program.
     *
     * @param levels the most loop levels of any step
     * @param accesses the most tables and messages any step reads or writes at once
     */
    public Workspace(int levels, int accesses) {
      this.levels = Math.max(1, levels);
      this.accesses = Math.max(1, accesses);
      digit = new int[this.levels];
      size = new int[this.levels];
      prior = new int[this.levels];
      base = new int[this.accesses];
      stride = new int[this.accesses * this.levels];
      source = new double[this.accesses][];
      index = new int[(this.levels + 1) * this.accesses];
      offset = new int[this.accesses * BLOCK_CAPACITY];
      valid = new int[BLOCK_CAPACITY];
      inner = new double[BLOCK_CAPACITY];
      product = new double[BLOCK_CAPACITY];
      innerOnly = new int[this.accesses];
      outerOnly = new int[this.accesses];
      mixed = new int[this.accesses];
    }

    /**
     * Whether a product of non-zero entries left the range of normal doubles since {@link
     * #useLogSpace()} (or since this workspace was made): the pass's answers are then not exact,
     * and it must be run again in log space.
     *
     * @return true when something was lost
     */
    public boolean lost() {
      return lost;
    }

    /**
     * From now on the kernels read and write natural logarithms (of the tables of {@link
     * #logTables} and of the messages; the prior stays 0 or 1), and nothing is lost.
     */
    public void useLogSpace() {
      logSpace = true;
      lost = false;
      logShift = 0.0;
    }

    /**
     * Whether the kernels work in log space.
     *
     * @return true after {@link #useLogSpace()}
     */
    public boolean logSpace() {
      return logSpace;
    }

    /**
     * In log space, the sum of the logarithms the collect passes took out of their messages since
     * the last call (the messages are the exact ones times {@code e^-shift}); starts again at 0.
     *
     * @return the natural logarithm to add back
     */
    public double takeLogShift() {
      double shift = logShift;
      logShift = 0.0;
      return shift;
    }
  }

  /** Where group {@code g}'s ints start in the step block at {@code p}. */
  private static int groupAt(int[] steps, int p, int g) {
    int k = steps[p + LEVELS];
    return p + HEADER + 3 * k + steps[p + OPERANDS] * (1 + k) + g * (4 + k);
  }

  /**
   * The collect pass of one step: the message to the parent, into {@code m} at the step's {@link
   * #OWN} offset, sums (or, with {@code max}, maxima) over the eliminated variable of the step's
   * tables times its children's messages (read in {@code m}, or their product in {@code comb});
   * rescaled. Returns the exponent of every rescaling: the message is the exact one times {@code
   * 2^exponent}.
   *
   * @param steps the elimination program
   * @param p the offset of the step's block in {@code steps}
   * @param prior the model's prior: 1 on the values the evidence allows, 0 elsewhere
   * @param tables the factor tables ({@link Tables#values})
   * @param comb scratch for the products of groups of children's messages
   * @param m the collect-pass messages: the children's read, the step's own written
   * @param max true for max-product (a most probable assignment), false for sum-product
   * @param w scratch sized for the program
   * @return the exponent of two the message was multiplied by
   */
  public static int collect(
      int[] steps,
      int p,
      double[] prior,
      double[] tables,
      double[] comb,
      double[] m,
      boolean max,
      Workspace w) {
    int k = steps[p + LEVELS];
    int operands = steps[p + OPERANDS];
    int groups = steps[p + GROUPS];
    int own = steps[p + OWN];
    int entries = steps[p + OWN_ENTRIES];
    int shift = 0;
    levels(steps, p, k, w);
    int a = 0;
    access(w, a++, m, own, steps, p + HEADER + 3 * k + operands * (1 + k) + groups * (4 + k), k);
    for (int o = 0; o < operands; o++) {
      int at = p + HEADER + 3 * k + o * (1 + k);
      access(w, a++, tables, steps[at], steps, at + 1, k);
    }
    for (int g = 0; g < groups; g++) {
      int at = groupAt(steps, p, g);
      boolean multi = steps[at + 1] != 0;
      if (multi) {
        shift += combine(comb, steps[at], steps[at + 2], m, steps, steps[at + 3], w);
      }
      access(w, a++, multi ? comb : m, steps[at], steps, at + 4, k);
    }
    if (w.logSpace) {
      java.util.Arrays.fill(m, own, own + entries, Double.NEGATIVE_INFINITY);
      visitLog(w, prior, k, a, 1, max ? 1 : 0);
      w.logShift += normaliseLog(m, own, entries);
      return 0;
    }
    java.util.Arrays.fill(m, own, own + entries, 0.0);
    visit(w, prior, k, a, 1, max ? 1 : 0);
    return shift + normalise(m, own, entries, w);
  }

  /**
   * The distribute pass of one step, after its parent's: the clique's joint (its tables, its
   * children's messages in {@code up} or their product in {@code comb}, and the message from its
   * parent in {@code down}) summed into the eliminated variable's marginal in {@code belief}
   * (normalised) and, for each group of children, over their separator; divided by each child's own
   * message, that is the message back to the child, into {@code down} ({@link #divide}).
   *
   * @param steps the elimination program
   * @param p the offset of the step's block in {@code steps}
   * @param prior the model's prior: 1 on the values the evidence allows, 0 elsewhere
   * @param tables the factor tables ({@link Tables#values})
   * @param comb scratch for the products of groups of children's messages
   * @param up the messages of the sum collect pass, read
   * @param down the distribute-pass messages: the parent's read, the children's written
   * @param gather scratch for the sums over a group's separator when it has several members
   * @param belief receives the eliminated variable's marginal at its {@link #MARGINAL} offset
   * @param w scratch sized for the program
   */
  public static void distribute(
      int[] steps,
      int p,
      double[] prior,
      double[] tables,
      double[] comb,
      double[] up,
      double[] down,
      double[] gather,
      double[] belief,
      Workspace w) {
    int k = steps[p + LEVELS];
    int operands = steps[p + OPERANDS];
    int groups = steps[p + GROUPS];
    int marginal = steps[p + MARGINAL];
    int lastSize = steps[p + LAST_SIZE];
    levels(steps, p, k, w);
    int a = 0;
    // Outputs first: the marginal (stride 1 on the last level when it is one), then each group's
    // sums.
    w.source[a] = belief;
    w.base[a] = marginal;
    for (int l = 0; l < k; l++) {
      w.stride[a * w.levels + l] = l == k - 1 && lastSize > 1 ? 1 : 0;
    }
    a++;
    for (int g = 0; g < groups; g++) {
      int at = groupAt(steps, p, g);
      boolean multi = steps[at + 1] != 0;
      access(w, a++, multi ? gather : down, steps[at], steps, at + 4, k);
    }
    int outputs = a;
    for (int o = 0; o < operands; o++) {
      int at = p + HEADER + 3 * k + o * (1 + k);
      access(w, a++, tables, steps[at], steps, at + 1, k);
    }
    for (int g = 0; g < groups; g++) {
      int at = groupAt(steps, p, g);
      access(w, a++, steps[at + 1] != 0 ? comb : up, steps[at], steps, at + 4, k);
    }
    if (steps[p + PARENT] != 0) {
      access(
          w,
          a++,
          down,
          steps[p + OWN],
          steps,
          p + HEADER + 3 * k + operands * (1 + k) + groups * (4 + k),
          k);
    }
    double empty = w.logSpace ? Double.NEGATIVE_INFINITY : 0.0;
    for (int o = 0; o < outputs; o++) {
      int entries = o == 0 ? lastSize : steps[groupAt(steps, p, o - 1) + 2];
      java.util.Arrays.fill(w.source[o], w.base[o], w.base[o] + entries, empty);
    }
    if (w.logSpace) {
      visitLog(w, prior, k, a, outputs, 2);
      normaliseSumLog(belief, marginal, lastSize);
    } else {
      visit(w, prior, k, a, outputs, 2);
      normaliseSum(belief, marginal, lastSize);
    }
    for (int g = 0; g < groups; g++) {
      int at = groupAt(steps, p, g);
      int length = steps[at + 2];
      if (steps[at + 1] != 0) {
        for (int c = 0; c < steps[steps[at + 3]]; c++) {
          divide(gather, steps[at], up, down, steps[steps[at + 3] + 1 + c], length, w);
        }
      } else {
        divide(down, steps[at], up, down, steps[at], length, w);
      }
    }
  }

  /**
   * The decoding step, in reverse elimination order after a max collect pass: the eliminated
   * variable's value (as a digit of its domain, into {@code digit}) given the digits of the
   * later-eliminated variables: the lowest among those whose product of the step's tables and
   * children's max messages ({@code maxUp}, or their product in {@code comb}) is largest.
   *
   * @param steps the elimination program
   * @param p the offset of the step's block in {@code steps}
   * @param prior the model's prior: 1 on the values the evidence allows, 0 elsewhere
   * @param tables the factor tables ({@link Tables#values})
   * @param comb scratch for the products of groups of children's messages
   * @param maxUp the messages of the max collect pass
   * @param digit the decoded digits per variable: those of later-eliminated variables read, this
   *     step's variable written
   * @param w scratch sized for the program
   */
  public static void decode(
      int[] steps,
      int p,
      double[] prior,
      double[] tables,
      double[] comb,
      double[] maxUp,
      int[] digit,
      Workspace w) {
    int k = steps[p + LEVELS];
    int operands = steps[p + OPERANDS];
    int groups = steps[p + GROUPS];
    int variable = steps[p + VARIABLE];
    int lastSize = steps[p + LAST_SIZE];
    if (lastSize == 1) {
      digit[variable] = 0;
      return;
    }
    int a = 0;
    for (int o = 0; o < operands; o++) {
      int at = p + HEADER + 3 * k + o * (1 + k);
      a = fixed(w, a, tables, steps, at + 1, steps[at], p, k, digit);
    }
    for (int g = 0; g < groups; g++) {
      int at = groupAt(steps, p, g);
      a = fixed(w, a, steps[at + 1] != 0 ? comb : maxUp, steps, at + 4, steps[at], p, k, digit);
    }
    int z = steps[p + HEADER + 3 * (k - 1) + 1];
    int best = -1;
    double bestX = 0.0;
    for (int v = 0; v < lastSize; v++) {
      if (prior[z + v] == 0.0) {
        continue;
      }
      double x = w.logSpace ? 0.0 : 1.0;
      boolean zero = false;
      for (int b = 0; b < a; b++) {
        double y = w.source[b][w.base[b] + v * w.stride[b]];
        if (w.logSpace) {
          x += y;
        } else {
          zero |= y == 0.0;
          x *= y;
        }
      }
      if (!w.logSpace && !zero && x < Double.MIN_NORMAL) {
        w.lost = true;
      }
      if (best < 0 || x > bestX) { // strictly: the lowest value wins a tie
        bestX = x;
        best = v;
      }
    }
    digit[variable] = Math.max(0, best);
  }

  /**
   * A read at the decoded digits of every level but the last; its last-level stride kept in {@code
   * w.stride[a]}.
   */
  private static int fixed(
      Workspace w,
      int a,
      double[] source,
      int[] steps,
      int strides,
      int base,
      int p,
      int k,
      int[] digit) {
    int index = base;
    for (int l = 0; l < k - 1; l++) {
      index += digit[steps[p + HEADER + 3 * l + 2]] * steps[strides + l];
    }
    w.source[a] = source;
    w.base[a] = index;
    w.stride[a] = steps[strides + k - 1];
    return a + 1;
  }

  private static void levels(int[] steps, int p, int k, Workspace w) {
    for (int l = 0; l < k; l++) {
      w.size[l] = steps[p + HEADER + 3 * l];
      w.prior[l] = steps[p + HEADER + 3 * l + 1];
    }
  }

  private static void access(
      Workspace w, int a, double[] source, int base, int[] steps, int strides, int k) {
    w.source[a] = source;
    w.base[a] = base;
    System.arraycopy(steps, strides, w.stride, a * w.levels, k);
  }

  /**
   * Every entry of the clique the evidence allows: accesses {@code 0 .. inputs} are written, the
   * rest multiplied. Mode 0 adds the product into output 0, mode 1 keeps the largest, mode 2 adds a
   * non-zero product into every output. Inputs that vary along the block's levels only are
   * multiplied once per step into {@code w.inner}, those that vary along outer levels only once per
   * block; only the others are read at every entry.
   */
  private static void visit(
      Workspace w, double[] prior, int k, int accesses, int inputs, int mode) {
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

  /**
   * {@link #visit} in log space: every entry of the clique the evidence allows, one at a time (the
   * last level fastest); inputs are added, mode 0 sums into output 0 by log-sum-exp, mode 1 keeps
   * the largest, mode 2 sums a finite entry into every output.
   */
  private static void visitLog(
      Workspace w, double[] prior, int k, int accesses, int inputs, int mode) {
    int[] digit = w.digit;
    int[] index = w.index;
    for (int l = 0; l < k; l++) {
      if (w.size[l] == 0) {
        return;
      }
      digit[l] = 0;
    }
    for (int a = 0; a < accesses; a++) {
      index[a] = w.base[a];
    }
    while (true) {
      boolean allowed = true;
      for (int l = 0; l < k && allowed; l++) {
        allowed = prior[w.prior[l] + digit[l]] != 0.0;
      }
      if (allowed) {
        double x = 0.0;
        for (int a = inputs; a < accesses && x != Double.NEGATIVE_INFINITY; a++) {
          x += w.source[a][index[a]];
        }
        if (x != Double.NEGATIVE_INFINITY) {
          if (mode == 1) {
            double[] out = w.source[0];
            out[index[0]] = Math.max(out[index[0]], x);
          } else {
            for (int a = 0; a < inputs; a++) {
              double[] out = w.source[a];
              out[index[a]] = logAdd(out[index[a]], x);
            }
          }
        }
      }
      int l = k - 1;
      for (; l >= 0; l--) { // odometer
        for (int a = 0; a < accesses; a++) {
          index[a] += w.stride[a * w.levels + l];
        }
        if (++digit[l] < w.size[l]) {
          break;
        }
        for (int a = 0; a < accesses; a++) {
          index[a] -= digit[l] * w.stride[a * w.levels + l];
        }
        digit[l] = 0;
      }
      if (l < 0) {
        return;
      }
    }
  }

  /** {@code ln(e^a + e^b)}, without overflow; either may be negative infinity (a zero). */
  private static double logAdd(double a, double b) {
    if (a == Double.NEGATIVE_INFINITY) {
      return b;
    }
    if (b == Double.NEGATIVE_INFINITY) {
      return a;
    }
    return Math.max(a, b) + Math.log1p(Math.exp(-Math.abs(a - b)));
  }

  /**
   * Subtracts the largest of the logarithms {@code x[from .. from + length)} and returns it (0 when
   * all are zeros).
   */
  private static double normaliseLog(double[] x, int from, int length) {
    double max = Double.NEGATIVE_INFINITY;
    for (int k = from; k < from + length; k++) {
      max = Math.max(max, x[k]);
    }
    if (max == Double.NEGATIVE_INFINITY) {
      return 0.0;
    }
    for (int k = from; k < from + length; k++) {
      x[k] -= max;
    }
    return max;
  }

  /**
   * The logarithms {@code x[from .. from + length)} become the probabilities they are in proportion
   * to.
   */
  private static void normaliseSumLog(double[] x, int from, int length) {
    normaliseLog(x, from, length);
    for (int k = from; k < from + length; k++) {
      x[k] = Math.exp(x[k]);
    }
    normaliseSum(x, from, length);
  }

  /** The built tables, each rescaled by a power of two, and the sum of the exponents used. */
  public static final class Tables {
    private final double[] values;
    private final long exponent;
    private final boolean lost;

    Tables(double[] values, long exponent, boolean lost) {
      this.values = values;
      this.exponent = exponent;
      this.lost = lost;
    }

    /**
     * Whether a product of members, or a rescaling, fell below the smallest normal double: these
     * tables are then not exact, and the program must run in log space from the start.
     *
     * @return true when an entry was lost
     */
    public boolean lost() {
      return lost;
    }

    /**
     * Every table, one after the other.
     *
     * @return the tables' entries, at the offsets the description gave
     */
    public double[] values() {
      return values;
    }

    /**
     * The tables hold the product of the factors times {@code 2^exponent}.
     *
     * @return the sum of the exponents of every table's rescaling
     */
    public long exponent() {
      return exponent;
    }
  }

  /**
   * Builds {@code info[0]} tables into one array of {@code length} entries. Each table is described
   * from the next position on by: its offset; its digit count {@code r}; {@code r} digit sizes
   * (row-major, the last digit fastest); {@code r} aligned lowest values (a digit's value is its
   * aligned lowest value plus the digit, so that values of different variables compare); the number
   * of member factors, whose product the table holds; and per member its kind, its arity {@code a},
   * the {@code a} table digits its slots take, in slot order, and then for {@link #TABLE} the
   * offset of its weights in {@code weights} (row-major over its slots), for {@link #SUM} its
   * target (the total in aligned values), for the other kinds nothing. Each table is then rescaled
   * so that its largest entry lies in {@code [1, 2)} (an all-zero table stays zero).
   *
   * @param length the entries of all tables together
   * @param info the tables' description, as above
   * @param weights the weights of the model's {@link #TABLE} factors
   * @return the built tables and the exponent of their rescaling
   */
  public static Tables tables(int length, int[] info, double[] weights) {
    return build(length, info, weights, false);
  }

  /**
   * The tables of {@link #tables} as natural logarithms of the products of their members, not
   * rescaled (negative infinity for a zero), for the kernels in log space.
   *
   * @param length the entries of all tables together
   * @param info the tables' description, as for {@link #tables}
   * @param weights the weights of the model's {@link #TABLE} factors
   * @return the logarithms of the tables' entries, at the offsets the description gave
   */
  public static double[] logTables(int length, int[] info, double[] weights) {
    return build(length, info, weights, true).values();
  }

  /** {@link #tables}, or with {@code log} {@link #logTables}: one walk over the description. */
  private static Tables build(int length, int[] info, double[] weights, boolean log) {
    double[] out = new double[length];
    long exponent = 0;
    Workspace lost = new Workspace(1, 1);
    double one = log ? 0.0 : 1.0;
    double zero = log ? Double.NEGATIVE_INFINITY : 0.0;
    int at = 1;
    for (int t = 0; t < info[0]; t++) {
      int offset = info[at++];
      int r = info[at++];
      int sizes = at;
      int los = at + r;
      at += 2 * r;
      int entries = 1;
      for (int j = 0; j < r; j++) {
        entries *= info[sizes + j];
      }
      int members = info[at++];
      int first = at;
      for (int m = 0; m < members; m++) { // skip to the next table
        int kind = info[at++];
        int arity = info[at++];
        at += arity + (kind == TABLE || kind == SUM ? 1 : 0);
      }
      int[] digit = new int[r];
      long[] seen = new long[4];
      for (int e = 0; e < entries; e++) {
        double x = one;
        int m = first;
        for (int k = 0; k < members && x != zero; k++) {
          int kind = info[m];
          int arity = info[m + 1];
          double y = member(kind, arity, info, m + 2, digit, sizes, los, weights, seen);
          if (log) {
            x += Math.log(y);
          } else {
            x *= y;
            if ((x < Double.MIN_NORMAL && y != 0.0)
                || x == Double.POSITIVE_INFINITY
                || Double.isNaN(x)) {
              lost.lost = true; // weights kept as given (see the planner) can overflow as well
              x = 0.0; // the log-space tables are used instead
            }
          }
          m += 2 + arity + (kind == TABLE || kind == SUM ? 1 : 0);
        }
        out[offset + e] = x;
        for (int j = r - 1; j >= 0; j--) { // odometer: the last digit fastest
          if (++digit[j] < info[sizes + j]) {
            break;
          }
          digit[j] = 0;
        }
      }
      if (!log) {
        exponent += normalise(out, offset, entries, lost);
      }
    }
    return new Tables(out, exponent, lost.lost);
  }

  /**
   * One member factor's entry at the table digits {@code digit}; its slots' digits are listed from
   * {@code slots}.
   */
  private static double member(
      int kind,
      int arity,
      int[] info,
      int slots,
      int[] digit,
      int sizes,
      int los,
      double[] weights,
      long[] seen) {
    switch (kind) {
      case TABLE:
        {
          int index = 0;
          for (int s = 0; s < arity; s++) {
            int j = info[slots + s];
            index = index * info[sizes + j] + digit[j];
          }
          return weights[info[slots + arity] + index];
        }
      case ALLDIFF:
        {
          java.util.Arrays.fill(seen, 0L); // a bit per aligned value: they lie below 256
          for (int s = 0; s < arity; s++) {
            int j = info[slots + s];
            int value = info[los + j] + digit[j];
            if ((seen[value >>> 6] & (1L << value)) != 0) {
              return 0.0;
            }
            seen[value >>> 6] |= 1L << value;
          }
          return 1.0;
        }
      case EQ:
        {
          int j0 = info[slots];
          int value = info[los + j0] + digit[j0];
          for (int s = 1; s < arity; s++) {
            int j = info[slots + s];
            if (info[los + j] + digit[j] != value) {
              return 0.0;
            }
          }
          return 1.0;
        }
      case SUM:
        {
          long total = 0;
          for (int s = 0; s < arity; s++) {
            int j = info[slots + s];
            total += info[los + j] + digit[j];
          }
          return total == info[slots + arity] ? 1.0 : 0.0;
        }
      default:
        throw new IllegalArgumentException("no table for factor kind " + kind);
    }
  }

  /**
   * Multiplies {@code x[from .. from + length)} by the power of two that brings its largest entry
   * into {@code [1, 2)} and returns that power's exponent (0 when the block is all zero). Exact
   * unless an entry falls into the subnormal range, i.e. lies more than 2^1021 below the largest.
   *
   * @param x the array holding the block
   * @param from the block's first entry
   * @param length the block's entries
   * @return the exponent of two the block was multiplied by
   */
  public static int normalise(double[] x, int from, int length) {
    return normalise(x, from, length, null);
  }

  /**
   * {@link #normalise}, marking {@code w} (when given) lost if an entry falls below the smallest
   * normal double.
   */
  private static int normalise(double[] x, int from, int length, Workspace w) {
    double max = 0.0;
    for (int k = from; k < from + length; k++) {
      if (x[k] > max) {
        max = x[k];
      }
    }
    if (max == 0.0 || (max >= 1.0 && max < 2.0)) {
      return 0;
    }
    int e = Math.getExponent(max);
    if (e < Double.MIN_EXPONENT) { // subnormal: its exponent is read after an exact scaling
      e = Math.getExponent(max * 0x1p64) - 64;
    }
    int shift = -e;
    for (int left = shift; left != 0; ) {
      int step = Math.max(-1000, Math.min(1000, left)); // 2^step is a normal double
      double factor = Math.scalb(1.0, step);
      for (int k = from; k < from + length; k++) {
        double y = x[k] * factor;
        if (y < Double.MIN_NORMAL && x[k] != 0.0 && w != null) {
          w.lost = true;
        }
        x[k] = y;
      }
      left -= step;
    }
    return shift;
  }

  /**
   * {@code into[at .. at + length)} becomes the product of the messages {@code from[m .. m +
   * length)} for the {@code params[list]} offsets {@code m} listed after it, rescaled after each
   * product ({@link #normalise}); returns the sum of the exponents.
   *
   * @param into the array receiving the product
   * @param at the product's offset in {@code into}
   * @param length the entries of each message and of the product
   * @param from the array of the messages
   * @param params the int table holding the list of offsets
   * @param list where the list starts in {@code params}: a count, then the offsets
   * @return the exponent of two the product was multiplied by
   */
  public static int combine(
      double[] into, int at, int length, double[] from, int[] params, int list) {
    return combine(into, at, length, from, params, list, new Workspace(1, 1));
  }

  /**
   * {@link #combine} for the kernels: in log space the logarithms are added, and a loss marks
   * {@code w}.
   */
  private static int combine(
      double[] into, int at, int length, double[] from, int[] params, int list, Workspace w) {
    int count = params[list];
    System.arraycopy(from, params[list + 1], into, at, length);
    if (w.logSpace) {
      for (int k = 1; k < count; k++) {
        int m = params[list + 1 + k];
        for (int s = 0; s < length; s++) {
          into[at + s] += from[m + s];
        }
      }
      w.logShift += normaliseLog(into, at, length);
      return 0;
    }
    int shift = normalise(into, at, length, w);
    for (int k = 1; k < count; k++) {
      int m = params[list + 1 + k];
      for (int s = 0; s < length; s++) {
        double y = from[m + s];
        double x = into[at + s] * y;
        if (x < Double.MIN_NORMAL && y != 0.0 && into[at + s] != 0.0) {
          w.lost = true;
        }
        into[at + s] = x;
      }
      shift += normalise(into, at, length, w);
    }
    return shift;
  }

  /**
   * The message back to a child: {@code down[m + s] = sum[at + s] / up[m + s]} over {@code length}
   * entries, 0 where {@code up} is 0 (there the child's every entry is 0 already, whatever the
   * message), then rescaled. {@code sum} and {@code down} may be the same block.
   *
   * @param sum the array of the clique's sums over the separator
   * @param at the sums' offset in {@code sum}
   * @param up the child's collect-pass messages
   * @param down receives the message back to the child
   * @param m the child's message offset in {@code up} and {@code down}
   * @param length the entries of the separator
   */
  public static void divide(double[] sum, int at, double[] up, double[] down, int m, int length) {
    divide(sum, at, up, down, m, length, new Workspace(1, 1));
  }

  /** {@link #divide} for the kernels: in log space a subtraction, and a loss marks {@code w}. */
  private static void divide(
      double[] sum, int at, double[] up, double[] down, int m, int length, Workspace w) {
    if (w.logSpace) {
      for (int s = 0; s < length; s++) {
        double u = up[m + s];
        down[m + s] = u == Double.NEGATIVE_INFINITY ? Double.NEGATIVE_INFINITY : sum[at + s] - u;
      }
      normaliseLog(down, m, length);
      return;
    }
    for (int s = 0; s < length; s++) {
      double u = up[m + s];
      double x = sum[at + s];
      double y = u == 0.0 ? 0.0 : x / u;
      if (x != 0.0 && u != 0.0 && (y < Double.MIN_NORMAL || y == Double.POSITIVE_INFINITY)) {
        w.lost = true;
      }
      down[m + s] = y;
    }
    normalise(down, m, length, w);
  }

  /**
   * {@link #divide} into each of the {@code params[list]} children whose offsets follow it.
   *
   * @param sum the array of the clique's sums over the group's separator
   * @param at the sums' offset in {@code sum}
   * @param up the children's collect-pass messages
   * @param down receives the messages back to the children
   * @param length the entries of the separator
   * @param params the int table holding the list of offsets
   * @param list where the list starts in {@code params}: a count, then the children's offsets
   */
  public static void divideEach(
      double[] sum, int at, double[] up, double[] down, int length, int[] params, int list) {
    for (int k = 0; k < params[list]; k++) {
      divide(sum, at, up, down, params[list + 1 + k], length);
    }
  }

  /**
   * Divides {@code x[from .. from + length)} by its sum; returns the sum (an all-zero block stays
   * zero).
   *
   * @param x the array holding the block
   * @param from the block's first entry
   * @param length the block's entries
   * @return the block's sum before the division
   */
  public static double normaliseSum(double[] x, int from, int length) {
    double sum = 0.0;
    for (int k = from; k < from + length; k++) {
      sum += x[k];
    }
    if (sum > 0.0) {
      for (int k = from; k < from + length; k++) {
        x[k] /= sum;
      }
    }
    return sum;
  }
}
