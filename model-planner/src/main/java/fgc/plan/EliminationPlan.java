package fgc.plan;

import fgc.model.FactorKind;

/**
 * The program of exact inference by variable elimination, made by {@link EliminationPlanner}: one
 * step per variable, in elimination order. Step {@code t} eliminates {@code order[t]}; its clique
 * is that variable and its neighbours when it is eliminated, its digits are the clique's variables
 * latest-eliminated first (so the eliminated variable is the last digit, and the separator, every
 * digit but the last, is a clique of a later step: its parent, the step of its earliest-eliminated
 * variable). The steps form a forest (the elimination tree), one tree per connected component.
 *
 * <p>Every factor belongs to the step of its earliest-eliminated variable, whose clique holds its
 * whole scope; the factors of a step are multiplied into as few tables ({@link Operand}s) as
 * possible without any table growing: factors whose scope lies inside another's go into that one's
 * table. A table's digits are its variables in the clique's digit order. Messages over a separator
 * are row-major in that order too, so every table and message is a row-major subsequence of every
 * clique that holds it.
 *
 * <p>Unlike the message-passing plans it does not keep the model's families: an elimination order
 * follows the graph, not the loops that made it, and each step has a clique of its own, so the plan
 * is one step per eliminated variable, and its cost is the model's size (as is the inference); it
 * reads the model factor by factor ({@code Model.factors()}).
 */
public final class EliminationPlan {
  private final String modelName;
  private final VariableLayout layout;
  private final int[] order;
  private final Step[] steps;
  private final Operand[] operands;
  private final double[] weights;
  private final int tableLength;
  private final int messageLength;
  private final int combineLength;
  private final int width;
  private final long largestClique;
  private final int weightShift;
  private final String orderSource;
  private final int orderTry;
  private final int ordersTried;
  private final long cliqueEntries;

  EliminationPlan(
      String modelName,
      VariableLayout layout,
      int[] order,
      Step[] steps,
      Operand[] operands,
      double[] weights,
      int weightShift,
      int tableLength,
      int messageLength,
      int combineLength,
      String orderSource,
      int orderTry,
      int ordersTried) {
    this.orderSource = orderSource;
    this.orderTry = orderTry;
    this.ordersTried = ordersTried;
    this.weightShift = weightShift;
    this.modelName = modelName;
    this.layout = layout;
    this.order = order;
    this.steps = steps;
    this.operands = operands;
    this.weights = weights;
    this.tableLength = tableLength;
    this.messageLength = messageLength;
    this.combineLength = combineLength;
    int w = 0;
    long largest = 0;
    long all = 0;
    for (Step s : steps) {
      w = Math.max(w, s.vars.length - 1);
      largest = Math.max(largest, s.entries);
      all += s.entries;
    }
    this.cliqueEntries = all;
    this.width = w;
    this.largestClique = largest;
  }

  public String modelName() {
    return modelName;
  }

  public VariableLayout layout() {
    return layout;
  }

  /** The variables in elimination order. */
  public int[] order() {
    return order.clone();
  }

  public int stepCount() {
    return steps.length;
  }

  public Step step(int t) {
    return steps[t];
  }

  public int operandCount() {
    return operands.length;
  }

  public Operand operand(int k) {
    return operands[k];
  }

  /**
   * The power of two the weights were scaled by, over all factors ({@link Weights}): the scaled
   * model's log Z is the model's plus {@code weightShift() ln 2}.
   */
  public int weightShift() {
    return weightShift;
  }

  /**
   * The weights of every {@code table} and {@code prior} factor of the model, in factor order, each
   * factor's scaled as {@link Weights} says.
   */
  public double[] weights() {
    return weights.clone();
  }

  /** Entries of all operand tables together. */
  public int tableLength() {
    return tableLength;
  }

  /**
   * Entries of all messages over separators together (a tree's root has a one-entry message: its
   * total).
   */
  public int messageLength() {
    return messageLength;
  }

  /**
   * Entries of the scratch that holds the product of several children's messages with one
   * separator.
   */
  public int combineLength() {
    return combineLength;
  }

  /**
   * The elimination width (induced width) of the order: the largest clique's variable count minus
   * one.
   */
  public int width() {
    return width;
  }

  /** Entries of the largest clique table: what one step of one pass visits at most. */
  public long largestClique() {
    return largestClique;
  }

  /**
   * What made the order: a greedy rule, with its ties (e.g. {@code "min-fill with random ties"}),
   * or {@code "the variables' own order"}.
   */
  public String orderSource() {
    return orderSource;
  }

  /** Which of the greedy tries made the order, counted from 1; 0 for the variables' own order. */
  public int orderTry() {
    return orderTry;
  }

