package fgc.bench;

import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.PuzzleReader;
import fgc.puzzles.SharedCorpora;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A named list of puzzles read from a file (bad lines are reported and skipped) or the embedded
 * set.
 */
final class Corpus {
  /** The shared corpora the default matrix runs, in this order, when they are found. */
  static final List<String> DEFAULT_NAMES = List.of("easy50", "top95", "hardest");

  private final String name;
  private final List<Grid> puzzles;

  Corpus(String name, List<Grid> puzzles) {
    this.name = name;
    this.puzzles = Collections.unmodifiableList(new ArrayList<>(puzzles));
  }

  String name() {
    return name;
  }

  List<Grid> puzzles() {
    return puzzles;
  }

  static Corpus read(Path file) {
    String fileName = file.getFileName().toString();
    String name =
        fileName.endsWith(".txt") ? fileName.substring(0, fileName.length() - 4) : fileName;
    try (PuzzleReader reader = PuzzleReader.open(file)) {
      return new Corpus(name, collect(reader));
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot read corpus " + file + " (" + e.getClass().getSimpleName() + ")");
    }
  }

  static Corpus embedded() {
    return new Corpus(
        "embedded",
        collect(PuzzleReader.of(new StringReader(EmbeddedPuzzles.resourceText()), "embedded")));
  }

  private static List<Grid> collect(PuzzleReader reader) {
    List<Grid> grids = new ArrayList<>();
    while (reader.hasNext()) {
      PuzzleReader.Entry entry = reader.next();
      if (entry.isPuzzle()) {
        grids.add(entry.grid());
      } else {
        System.err.println("fgc bench: " + entry.error() + " (skipped)");
      }
    }
    return grids;
  }

  /**
   * The default corpora: easy50, top95 and hardest from the nearest shared/puzzles, else the
   * embedded puzzles.
   */
  static List<Corpus> defaults() {
    Path dir = sharedPuzzles();
    List<Corpus> corpora = new ArrayList<>();
    if (dir != null) {
      for (String name : DEFAULT_NAMES) {
        Path file = dir.resolve(name + ".txt");
        if (Files.isRegularFile(file)) {
          corpora.add(read(file));
        }
      }
    }
    if (corpora.isEmpty()) {
      corpora.add(embedded());
    }
    return corpora;
  }

  /** The shared corpora folder ({@link SharedCorpora}), or null. */
  static Path sharedPuzzles() {
    return SharedCorpora.folder().orElse(null);
  }
}
