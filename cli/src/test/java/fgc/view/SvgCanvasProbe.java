package fgc.view;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;

/** A canvas that records the squares a picture fills, to compare the drawing with the pixels. */
final class SvgCanvasProbe implements Canvas {
  static final class Square {
    final double x;
    final double y;
    final double size;
    final Color fill;

    Square(double x, double y, double size, Color fill) {
      this.x = x;
      this.y = y;
      this.size = size;
      this.fill = fill;
    }
  }

  final List<Square> squares = new ArrayList<>();

  @Override
  public void rect(double x, double y, double width, double height, Color fill, Color stroke, double strokeWidth) {
    // Candidate squares only: borderless, square and small (not the background or a given cell).
    if (stroke == null && width == height && width <= 20) {
      squares.add(new Square(x, y, width, fill));
    }
  }

  @Override
  public void line(double x1, double y1, double x2, double y2, Color color, double width) {}

  @Override
  public void text(double x, double y, String text, double size, Color color, boolean bold) {}

  @Override
  public void textLeft(double x, double y, String text, double size, Color color) {}
}
