package fgc.driver.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.driver.Assignments;
import fgc.driver.ExactDriver;
import fgc.driver.SolveResult;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.plan.BitmaskTables;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The bundled models, with their example data, through the exact driver: solved and checked,
 * counted, or proved without solution.
 */
class BundledModelsTest {
  private final ExactDriver driver = ExactDriver.withDefaults();

  /** The search runs over masks for the models they hold; over domains for every other. */
  @Test
  void masksAreChosenForTheModelsTheyHold() {
    assertTrue(BitmaskTables.fits(FgcLanguage.bundled("sudoku", Map.of())));
    assertTrue(BitmaskTables.fits(FgcLanguage.bundled("latin", Map.of())));
    assertTrue(BitmaskTables.fits(FgcLanguage.bundled("australia", Map.of())));
    assertFalse(BitmaskTables.fits(queens(8)));
    assertFalse(BitmaskTables.fits(FgcLanguage.bundled("sprinkler", Map.of())));
    assertFalse(BitmaskTables.fits(FgcLanguage.bundled("magic", Map.of())));
    assertFalse(BitmaskTables.fits(FgcLanguage.bundled("latin", Map.of("n", 65L))));
  }

  @Test
  void queensCountAsKnownAndThreeQueensHaveNoSolution() {
    SolveResult three = driver.solve(null, queens(3), Assignments.empty(queens(3)));
    assertEquals(SolveResult.Status.NO_SOLUTION, three.status());
    assertEquals(
        SolveResult.Status.NO_SOLUTION,
        driver.solve(null, queens(2), Assignments.empty(queens(2))).status());
    // Small boards against enumeration; 8 queens has 92 solutions.
    for (long n = 4; n <= 6; n++) {
      Model m = queens(n);
      assertEquals(
          RandomModels.bruteForceCount(m, Assignments.empty(m)),
          driver.countSolutions(m, Assignments.empty(m), 1000),
          "n = " + n);
    }
    assertEquals(92, driver.countSolutions(queens(8), Assignments.empty(queens(8)), 1000));
    solvedAndChecked(queens(30), Assignments.empty(queens(30)));
  }

  @Test
  void puzzlesWithTheirExampleDataAreSolvedAndUnique() {
    for (String[] pair :
        new String[][] {
          {"futoshiki", "futoshiki-5x5"},
          {"kenken", "kenken-6x6"},
          {"killer", "killer-4x4"},
          {"killer", "killer-9x9"},
          {"latin", "latin-5"}
        }) {
      DataSet data = DataSet.example(pair[1]);
      Model model = FgcLanguage.bundled(pair[0], Map.of(), data);
      int[] evidence = FgcLanguage.evidence(model, data).values();
      solvedAndChecked(model, evidence);
      if (pair[0].equals("futoshiki") || pair[0].equals("kenken")) {
        assertEquals(
            1, driver.countSolutions(model, evidence, 2), pair[1] + " says it has one solution");
      }
    }
  }

  /**
   * The 4x4 killer's solutions are the 4x4 Sudoku grids whose cages add up: each grid counted is
   * judged by the killer model.
   */
  @Test
  void theFourByFourKillerCountsAsTheSudokuGridsItsCagesAllow() {
    DataSet data = DataSet.example("killer-4x4");
    Model killer = FgcLanguage.bundled("killer", Map.of(), data);
    Model sudoku = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    int[] grids = {0};
    int[] allowed = {0};
    Search.of(sudoku)
        .run(
            Assignments.empty(sudoku),
            Assignments.NONE,
            1000,
            new Search.Listener() {
              @Override
              public void solution(int[] values) {
                grids[0]++;
                allowed[0] += Assignments.firstViolation(killer, values) == null ? 1 : 0;
              }
            });
    assertEquals(288, grids[0]); // the number of 4x4 Sudoku grids
    assertTrue(allowed[0] > 0);
    assertEquals(allowed[0], driver.countSolutions(killer, Assignments.empty(killer), 1000));
  }

  @Test
  void smallModelsCountAsEnumerationSays() {
    Model australia = FgcLanguage.bundled("australia", Map.of());
    Model sprinkler = FgcLanguage.bundled("sprinkler", Map.of());
    Model chain = FgcLanguage.bundled("chain", Map.of());
    DataSet petersen = DataSet.example("petersen");
    Model colouring = FgcLanguage.bundled("colouring", Map.of(), petersen);
    for (Model m : new Model[] {australia, sprinkler, chain, colouring}) {
      int[] none = Assignments.empty(m);
      long expected = RandomModels.bruteForceCount(m, none);
      assertTrue(expected > 0, m.name());
      assertEquals(expected, driver.countSolutions(m, none, 1_000_000), m.name());
      solvedAndChecked(m, none);
    }
    // Two colours for the Petersen graph (it has odd cycles): no solution, proved.
    Model two = FgcLanguage.bundled("colouring", Map.of("k", 2L), petersen);
    assertEquals(
        SolveResult.Status.NO_SOLUTION, driver.solve(null, two, Assignments.empty(two)).status());
  }

  @Test
  void magicSquaresOfOrderThreeAreTheEightKnownAndOneOfOrderFourIsFound() {
    Model three = FgcLanguage.bundled("magic", Map.of("n", 3L));
    assertEquals(
        8,
        driver.countSolutions(
            three, Assignments.empty(three), 100)); // the Lo Shu square, rotated and reflected
    Model magic = FgcLanguage.bundled("magic", Map.of());
    solvedAndChecked(magic, Assignments.empty(magic));
  }

  private void solvedAndChecked(Model model, int[] evidence) {
    SolveResult result = driver.solve(null, model, evidence);
    assertTrue(result.solved(), model.name() + ": " + result.status());
    assertNull(Assignments.firstViolation(model, result.values()), model.name());
    assertTrue(RandomModels.keeps(result.values(), evidence), model.name());
  }

  private static Model queens(long n) {
    return FgcLanguage.bundled("queens", Map.of("n", n));
  }
}
