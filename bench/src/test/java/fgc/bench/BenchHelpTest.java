package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The bench's --help says what holds: the cache folder whole, and the exit codes. */
class BenchHelpTest {
  private static String help(String... command) {
    String[] args = java.util.Arrays.copyOf(command, command.length + 1);
    args[command.length] = "--help";
    PrintStream saved = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      assertEquals(0, BenchMain.run(args));
    } finally {
      System.setOut(saved);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theCacheFolderReadsWholeAndEveryHelpEndsWithItsExitCodes() {
    for (String[] command : new String[][] {{}, {"decisions"}}) {
      String text = help(command);
      // Wrapped lines joined: "~/." at a line's end and "cache/fgc" on the next would read "~/.
      // cache/fgc".
      assertTrue(
          text.replaceAll("\n +", " ")
              .contains(
                  "$FGC_CACHE_DIR if set, else $XDG_CACHE_HOME/fgc"
                      + " if that is an absolute path, else ~/.cache/fgc."),
          String.join(" ", command) + ": " + text);
    }
    for (String[] command : new String[][] {{}, {"charts"}, {"peers"}}) {
      String text = help(command);
      assertTrue(
          text.replace('\n', ' ').contains("Exit codes: 0 done")
              && text.contains("130 interrupted."),
          text);
    }
  }
}
