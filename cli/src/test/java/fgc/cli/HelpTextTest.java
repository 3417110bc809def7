package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.algorithms.Algorithm;
import fgc.algorithms.Algorithms;
import fgc.model.DecimalText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every --help says what holds: whole summaries, whole paths, each algorithm's defaults, the exit
 * codes.
 */
class HelpTextTest {
  @TempDir Path dir;

  private static String help(String... command) {
    List<String> args = new ArrayList<>(List.of(command));
    args.add("--help");
    try (CommandLineHarness cli = new CommandLineHarness()) {
      assertEquals(0, cli.run(args.toArray(new String[0])), String.join(" ", args));
      return cli.out();
    }
  }

  @Test
  void theVersionAloneIsWhatPicocliPrintsForIt() {
    // --version and -V alone skip the command line; followed by a command, picocli answers.
    String expected;
    try (CommandLineHarness cli = new CommandLineHarness()) {
      assertEquals(0, cli.run("--version", "solve"));
      expected = cli.out();
    }
    assertEquals(
        "fgc "
            + fgc.compiler.CompilerVersion.id()
            + System.lineSeparator()
            + "planner "
            + fgc.plan.PlannerVersion.id()
            + " (in every cache key)"
            + System.lineSeparator(),
        expected);
    for (String flag : new String[] {"--version", "-V"}) {
      try (CommandLineHarness cli = new CommandLineHarness()) {
        assertEquals(0, cli.run(flag));
        assertEquals(expected, cli.out(), flag);
        assertEquals("", cli.err(), flag);
      }
    }
  }

  @Test
  void aModelThatDefaultsIsShownOptionalAndGenerateListsOnlyWhatItTakes() {
    // compile and show default to the bundled sudoku, yet their usage showed MODEL as required;
    // generate listed --data and --param, which it refuses.
    assertTrue(help("compile").contains("[MODEL]"), help("compile"));
    assertTrue(help("show").contains("[MODEL]"), help("show"));
    assertFalse(help("run").contains("[MODEL]"), "run needs its model");
    String generate = help("generate");
    assertFalse(generate.contains("--data") || generate.contains("--param"), generate);
    try (CommandLineHarness cli = new CommandLineHarness()) {
      assertEquals(2, cli.run("generate", "--param", "n=2", "--count", "1"));
      assertTrue(
          cli.err()
              .contains(
                  "generate makes Sudoku puzzles"
                      + " of the grid side --size gives and takes no --param"),
          cli.err());
    }
  }

  @Test
  void theCommandListGivesEachSummaryWhole() {
    String usage = help();
    String list = usage.substring(usage.indexOf("Commands:"), usage.indexOf("Run 'fgc COMMAND"));
    // A summary is the first paragraph of a command's description: each must end a sentence.
    for (String entry : list.split("\n(?=  \\S)")) {
      if (!entry.startsWith("Commands:")) {
        assertTrue(entry.strip().endsWith("."), "cut short: " + entry);
      }
    }
    assertTrue(
        usage.contains("'fgc bench\n--help'") || usage.contains("'fgc bench --help'"), usage);
  }

  @Test
  void everyHelpEndsWithItsExitCodesInterruptionIncluded() {
    List<String[]> commands = new ArrayList<>();
    commands.add(new String[0]);
    for (String c : Main.COMMANDS) {
      commands.add(new String[] {c});
    }
    for (String[] c : commands) {
      String text = help(c);
      int codes = text.lastIndexOf("Exit codes:");
      assertTrue(codes > 0, String.join(" ", c) + ": " + text);
      String paragraph = text.substring(codes).strip().replace('\n', ' ');
      assertTrue(paragraph.contains("130 interrupted"), paragraph);
      assertTrue(paragraph.endsWith("."), "one paragraph to its end: " + paragraph);
    }
  }

