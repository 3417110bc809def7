package fgc.puzzles;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

/** Shared test data: a well-known puzzle with its solution, and a helper to read text. */
final class Fixtures {

  /** The puzzle from Wikipedia's "Sudoku" article, with its unique solution. */
  static final String PUZZLE =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

  static final String SOLUTION =
      "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

  private Fixtures() {}

  static Grid grid(int side, String line) {
    int[] cells = new int[line.length()];
    for (int i = 0; i < cells.length; i++) {
      cells[i] = Symbols.valueOf(side, line.charAt(i));
    }
    return Grid.of(side, cells);
  }

  static Grid puzzle() {
    return grid(9, PUZZLE);
  }

  static Grid solution() {
    return grid(9, SOLUTION);
  }

  static List<PuzzleReader.Entry> read(String text) {
    List<PuzzleReader.Entry> out = new ArrayList<>();
    try (PuzzleReader reader = PuzzleReader.of(new StringReader(text), "t.txt")) {
      reader.forEachRemaining(out::add);
    }
    return out;
  }
}
