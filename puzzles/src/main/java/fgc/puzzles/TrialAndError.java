package fgc.puzzles;

/**
 * How far trial and error of depth one gets on a puzzle: candidates as bitmasks, narrowed by
 * singles (a cell with one value left; a value with one place left in a row, column or box); then,
 * in rounds, every open candidate is tried alone, and one whose singles end in a contradiction is
 * removed. A puzzle this closure solves is "in T&amp;E(1)" in the terms of Berthier
 * (<i>Pattern-Based Constraint Satisfaction and Logic Puzzles</i>, 2012), who reports that nearly
 * all puzzles are; the few that are not are the hardest known, and need trials within trials. The
 * rounds it needs, and how few removals its narrowest round finds, say how close a puzzle comes to
 * that: a rating written for fgc's hard puzzle generator that does not depend on belief
 * propagation.
 */
public final class TrialAndError {

  private TrialAndError() {}

  /**
   * What the closure reached on one puzzle.
   *
   * @param contradiction the givens alone contradict each other by singles
   * @param stuck some candidate is still open when no trial removes one (not in T&amp;E(1))
   * @param rounds the rounds of trials that removed something
   * @param fewestRemoved the fewest candidates one of those rounds removed (0 when none ran)
   * @param openLeft the candidates of unsolved cells left at the end (0 when solved)
   * @param backdoors the open candidates, after singles from the givens, whose placement alone lets
   *     singles solve the puzzle (0 when singles solve it without one)
   */
  public record Result(
      boolean contradiction,
      boolean stuck,
      int rounds,
      int fewestRemoved,
      int openLeft,
      int backdoors) {}

  /**
   * The closure of {@code puzzle} (side 4 or 9).
   *
   * @param puzzle the givens
   * @return where singles and one level of trials end
   */
  public static Result closure(Grid puzzle) {
    if (puzzle.side() != 4 && puzzle.side() != 9) {
      throw new IllegalArgumentException(
          "trial and error rates sides 4 and 9, not " + puzzle.side());
    }
    Units units = Units.of(puzzle);
    int[] cand = new int[puzzle.cellCount()];
    int full = (1 << puzzle.side()) - 1;
    for (int i = 0; i < cand.length; i++) {
      int v = puzzle.get(i);
      cand[i] = v == 0 ? full : 1 << (v - 1);
    }
    if (!units.singles(cand)) {
      return new Result(true, false, 0, 0, 0, 0);
    }
    int[] trial = new int[cand.length];
    int backdoors = 0;
    for (int i = 0; i < cand.length; i++) {
      if (Integer.bitCount(cand[i]) < 2) {
        continue;
      }
      for (int bits = cand[i]; bits != 0; bits &= bits - 1) {
        System.arraycopy(cand, 0, trial, 0, cand.length);
        trial[i] = Integer.lowestOneBit(bits);
        if (units.singles(trial) && open(trial) == 0) {
          backdoors++;
        }
      }
    }
    int rounds = 0;
    int fewest = 0;
    int[] keep = new int[cand.length];
    while (open(cand) > 0) {
      int removed = 0;
      System.arraycopy(cand, 0, keep, 0, cand.length);
      for (int i = 0; i < cand.length; i++) {
        if (Integer.bitCount(cand[i]) < 2) {
          continue;
        }
        for (int bits = cand[i]; bits != 0; bits &= bits - 1) {
          int bit = Integer.lowestOneBit(bits);
          System.arraycopy(cand, 0, trial, 0, cand.length);
          trial[i] = bit;
          if (!units.singles(trial)) {
            keep[i] &= ~bit;
            removed++;
          }
        }
      }
      if (removed == 0) {
        return new Result(false, true, rounds, fewest, open(cand), backdoors);
      }
      rounds++;
      fewest = rounds == 1 ? removed : Math.min(fewest, removed);
      System.arraycopy(keep, 0, cand, 0, cand.length);
      if (!units.singles(cand)) {
        // Every removal was a value no solution has, so only a puzzle without a solution gets here.
        return new Result(true, false, rounds, fewest, 0, backdoors);
      }
    }
    return new Result(false, false, rounds, fewest, 0, backdoors);
  }

