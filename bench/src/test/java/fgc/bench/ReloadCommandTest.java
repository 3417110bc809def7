package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fgc bench reload} against stand-in launchers (scripts that answer as {@code fgc compile}
 * would, writing a class file whose size says which model and launcher made it): every size and
 * launcher is run, the class bytes are the entry's, and a launcher that fails is a row that says
 * so.
 */
class ReloadCommandTest {
  @TempDir Path dir;

  private Path launcher(String name, String body) throws Exception {
    Path script = dir.resolve(name);
    Files.writeString(script, "#!/bin/sh\n" + body);
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    return script;
  }

  @Test
  void everySizeAndLauncherIsTimedWithItsClassBytes() throws Exception {
    // $2 is the model file, $6 the cache folder: the class is as big as the model's text, plus 1000
    // for the baseline.
    String write =
        "mkdir -p \"$6/entries/k\" && head -c $(( $(wc -c < \"$2\") + %d ))"
            + " /dev/zero > \"$6/entries/k/x.class\"\n";
    Path fgc = launcher("fgc", String.format(write, 0));
    Path old = launcher("old", String.format(write, 1000));
    String out =
        run(
            "reload",
            "--family",
            "chain",
            "--sizes",
            "10,20",
            "--algorithms",
            "maxproduct",
            "--runs",
            "1",
            "--fgc",
            fgc.toString(),
            "--baseline",
            old.toString());
    long small = ScaleModels.of("chain", 10).text().length();
    long big = ScaleModels.of("chain", 20).text().length();
    assertTrue(out.contains(String.format("%,d%n", small)), out);
    assertTrue(out.contains(String.format("%,d%n", big + 1000)), out);
    assertTrue(out.contains("maxproduct         20  baseline / fgc: miss "), out);
    assertTrue(out.contains("(  1.0x the smallest)"), out);
  }

  @Test
  void aLauncherThatFailsIsARowThatSaysSo() throws Exception {
    Path fgc =
        launcher(
            "fgc",
            "mkdir -p \"$6\"; case \"$2\" in *-20.fg) echo 'out of memory' >&2; exit 1;; esac\n");
    String out =
        run(
            "reload",
            "--family",
            "chain",
            "--sizes",
            "10,20",
            "--algorithms",
            "bp-pairwise",
            "--runs",
            "2",
            "--fgc",
            fgc.toString());
    assertTrue(
        out.contains("bp-pairwise        20  fgc        failed: exit 1: out of memory"), out);
  }

  private static String run(String... args) {
    PrintStream was = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      assertEquals(0, BenchMain.run(args));
    } finally {
      System.setOut(was);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
