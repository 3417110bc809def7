package fgc.puzzles;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The project's own puzzles, shipped as the resource {@value #RESOURCE} so that demos and tests
 * have puzzles without any external corpus. They were made by {@link PuzzleGenerator}; the file's
 * header says with which seeds.
 */
public final class EmbeddedPuzzles {

  static final String RESOURCE = "/fgc/puzzles/embedded.txt";

  private EmbeddedPuzzles() {}

  /** Every embedded puzzle, in file order: 4x4 first, then 9x9, then 16x16. */
  public static List<Grid> all() {
    List<Grid> grids = new ArrayList<>();
    try (PuzzleReader reader = PuzzleReader.of(new StringReader(resourceText()), "embedded.txt")) {
      while (reader.hasNext()) {
        PuzzleReader.Entry entry = reader.next();
        if (!entry.isPuzzle()) {
          // The file ships with the code, so a bad line is a build mistake, not user input.
          throw new IllegalStateException("broken embedded puzzle: " + entry.error());
        }
        grids.add(entry.grid());
      }
    }
    return List.copyOf(grids);
  }

  /** The resource's text, header comments included. */
  public static String resourceText() {
    try (InputStream in = EmbeddedPuzzles.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("resource " + RESOURCE + " is missing from the classpath");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("reading resource " + RESOURCE, e);
    }
  }
}