  /**
   * A rating for {@link HardPuzzleGenerator}'s climb, larger for harder: a puzzle beyond the
   * closure first (more candidates left, harder), then fewer backdoors, more rounds and fewer
   * removals in the narrowest round; a puzzle singles solve rates 0.
   *
   * @param puzzle a puzzle with one solution
   * @return its rating
   */
  public static long rating(Grid puzzle) {
    Result r = closure(puzzle);
    if (r.stuck()) {
      return (1L << 50) + r.openLeft();
    }
    if (r.rounds() == 0) {
      return 0;
    }
    return ((long) (1000 - r.backdoors()) << 30)
        + ((long) r.rounds() << 20)
        + (1000 - r.fewestRemoved());
  }

  /** The candidates of cells with more than one left. */
  private static int open(int[] cand) {
    int n = 0;
    for (int c : cand) {
      int k = Integer.bitCount(c);
      n += k > 1 ? k : 0;
    }
    return n;
  }

  /** The rows, columns and boxes of one grid size, and each cell's peers. */
  private record Units(int side, int[][] units, int[][] peers) {

    static Units of(Grid puzzle) {
      int side = puzzle.side();
      int box = puzzle.boxSize();
      int n = puzzle.cellCount();
      int[][] units = new int[3 * side][side];
      for (int r = 0; r < side; r++) {
        for (int c = 0; c < side; c++) {
          int b = (r / box) * box + c / box;
          int k = (r % box) * box + c % box;
          units[r][c] = r * side + c;
          units[side + c][r] = r * side + c;
          units[2 * side + b][k] = r * side + c;
        }
      }
      int[][] peers = new int[n][];
      for (int i = 0; i < n; i++) {
        boolean[] seen = new boolean[n];
        int count = 0;
        for (int[] unit : units) {
          if (contains(unit, i)) {
            for (int j : unit) {
              if (j != i && !seen[j]) {
                seen[j] = true;
                count++;
              }
            }
          }
        }
        peers[i] = new int[count];
        for (int j = 0, p = 0; j < n; j++) {
          if (seen[j]) {
            peers[i][p++] = j;
          }
        }
      }
      return new Units(side, units, peers);
    }

    private static boolean contains(int[] unit, int cell) {
      for (int j : unit) {
        if (j == cell) {
          return true;
        }
      }
      return false;
    }

    /**
     * Narrows {@code cand} by naked and hidden singles to a fixpoint; false on a contradiction (a
     * cell with no value, or a value with no place in some unit).
     */
    boolean singles(int[] cand) {
      int n = cand.length;
      int[] queue = new int[n];
      boolean[] placed = new boolean[n];
      int head = 0;
      int tail = 0;
      for (int i = 0; i < n; i++) {
        if (Integer.bitCount(cand[i]) == 1) {
          queue[tail++] = i;
          placed[i] = true;
        }
      }
      int full = (1 << side) - 1;
      while (true) {
        while (head < tail) {
          int i = queue[head++];
          int bit = cand[i];
          for (int j : peers[i]) {
            if ((cand[j] & bit) != 0) {
              cand[j] &= ~bit;
              if (cand[j] == 0) {
                return false;
              }
              if (!placed[j] && Integer.bitCount(cand[j]) == 1) {
                placed[j] = true;
                queue[tail++] = j;
              }
            }
          }
        }
        for (int[] unit : units) {
          int once = 0;
          int twice = 0;
          for (int j : unit) {
            twice |= once & cand[j];
            once |= cand[j];
          }
          if (once != full) {
            return false;
          }
          int hidden = once & ~twice;
          for (int j : unit) {
            int bit = cand[j] & hidden;
            if (bit != 0 && !placed[j]) {
              if (Integer.bitCount(bit) > 1) {
                return false; // one cell is the only place of two values
              }
              cand[j] = bit;
              placed[j] = true;
              queue[tail++] = j;
            }
          }
        }
        if (head == tail) {
          return true;
        }
      }
    }
  }
}
