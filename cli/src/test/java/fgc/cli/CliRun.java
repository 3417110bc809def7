package fgc.cli;

import fgc.puzzles.Grid;
import fgc.puzzles.Symbols;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the CLI in process with standard output and error captured. */
final class CliRun {
  final int exitCode;
  final String out;
  final String err;

  private CliRun(int exitCode, String out, String err) {
    this.exitCode = exitCode;
    this.out = out;
    this.err = err;
  }

  static synchronized CliRun of(String... args) {
    PrintStream savedOut = System.out;
    PrintStream savedErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      int code = Main.run(args);
      return new CliRun(
          code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(savedOut);
      System.setErr(savedErr);
    }
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\nstdout:\n" + out + "\nstderr:\n" + err;
  }

  /** A one-line grid of {@code side} as the CLI prints it. */
  static Grid grid(int side, String line) {
    int[] cells = new int[line.length()];
    for (int i = 0; i < cells.length; i++) {
      cells[i] = Symbols.valueOf(side, line.charAt(i));
    }
    return Grid.of(side, cells);
  }
}
