package fgc.view;

import java.awt.Color;

/**
 * The few drawing operations a picture needs, so that one drawing routine serves every format:
 * {@link SvgCanvas} writes SVG text, {@link ImageCanvas} paints pixels for PNG. Coordinates are
 * pixels from the top left.
 */
public interface Canvas {
  /** A filled rectangle; {@code stroke} may be null for none. */
  void rect(
      double x,
      double y,
      double width,
      double height,
      Color fill,
      Color stroke,
      double strokeWidth);

  void line(double x1, double y1, double x2, double y2, Color color, double width);

  /** Text centred horizontally on {@code x}, with its baseline at {@code y}. */
  void text(double x, double y, String text, double size, Color color, boolean bold);

  /** Text starting at {@code x}, with its baseline at {@code y}. */
  void textLeft(double x, double y, String text, double size, Color color);
}
