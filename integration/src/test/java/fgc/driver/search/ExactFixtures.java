package fgc.driver.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.driver.Assignments;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.PuzzleGenerator;
import fgc.puzzles.PuzzleReader;
import fgc.puzzles.SharedCorpora;
import fgc.puzzles.SolutionCounter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/** Models, grids and sweeps shared by the tests that compare two ways of searching. */
final class ExactFixtures {
  private ExactFixtures() {}

  /** Two searches compared on one grid: returns the solution count, having asserted they agree. */
  interface GridComparison {
    int compare(Model model, Grid puzzle, int limit);
  }

  /**
   * Generated puzzles of each side (12 seeds each, 2 for 16x16 and up) and the embedded puzzles up
   * to the largest side: each must have one solution.
   */
  static void uniqueOnGeneratedAndEmbeddedPuzzles(int[] sides, GridComparison comparison) {
    int largest = 0;
    for (int side : sides) {
      largest = Math.max(largest, side);
      Model model = sudoku(side);
      for (long seed = 1; seed <= (side >= 16 ? 2 : 12); seed++) {
        Grid puzzle = PuzzleGenerator.generate(side, seed);
        assertEquals(1, comparison.compare(model, puzzle, 2), puzzle.toLine());
      }
    }
    for (Grid puzzle : EmbeddedPuzzles.all()) {
      if (puzzle.side() <= largest) {
        assertEquals(1, comparison.compare(sudoku(puzzle.side()), puzzle, 2), puzzle.toLine());
      }
    }
  }

  /**
   * Eighty random 9x9 grids from {@code seed}, some with a wrong given: each count (to 3) must be
   * {@link SolutionCounter}'s, and the sample must hold grids without solution and with several.
   */
  static void countsOnGridsWithoutSolutionAndWithMany(long seed, GridComparison comparison) {
    Random random = new Random(seed);
    Model model = sudoku(9);
    int none = 0;
    int several = 0;
    for (int trial = 0; trial < 80; trial++) {
      Grid full =
          SolutionCounter.solve(
                  Grid.of(9, new int[81]).with(random.nextInt(81), 1 + random.nextInt(9)))
              .get();
      int[] cells = new int[81];
      for (int k = 12 + random.nextInt(20); k > 0; k--) {
        int at = random.nextInt(81);
        // Now and then a wrong given, so grids without solution come up too.
        cells[at] = random.nextInt(8) == 0 ? 1 + random.nextInt(9) : full.get(at);
      }
      Grid puzzle = Grid.of(9, cells);
      int count = comparison.compare(model, puzzle, 3);
      int[] evidence = evidence(model, puzzle);
      int expected =
          Assignments.firstViolationAmongGiven(model, evidence) != null
              ? 0
              : SolutionCounter.count(puzzle, 3);
      assertEquals(expected, count, puzzle.toLine());
      none += count == 0 ? 1 : 0;
      several += count > 1 ? 1 : 0;
    }
    assertTrue(
        none > 0 && several > 0,
        "the sample should hold both kinds: " + none + " without, " + several + " with many");
    // The empty 4x4 grid has 288 completions; the empty 9x9 grid more than two.
    assertEquals(288, comparison.compare(sudoku(4), Grid.of(4, new int[16]), 1000));
    assertEquals(2, comparison.compare(model, Grid.of(9, new int[81]), 2));
  }

  /**
   * Every puzzle of top95 and hardest, when the shared corpora are there, must have one solution.
   */
  static void uniqueOnTheSharedHardCorpora(GridComparison comparison) throws IOException {
    Model model = sudoku(9);
    for (String corpus : new String[] {"top95.txt", "hardest.txt"}) {
      Optional<Path> file = SharedCorpora.file(corpus);
      if (file.isEmpty()) {
        continue;
      }
      try (PuzzleReader reader = PuzzleReader.open(file.get())) {
        while (reader.hasNext()) {
          Grid puzzle = reader.next().grid();
          assertEquals(1, comparison.compare(model, puzzle, 2), puzzle.toLine());
        }
      }
    }
  }

  /**
   * Two searches compared on any model from some evidence: returns the solution count, having
   * asserted they agree.
   */
  interface ModelComparison {
    int compare(Model model, int[] evidence, int limit);
  }

  /**
   * Latin squares of order 4 (576) and 5 (from data), the Petersen graph's colourings, 7-cycles in
   * 2 to 4 colours.
   */
  static void countsOnModelsThatAreNotSudoku(ModelComparison comparison) {
    Model latin4 = FgcLanguage.bundled("latin", Map.of("n", 4L));
    assertEquals(576, comparison.compare(latin4, Assignments.empty(latin4), 1000));
    DataSet latinData = DataSet.example("latin-5");
    Model latin5 = FgcLanguage.bundled("latin", Map.of(), latinData);
    assertTrue(
        comparison.compare(latin5, FgcLanguage.evidence(latin5, latinData).values(), 50) >= 1);
    DataSet petersen = DataSet.example("petersen");
    Model colouring = FgcLanguage.bundled("colouring", Map.of(), petersen);
    assertTrue(comparison.compare(colouring, Assignments.empty(colouring), 5000) > 0);
    for (int colours = 2; colours <= 4; colours++) {
      Model cycle = chain(7, colours, true);
      // Proper colourings of a 7-cycle: (k-1)^7 - (k-1).
      int expected = (int) Math.pow(colours - 1, 7) - (colours - 1);
      assertEquals(expected, comparison.compare(cycle, Assignments.empty(cycle), 10000));
    }
  }

  /**
   * Neighbours differ along a path of {@code length} variables in 1..colours; the last and first
   * too when {@code closed}.
   */
  static Model chain(int length, int colours, boolean closed) {
    ModelBuilder b = Model.builder(closed ? "cycle" : "path");
    VariableArray c = b.variables("c", Domain.range(1, colours), length);
    for (int i = 0; i < (closed ? length : length - 1); i++) {
      b.neq(c.firstIndex() + i, c.firstIndex() + (i + 1) % length);
    }
    return b.build();
  }

  static Model sudoku(int side) {
    return FgcLanguage.bundled("sudoku", Map.of("n", Math.round(Math.sqrt(side))));
  }

  /**
   * Sudoku with both long diagonals as units too: a box less its diagonal is no union of shared
   * parts.
   */
  static Model diagonalSudoku() {
    return FgcLanguage.parse(
        "diagonal-sudoku",
        FgcLanguage.bundledText("sudoku")
            + "alldiff(cell[i][i] for i in 0..N-1);\nalldiff(cell[i][N-1-i] for i in 0..N-1);\n",
        Map.of());
  }

  /**
   * The puzzle's givens on the model's first array, row-major (the CLI's grid binding, spelled
   * out).
   */
  static int[] evidence(Model model, Grid puzzle) {
    int[] evidence = Assignments.empty(model);
    int first = model.arrayOf(0).firstIndex();
    for (int k = 0; k < puzzle.cellCount(); k++) {
      if (puzzle.get(k) != 0) {
        evidence[first + k] = puzzle.get(k);
      }
    }
    return evidence;
  }
}
