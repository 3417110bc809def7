package fgc.view;

import fgc.puzzles.Symbols;
import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Draws a {@link MarginalGrid}: givens as bold digits on grey; each blank cell split into one small
 * square per value (laid out like the box), shaded from white (probability 0) to blue (probability
 * 1), with the digit on top; a value ruled out exactly (probability 0) keeps only a faint digit, so
 * "unlikely" and "impossible" look different. A blank cell with no value left is red. One routine
 * for every format; the file's extension picks SVG or PNG.
 */
public final class MarginalsPicture {
  static final Color SURE = new Color(0x1f, 0x4e, 0xa8);
  private static final Color GIVEN_FILL = new Color(0xe4, 0xe4, 0xe4);
  private static final Color INK = new Color(0x20, 0x20, 0x20);
  private static final Color POSSIBLE_INK = new Color(0x50, 0x50, 0x50);
  private static final Color RULED_OUT_INK = new Color(0xd4, 0xd4, 0xd4);
  private static final Color THIN = new Color(0xa0, 0xa0, 0xa0);
  private static final Color EMPTY = new Color(0xf4, 0xc7, 0xc3);
  private static final int MARGIN = 16;

  /**
   * The narrowest picture: wide enough to read a 9 x 9 grid's candidates at a glance on a screen.
   */
  static final int MIN_WIDTH = 1200;

  /** The smallest candidate square, in pixels, so a large grid still shows legible digits. */
  private static final int MIN_CANDIDATE = 16;

  private static final double TITLE_SIZE = 24;
  private static final double SUBTITLE_SIZE = 15;

  /** Space above the grid for the title and the puzzle line. */
  private static final int TOP = 80;

  private static final int LEGEND = 64;

  private final MarginalGrid grid;
  private final int candidate;
  private final int cell;

  public MarginalsPicture(MarginalGrid grid) {
    this.grid = grid;
    // The grid fills the picture's width: one candidate square per value, box by box across.
    int across = grid.side() * grid.box();
    this.candidate = Math.max(MIN_CANDIDATE, (int) Math.ceil((MIN_WIDTH - 2.0 * MARGIN) / across));
    this.cell = candidate * grid.box();
  }

  public int width() {
    return Math.max(2 * MARGIN + cell * grid.side(), MIN_WIDTH);
  }

  /** The side of one candidate square, in pixels. */
  int candidateSize() {
    return candidate;
  }

  public int height() {
    return TOP + cell * grid.side() + LEGEND + MARGIN;
  }

  /** Fails with a clear message unless {@code file} ends in {@code .svg} or {@code .png}. */
  public static void checkFormat(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (!name.endsWith(".svg") && !name.endsWith(".png")) {
      throw new IllegalArgumentException(
          "cannot tell the picture format of " + file + ": use a name ending in .svg or .png");
    }
  }

