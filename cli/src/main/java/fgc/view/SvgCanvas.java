package fgc.view;

import java.awt.Color;
import java.util.Locale;

/** A {@link Canvas} that writes an SVG document; {@link #finish()} returns its text. */
public final class SvgCanvas implements Canvas {
  private final StringBuilder svg = new StringBuilder();

  public SvgCanvas(int width, int height) {
    svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(width)
        .append("\" height=\"")
        .append(height)
        .append("\" viewBox=\"0 0 ")
        .append(width)
        .append(' ')
        .append(height)
        .append("\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n");
    rect(0, 0, width, height, Color.WHITE, null, 0);
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
    svg.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"",
            x,
            y,
            width,
            height,
            hex(fill)));
    if (stroke != null) {
      svg.append(
          String.format(
              Locale.ROOT, " stroke=\"%s\" stroke-width=\"%.1f\"", hex(stroke), strokeWidth));
    }
    svg.append("/>\n");
  }

  @Override
  public void line(double x1, double y1, double x2, double y2, Color color, double width) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                + "stroke-width=\"%.1f\" stroke-linecap=\"square\"/>%n",
            x1,
            y1,
            x2,
            y2,
            hex(color),
            width));
  }

  @Override
  public void text(double x, double y, String text, double size, Color color, boolean bold) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"middle\" "
                + "fill=\"%s\"%s>%s</text>%n",
            x,
            y,
            size,
            hex(color),
            bold ? " font-weight=\"bold\"" : "",
            escape(text)));
  }

  @Override
  public void textLeft(double x, double y, String text, double size, Color color) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\">%s</text>%n",
            x,
            y,
            size,
            hex(color),
            escape(text)));
  }

  /** The finished document. */
  public String finish() {
    return svg + "</svg>\n";
  }

  private static String hex(Color c) {
    return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
  }

  /** Text from a model (names, titles) is escaped, so no input can break the document. */
  static String escape(String text) {
    StringBuilder sb = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '<':
          sb.append("&lt;");
          break;
        case '>':
          sb.append("&gt;");
          break;
        case '&':
          sb.append("&amp;");
          break;
        case '"':
          sb.append("&quot;");
          break;
        case '\'':
          sb.append("&apos;");
          break;
        default:
          if (c >= 0x20 || c == '\t') {
            sb.append(c);
          }
      }
    }
    return sb.toString();
  }
}
