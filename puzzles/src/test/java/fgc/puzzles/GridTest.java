package fgc.puzzles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class GridTest {

  @Test
  void accessorsDescribeTheGrid() {
    Grid g = Fixtures.puzzle();
    assertEquals(9, g.side());
    assertEquals(3, g.boxSize());
    assertEquals(81, g.cellCount());
    assertEquals(5, g.get(0, 0));
    assertEquals(3, g.get(1));
    assertEquals(0, g.get(0, 2));
    assertEquals(9, g.get(8, 8));
    assertEquals(30, g.givenCount());
    assertFalse(g.isComplete());
    assertTrue(Fixtures.solution().isComplete());
    assertEquals(Fixtures.PUZZLE, g.toLine());
    assertEquals(4, Grid.of(16, new int[256]).boxSize());
    assertEquals(5, Grid.of(25, new int[625]).boxSize());
  }

  @Test
  void isImmutable() {
    int[] cells = new int[16];
    Grid g = Grid.of(4, cells);
    cells[0] = 1;
    assertEquals(0, g.get(0));
    g.cells()[1] = 2;
    assertEquals(0, g.get(1));
    Grid h = g.with(5, 3);
    assertEquals(0, g.get(5));
    assertEquals(3, h.get(1, 1));
    assertEquals(0, h.with(5, 0).givenCount());
  }

  @Test
  void rejectsBadShapesAndValuesWithClearMessages() {
    var side = assertThrows(IllegalArgumentException.class, () -> Grid.of(8, new int[64]));
    assertTrue(side.getMessage().contains("4, 9, 16 or 25"), side.getMessage());
    var length = assertThrows(IllegalArgumentException.class, () -> Grid.of(9, new int[80]));
    assertTrue(length.getMessage().contains("81 cells, got 80"), length.getMessage());
    int[] cells = new int[16];
    cells[5] = 5;
    var value = assertThrows(IllegalArgumentException.class, () -> Grid.of(4, cells));
    assertTrue(value.getMessage().contains("r2c2 holds 5"), value.getMessage());
    cells[5] = -1;
    assertThrows(IllegalArgumentException.class, () -> Grid.of(4, cells));
    assertThrows(IllegalArgumentException.class, () -> Grid.of(4, new int[16]).with(0, 5));
    assertThrows(IndexOutOfBoundsException.class, () -> Grid.of(4, new int[16]).get(4, 0));
  }

  @Test
  void equalityIsByValue() {
    assertEquals(Fixtures.puzzle(), Fixtures.grid(9, Fixtures.PUZZLE));
    assertEquals(Fixtures.puzzle().hashCode(), Fixtures.grid(9, Fixtures.PUZZLE).hashCode());
    assertNotEquals(Fixtures.puzzle(), Fixtures.solution());
    assertNotEquals(Grid.of(4, new int[16]), Grid.of(9, new int[81]));
    assertTrue(Fixtures.puzzle().toString().contains(Fixtures.PUZZLE));
  }

  @Test
  void prettyStringShowsBoxesAndReadsBack() {
    String pretty = Fixtures.puzzle().toPrettyString();
    String[] lines = pretty.split("\n");
    assertEquals(11, lines.length);
    assertEquals("5 3 . | . 7 . | . . .", lines[0]);
    assertEquals("------+-------+------", lines[3]);
    for (Grid g :
        List.of(Fixtures.puzzle(), PuzzleGenerator.generate(4, 7), Grid.of(25, new int[625]))) {
      List<PuzzleReader.Entry> entries = Fixtures.read(g.toPrettyString());
      assertEquals(1, entries.size());
      assertEquals(g, entries.get(0).grid(), entries.get(0).toString());
    }
  }

  @Test
  void bigSidesUseLetters() {
    int[] cells = new int[256];
    cells[0] = 10;
    cells[255] = 16;
    String line = Grid.of(16, cells).toLine();
    assertEquals('A', line.charAt(0));
    assertEquals('G', line.charAt(255));
    assertEquals('.', line.charAt(1));
  }
}
