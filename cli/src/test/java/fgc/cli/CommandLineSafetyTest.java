package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.puzzles.GridValidator;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The command line against hostile use: outputs over inputs, runs that fail half-way, files that
 * are folders or missing, numbers out of range or in Java-only spellings, a variable observed
 * twice, a model whose cells cannot hold a grid, and a reader that must not merge lines.
 */
class CommandLineSafetyTest {
  private static final String FOUR_A = "1...........4..3";
  private static final String FOUR_B = "...4..2...3.1...";

  @TempDir Path dir;

  private String cache() {
    return dir.resolve("cache").toString();
  }

  private List<String> names() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> !n.equals("cache"))
          .sorted()
          .toList();
    }
  }

  @Test
  void solveRefusesToWriteOverItsInputEvenThroughALink() throws Exception {
    Path f = dir.resolve("F");
    String text = FOUR_A + "\n" + FOUR_B + "\n";
    Files.writeString(f, text);
    Path link = Files.createSymbolicLink(dir.resolve("L"), f.getFileName());
    for (Path output : List.of(f, link)) {
      CliRun run =
          CliRun.of(
              "solve",
              "--input",
              f.toString(),
              "--output",
              output.toString(),
              "--cache-dir",
              cache());
      assertEquals(text, Files.readString(f));
      assertEquals(2, run.exitCode, run::toString);
      assertEquals(
          "fgc: --output "
              + output
              + " is the same file as the input "
              + f
              + ": fgc never writes over its input; write to another file\n",
          run.err);
    }
    assertEquals(List.of("F", "L"), names());
  }

  @Test
  void aRunThatFailsHalfWayLeavesTheOldOutputAndNoTemporaryFile() throws Exception {
    Path output = dir.resolve("out.txt");
    Files.writeString(output, "the results of last week\n");
    // Standard input gives two puzzles, then fails as a disk or a pipe can.
    InputStream failing =
        new InputStream() {
          private final InputStream puzzles =
              new ByteArrayInputStream(
                  (FOUR_A + "\n" + FOUR_B + "\n").getBytes(StandardCharsets.UTF_8));

          @Override
          public int read() throws IOException {
            int b = puzzles.read();
            if (b < 0) {
              throw new IOException("Input/output error");
            }
            return b;
          }
        };
    InputStream saved = System.in;
    CliRun run;
    try {
      System.setIn(failing);
      run =
          CliRun.of("solve", "--input", "-", "--output", output.toString(), "--cache-dir", cache());
    } finally {
      System.setIn(saved);
    }
    assertEquals("the results of last week\n", Files.readString(output));
    assertEquals(List.of("out.txt"), names());
    assertEquals(2, run.exitCode, run::toString);
    assertTrue(
        run.err.contains("fgc: cannot read stdin after line 2: input/output error"), run.err);
  }

  @Test
  void aCompleteRunReplacesTheOutputAndAnEmptyInputLeavesIt() throws Exception {
    Path input = dir.resolve("in.txt");
    Files.writeString(input, FOUR_A + "\n");
    Path output = dir.resolve("out.txt");
    Files.writeString(output, "old\n");
    CliRun run =
        CliRun.of(
            "solve",
            "--input",
            input.toString(),
            "--output",
            output.toString(),
            "--cache-dir",
            cache());
    assertEquals(0, run.exitCode, run::toString);
    assertTrue(
        GridValidator.check(
                CliRun.grid(4, FOUR_A), CliRun.grid(4, Files.readString(output).strip()))
            .valid());
    Files.writeString(input, "# nothing here\n");
    Files.writeString(output, "old\n");
    run =
        CliRun.of(
            "solve",
            "--input",
            input.toString(),
            "--output",
            output.toString(),
            "--cache-dir",
            cache());
    assertEquals("old\n", Files.readString(output));
    assertEquals(2, run.exitCode, run::toString);
    assertTrue(run.err.contains("holds no puzzles; " + output + " was not written"), run.err);
    run =
        CliRun.of(
            "generate",
            "--size",
            "4",
            "--count",
            "1",
            "--output",
            output.toString(),
            "--cache-dir",
            cache());
    assertEquals(0, run.exitCode, run::toString);
    assertTrue(
        Files.readString(output).startsWith("# fgc generate --size 4"), Files.readString(output));
    assertEquals(List.of("in.txt", "out.txt"), names());
  }

  @Test
  void badFilesAreDescribedInWords() throws Exception {
    Files.createDirectory(dir.resolve("adir"));
    String missing = dir.resolve("nope.txt").toString();
    String[][] cases = {
      {
        "fgc: cannot read --input " + dir.resolve("adir") + ": it is a folder, not a puzzle file\n",
        "solve",
        "--input",
        dir.resolve("adir").toString()
      },
      {"fgc: cannot read --input " + missing + ": no such file\n", "solve", "--input", missing},
      {
        "fgc: cannot write --output "
            + dir.resolve("no/o.txt")
            + ": no such folder "
            + dir.resolve("no")
            + "\n",
        "solve",
        "--output",
        dir.resolve("no/o.txt").toString()
      },
      {
        "fgc: --output " + dir.resolve("adir") + " is a folder; give a file name\n",
        "generate",
        "--output",
        dir.resolve("adir").toString()
      },
      {
        "fgc: cannot write --dot "
            + dir.resolve("no/g.dot")
            + ": no such folder "
            + dir.resolve("no")
            + "\n",
        "show",
        "--dot",
        dir.resolve("no/g.dot").toString()
      },
    };
    for (String[] c : cases) {
      String[] args = new String[c.length + 1];
      System.arraycopy(c, 1, args, 0, c.length - 1);
      args[c.length - 1] = "--cache-dir";
      args[c.length] = cache();
      CliRun run = CliRun.of(args);
      assertEquals(2, run.exitCode, run::toString);
      assertEquals(c[0], run.err, String.join(" ", args));
      assertEquals("", run.out, "nothing is printed before the refusal");
    }
  }

  @Test
  void numbersOutOfRangeOrInJavaOnlySpellingsAreRefusedWithTheRange() {
    String[][] cases = {
      {
        "fgc: --restarts must be a whole number from 0 to 2147483647 (got -1)",
        "solve",
        "--restarts",
        "-1"
      },
      {
        "fgc: --sweeps must be a whole number from 0 to 2147483647 (got -5)",
        "run",
        "chain",
        "--marginals",
        "--sweeps",
        "-5"
      },
      {"fgc: --damping must be a number in [0, 1) (got 0.5f)", "solve", "--damping", "0.5f"},
      {"fgc: --damping must be a number in [0, 1) (got 0x1p-3)", "solve", "--damping", "0x1p-3"},
      {"fgc: --damping must be a number in [0, 1) (got 1)", "compile", "--damping", "1"},
      {"fgc: --noise must be a number in [0, 20] (got NaN)", "solve", "--noise", "NaN"},
      {
        "fgc: --per-round must be a whole number from 1 to 2147483647 (got 0)",
        "solve",
        "--per-round",
        "0"
      },
      {
        "fgc: --sweep must be a whole number from 0 to 2147483647 (got -2)",
        "solve",
        "--marginals",
        "m.svg",
        "--sweep",
        "1,-2"
      },
      {
        "fgc: --count must be a whole number from 0 to 2147483647 (got 1e3)",
        "generate",
        "--count",
        "1e3"
      },
      {
        "fgc: --seed must be a whole number (got 99999999999999999999)",
        "generate",
        "--seed",
        "99999999999999999999"
      },
      {
        "fgc: --param takes NAME=VALUE with a whole number as the value (got 0x10)",
        "show",
        "--param",
        "n=0x10"
      },
    };
    for (String[] c : cases) {
      String[] args = new String[c.length + 1];
      System.arraycopy(c, 1, args, 0, c.length - 1);
      args[c.length - 1] = "--cache-dir";
      args[c.length] = cache();
      CliRun run = CliRun.of(args);
      assertEquals(2, run.exitCode, run::toString);
      assertEquals(c[0] + "\n", run.err, String.join(" ", args));
      assertEquals("", run.out);
    }
  }

  /**
   * Every numeric option of every command goes through the one strict reader, and its range, if
   * any, is enforced.
   */
  @Test
  void everyNumericOptionOfEveryCommandIsReadTheSameWay() {
    int checked = 0;
    for (String command : Main.COMMANDS) {
      for (OptionSpec option : new CommandLine(Main.command(command)).getCommandSpec().options()) {
        Class<?> type = option.auxiliaryTypes()[option.auxiliaryTypes().length - 1];
        if (!Number.class.isAssignableFrom(type)
            && !(type.isPrimitive() && type != boolean.class)) {
          continue;
        }
        List<String> args = new ArrayList<>(List.of(command));
        if (command.equals("run")) {
          args.add("chain");
        }
        String name = option.longestName();
        args.add(name);
        args.add(
            option.isMultiValue() && java.util.Map.class.isAssignableFrom(option.type())
                ? "n=0x1"
                : "0x1");
        args.add("--cache-dir");
        args.add(cache());
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(2, run.exitCode, () -> args + ": " + run);
        assertTrue(run.err.startsWith("fgc: " + name + " "), () -> args + ": " + run.err);
        assertTrue(
            run.err.contains("whole number") || run.err.contains("a number"),
            () -> args + ": " + run.err);
        checked++;
      }
    }
    assertTrue(checked >= 12, "numeric options checked: " + checked);
  }

  @Test
  void aVariableObservedTwiceIsAnErrorNamingBoth() throws Exception {
    CliRun run =
        CliRun.of(
            "run",
            "chain",
            "--observe",
            "seen[0]=1",
            "--observe",
            "seen[0]=0",
            "--cache-dir",
            cache());
    assertEquals(2, run.exitCode, run::toString);
    assertEquals(
        "fgc: --observe seen[0]=0 observes seen[0] again,"
            + " after --observe seen[0]=1; give each variable one value\n",
        run.err);
    Path data = Files.writeString(dir.resolve("u.fgd"), "seen = [1 1 0 _ 1 1];\n");
    run =
        CliRun.of(
            "run",
            "chain",
            "--data",
            data.toString(),
            "--observe",
            "seen[2]=1",
            "--cache-dir",
            cache());
    assertEquals(2, run.exitCode, run::toString);
    assertEquals(
        "fgc: --observe seen[2]=1 observes seen[2], which the data file "
            + data
            + " already observes as 0; give each variable one value\n",
        run.err);
    run =
        CliRun.of(
            "run",
            "chain",
            "--data",
            data.toString(),
            "--observe",
            "seen[3]=1",
            "--marginals",
            "--cache-dir",
            cache());
    assertEquals(0, run.exitCode, run::toString);
  }

  @Test
  void aModelWhoseCellsHoldOtherValuesTakesThemAsItsSymbolsAndABadOneIsNamedAtItsCell()
      throws Exception {
    String sudoku = fgc.lang.FgcLanguage.bundledText("sudoku");
    assertTrue(sudoku.contains("var cell[N][N] in 1..N;"));
    // Cells of 0..8 are no Sudoku's: the grid is the model's own, written 0..8, and a 9 is no value
    // of it.
    Path model =
        Files.writeString(dir.resolve("zero.fg"), sudoku.replace("in 1..N;", "in 0..N-1;"));
    String nine =
        fgc.puzzles.EmbeddedPuzzles.all().stream()
            .filter(g -> g.side() == 9 && g.toLine().contains("9"))
            .findFirst()
            .orElseThrow()
            .toLine();
    Path input = Files.writeString(dir.resolve("in.txt"), nine + "\n" + ".".repeat(80) + "0\n");
    CliRun run =
        CliRun.of(
            "solve",
            "--model",
            model.toString(),
            "--input",
            input.toString(),
            "--cache-dir",
            cache());
    assertEquals(2, run.exitCode, run::toString);
    List<String> out = run.out.lines().toList();
    assertEquals(nine, out.get(0), "the bad line is echoed");
    assertTrue(
        out.get(1).endsWith("0") && !out.get(1).contains("9") && !out.get(1).contains("."),
        run::toString);
    int k = nine.indexOf('9');
    assertTrue(
        run.err.startsWith(
            "fgc: in.txt:1: cell r"
                + (k / 9 + 1)
                + "c"
                + (k % 9 + 1)
                + ": '9' is not a value of 'cell' (0..8)"),
        run::toString);
    assertTrue(run.err.contains("solved 1 of 1"), run::toString);
  }

  @Test
  void aSymbolAboveFourStartsNoGridAndEveryLineHasItsOutputLine() throws Exception {
    StringBuilder text = new StringBuilder("5...............\n");
    for (int i = 0; i < 15; i++) {
      text.append(".".repeat(i)).append(1 + i % 4).append(".".repeat(15 - i)).append('\n');
    }
    text.append(FOUR_A).append('\n');
    Path input = Files.writeString(dir.resolve("in.txt"), text);
    CliRun run = CliRun.of("solve", "--input", input.toString(), "--cache-dir", cache());
    assertEquals(2, run.exitCode, run::toString);
    List<String> out = run.out.lines().toList();
    List<String> in = text.toString().lines().toList();
    assertEquals(17, out.size(), run::toString);
    assertEquals(in.get(0), out.get(0), "the bad line is echoed");
    for (int i = 1; i < 17; i++) {
      assertTrue(
          GridValidator.check(CliRun.grid(4, in.get(i)), CliRun.grid(4, out.get(i))).valid(),
          "line " + (i + 1) + ": " + out.get(i));
    }
    assertTrue(
        run.err.startsWith("fgc: in.txt:1: cell r1c1: '5' is not a symbol of a 4x4 grid"), run.err);
    assertTrue(run.err.contains("solved 16 of 16"), run.err);
  }

  @Test
  void anOverLongLineIsEchoedAsAPlaceholderComment() throws Exception {
    Path input =
        Files.writeString(dir.resolve("in.txt"), "1".repeat(70_000) + "\n" + FOUR_A + "\n");
    CliRun run = CliRun.of("solve", "--input", input.toString(), "--cache-dir", cache());
    assertEquals(2, run.exitCode, run::toString);
    List<String> out = run.out.lines().toList();
    assertEquals("# line 1 not echoed: longer than 65536 characters", out.get(0));
    assertEquals(2, out.size());
  }
}
