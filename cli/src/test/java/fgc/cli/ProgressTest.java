package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Plain progress lines, on a clock the test moves by hand. */
class ProgressTest {
  private long now;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

  private Progress.Lines lines(long total) {
    return new Progress.Lines(
        "solve", total, "puzzles", new PrintStream(bytes, true, StandardCharsets.UTF_8), () -> now);
  }

  private String printed() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /** Solvers that step per sweep run on several workers at once: no step may be lost. */
  @Test
  void stepsFromSeveralThreadsAreAllCounted() throws InterruptedException {
    Progress.Lines p = lines(-1);
    Thread[] workers = new Thread[4];
    for (int t = 0; t < workers.length; t++) {
      workers[t] =
          new Thread(
              () -> {
                for (int i = 0; i < 200_000; i++) {
                  p.step();
                }
              });
      workers[t].start();
    }
    for (Thread t : workers) {
      t.join();
    }
    assertEquals(800_000, p.done());
    p.close();
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

  @Test
  void aTotalCountedWhileTheRunGoesIsShownOnceKnown() {
    Progress.Lines p = lines(-1);
    now += 2_000_000_000L;
    p.step();
    p.total(40);
    now += 5_000_000_000L;
    p.step();
    assertEquals("solve: 1 puzzles, 2 s\nsolve: 2 of 40 puzzles, 7 s\n", printed());
  }

  @Test
  void anInterruptedBatchSaysHowFarItGot() {
    Progress.Lines p = lines(-1);
    p.step();
    p.step();
    assertEquals("fgc: interrupted after 2 puzzles", p.interruptedMessage());
    p.total(500);
    p.step();
    assertEquals("fgc: interrupted after 3 of 500 puzzles", p.interruptedMessage());
  }

  @Test
  void aNormalEndRemovesTheInterruptHook() {
    Progress p = lines(3).onInterrupt();
    Thread hook = p.hook;
    assertTrue(hook != null);
    p.close();
    // Removed already (false: not registered): a hook still registered would print on the JVM's
    // normal exit.
    assertFalse(Runtime.getRuntime().removeShutdownHook(hook));
  }

  @Test
  void standardErrorIsATerminalWhenItPointsAtOne() {
    assertTrue(Progress.isTerminalDevice("/dev/pts/3"));
    assertTrue(Progress.isTerminalDevice("/dev/tty1"));
    assertFalse(Progress.isTerminalDevice("/tmp/out.txt"));
    assertFalse(Progress.isTerminalDevice("pipe:[81234]"));
    assertFalse(Progress.isTerminalDevice("/dev/null"));
  }

  @Test
  void theTotalOfAPuzzleFileCountsEveryOutputLine() {
    String sudoku =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    // Two one-line puzzles, a bad line, a 4x4 grid over four rows, comments and blanks.
    String text =
        "# a corpus\n" + sudoku + "\n\nxyz\n" + sudoku + "  # again\n1...\n..2.\n.3..\n...4\n";
    assertEquals(
        4,
        PuzzleInput.countEntries(fgc.puzzles.PuzzleReader.of(new java.io.StringReader(text), "t")));
  }
}
