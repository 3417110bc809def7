package fgc.view;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;

/**
 * A canvas that records what a picture draws: the candidate squares it fills and its text, to
 * compare with the file.
 */
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

  /** A piece of text drawn, with its baseline and size. */
  static final class Text {
    final String text;
    final double y;
    final double size;

    Text(String text, double y, double size) {
      this.text = text;
      this.y = y;
      this.size = size;
    }
  }

  private final double candidate;
  final List<Square> squares = new ArrayList<>();
  final List<Text> texts = new ArrayList<>();

  /** Records the borderless squares of side {@code candidate}: the candidate squares. */
  SvgCanvasProbe(double candidate) {
    this.candidate = candidate;
  }

  @Override
  public void rect(
      double x,
      double y,
      double width,
      double height,
      Color fill,
      Color stroke,
      double strokeWidth) {
    if (stroke == null && width == height && width == candidate) {
      squares.add(new Square(x, y, width, fill));
    }
  }

  @Override
  public void line(double x1, double y1, double x2, double y2, Color color, double width) {}

  @Override
  public void text(double x, double y, String text, double size, Color color, boolean bold) {
    texts.add(new Text(text, y, size));
  }

  @Override
  public void textLeft(double x, double y, String text, double size, Color color) {
    texts.add(new Text(text, y, size));
  }
}
