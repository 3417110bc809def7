package fgc.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

class MarginalsPictureTest {
  @TempDir Path dir;

  /**
   * A 4x4 grid: cell 0 given 1, cell 1 sure of 2, cell 2 split evenly over 3 and 4, the rest
   * uniform but 1 ruled out.
   */
  private static MarginalGrid sample(String title) {
    int[] givens = new int[16];
    givens[0] = 1;
    double[][] beliefs = new double[16][];
    for (int k = 1; k < 16; k++) {
      beliefs[k] = new double[] {0, 1 / 3.0, 1 / 3.0, 1 / 3.0};
    }
    beliefs[1] = new double[] {0, 1, 0, 0};
    beliefs[2] = new double[] {0, 0, 0.5, 0.5};
    return MarginalGrid.of(4, givens, beliefs, title);
  }

  @Test
  void svgIsWellFormedAndDrawsOneSquarePerValueOfEveryBlankCell() throws Exception {
    Path file = dir.resolve("m.svg");
    new MarginalsPicture(sample("a <title> & \"quotes\"")).write(file);
    String svg = Files.readString(file);
    Document doc =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    NodeList texts = doc.getElementsByTagName("text");
    assertEquals(
        "a <title> & \"quotes\"", texts.item(0).getTextContent(), "the title survives escaping");
    String sure =
        String.format(
            "#%02x%02x%02x",
            MarginalsPicture.SURE.getRed(),
            MarginalsPicture.SURE.getGreen(),
            MarginalsPicture.SURE.getBlue());
    int sureSquares = 0;
    NodeList rects = doc.getElementsByTagName("rect");
    for (int i = 0; i < rects.getLength(); i++) {
      if (rects.item(i).getAttributes().getNamedItem("fill").getNodeValue().equals(sure)) {
        sureSquares++;
      }
    }
    // One square at probability 1 (cell 1, value 2) and the legend's swatch for 1.
    assertEquals(2, sureSquares);
    // Background + given + 15 blank cells x 4 values + 5 legend swatches + the legend's given and
    // empty swatches.
    assertEquals(1 + 1 + 15 * 4 + 5 + 2, rects.getLength());
  }

  @Test
  void pngShowsTheSameColoursAtTheSamePlaces() throws Exception {
    Path file = dir.resolve("m.png");
    MarginalsPicture picture = new MarginalsPicture(sample("png"));
    picture.write(file);
    BufferedImage image = ImageIO.read(file.toFile());
    assertEquals(picture.width(), image.getWidth());
    assertEquals(picture.height(), image.getHeight());
    SvgCanvasProbe probe = new SvgCanvasProbe(picture.candidateSize());
    picture.draw(probe);
    // The centre-left of each probed square has no digit on it: its pixel is the square's fill.
    for (SvgCanvasProbe.Square square : probe.squares) {
      int rgb = image.getRGB((int) (square.x + 3), (int) (square.y + square.size / 2)) & 0xffffff;
      assertEquals(square.fill.getRGB() & 0xffffff, rgb, "pixel at " + square.x + "," + square.y);
    }
    assertEquals(15 * 4, probe.squares.size(), "one square per value of every blank cell");
  }

  /**
   * A 9x9 grid with the givens of {@code puzzle} (81 characters, '.' blank) and uniform beliefs
   * elsewhere.
   */
  private static MarginalGrid nineByNine(String puzzle, String title) {
    int[] givens = new int[81];
    double[][] beliefs = new double[81][];
    for (int k = 0; k < 81; k++) {
      givens[k] = puzzle.charAt(k) == '.' ? 0 : puzzle.charAt(k) - '0';
      if (givens[k] == 0) {
        beliefs[k] = new double[9];
        java.util.Arrays.fill(beliefs[k], 1 / 9.0);
      }
    }
    return MarginalGrid.of(9, givens, beliefs, title);
  }

  @Test
  void aNineByNinePictureIsAtLeast1200PixelsWideWithItsTitleAndPuzzleOnTop() throws Exception {
    String puzzle =
        "2..6...7...68..95........1..67..81..5..7.34...............1.2.59........13.9..8..";
    String title = "puzzle 1 (line 1), sumproduct, sweep 1";
    MarginalsPicture picture = new MarginalsPicture(nineByNine(puzzle, title));
    Path file = dir.resolve("m.png");
    picture.write(file);
    BufferedImage image = ImageIO.read(file.toFile());
    assertTrue(image.getWidth() >= 1200, "width " + image.getWidth());
    assertEquals(picture.width(), image.getWidth());
    SvgCanvasProbe probe = new SvgCanvasProbe(picture.candidateSize());
    picture.draw(probe);
    SvgCanvasProbe.Text first = probe.texts.get(0);
    assertEquals(title, first.text, "the title is drawn first");
    assertTrue(first.size >= 20, "the title is large: " + first.size);
    assertEquals(
        puzzle + "  (24 givens of 81 cells)",
        probe.texts.get(1).text,
        "the puzzle under the title");
    double gridTop = probe.squares.stream().mapToDouble(sq -> sq.y).min().orElseThrow();
    assertTrue(first.y < gridTop && probe.texts.get(1).y < gridTop, "both above the grid");
    // The title is painted: the band it sits in has dark pixels.
    int dark = 0;
    for (int y = 0; y < (int) first.y + 4; y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        dark += (image.getRGB(x, y) & 0xff) < 100 ? 1 : 0;
      }
    }
    assertTrue(dark > 200, dark + " dark pixels in the title band");
    // A 25 x 25 puzzle line would be too long to read: the count of givens stands for it.
    MarginalGrid big = MarginalGrid.of(25, new int[625], uniform(625, 25), "big");
    assertEquals("0 givens of 625 cells", new MarginalsPicture(big).puzzleLine());
  }

  private static double[][] uniform(int cells, int side) {
    double[][] beliefs = new double[cells][];
    for (int k = 0; k < cells; k++) {
      beliefs[k] = new double[side];
      java.util.Arrays.fill(beliefs[k], 1.0 / side);
    }
    return beliefs;
  }

  @Test
  void shadeRunsFromWhiteToBlue() {
    assertEquals(Color.WHITE, MarginalsPicture.shade(0));
    assertEquals(MarginalsPicture.SURE, MarginalsPicture.shade(1));
    Color half = MarginalsPicture.shade(0.5);
    assertTrue(half.getRed() < 255 && half.getRed() > MarginalsPicture.SURE.getRed());
  }

  @Test
  void anUnknownExtensionAndABadGridAreClearErrors() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new MarginalsPicture(sample("x")).write(dir.resolve("m.jpg")));
    assertTrue(e.getMessage().contains(".svg or .png"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> MarginalGrid.of(5, new int[25], new double[25][], "x"));
    assertThrows(
        IllegalArgumentException.class,
        () -> MarginalGrid.of(4, new int[16], new double[16][], "x"),
        "a blank cell without a belief");
  }

  @Test
  void aCellWithNoValueLeftIsMarked() {
    int[] givens = new int[16];
    double[][] beliefs = new double[16][];
    for (int k = 0; k < 16; k++) {
      beliefs[k] = new double[] {0.25, 0.25, 0.25, 0.25};
    }
    beliefs[5] = new double[4];
    MarginalGrid grid = MarginalGrid.of(4, givens, beliefs, "t");
    assertTrue(grid.emptyBelief(5));
    assertTrue(!grid.emptyBelief(4));
  }
}
