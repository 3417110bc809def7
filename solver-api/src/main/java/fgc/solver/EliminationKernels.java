package fgc.solver;

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
 * worked out once per step; the outer levels are an odometer. A table or message that varies along
 * the block's levels only is multiplied in once per step; any other is multiplied in at the deepest
 * outer level it varies along, into a partial product over the block kept per level, so it is read
 * once per combination of the levels down to its own rather than once per block.
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
  static final int BLOCK_CAPACITY = 256;

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
    final double[] partial;
    final int[] row;
    final int[] innerOnly;
    final int[] placed;
    final int[] vectorOps;
    final int[] scalarOps;
    final int[] vectorStart;
    final int[] scalarStart;

    /**
     * Per access of the current step, a lower bound on the non-zero entries it can read, capped at
     * 1; below 0 while not yet computed ({@link CliqueVisit}).
     */
    final double[] floor;

    /** The loop levels of the current step. */
    int depth;

    /**
     * Per outer level of the current step, the scalar its current digit multiplies in, and a lower
     * bound on the product of its vector reads when not 0 (below 0 while not yet computed).
     */
    final double[] scale;

    final double[] levelFloor;

    /** The smallest entry of the current step's partial product before its outer levels. */
    double rootLeast;

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
      partial = new double[(this.levels + 1) * BLOCK_CAPACITY];
      row = new int[this.levels + 1];
      innerOnly = new int[this.accesses];
      placed = new int[this.accesses];
      vectorOps = new int[this.accesses];
      scalarOps = new int[this.accesses];
      vectorStart = new int[this.levels + 2];
      scalarStart = new int[this.levels + 2];
      floor = new double[this.accesses];
      scale = new double[this.levels + 1];
      levelFloor = new double[this.levels + 1];
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
        shift +=
            MessageArithmetic.combine(comb, steps[at], steps[at + 2], m, steps, steps[at + 3], w);
      }
      access(w, a++, multi ? comb : m, steps[at], steps, at + 4, k);
    }
    if (w.logSpace) {
      java.util.Arrays.fill(m, own, own + entries, Double.NEGATIVE_INFINITY);
      LogSpace.visitLog(w, prior, k, a, 1, max ? 1 : 0);
      w.logShift += LogSpace.normaliseLog(m, own, entries);
      return 0;
    }
    java.util.Arrays.fill(m, own, own + entries, 0.0);
    CliqueVisit.visit(w, prior, k, a, 1, max ? 1 : 0);
    return shift + MessageArithmetic.normalise(m, own, entries, w);
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
      LogSpace.visitLog(w, prior, k, a, outputs, 2);
      LogSpace.normaliseSumLog(belief, marginal, lastSize);
    } else {
      CliqueVisit.visit(w, prior, k, a, outputs, 2);
      normaliseSum(belief, marginal, lastSize);
    }
    for (int g = 0; g < groups; g++) {
      int at = groupAt(steps, p, g);
      int length = steps[at + 2];
      if (steps[at + 1] != 0) {
        for (int c = 0; c < steps[steps[at + 3]]; c++) {
          MessageArithmetic.divide(
              gather, steps[at], up, down, steps[steps[at + 3] + 1 + c], length, w);
        }
      } else {
        MessageArithmetic.divide(down, steps[at], up, down, steps[at], length, w);
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
    return EliminationTableBuilder.build(length, info, weights, false);
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
    return EliminationTableBuilder.build(length, info, weights, true).values();
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
    return MessageArithmetic.normalise(x, from, length, null);
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
    return MessageArithmetic.combine(into, at, length, from, params, list, new Workspace(1, 1));
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
    MessageArithmetic.divide(sum, at, up, down, m, length, new Workspace(1, 1));
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
