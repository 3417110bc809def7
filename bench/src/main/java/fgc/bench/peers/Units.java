package fgc.bench.peers;

/**
 * The rows, columns and boxes of a Sudoku grid of side {@code side} as lists of cell indices (for
 * the peers' encodings).
 */
final class Units {
  private Units() {}

  static int[][] of(int side) {
    int box = (int) Math.round(Math.sqrt(side));
    int[][] units = new int[3 * side][side];
    for (int i = 0; i < side; i++) {
      for (int j = 0; j < side; j++) {
        units[i][j] = i * side + j;
        units[side + i][j] = j * side + i;
        int r = (i / box) * box + j / box;
        int c = (i % box) * box + j % box;
        units[2 * side + i][j] = r * side + c;
      }
    }
    return units;
  }
}
