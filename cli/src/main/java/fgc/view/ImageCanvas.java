package fgc.view;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * A {@link Canvas} that paints into an image with Java2D (headless), written as PNG by {@link
 * #writePng}.
 */
public final class ImageCanvas implements Canvas {
  private final BufferedImage image;
  private final Graphics2D g;

  public ImageCanvas(int width, int height) {
    System.setProperty("java.awt.headless", "true");
    image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
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
    Rectangle2D r = new Rectangle2D.Double(x, y, width, height);
    g.setColor(fill);
    g.fill(r);
    if (stroke != null) {
      g.setColor(stroke);
      g.setStroke(new BasicStroke((float) strokeWidth));
      g.draw(r);
    }
  }

  @Override
  public void line(double x1, double y1, double x2, double y2, Color color, double width) {
    g.setColor(color);
    g.setStroke(new BasicStroke((float) width, BasicStroke.CAP_SQUARE, BasicStroke.JOIN_MITER));
    g.draw(new Line2D.Double(x1, y1, x2, y2));
  }

  @Override
  public void text(double x, double y, String text, double size, Color color, boolean bold) {
    g.setFont(new Font(Font.SANS_SERIF, bold ? Font.BOLD : Font.PLAIN, (int) Math.round(size)));
    FontMetrics metrics = g.getFontMetrics();
    g.setColor(color);
    g.drawString(text, (float) (x - metrics.stringWidth(text) / 2.0), (float) y);
  }

  @Override
  public void textLeft(double x, double y, String text, double size, Color color) {
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, (int) Math.round(size)));
    g.setColor(color);
    g.drawString(text, (float) x, (float) y);
  }

  public BufferedImage image() {
    return image;
  }

  public void writePng(Path file) throws IOException {
    g.dispose();
    if (!ImageIO.write(image, "png", file.toFile())) {
      throw new IOException("no PNG writer in this Java runtime");
    }
  }
}