  /**
   * Entries of all clique tables together: what a pass visits, and what the planner chose the order
   * by.
   */
  public long cliqueEntries() {
    return cliqueEntries;
  }

  /** How many greedy orders the planner tried before it took the cheapest (min-fill's included). */
  public int ordersTried() {
    return ordersTried;
  }

  /** One elimination step: a clique, its place in the tree, its tables and its messages. */
  public static final class Step {
    final int variable;
    final int[] vars;
    final int[] sizes;
    final long entries;
    final int parent;
    final int[] children;
    final int[] operands;
    final Group[] groups;
    final int messageOffset;
    final int separatorEntries;

    Step(
        int variable,
        int[] vars,
        int[] sizes,
        long entries,
        int parent,
        int[] children,
        int[] operands,
        Group[] groups,
        int messageOffset,
        int separatorEntries) {
      this.variable = variable;
      this.vars = vars;
      this.sizes = sizes;
      this.entries = entries;
      this.parent = parent;
      this.children = children;
      this.operands = operands;
      this.groups = groups;
      this.messageOffset = messageOffset;
      this.separatorEntries = separatorEntries;
    }

    /** The variable this step eliminates: the last digit. */
    public int variable() {
      return variable;
    }

    /** The clique's variables, in digit order (latest-eliminated first). */
    public int[] vars() {
      return vars.clone();
    }

    /** The domain size of each digit. */
    public int[] sizes() {
      return sizes.clone();
    }

    /** Entries of the clique table. */
    public long entries() {
      return entries;
    }

    /** The step whose clique holds this step's separator, or -1 for the root of a tree. */
    public int parent() {
      return parent;
    }

    /** The steps whose parent this is, ascending. */
    public int[] children() {
      return children.clone();
    }

    /** The operand tables multiplied in at this step. */
    public int[] operands() {
      return operands.clone();
    }

    /**
     * The children, grouped by separator: one group per distinct separator, in the order of their
     * first child.
     */
    public int groupCount() {
      return groups.length;
    }

    public Group group(int g) {
      return groups[g];
    }

    /**
     * Where this step's messages over its separator start (the same offset in every message array).
     */
    public int messageOffset() {
      return messageOffset;
    }

    /** Entries of the separator (1 for a root: the message is the tree's total). */
    public int separatorEntries() {
      return separatorEntries;
    }
  }

  /**
   * Children of one step whose separators are the same variables: their messages are multiplied
   * first.
   */
  public static final class Group {
    final int[] digits;
    final int[] members;
    final int combineOffset;

    Group(int[] digits, int[] members, int combineOffset) {
      this.digits = digits;
      this.members = members;
      this.combineOffset = combineOffset;
    }

    /** The parent's digits the separator holds, ascending. */
    public int[] digits() {
      return digits.clone();
    }

    /** The child steps, ascending. */
    public int[] members() {
      return members.clone();
    }

    /**
     * Where the product of the members' messages is kept, or -1 for a group of one (read in place).
     */
    public int combineOffset() {
      return combineOffset;
    }
  }

  /**
   * One table multiplied in at a step: the product of one or more factors over the same clique
   * digits.
   */
  public static final class Operand {
    final int step;
    final int[] digits;
    final int offset;
    final int entries;
    final Member[] members;

    Operand(int step, int[] digits, int offset, int entries, Member[] members) {
      this.step = step;
      this.digits = digits;
      this.offset = offset;
      this.entries = entries;
      this.members = members;
    }

    public int step() {
      return step;
    }

    /** The clique digits the table is over, ascending (so in the clique's digit order). */
    public int[] digits() {
      return digits.clone();
    }

    /** Where the table starts in the array of all tables. */
    public int offset() {
      return offset;
    }

    public int entries() {
      return entries;
    }

    public int memberCount() {
      return members.length;
    }

    public Member member(int m) {
      return members[m];
    }
  }

  /** A model factor inside an operand table. */
  public static final class Member {
    final int factor;
    final FactorKind kind;
    final int[] positions;
    final int weightOffset;
    final int target;

    Member(int factor, FactorKind kind, int[] positions, int weightOffset, int target) {
      this.factor = factor;
      this.kind = kind;
      this.positions = positions;
      this.weightOffset = weightOffset;
      this.target = target;
    }

    /** The factor's index in the model. */
    public int factor() {
      return factor;
    }

    public FactorKind kind() {
      return kind;
    }

    /** Per slot of the factor, in scope order: the operand digit it takes. */
    public int[] positions() {
      return positions.clone();
    }

    /**
     * For a table or prior: where its weights start in {@link EliminationPlan#weights()}; else -1.
     */
    public int weightOffset() {
      return weightOffset;
    }

    /**
     * For a sum: its total in aligned values (the total minus arity times the layout's lowest
     * value); else 0.
     */
    public int target() {
      return target;
    }
  }
}
