package fgc.cli;

import fgc.cache.LoadedSolver;
import fgc.driver.Assignments;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Domain;
import fgc.model.Evidence;
import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import fgc.model.VariableArray;
import fgc.puzzles.PuzzleReader;
import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The grid of any model, for {@code fgc solve}: the model's first observed two-dimensional variable
 * array ({@code var x[R][C]}), or, failing that, its first observed one-dimensional array of a
 * square size (S*S cells read as S rows), row-major. One character per cell: the values 0..9 are
 * the digits and 10..35 the letters A..Z (either case), so the cells' domain must lie within 0..35;
 * a blank is '.', '_' or '-', and also '0' when 0 is not a value of the cells and 'x' when 33 is
 * not. A puzzle is one line of R*C cells or R lines of C cells; spaces, '|', separator lines of
 * '-', '+' and '=' and '#' comments are ignored, as in Sudoku files.
 *
 * <p>Givens are checked by the model's own factors, and the data file's observed values are given
 * on every puzzle. Sudoku models keep their own faster path ({@link #isSudoku}).
 */
final class ModelGrid {
  final Model model;
  final VariableArray cells;
  final int rows;
  final int cols;

  /** The data file's observed values, on every puzzle. */
  private final int[] base;

  /** The compiled solver, or null for a driver that reads none. */
  final LoadedSolver solver;

  private ModelGrid(
      Model model, VariableArray cells, int rows, int cols, int[] base, LoadedSolver solver) {
    this.model = model;
    this.cells = cells;
    this.rows = rows;
    this.cols = cols;
    this.base = base;
    this.solver = solver;
  }

  /** The model's grid array, or null when it has none (see the class comment). */
  static VariableArray gridArray(Model model) {
    for (VariableArray a : model.arrays()) {
      if (a.observed() && a.rank() == 2) {
        return a;
      }
    }
    for (VariableArray a : model.arrays()) {
      int side = (int) Math.round(Math.sqrt(a.size()));
      if (a.observed() && a.rank() == 1 && side * side == a.size() && side > 1) {
        return a;
      }
    }
    return null;
  }

  /**
   * The grid of {@code model} ({@code modelArg} names its text for errors), or the model's error,
   * positioned at its text: no grid array, or cells whose values have no characters.
   */
  static ModelGrid of(String modelArg, Model model, int[] base, LoadedSolver solver) {
    VariableArray cells = gridArray(model);
    if (cells == null) {
      VariableArray first =
          model.arrays().stream().filter(VariableArray::observed).findFirst().orElse(null);
      throw FgcLanguage.declarationError(
          ModelOptions.sourceName(modelArg),
          ModelOptions.sourceText(modelArg),
          first == null ? "" : first.name(),
          false,
          (first == null
                  ? "model " + model.name() + " observes no variable"
                  : "'" + first.name() + "' holds " + first.size() + " variables, which is no grid")
              + ": solve takes a model's first observed 2-D array (or a 1-D one of a square "
              + "size) as the grid;"
              + " fgc run MODEL --input FILE takes any model");
    }
    Domain d = cells.domain();
    if (d.lo() < 0 || d.hi() > 35) {
      throw FgcLanguage.declarationError(
          ModelOptions.sourceName(modelArg),
          ModelOptions.sourceText(modelArg),
          cells.name(),
          true,
          "'"
              + cells.name()
              + "' takes values "
              + d.lo()
              + ".."
              + d.hi()
              + ", but a grid file writes one character per cell,"
              + " for the values 0..35 (0-9, then A-Z); fgc run MODEL --input FILE takes any "
              + "values");
    }
    int rows = cells.rank() == 2 ? cells.dim(0) : (int) Math.round(Math.sqrt(cells.size()));
    return new ModelGrid(model, cells, rows, cells.size() / rows, base, solver);
  }

  /** The cell value of character {@code c}, {@link Evidence#NONE} for a blank, or {@link #BAD}. */
  int valueOf(char c) {
    Domain d = cells.domain();
    int v =
        c >= '0' && c <= '9'
            ? c - '0'
            : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : c >= 'a' && c <= 'z' ? c - 'a' + 10 : -1;
    if (v >= 0 && d.contains(v)) {
      return v;
    }
    boolean blank =
        c == '.'
            || c == '_'
            || c == '-'
            || (c == '0' && !d.contains(0))
            || ((c == 'x' || c == 'X') && !d.contains(33));
    return blank ? Evidence.NONE : BAD;
  }

  static final int BAD = Integer.MAX_VALUE;

  private static char symbolOf(int value) {
    return value <= 9 ? (char) ('0' + value) : (char) ('A' + value - 10);
  }

  /**
   * A grid as one line, {@code .} for a cell without a value; {@code values} has one value per
   * cell.
   */
  String line(int[] values) {
    char[] out = new char[values.length];
    for (int k = 0; k < values.length; k++) {
      out[k] = values[k] == Evidence.NONE ? '.' : symbolOf(values[k]);
    }
    return new String(out);
  }

  /**
   * The evidence of a puzzle: the data file's values and the puzzle's givens ({@link Evidence#NONE}
   * for a blank).
   */
  int[] evidence(int[] puzzle) {
    int[] evidence = base.clone();
    for (int k = 0; k < puzzle.length; k++) {
      if (puzzle[k] != Evidence.NONE) {
        evidence[cells.firstIndex() + k] = puzzle[k];
      }
    }
    return evidence;
  }

  /** The cells of an assignment of the whole model. */
  int[] cellsOf(int[] values) {
    int[] out = new int[cells.size()];
    System.arraycopy(values, cells.firstIndex(), out, 0, out.length);
    return out;
  }

  /** The data file's values on the grid, as a puzzle's cells ({@link Evidence#NONE} elsewhere). */
  int[] baseCells() {
    return cellsOf(base);
  }

  /**
   * One puzzle read: its first line, its text, its cells ({@link Evidence#NONE} for blanks), or an
   * error instead.
   */
  record Entry(int line, String text, int[] cells, String error, boolean repeated) {
    Entry(int line, String text, int[] cells, String error) {
      this(line, text, cells, error, false);
    }
  }

  /** The puzzles of a file, one entry per puzzle or bad puzzle. */
  final class Reader {
    private final BoundedLines lines;
    private int[] open;
    private int openRows;
    private int openLine;
    private StringBuilder openText;
    private String problem;
    private final Set<Integer> wrongWidths = new HashSet<>();

    Reader(BoundedLines lines) {
      this.lines = lines;
    }

    boolean ready() {
      return lines.ready();
    }

    /** The next entry, or null at the end. */
    Entry next() throws IOException {
      while (true) {
        String raw = lines.next();
        int n = lines.number();
        if (raw == null) {
          if (open != null) {
            open = null;
            return new Entry(
                openLine,
                openText.toString(),
                null,
                where(openLine)
                    + "grid starting at line "
                    + openLine
                    + ": expected "
                    + rows
                    + " rows of "
                    + cols
                    + " cells, input ended after "
                    + openRows);
          }
          return null;
        }
        if (raw == BoundedLines.TOO_LONG) {
          open = null;
          return new Entry(
              n,
              "# line " + n + " not echoed: longer than " + BoundedLines.MAX_CHARS + " characters",
              null,
              where(n) + "line too long (over " + BoundedLines.MAX_CHARS + " characters)");
        }
        String text = PuzzleReader.cellsOf(raw);
        if (text.isEmpty() || PuzzleReader.isSeparator(text)) {
          continue;
        }
        if (text.length() == rows * cols && open == null) {
          int[] values = new int[text.length()];
          String bad = read(text, 0, values);
          return bad != null
              ? new Entry(n, raw, null, where(n) + bad)
              : new Entry(n, raw, values, null);
        }
        if (text.length() != cols) {
          // A file of another size has every line wrong alike: said once, at the first.
          boolean repeated = !wrongWidths.add(text.length());
          Entry e =
              new Entry(
                  n,
                  raw,
                  null,
                  where(n)
                      + "expected "
                      + rows * cols
                      + " cells (a "
                      + rows
                      + "x"
                      + cols
                      + " grid of model "
                      + model.name()
                      + " on one line) or a row of "
                      + cols
                      + ", found "
                      + text.length()
                      + "; every line of "
                      + text.length()
                      + " cells is echoed unsolved",
                  repeated);
          open = null;
          return e;
        }
        if (open == null) {
          open = new int[rows * cols];
          openRows = 0;
          openLine = n;
          openText = new StringBuilder(raw);
          problem = null;
        } else {
          openText.append('\n').append(raw);
        }
        String bad = read(text, openRows, open);
        if (bad != null && problem == null) {
          problem = where(n) + bad;
        }
        if (++openRows == rows) {
          int[] values = open;
          open = null;
          return problem != null
              ? new Entry(openLine, openText.toString(), null, problem)
              : new Entry(openLine, openText.toString(), values, null);
        }
      }
    }

    /**
     * Reads {@code text} as cells from row {@code row} on into {@code into}; the first bad symbol,
     * or null.
     */
    private String read(String text, int row, int[] into) {
      for (int i = 0; i < text.length(); i++) {
        int v = valueOf(text.charAt(i));
        int k = row * cols + i;
        if (v == BAD) {
          return "cell r"
              + (k / cols + 1)
              + "c"
              + (k % cols + 1)
              + ": '"
              + text.charAt(i)
              + "' is not a value of '"
              + cells.name()
              + "' ("
              + cells.domain()
              + ") nor a blank";
        }
        into[k] = v;
      }
      return null;
    }

    private String where(int line) {
      return lines.name() + ":" + line + ": ";
    }
  }

  /**
   * Why the puzzle's givens (with the data file's values) already break a factor of the model, or
   * null.
   */
  String brokenGivens(int[] evidence) {
    return Assignments.firstViolationAmongGiven(model, evidence);
  }

  /**
   * Whether {@code model} is a Sudoku: one square array of side 4, 9, 16 or 25 with values 1..side,
   * whose factors are exactly the alldiffs of its rows, columns and boxes. Then the Sudoku reader's
   * and checker's rules are the model's own, and the faster path is taken.
   */
  static boolean isSudoku(Model model) {
    if (model.arrays().size() != 1) {
      return false;
    }
    VariableArray a = model.arrays().get(0);
    int side = (int) Math.round(Math.sqrt(a.size()));
    int box = (int) Math.round(Math.sqrt(side));
    if (!a.observed()
        || side * side != a.size()
        || box * box != side
        || side < 4
        || side > 25
        || (a.rank() == 2 && a.dim(0) != side)
        || a.domain().lo() != 1
        || a.domain().hi() != side) {
      return false;
    }
    Set<Set<Integer>> units = new HashSet<>();
    for (int i = 0; i < side; i++) {
      Set<Integer> row = new HashSet<>();
      Set<Integer> col = new HashSet<>();
      Set<Integer> boxCells = new HashSet<>();
      for (int j = 0; j < side; j++) {
        row.add(i * side + j);
        col.add(j * side + i);
        boxCells.add(((i / box) * box + j / box) * side + (i % box) * box + j % box);
      }
      units.add(row);
      units.add(col);
      units.add(boxCells);
    }
    Set<Set<Integer>> found = new HashSet<>();
    for (Factor f : model.factors()) {
      if (f.kind() != FactorKind.ALLDIFF) {
        return false;
      }
      Set<Integer> scope = new HashSet<>();
      for (int v : f.scope()) {
        scope.add(v - a.firstIndex());
      }
      if (!units.contains(scope)) {
        return false;
      }
      found.add(scope);
    }
    return found.equals(units);
  }

  /**
   * What {@code solve --model} chose: the model's grid when it is no Sudoku ({@code grid}), else
   * null there and, when it was loaded with the command's params, the Sudoku ({@code sudoku}), so
   * the puzzle binding need not load it again.
   */
  record Choice(ModelGrid grid, Model sudoku) {}

  /**
   * The grid of {@code model} when it is no Sudoku, or a choice without one for a Sudoku ({@link
   * #isSudoku}) given without a data file, which keeps the Sudoku path (its box size may follow the
   * puzzles). Loads and, when {@code loadSolver}, compiles the model: a model that cannot be had is
   * an error here.
   */
  static Choice choose(String model, ModelOptions options, boolean loadSolver) {
    Model m;
    if (options.data == null) {
      boolean loadedWithParams = true;
      try {
        m = ModelOptions.load(model, options.params);
      } catch (RuntimeException e) {
        // A Sudoku whose default box size is no grid's may still take every size it is given.
        if (options.params.containsKey("n")
            || !ModelOptions.declaredParameters(model).containsKey("n")) {
          throw e;
        }
        Map<String, Long> nine = new LinkedHashMap<>(options.params);
        nine.put("n", 3L);
        m = ModelOptions.load(model, nine);
        loadedWithParams = false;
      }
      if (isSudoku(m)) {
        return new Choice(null, loadedWithParams ? m : null);
      }
    }
    DataSet data = options.dataSet();
    m = options.loadWithData(model, data);
    int[] base = FgcLanguage.evidence(m, data).values();
    ModelGrid shape = of(model, m, base, null); // the model's errors before any compile
    return new Choice(
        loadSolver ? of(model, m, base, options.cache().load(m, options.spec())) : shape, null);
  }
}
