package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.PuzzleGenerator;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long puzzle file through {@code solve} in a child JVM with a small heap: every line is answered
 * in order, and the live heap stays bounded however long the file is. Size: {@code
 * -Dfgc.reliability.streamPuzzles} (default 20,000; the reliability profile runs 1,000,000).
 */
class StreamMemoryTest {
  /** The child's whole heap; a million 4x4 lines as Java strings alone would need about 60 MB. */
  private static final String MAX_HEAP = "-Xmx24m";

  /**
   * The live set the stream may keep, whatever its length: classes' statics, the reader's buffer,
   * one solver.
   */
  private static final long LIVE_LIMIT = 12L << 20;

  private static final int BAD_EVERY = 1000;

  @TempDir Path dir;

  @Test
  void aLongFileIsAnsweredLineByLineInBoundedMemory() throws Exception {
    int n = Integer.getInteger("fgc.reliability.streamPuzzles", 20_000);
    List<Grid> pool = new ArrayList<>();
    for (long seed = 1; seed <= 32; seed++) {
      pool.add(PuzzleGenerator.generate(4, seed));
    }
    Path input = dir.resolve("stream.txt");
    try (BufferedWriter w = Files.newBufferedWriter(input, StandardCharsets.UTF_8)) {
      w.write("# generated\n");
      for (int i = 0; i < n; i++) {
        w.write(
            i % BAD_EVERY == BAD_EVERY - 1 ? "bad line " + i : pool.get(i % pool.size()).toLine());
        w.write('\n');
      }
    }
    Path output = dir.resolve("out.txt");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child =
        new ProcessBuilder(
                java,
                MAX_HEAP,
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                StreamMemoryMain.class.getName(),
                "solve",
                "--input",
                input.toString(),
                "--output",
                output.toString(),
                "--cache-dir",
                dir.resolve("cache").toString())
            .redirectError(dir.resolve("err.txt").toFile())
            .start();
    String result =
        new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertTrue(child.waitFor(60, TimeUnit.MINUTES));
    Matcher m =
        Pattern.compile("exit=(\\d+) maxLive=(\\d+) samples=(\\d+) maxHeap=(\\d+)").matcher(result);
    assertTrue(m.matches(), () -> result + "\n" + tail(dir.resolve("err.txt")));
    assertEquals(2, Integer.parseInt(m.group(1)), "some lines were bad");

    int bad = 0;
    try (BufferedReader in = Files.newBufferedReader(input);
        BufferedReader out = Files.newBufferedReader(output)) {
      in.readLine();
      for (int i = 0; i < n; i++) {
        String puzzle = in.readLine();
        String answer = out.readLine();
        if (puzzle.startsWith("bad")) {
          assertEquals(puzzle, answer, "a bad line is echoed in its place");
          bad++;
        } else {
          assertTrue(
              GridValidator.check(CliRun.grid(4, puzzle), CliRun.grid(4, answer)).valid(),
              "line " + (i + 2));
        }
      }
      assertEquals(null, out.readLine(), "one output line per input line");
    }
    assertEquals(n / BAD_EVERY, bad);
    long maxLive = Long.parseLong(m.group(2));
    String figure =
        String.format(
            "%,d puzzle lines (%,d bad), %s: %,d heap samples after GC,"
                + " max live heap %.1f MB (heap limit %.0f MB), all answers checked%n",
            n,
            bad,
            MAX_HEAP,
            Integer.parseInt(m.group(3)),
            maxLive / 1048576.0,
            Long.parseLong(m.group(4)) / 1048576.0);
    fgc.cache.ReliabilityReport.write("stream-memory", figure);
    assertTrue(maxLive < LIVE_LIMIT, figure);
  }

  private static String tail(Path file) {
    try {
      String s = Files.readString(file);
      return s.substring(Math.max(0, s.length() - 2000));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
