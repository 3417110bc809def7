package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Plain progress lines, on a clock the test moves by hand. */
class ProgressTest {
  private long now;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

  private Progress.Lines lines(long total) {
    return new Progress.Lines("solve", total, "puzzles", new PrintStream(bytes, true, StandardCharsets.UTF_8), () -> now);
  }

  private String printed() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aQuickRunPrintsNothing() {
    Progress.Lines p = lines(3);
    for (int i = 0; i < 3; i++) {
      now += 100_000_000L;
      p.step();
    }
    p.close();
    assertEquals("", printed());
  }

  @Test
  void aLongRunPrintsAfterOneSecondThenEveryFiveAndAtTheEnd() {
    Progress.Lines p = lines(-1);
    for (int i = 0; i < 100; i++) {
      now += 200_000_000L; // 0.2 s a step, 20 s in all
      p.step();
    }
    p.close();
    String[] got = printed().split("\n");
    // At 1 s (step 5), then 6, 11, 16 s (steps 30, 55, 80), and the end.
    assertEquals("solve: 5 puzzles, 1 s", got[0]);
    assertEquals("solve: 30 puzzles, 6 s", got[1]);
    assertEquals(5, got.length, printed());
    assertEquals("solve: 100 puzzles, 20 s", got[4]);
  }

  @Test
  void aKnownTotalIsShown() {
    Progress.Lines p = lines(10);
    now += 2_000_000_000L;
    p.step();
    assertEquals("solve: 1 of 10 puzzles, 2 s\n", printed());
  }
}
