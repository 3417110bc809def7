package fgc.driver.search;

import static fgc.driver.search.ExactFixtures.chain;
import static fgc.driver.search.ExactFixtures.evidence;
import static fgc.driver.search.ExactFixtures.sudoku;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.driver.Assignments;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.plan.BitmaskTables;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Search} over masks with value boards and segment-wise locked candidates against itself
 * without either: they only change how the same rules find their fixpoint and how the same branch
 * is chosen, so on Sudoku grids both must agree on the solution count, the first solution and even
 * the number of nodes; on other models on the count, and every solution must pass the model's own
 * check.
 */
class ValueBoardsTest {
  private static final int[] SIDES = {4, 9, 16};

  @Test
  void agreesOnGeneratedAndEmbeddedPuzzles() {
    ExactFixtures.uniqueOnGeneratedAndEmbeddedPuzzles(SIDES, ValueBoardsTest::compareOnGrid);
  }

  @Test
  void agreesOnGridsWithoutSolutionAndWithMany() {
    ExactFixtures.countsOnGridsWithoutSolutionAndWithMany(7, ValueBoardsTest::compareOnGrid);
  }

  @Test
  void agreesOnTheSharedHardCorporaWhenPresent() throws IOException {
    ExactFixtures.uniqueOnTheSharedHardCorpora(ValueBoardsTest::compareOnGrid);
  }

  @Test
  void countsTheSameOnModelsThatAreNotSudoku() {
    ExactFixtures.countsOnModelsThatAreNotSudoku(ValueBoardsTest::compareOnModel);
  }

  @Test
  void segmentCoversExistForSudokuButNotWhenDiagonalsCutTheBoxes() {
    for (int side : SIDES) {
      BitmaskTables tables = BitmaskTables.of(sudoku(side));
      assertNotNull(tables.sideStart, "side " + side);
      // Each row and column meets each of its boxes: 2 * side pairs of unshared parts.
      assertEquals(2 * 2 * side * (int) Math.round(Math.sqrt(side)), tables.sideStart.length - 1);
    }
    // Diagonal Sudoku: a box less its diagonal is no union of shared parts, so the search reads
    // cells.
    Model diagonal = ExactFixtures.diagonalSudoku();
    BitmaskTables tables = BitmaskTables.of(diagonal);
    assertTrue(tables.unitPairCount() > 54, "the diagonals pair with boxes");
    assertNull(tables.sideStart);
    assertEquals(2, compareOnModel(diagonal, Assignments.empty(diagonal), 2));
  }

  @Test
  void boardsCoverUpToSixteenWordsOfVariablesAndBiggerModelsStillCount() {
    assertNotNull(BitmaskTables.of(FgcLanguage.bundled("sudoku", Map.of("n", 5L))).peerRows);
    // A path of 1,100 variables in 1..2: two colourings, no boards.
    Model path = chain(1100, 2, false);
    assertNull(BitmaskTables.of(path).peerRows);
    assertEquals(2, compareOnModel(path, Assignments.empty(path), 10));
    Model shorter = chain(200, 3, false);
    assertNotNull(BitmaskTables.of(shorter).peerRows);
    int[] ends = Assignments.empty(shorter);
    ends[0] = 1;
    ends[199] = 1;
    assertTrue(compareOnModel(shorter, ends, 5) == 5);
  }

  /**
   * Runs both searches on {@code puzzle} with and without locked candidates; asserts the same
   * count, the same first solution, the same nodes and a valid grid; returns the count.
   */
  private static int compareOnGrid(Model model, Grid puzzle, int limit) {
    int[] evidence = evidence(model, puzzle);
    int count = -1;
    for (boolean locked : new boolean[] {false, true}) {
      BitmaskTables tables = BitmaskTables.of(model);
      Search cells = Search.overMasks(tables, locked, false, false, null);
      Search boards = Search.overMasks(tables, locked, true);
      int expected = cells.run(evidence, Assignments.NONE, limit, Search.Listener.NONE);
      int[] listened = new int[2];
      int found = boards.run(evidence, Assignments.NONE, limit, counting(listened));
      assertEquals(expected, found, "solutions, locked candidates " + locked);
      assertEquals(cells.nodes(), boards.nodes(), "nodes, locked candidates " + locked);
      assertEquals(
          cells.backtracks(), boards.backtracks(), "backtracks, locked candidates " + locked);
      assertEquals(boards.nodes(), listened[0], "every branch is heard");
      assertEquals(boards.backtracks(), listened[1], "every undone branch is heard");
      assertArrayEquals(cells.solution(), boards.solution());
      if (found > 0) {
        GridValidator.Verdict verdict =
            GridValidator.check(puzzle, Grid.of(puzzle.side(), boards.solution()));
        assertTrue(verdict.valid(), verdict.reason());
      }
      count = found;
    }
    return count;
  }

  /**
   * Both searches on any model: the same count (returned), and a first solution that passes the
   * model's check.
   */
  private static int compareOnModel(Model model, int[] evidence, int limit) {
    BitmaskTables tables = BitmaskTables.of(model);
    Search boards = Search.overMasks(tables, true, true);
    int found = boards.run(evidence, Assignments.NONE, limit, Search.Listener.NONE);
    assertEquals(
        Search.overMasks(tables, true, false, false, null)
            .run(evidence, Assignments.NONE, limit, Search.Listener.NONE),
        found);
    if (found > 0) {
      int[] values = boards.solution();
      assertNull(Assignments.firstViolation(model, values));
      for (int v = 0; v < evidence.length; v++) {
        assertTrue(
            evidence[v] == Assignments.NONE || evidence[v] == values[v], "given " + v + " kept");
      }
    }
    return found;
  }

  private static Search.Listener counting(int[] heard) {
    return new Search.Listener() {
      @Override
      public void branch(int variable, int value) {
        heard[0]++;
      }

      @Override
      public void undo(int variable, int value) {
        heard[1]++;
      }
    };
  }
}
