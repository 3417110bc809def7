package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import fgc.compilation.SolverCompilers;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The start-up thread's work: it finds the compiler every later caller gets, and says nothing. */
class WarmupTest {
  @Test
  void findsTheCompilerTheCommandsUseAndPrintsNothing() {
    PrintStream savedOut = System.out;
    PrintStream savedErr = System.err;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try (PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
      System.setOut(capture);
      System.setErr(capture);
      Warmup.warm();
    } finally {
      System.setOut(savedOut);
      System.setErr(savedErr);
    }
    assertEquals("", printed.toString(StandardCharsets.UTF_8));
    assertNotNull(Warmup.kept, "the warm-up found no compiler on the CLI's class path");
    assertSame(SolverCompilers.find(), Warmup.kept);
  }
}
