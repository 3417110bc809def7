package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output named by a stream ({@code /dev/stdout}, {@code /dev/stdin}, a descriptor) is written in
 * place and the file behind the shell's redirection is never replaced; a temporary output a killed
 * run left is removed by a later run. These run the command line in a child JVM, so that its
 * standard streams are real redirections.
 */
class OutputStreamTargetTest {
  private static final String FOUR_A = "1...........4..3";
  private static final String FOUR_B = "...4..2...3.1...";

  @TempDir Path dir;

  private int fgc(ProcessBuilder.Redirect in, ProcessBuilder.Redirect out, String... args)
      throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
    command.addAll(List.of(args));
    command.addAll(List.of("--cache-dir", dir.resolve("cache").toString()));
    Process child =
        new ProcessBuilder(command)
            .redirectInput(in)
            .redirectOutput(out)
            .redirectError(dir.resolve("err.txt").toFile())
            .start();
    assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child JVM did not finish");
    return child.exitValue();
  }

  @Test
  void devStdoutAppendedToALogAppendsAndKeepsTheLog() throws Exception {
    Path puzzles = Files.writeString(dir.resolve("p.txt"), FOUR_A + "\n" + FOUR_B + "\n");
    Path log = Files.writeString(dir.resolve("log.txt"), "earlier lines\n");
    File logFile = log.toFile();
    int code =
        fgc(
            ProcessBuilder.Redirect.INHERIT,
            ProcessBuilder.Redirect.appendTo(logFile),
            "solve",
            "--input",
            puzzles.toString(),
            "--output",
            "/dev/stdout",
            "-q");
    assertEquals(0, code, () -> read(dir.resolve("err.txt")));
    List<String> lines = Files.readAllLines(log);
    assertEquals(3, lines.size(), lines::toString);
    assertEquals("earlier lines", lines.get(0));
    assertEquals(16, lines.get(1).length());
    assertFalse(lines.get(1).contains("."), lines::toString);
    assertEquals(List.of("err.txt", "log.txt", "p.txt"), names());
  }

  @Test
  void devStdinAsTheOutputOfStandardInputIsRefusedAndThePuzzlesStay() throws Exception {
    String text = FOUR_A + "\n" + FOUR_B + "\n";
    Path puzzles = Files.writeString(dir.resolve("p5.txt"), text);
    int code =
        fgc(
            ProcessBuilder.Redirect.from(puzzles.toFile()),
            ProcessBuilder.Redirect.DISCARD,
            "solve",
            "--input",
            "-",
            "--output",
            "/dev/stdin",
            "-q");
    assertEquals(2, code);
    assertEquals(text, Files.readString(puzzles));
    assertTrue(
        read(dir.resolve("err.txt")).contains("is the same file as the input"),
        () -> read(dir.resolve("err.txt")));
  }

  @Test
  void aKilledRunsTemporaryOutputIsRemovedByTheNextRunOnceStale() throws Exception {
    Path puzzles = Files.writeString(dir.resolve("p.txt"), FOUR_A + "\n");
    Path stale = Files.writeString(dir.resolve(".fgc-0badc0de-out.txt"), "half");
    Files.setLastModifiedTime(
        stale, FileTime.fromMillis(System.currentTimeMillis() - 2 * OutputFile.STALE_MILLIS));
    Path fresh =
        Files.writeString(dir.resolve(".fgc-12345678-out.txt"), "another run's, still writing");
    Path other = Files.writeString(dir.resolve(".fgc-0badc0de-notes.txt"), "another target's");
    Files.setLastModifiedTime(
        other, FileTime.fromMillis(System.currentTimeMillis() - 2 * OutputFile.STALE_MILLIS));
    Path mine = Files.writeString(dir.resolve(".fgc-mine-out.txt"), "not fgc's naming");
    Files.setLastModifiedTime(mine, FileTime.fromMillis(0));
    Path link = Files.createSymbolicLink(dir.resolve(".fgc-0000abcd-out.txt"), mine);
    Files.setLastModifiedTime(link, FileTime.fromMillis(0)); // follows: the link's target is old

    CliRun run =
        CliRun.of(
            "solve",
            "--input",
            puzzles.toString(),
            "--output",
            dir.resolve("out.txt").toString(),
            "--cache-dir",
            dir.resolve("cache").toString(),
            "-q");
    assertEquals(0, run.exitCode, run::toString);
    assertFalse(Files.exists(stale));
    assertTrue(Files.exists(fresh) && Files.exists(other) && Files.exists(mine));
    assertTrue(Files.isSymbolicLink(link), "a link is never removed as a leftover");
  }

  private List<String> names() throws Exception {
    try (var s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> !n.equals("cache"))
          .sorted()
          .toList();
    }
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (Exception e) {
      return "(" + e + ")";
    }
  }
}
