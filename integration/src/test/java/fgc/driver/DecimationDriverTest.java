package fgc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.SolutionCounter;
import fgc.solver.GeneratedAlgorithm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecimationDriverTest {
  @TempDir Path cacheRoot;

  private GeneratedAlgorithm solverFor(Model model) {
    return new SolverCache(cacheRoot, System.err::println)
        .load(model, AlgorithmSpec.defaults())
        .newInstance();
  }

  @Test
  void solvesEveryEmbeddedPuzzleAndTheAnswersPassTheIndependentCheck() {
    for (Grid puzzle : EmbeddedPuzzles.all()) {
      Model model = FgcLanguage.bundled("sudoku", Map.of("n", (long) puzzle.boxSize()));
      SolveResult result =
          DecimationDriver.withDefaults().solve(solverFor(model), model, evidence(model, puzzle));
      assertTrue(result.solved(), "not solved: " + puzzle.toLine());
      GridValidator.Verdict verdict =
          GridValidator.check(puzzle, Grid.of(puzzle.side(), result.values()));
      assertTrue(verdict.valid(), verdict.reason());
      assertTrue(result.decisions() > 0 && result.sweeps() > 0);
    }
  }

  @Test
  void givensThatBreakAFactorAreReportedNotSolved() {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    int[] evidence = Assignments.empty(model);
    evidence[0] = 1;
    evidence[1] = 1;
    SolveResult result = DecimationDriver.withDefaults().solve(solverFor(model), model, evidence);
    assertEquals(SolveResult.Status.INCONSISTENT_EVIDENCE, result.status());
    assertFalse(result.solved());
  }

  @Test
  void aPuzzleWithNoSolutionButNoDirectConflictIsNeverCalledSolved() {
    // Row 1 needs a 4 in r1c4, but column 4 already holds a 4 lower down: no completion exists.
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    Grid puzzle = Grid.of(4, new int[] {1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0});
    SolveResult result =
        DecimationDriver.withDefaults()
            .withRestarts(3)
            .solve(solverFor(model), model, evidence(model, puzzle));
    assertNotEquals(SolveResult.Status.SOLVED, result.status());
    // The messages from the givens alone leave r1c4 no value: a proof, so no restart is tried.
    assertEquals(SolveResult.Status.NO_SOLUTION, result.status());
    assertEquals(0, result.restarts());
    assertEquals(0, result.decisions());
  }

  /**
   * A puzzle of fgc's generator that decimate without probing solves on its fourth restart, after
   * four contradictions.
   */
  private static final String AVOIDING =
      ".....72.8356.....1.8...........963......25...19.......9..5..6.2.62..9.17..8......";

  @Test
  void restartsAvoidTheLastUnforcedDecisionBeforeEachContradiction() {
    Grid puzzle = grid(AVOIDING);
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 3L));
    GeneratedAlgorithm solver = solverFor(model);
    Set<List<Integer>> avoided = new HashSet<>();
    List<String> repeated = new ArrayList<>();
    int[] contradictions = {0};
    SolveEvents watch =
        new SolveEvents() {
          private List<Integer> last;

          @Override
          public void decision(int variable, int value, double margin, boolean sampled) {
            // Called before the value is clamped: the belief is the one the decision was made from.
            double[] belief = new double[solver.domainSize(variable)];
            solver.marginal(variable, belief);
            List<Integer> live = new ArrayList<>();
            for (int v = 0; v < belief.length; v++) {
              if (belief[v] > 0.0) {
                live.add(solver.lowestValue(variable) + v);
              }
            }
            if (live.size() == 1) {
              return; // forced by the messages
            }
            List<Integer> choice = List.of(variable, value);
            boolean otherValueLeft =
                live.stream().anyMatch(x -> !avoided.contains(List.of(variable, x)));
            if (avoided.contains(choice) && otherValueLeft) {
              repeated.add(model.variableName(variable) + " = " + value);
            }
            last = choice;
          }

          @Override
          public void contradiction(int decisions) {
            contradictions[0]++;
            if (last != null) {
              avoided.add(last);
            }
          }

          @Override
          public void restart(int attempt) {
            last = null;
          }
        };
    SolveResult result =
        DecimationDriver.withDefaults()
            .withLearning(true)
            .withProbing(0)
            .solve(solver, model, evidence(model, puzzle), watch);
    assertTrue(result.solved());
    assertTrue(
        contradictions[0] >= 2,
        "the puzzle no longer exercises restarts: " + contradictions[0] + " contradictions");
    assertEquals(
        List.of(),
        repeated,
        "decisions a failed attempt ended on, taken again while another value was left");
  }

  @Test
  void tiesInMarginGoToTheVariableWithTheFewestValuesLeft() {
    // A generated puzzle whose beliefs tie in margin between variables with different numbers of
    // values left.
    Grid puzzle =
        grid("1...7.......964....46.......3......8.15.4..9.98...67......5..1......8..63.....2.4");
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 3L));
    GeneratedAlgorithm solver = solverFor(model);
    int[] givens = evidence(model, puzzle);
    int[] values = givens.clone();
    List<String> wrong = new ArrayList<>();
    int[] ties = {0};
    SolveEvents watch =
        new SolveEvents() {
          @Override
          public void decision(int variable, int value, double margin, boolean sampled) {
            // Before the value is clamped, every free variable's belief is the one the choice was
            // made from.
            if (margin < 1.0) {
              double[] own = liveAndMargin(solver, variable);
              for (int j = 0; j < values.length; j++) {
                if (j != variable && values[j] == Assignments.NONE) {
                  double[] other = liveAndMargin(solver, j);
                  if (other[1] == own[1]) {
                    ties[0]++;
                    if (other[0] < own[0]) {
                      wrong.add(model.variableName(variable) + " over " + model.variableName(j));
                    }
                  }
                }
              }
            }
            values[variable] = value;
          }

          @Override
          public void restart(int attempt) {
            System.arraycopy(givens, 0, values, 0, values.length);
          }
        };
    DecimationDriver.withDefaults()
        .withTiesToFewestValues(true)
        .solve(solver, model, givens, watch);
    assertTrue(ties[0] > 0, "the puzzle no longer has ties");
    assertEquals(List.of(), wrong, "a tie went to a variable with more values left");
  }

  /** How many values {@code i}'s belief leaves, and its best entry minus its second best. */
  private static double[] liveAndMargin(GeneratedAlgorithm solver, int i) {
    double[] belief = new double[solver.domainSize(i)];
    solver.marginal(i, belief);
    double first = -1;
    double second = -1;
    int live = 0;
    for (double b : belief) {
      live += b > 0.0 ? 1 : 0;
      if (b > first) {
        second = first;
        first = b;
      } else if (b > second) {
        second = b;
      }
    }
    return new double[] {live, first - Math.max(second, 0)};
  }

  /**
   * Puzzles 77 and 39 of fgc's own hard set ({@code fgc bench hardset --count 100 --seed 1}, made
   * against decimation with probing of depth 1): over seeds 1 to 5, decimation needs 115 and 61
   * restarts without probing, 10 and 21 at depth 1.
   */
  private static final String[] HARD = {
    "...5.2...2.97...63.....3.....71..5.......98...34......6....179....65..2...3.....1",
    "........694.1..8..3..........2..7.9.......4...5.8.....8...5.......43...7...9.1342",
  };

  @Test
  void probingSetsAsideOnlyValuesNoCompletionOfTheDecisionsSoFarHas() {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 3L));
    GeneratedAlgorithm solver = solverFor(model);
    int refutations = 0;
    for (String line : HARD) {
      Grid puzzle = grid(line);
      int[] givens = evidence(model, puzzle);
      int[] values = givens.clone();
      List<String> wrong = new ArrayList<>();
      int[] refuted = {0};
      SolveEvents watch =
          new SolveEvents() {
            @Override
            public void decision(int variable, int value, double margin, boolean sampled) {
              values[variable] = value;
            }

            @Override
            public void refuted(int variable, int value) {
              // The puzzles' own exact solver, independent of the driver's propagation: no
              // completion of the givens and the decisions so far has this value.
              refuted[0]++;
              int[] cells = new int[values.length];
              for (int k = 0; k < cells.length; k++) {
                cells[k] = values[k] == Assignments.NONE ? 0 : values[k];
              }
              cells[variable] = value;
              if (SolutionCounter.count(Grid.of(9, cells), 1) != 0) {
                wrong.add(model.variableName(variable) + " = " + value);
              }
            }

            @Override
            public void restart(int attempt) {
              System.arraycopy(givens, 0, values, 0, values.length);
            }
          };
      for (int depth = 1; depth <= 2; depth++) {
        System.arraycopy(givens, 0, values, 0, values.length);
        SolveResult result =
            DecimationDriver.withDefaults().withProbing(depth).solve(solver, model, givens, watch);
        assertTrue(result.solved(), line);
        assertTrue(GridValidator.check(puzzle, Grid.of(9, result.values())).valid(), line);
      }
      assertEquals(List.of(), wrong, "set aside although a completion has it, in " + line);
      refutations += refuted[0];
    }
    assertTrue(refutations > 0, "the puzzles no longer exercise probing");
  }

  @Test
  void probingNeedsFewerRestartsOnHardPuzzlesTheDeeperItLooks() {
    // Restarts summed over the puzzles and five seeds at each probe depth: the same attempts'
    // noise, so the difference is what probing sets aside.
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 3L));
    GeneratedAlgorithm solver = solverFor(model);
    int[] restarts = new int[3];
    for (int depth = 0; depth <= 2; depth++) {
      for (String line : HARD) {
        for (long seed = 1; seed <= 5; seed++) {
          SolveResult result =
              DecimationDriver.withDefaults()
                  .withSeed(seed)
                  .withProbing(depth)
                  .solve(solver, model, evidence(model, grid(line)));
          assertTrue(result.solved(), line + " seed " + seed);
          restarts[depth] += result.restarts();
        }
      }
    }
    assertTrue(
        restarts[2] < restarts[1] && restarts[1] < restarts[0],
        "restarts at depths 0, 1, 2: " + Arrays.toString(restarts));
  }

  @Test
  void probeDepthsOutsideZeroToTwoAreRefused() {
    assertThrows(
        IllegalArgumentException.class, () -> DecimationDriver.withDefaults().withProbing(3));
    assertThrows(
        IllegalArgumentException.class, () -> DecimationDriver.withDefaults().withProbing(-1));
  }

  @Test
  void theModelCheckCatchesABrokenAssignment() {
    Model model = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    int[] values = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
    assertEquals(null, Assignments.firstViolation(model, values));
    values[15] = 3;
    assertTrue(Assignments.firstViolation(model, values).contains("are both 3"));
  }

  /** A 9x9 grid from its 81 characters, {@code .} for an empty cell. */
  private static Grid grid(String line) {
    int[] cells = new int[line.length()];
    for (int k = 0; k < cells.length; k++) {
      cells[k] = line.charAt(k) == '.' ? 0 : line.charAt(k) - '0';
    }
    return Grid.of(9, cells);
  }

  static int[] evidence(Model model, Grid puzzle) {
    int[] evidence = Assignments.empty(model);
    for (int k = 0; k < puzzle.cellCount(); k++) {
      if (puzzle.get(k) != 0) {
        evidence[k] = puzzle.get(k);
      }
    }
    return evidence;
  }
}
