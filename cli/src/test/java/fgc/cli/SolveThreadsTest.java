package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.PuzzleGenerator;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code solve --threads N}: each thread has its own solver, and the output is the one a single
 * thread writes, line for line in input order, with the same messages and the same exit code.
 */
class SolveThreadsTest {
  @TempDir Path dir;

  /**
   * Enough puzzles that several are in flight at once, of two sizes, with a bad line, a comment,
   * givens that conflict and a consistent puzzle without solution among them.
   */
  private Path mixedInput() throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("# mixed");
    for (long seed = 1; seed <= 24; seed++) {
      lines.add(PuzzleGenerator.generate(9, seed).toLine());
      lines.add(PuzzleGenerator.generate(4, seed).toLine());
      if (seed == 5) {
        lines.add("not a puzzle");
      }
      if (seed == 9) {
        lines.add("11..............");
      }
      if (seed == 13) {
        // Consistent givens, no solution: r1c4 must be 4, which column 4 holds already.
        lines.add("123........4....");
      }
    }
    for (Grid g : EmbeddedPuzzles.all()) {
      lines.add(g.toLine());
    }
    Path input = dir.resolve("mixed.txt");
    Files.write(input, lines);
    return input;
  }

  private static String summary(CliRun run) {
    // "solved X of Y in N ms; E input errors": the time differs from run to run, the rest may not.
    return run.err
        .lines()
        .filter(l -> l.startsWith("solved "))
        .map(l -> l.replaceAll(" in \\d+ ms", ""))
        .findFirst()
        .orElse("(no summary) " + run.err);
  }

  private static List<String> messages(CliRun run) {
    return run.err.lines().filter(l -> l.startsWith("fgc: ")).toList();
  }

  private void sameWithThreads(String... args) throws IOException {
    CliRun one =
        CliRun.of(
            Stream.concat(Stream.of(args), Stream.of("--output", dir.resolve("one.txt").toString()))
                .toArray(String[]::new));
    CliRun three =
        CliRun.of(
            Stream.concat(
                    Stream.of(args),
                    Stream.of("--threads", "3", "--output", dir.resolve("three.txt").toString()))
                .toArray(String[]::new));
    assertEquals(one.exitCode, three.exitCode, three.toString());
    assertEquals(
        withoutTimes(Files.readAllLines(dir.resolve("one.txt"))),
        withoutTimes(Files.readAllLines(dir.resolve("three.txt"))));
    assertEquals(summary(one), summary(three));
    assertEquals(messages(one), messages(three), "the same messages, in input order");
    // And on standard output, with every line flushed as it is written.
    CliRun toStdout =
        CliRun.of(
            Stream.concat(Stream.of(args), Stream.of("--threads", "2")).toArray(String[]::new));
    assertEquals(
        withoutTimes(Files.readAllLines(dir.resolve("one.txt"))),
        withoutTimes(toStdout.out.lines().toList()));
  }

  /**
   * The lines with --explain's times per puzzle ("..., 12.3 ms") taken out: they differ from run to
   * run.
   */
  private static List<String> withoutTimes(List<String> lines) {
    return lines.stream()
        .map(l -> l.startsWith("#") ? l.replaceAll(", [0-9.]+ ms$", "") : l)
        .toList();
  }

  @Test
  void exactWritesTheSameLinesInTheSameOrderWithThreeThreads() throws IOException {
    Path input = mixedInput();
    sameWithThreads(
        "solve",
        "-q",
        "--driver",
        "exact",
        "--input",
        input.toString(),
        "--cache-dir",
        dir.resolve("cache").toString());
    CliRun run =
        CliRun.of(
            "solve",
            "-q",
            "--driver",
            "exact",
            "--threads",
            "3",
            "--input",
            input.toString(),
            "--cache-dir",
            dir.resolve("cache").toString());
    assertEquals(2, run.exitCode, run.toString());
    assertTrue(run.err.contains("givens conflict") && run.err.contains("expected 16, 81"), run.err);
    int puzzles = 2 * 24 + 1 + EmbeddedPuzzles.all().size();
    assertTrue(run.err.contains("solved " + (puzzles - 1) + " of " + puzzles + " in "), run.err);
    assertTrue(run.err.contains("; 2 input errors"), run.err);
  }

  @Test
  void decimateAndItsExplanationsAreTheSameWithThreads() throws IOException {
    Path input = dir.resolve("few.txt");
    List<String> lines = new ArrayList<>();
    for (long seed = 1; seed <= 6; seed++) {
      lines.add(PuzzleGenerator.generate(4, seed).toLine());
      lines.add(PuzzleGenerator.generate(9, seed).toLine());
    }
    Files.write(input, lines);
    String cache = dir.resolve("cache").toString();
    sameWithThreads(
        "solve",
        "-q",
        "--driver",
        "decimate",
        "--restarts",
        "2",
        "--input",
        input.toString(),
        "--cache-dir",
        cache);
    sameWithThreads(
        "solve",
        "--explain",
        "--driver",
        "decimate",
        "--restarts",
        "2",
        "--input",
        input.toString(),
        "--cache-dir",
        cache);
  }

  /** Standard input that gives {@code text}, then fails as a broken device or pipe would. */
  private static final class FailingInput extends InputStream {
    private final byte[] text;
    private int pos;

    FailingInput(String text) {
      this.text = text.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public int read() throws IOException {
      if (pos == text.length) {
        throw new IOException("the device stopped answering");
      }
      return text[pos++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (pos == text.length) {
        throw new IOException("the device stopped answering");
      }
      int n = Math.min(len, text.length - pos);
      System.arraycopy(text, pos, b, off, n);
      pos += n;
      return n;
    }
  }

  @Test
  void whenReadingFailsEveryPuzzleReadBeforeIsStillAnswered() {
    StringBuilder text = new StringBuilder();
    for (long seed = 1; seed <= 40; seed++) {
      text.append(PuzzleGenerator.generate(9, seed).toLine()).append('\n');
    }
    InputStream saved = System.in;
    try {
      List<CliRun> runs = new ArrayList<>();
      for (String threads : new String[] {"1", "2"}) {
        System.setIn(new FailingInput(text.toString()));
        runs.add(
            CliRun.of(
                "solve",
                "-q",
                "--driver",
                "exact",
                "--threads",
                threads,
                "--input",
                "-",
                "--cache-dir",
                dir.resolve("cache").toString()));
      }
      for (CliRun run : runs) {
        assertEquals(2, run.exitCode, run.toString());
        assertTrue(run.err.contains("the device stopped answering"), run.err);
        assertEquals(40, run.out.lines().count(), run.toString());
      }
      assertEquals(runs.get(0).out, runs.get(1).out);
    } finally {
      System.setIn(saved);
    }
  }

  /**
   * A program that sends a puzzle and waits for its answer before it sends the next: the answers
   * held back for the pool must be written before the reader waits for more input.
   */
  @Test
  void aProgramThatWaitsForEachAnswerGetsItWithThreads() throws Exception {
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child =
        new ProcessBuilder(
                javaBin,
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "solve",
                "-q",
                "--driver",
                "exact",
                "--threads",
                "2",
                "--input",
                "-",
                "--cache-dir",
                dir.resolve("cache").toString())
            .redirectError(dir.resolve("err.txt").toFile())
            .start();
    ExecutorService reader = Executors.newSingleThreadExecutor();
    Writer in = new OutputStreamWriter(child.getOutputStream(), StandardCharsets.UTF_8);
    BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
    try {
      for (long seed = 1; seed <= 3; seed++) {
        Grid puzzle = PuzzleGenerator.generate(9, seed);
        in.write(puzzle.toLine() + "\n");
        in.flush();
        String answer = reader.submit(out::readLine).get(30, TimeUnit.SECONDS);
        assertTrue(GridValidator.check(puzzle, CliRun.grid(9, answer)).valid(), answer);
      }
      in.close();
      assertTrue(child.waitFor(1, TimeUnit.MINUTES));
    } finally {
      // Ends a child that never answered, which also frees the thread blocked reading its output.
      child.destroyForcibly();
      reader.shutdownNow();
    }
  }

  @Test
  void threadsOutsideTheirRangeAreAUsageError() {
    for (String n : new String[] {"0", "257"}) {
      CliRun run = CliRun.of("solve", "--threads", n);
      assertEquals(2, run.exitCode, run.toString());
      assertTrue(
          run.err.contains("--threads must be a whole number from 1 to 256 (got " + n + ")"),
          run.err);
    }
  }

  @Test
  void theExactDriverNeitherCompilesNorLoadsAnAlgorithm() throws IOException {
    Path cache = dir.resolve("cache");
    Path input = dir.resolve("in.txt");
    Files.writeString(input, PuzzleGenerator.generate(9, 7).toLine() + "\n");
    CliRun run =
        CliRun.of(
            "solve",
            "-q",
            "--driver",
            "exact",
            "--input",
            input.toString(),
            "--cache-dir",
            cache.toString());
    assertEquals(0, run.exitCode, run.toString());
    try (Stream<Path> files = Files.exists(cache) ? Files.walk(cache) : Stream.empty()) {
      assertEquals(
          List.of(),
          files.filter(Files::isRegularFile).toList(),
          "the search needs no compiled algorithm");
    }
    // Branching by marginals does read one, and finds it compiled on first use.
    CliRun marginals =
        CliRun.of(
            "solve",
            "-q",
            "--driver",
            "exact-marginals",
            "--input",
            input.toString(),
            "--cache-dir",
            cache.toString());
    assertEquals(0, marginals.exitCode, marginals.toString());
    try (Stream<Path> files = Files.walk(cache)) {
      assertTrue(
          files.anyMatch(Files::isRegularFile),
          "exact-marginals compiles its algorithm into the cache");
    }
  }
}
