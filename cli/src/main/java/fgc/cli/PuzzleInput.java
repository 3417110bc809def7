package fgc.cli;

import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.PuzzleReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The puzzles {@code solve} reads: the embedded list, a file, standard input ({@code -}), or a
 * bundled example named bare ({@code latin-5}); read as Sudoku puzzles or as a model's own grids.
 */
final class PuzzleInput {
  /** The --input argument, or null for the embedded puzzles. */
  private final String input;

  PuzzleInput(String input) {
    this.input = input;
  }

  PuzzleReader openInput() {
    if (input == null) {
      return PuzzleReader.of(new StringReader(EmbeddedPuzzles.resourceText()), "embedded");
    }
    if (input.equals("-")) {
      return PuzzleReader.of(new InputStreamReader(System.in, StandardCharsets.UTF_8), "stdin");
    }
    Path file = Path.of(input);
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException(
          "cannot read --input " + input + ": it is a folder, not a puzzle file");
    }
    try {
      return PuzzleReader.open(file);
    } catch (IOException e) {
      throw FileErrors.inputError("--input " + input, e);
    }
  }

  /** The input as lines, for a model's own grid (see {@link ModelGrid}). */
  BoundedLines openLines(ModelGrid general) {
    if (input == null) {
      throw new IllegalArgumentException(
          "model "
              + general.model.name()
              + " is no Sudoku, so the embedded Sudoku puzzles are not for it:"
              + " give --input FILE ("
              + general.rows
              + "x"
              + general.cols
              + " grids, one per line or one row per line)");
    }
    if (input.equals("-")) {
      return new BoundedLines(new InputStreamReader(System.in, StandardCharsets.UTF_8), "stdin");
    }
    Path file = Path.of(input);
    String example = "/fgc/examples/" + (input.endsWith(".txt") ? input : input + ".txt");
    if (file.getParent() == null
        && !Files.exists(file)
        && PuzzleInput.class.getResource(example) != null) {
      // A bare name that is no file here: the bundled example puzzles of that name (latin-5,
      // killer-4x4).
      return new BoundedLines(
          new InputStreamReader(
              PuzzleInput.class.getResourceAsStream(example), StandardCharsets.UTF_8),
          example.substring(example.lastIndexOf('/') + 1));
    }
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException(
          "cannot read --input " + input + ": it is a folder, not a puzzle file");
    }
    try {
      Path name = file.getFileName();
      return new BoundedLines(
          new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8),
          name == null ? input : name.toString());
    } catch (IOException e) {
      throw FileErrors.inputError("--input " + input, e);
    }
  }

  /**
   * The entries (puzzles and bad lines, each one output line) a reader gives, counted without
   * solving any.
   */
  static long countEntries(PuzzleReader reader) {
    try (reader) {
      long n = 0;
      for (; reader.hasNext(); reader.next()) {
        n++;
      }
      return n;
    }
  }

  /**
   * The entries of the input as {@code general}'s grids, as {@link #countEntries(PuzzleReader)}.
   */
  long countGridEntries(ModelGrid general) throws IOException {
    try (BoundedLines lines = openLines(general)) {
      ModelGrid.Reader reader = general.new Reader(lines);
      long n = 0;
      while (reader.next() != null) {
        n++;
      }
      return n;
    }
  }

  /** The input as messages name it. */
  String inputName() {
    if (input == null) {
      return "the embedded puzzle list";
    }
    Path name = input.equals("-") ? null : Path.of(input).getFileName();
    return name == null ? "standard input" : name.toString();
  }
}
