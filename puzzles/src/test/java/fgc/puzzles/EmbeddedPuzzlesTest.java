package fgc.puzzles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class EmbeddedPuzzlesTest {

  private static final Pattern ORIGIN =
      Pattern.compile("^(\\S+)\\s+# generate\\((\\d+), (-?\\d+)\\)");

  @Test
  void holdsThreeFourByFourFiveNineByNineAndOneSixteenBySixteen() {
    List<Grid> all = EmbeddedPuzzles.all();
    assertEquals(9, all.size());
    assertEquals(List.of(4, 4, 4, 9, 9, 9, 9, 9, 16), all.stream().map(Grid::side).toList());
    assertTrue(all.get(8).givenCount() >= 140, "16x16 givens: " + all.get(8).givenCount());
  }

  @Test
  void eachHasExactlyOneValidSolution() {
    for (Grid puzzle : EmbeddedPuzzles.all()) {
      assertEquals(1, SolutionCounter.count(puzzle, 2), puzzle::toString);
      assertTrue(GridValidator.check(puzzle, SolutionCounter.solve(puzzle).orElseThrow()).valid());
    }
  }

  @Test
  void readsWithoutErrors() {
    List<PuzzleReader.Entry> entries = Fixtures.read(EmbeddedPuzzles.resourceText());
    assertEquals(9, entries.size());
    entries.forEach(e -> assertTrue(e.isPuzzle(), e::error));
  }

  @Test
  void headerIsTrueEveryLineRegeneratesFromItsSeed() {
    String text = EmbeddedPuzzles.resourceText();
    assertTrue(text.startsWith("#"));
    assertTrue(text.contains("PuzzleGenerator"));
    int checked = 0;
    for (String line : text.split("\n")) {
      if (line.startsWith("#") || line.isBlank()) {
        continue;
      }
      Matcher m = ORIGIN.matcher(line);
      assertTrue(m.find(), "every puzzle line names its generator call: " + line);
      Grid regenerated =
          PuzzleGenerator.generate(Integer.parseInt(m.group(2)), Long.parseLong(m.group(3)));
      assertEquals(m.group(1), regenerated.toLine());
      checked++;
    }
    assertEquals(9, checked);
  }
}