  /** Writes the picture to {@code file}: SVG for {@code .svg}, PNG for {@code .png}. */
  public void write(Path file) throws IOException {
    checkFormat(file);
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".svg")) {
      SvgCanvas svg = new SvgCanvas(width(), height());
      draw(svg);
      Files.writeString(file, svg.finish(), StandardCharsets.UTF_8);
    } else {
      ImageCanvas png = new ImageCanvas(width(), height());
      draw(png);
      png.writePng(file);
    }
  }

  /** Shade of a probability: white at 0, {@link #SURE} at 1, linear in between. */
  static Color shade(double p) {
    double q = Math.max(0, Math.min(1, p));
    return new Color(
        mix(255, SURE.getRed(), q), mix(255, SURE.getGreen(), q), mix(255, SURE.getBlue(), q));
  }

  private static int mix(int from, int to, double q) {
    return (int) Math.round(from + (to - from) * q);
  }

  public void draw(Canvas canvas) {
    int side = grid.side();
    double left = (width() - cell * side) / 2.0;
    double top = TOP;
    canvas.text(width() / 2.0, MARGIN + TITLE_SIZE, grid.title(), TITLE_SIZE, INK, true);
    canvas.text(
        width() / 2.0,
        MARGIN + TITLE_SIZE + 12 + SUBTITLE_SIZE,
        puzzleLine(),
        SUBTITLE_SIZE,
        POSSIBLE_INK,
        false);
    for (int k = 0; k < side * side; k++) {
      double x = left + (k % side) * cell;
      double y = top + (k / side) * cell;
      if (grid.given(k) != 0) {
        canvas.rect(x, y, cell, cell, GIVEN_FILL, null, 0);
        canvas.text(x + cell / 2.0, y + cell * 0.72, symbol(grid.given(k)), cell * 0.6, INK, true);
      } else if (grid.emptyBelief(k)) {
        canvas.rect(x, y, cell, cell, EMPTY, null, 0);
      } else {
        drawBelief(canvas, k, x, y);
      }
    }
    for (int i = 0; i <= side; i++) {
      boolean boxLine = i % grid.box() == 0;
      double at = i * cell;
      Color color = boxLine ? INK : THIN;
      double width = boxLine ? 3 : 1;
      canvas.line(left + at, top, left + at, top + side * cell, color, width);
      canvas.line(left, top + at, left + side * cell, top + at, color, width);
    }
    drawLegend(canvas, left, top + side * cell + 16);
  }

  /**
   * The puzzle as one line of text (its givens, '.' for a blank), so the picture says which puzzle
   * it is; for a grid too large for that line to be read, the count of givens.
   */
  String puzzleLine() {
    int cells = grid.side() * grid.side();
    int givens = 0;
    StringBuilder line = new StringBuilder(cells);
    for (int k = 0; k < cells; k++) {
      givens += grid.given(k) != 0 ? 1 : 0;
      line.append(grid.given(k) != 0 ? symbol(grid.given(k)) : ".");
    }
    String count = givens + " givens of " + cells + " cells";
    // About 0.6 em a character: a line wider than the picture is not worth drawing.
    return cells * SUBTITLE_SIZE * 0.6 <= width() - 2 * MARGIN - 200
        ? line + "  (" + count + ")"
        : count;
  }

  private void drawBelief(Canvas canvas, int k, double x, double y) {
    int box = grid.box();
    for (int v = 0; v < grid.side(); v++) {
      double p = grid.belief(k, v);
      double cx = x + (v % box) * candidate;
      double cy = y + (v / box) * candidate;
      canvas.rect(cx, cy, candidate, candidate, shade(p), null, 0);
      Color ink = p == 0 ? RULED_OUT_INK : p > 0.5 ? Color.WHITE : POSSIBLE_INK;
      canvas.text(
          cx + candidate / 2.0,
          cy + candidate * 0.74,
          symbol(v + 1),
          candidate * 0.62,
          ink,
          p > 0.5);
    }
  }

  private void drawLegend(Canvas canvas, double left, double y) {
    double x = left;
    double size = 16;
    canvas.textLeft(x, y + 20, "marginal", size, INK);
    x += 80;
    double[] stops = {0, 0.25, 0.5, 0.75, 1};
    for (double p : stops) {
      canvas.rect(x, y, 40, 28, shade(p), THIN, 1);
      canvas.text(
          x + 20,
          y + 46,
          p == 0 || p == 1 ? Integer.toString((int) p) : Double.toString(p),
          13,
          INK,
          false);
      x += 46;
    }
    x += 24;
    canvas.text(x + 10, y + 21, "1", 18, RULED_OUT_INK, false);
    canvas.textLeft(x + 26, y + 20, "ruled out (probability exactly 0)", size, INK);
    x += 300;
    canvas.rect(x, y, 28, 28, GIVEN_FILL, THIN, 1);
    canvas.textLeft(x + 36, y + 20, "given", size, INK);
    x += 110;
    canvas.rect(x, y, 28, 28, EMPTY, THIN, 1);
    canvas.textLeft(x + 36, y + 20, "no value left", size, INK);
  }

  private String symbol(int value) {
    return String.valueOf(Symbols.symbolOf(grid.side(), value));
  }
}
