package fgc.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the CLI in process and keeps what it printed. */
final class CommandLineHarness implements AutoCloseable {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final PrintStream savedOut = System.out;
  private final PrintStream savedErr = System.err;

  CommandLineHarness() {
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  int run(String... args) {
    out.reset();
    err.reset();
    return Main.run(args);
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    System.setOut(savedOut);
    System.setErr(savedErr);
  }
}
