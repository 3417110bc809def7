package fgc.puzzles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class GridValidatorTest {

  private static GridValidator.Verdict check(Grid puzzle, Grid candidate) {
    return GridValidator.check(puzzle, candidate);
  }

  private static void assertInvalid(GridValidator.Verdict v, String reason) {
    assertFalse(v.valid());
    assertEquals(reason, v.reason());
  }

  @Test
  void acceptsACorrectSolution() {
    GridValidator.Verdict v = check(Fixtures.puzzle(), Fixtures.solution());
    assertTrue(v.valid());
    assertNull(v.reason());
    assertTrue(check(Grid.of(9, new int[81]), Fixtures.solution()).valid());
  }

  @Test
  void rejectsAnIncompleteCandidate() {
    assertInvalid(
        check(Fixtures.puzzle(), Fixtures.solution().with(40, 0)),
        "incomplete: 1 blank cell, first at r5c5");
    assertInvalid(
        check(Fixtures.puzzle(), Fixtures.puzzle()), "incomplete: 51 blank cells, first at r1c3");
  }

  @Test
  void rejectsAChangedGiven() {
    // Swapping the labels 1 and 2 keeps a valid grid but changes givens.
    int[] cells = Fixtures.solution().cells();
    for (int i = 0; i < cells.length; i++) {
      cells[i] = cells[i] == 1 ? 2 : cells[i] == 2 ? 1 : cells[i];
    }
    Grid relabelled = Grid.of(9, cells);
    assertTrue(check(Grid.of(9, new int[81]), relabelled).valid());
    assertInvalid(
        check(Fixtures.puzzle(), relabelled),
        "given changed at r2c4: puzzle has 1, candidate has 2");
  }

  @Test
  void rejectsADuplicateInARow() {
    // r1c3 is blank in the puzzle; writing the 5 of r1c1 there repeats it in row 1 first.
    assertInvalid(
        check(Fixtures.puzzle(), Fixtures.solution().with(2, 5)),
        "5 appears twice in row 1 (r1c1, r1c3)");
  }

  @Test
  void rejectsADuplicateInAColumn() {
    // Swapping two cells of one row keeps every row whole but breaks both columns.
    Grid s = Fixtures.solution();
    Grid swapped = s.with(2, s.get(3)).with(3, s.get(2));
    assertInvalid(
        check(Grid.of(9, new int[81]), swapped), "6 appears twice in column 3 (r1c3, r5c3)");
  }

  @Test
  void rejectsADuplicateInABox() {
    // A cyclic Latin square has whole rows and columns but repeats values inside boxes.
    int[] cells = new int[81];
    for (int r = 0; r < 9; r++) {
      for (int c = 0; c < 9; c++) {
        cells[r * 9 + c] = (r + c) % 9 + 1;
      }
    }
    assertInvalid(
        check(Grid.of(9, new int[81]), Grid.of(9, cells)), "2 appears twice in box 1 (r1c2, r2c1)");
  }

  @Test
  void rejectsAWrongSide() {
    assertInvalid(
        check(
            Fixtures.puzzle(),
            Grid.of(4, new int[] {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1})),
        "side differs: puzzle is 9x9, candidate is 4x4");
  }

  @Test
  void listsConflictingGivens() {
    assertEquals(List.of(), GridValidator.conflicts(Fixtures.puzzle()));
    Grid twice = Fixtures.puzzle().with(2, 5).with(3, 5);
    assertEquals(
        List.of(
            "5 appears 3 times in row 1 (r1c1, r1c3, r1c4)",
            "5 appears twice in box 1 (r1c1, r1c3)",
            "5 appears twice in box 2 (r1c4, r2c6)"),
        GridValidator.conflicts(twice));
  }
}