  @Test
  void descriptionsAndFootersAreWholeParagraphs() {
    // Each element of a description or footer prints as lines of its own: one broken by hand
    // would end mid-sentence ("cache key);"). Every element must end a sentence.
    List<picocli.CommandLine.Model.CommandSpec> commands = new ArrayList<>();
    commands.add(new Main().spec());
    for (String c : Main.COMMANDS) {
      commands.add(Main.command(c));
    }
    for (picocli.CommandLine.Model.CommandSpec command : commands) {
      picocli.CommandLine.Model.UsageMessageSpec usage =
          new picocli.CommandLine(command).getCommandSpec().usageMessage();
      List<String> paragraphs = new ArrayList<>(List.of(usage.description()));
      paragraphs.addAll(List.of(usage.footer()));
      for (String p : paragraphs) {
        if (!p.isEmpty() && !p.startsWith("Example: ")) {
          assertTrue(p.endsWith(".") || p.endsWith(".)"), command.name() + ": " + p);
        }
      }
    }
  }

  @Test
  void everyExampleOfAHelpRunsAsWritten() {
    // From anywhere: an example names bundled models and example data, never a file the user lacks.
    List<String> examples = new ArrayList<>();
    for (String c : Main.COMMANDS) {
      picocli.CommandLine.Model.UsageMessageSpec usage =
          new picocli.CommandLine(Main.command(c)).getCommandSpec().usageMessage();
      for (String p : usage.footer()) {
        if (p.startsWith("Example: ")) {
          examples.add(p.substring("Example: ".length()));
        }
      }
    }
    assertTrue(examples.size() >= 2, examples.toString());
    java.io.InputStream savedIn = System.in;
    try (CommandLineHarness cli = new CommandLineHarness()) {
      for (String example : examples) {
        String command = example;
        String input = "";
        java.util.regex.Matcher echo =
            java.util.regex.Pattern.compile("^echo '([^']*)' \\| (.*)$").matcher(example);
        if (echo.matches()) {
          input = echo.group(1) + "\n";
          command = echo.group(2);
        }
        assertTrue(command.startsWith("fgc "), example);
        List<String> args = new ArrayList<>(List.of(command.substring(4).split(" ")));
        args.addAll(List.of("--cache-dir", dir.resolve("cache").toString()));
        System.setIn(
            new java.io.ByteArrayInputStream(
                input.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(0, cli.run(args.toArray(new String[0])), example + ": " + cli.err());
      }
    } finally {
      System.setIn(savedIn);
    }
  }

  @Test
  void theCacheFolderAndTheDampingDefaultsReadWhole() {
    for (String c : new String[] {"solve", "compile", "run", "show", "generate", "cache"}) {
      String text = help(c).replaceAll("\n +", " ");
      assertTrue(
          text.contains(
              "$FGC_CACHE_DIR if set, else $XDG_CACHE_HOME/fgc"
                  + " if that is an absolute path, else ~/.cache/fgc."),
          c + ": " + text);
    }
    String solve = help("solve").replaceAll("\n +", " ");
    for (Algorithm<?> a : Algorithms.all()) {
      for (Algorithm.Option o : a.options()) {
        if (o.name().equals("damping")) {
          assertTrue(
              solve.contains(a.name() + " " + DecimalText.of(o.defaultValue())), a + ": " + solve);
        }
      }
    }
    assertTrue(solve.contains("--sweep=K[,K...] "), solve);
    assertFalse(solve.contains("K[,K[,K"), solve);
  }

  @Test
  void aCacheFolderThatIsAFileIsCalledAFile() throws Exception {
    Path file = Files.writeString(dir.resolve("not-a-folder"), "mine\n");
    try (CommandLineHarness cli = new CommandLineHarness()) {
      assertEquals(0, cli.run("solve", "-q", "--cache-dir", file.toString()), cli.err());
      assertTrue(
          cli.err()
              .contains(
                  "the cache folder " + file + " is a file, not a folder; compiled in memory"),
          cli.err());
      assertFalse(cli.err().contains("read-only"), cli.err());
    }
    assertEquals("mine\n", Files.readString(file));
  }
}
