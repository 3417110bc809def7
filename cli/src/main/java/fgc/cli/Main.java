package fgc.cli;

import fgc.compiler.CompilerVersion;
import fgc.lang.LanguageException;
import fgc.model.ModelException;
import fgc.plan.NoSolutionException;
import fgc.plan.PlanException;
import fgc.plan.PlannerVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import picocli.CommandLine;

/**
 * The {@code fgc} command. A tour of the whole system, in the order a model travels:
 *
 * <ol>
 *   <li>{@code fgc.lang} (model-dsl) reads a {@code .fg} file: Scanner, Parser, Evaluator, giving a
 *       {@code fgc.model.Model}, the ground factor graph with a canonical text.
 *   <li>{@code fgc.compiler} (model-compiler) plans messages, emits one specialised Java class with
 *       JavaPoet and compiles it with Janino; {@code fgc.reference} interprets the same algorithm
 *       slowly, for differential tests.
 *   <li>{@code fgc.cache} (runtime) keeps compiled classes under a content key and never defines a
 *       class it has not checked.
 *   <li>{@code fgc.driver} (runtime) turns marginals into answers (decimation), checked on the
 *       model.
 *   <li>{@code fgc.puzzles} reads grids and checks answers independently of all of the above.
 * </ol>
 */
public final class Main implements Runnable {
  private CommandLine.Model.CommandSpec spec;

  /** The {@code fgc} command itself, bound to this object (see {@link Specs}). */
  CommandLine.Model.CommandSpec spec() {
    spec = Specs.command(this, "fgc").versionProvider(new Version());
    spec.usageMessage()
        .description(
            "fgc, the factor-graph compiler: compile discrete models to cached JVM solvers and "
                + "run them.")
        .footer(
            "",
            "Run 'fgc COMMAND --help' for a command's options. In a checkout, 'fgc bench "
                + "--help' lists the benchmarks "
                + "(the bench module's jar, which the ./fgc launcher builds).",
            "",
            "Exit codes: 0 success, 1 some puzzles not solved (solve), a model or evidence with "
                + "no solution, "
                + "or bad entries (cache verify), 2 usage, input or model errors (a model too "
                + "large for the "
                + "algorithm among them), 70 internal error (a bug: please report it), 130 "
                + "interrupted (Ctrl-C).");
    Specs.standardHelp(spec);
    return spec;
  }

  public static void main(String[] args) {
    Warmup.start();
    int code;
    try {
      code = run(args);
    } catch (OutOfMemoryError e) {
      // An Error passes picocli's handler: said in one line, as a model too big for the heap is.
      code = outOfMemory();
    }
    System.exit(code);
  }

  /** Says that the heap ran out, and how to give Java more; the exit code of a refused model. */
  static int outOfMemory() {
    long max = Runtime.getRuntime().maxMemory() >> 20;
    System.err.println(
        "fgc: out of memory (the JVM's maximum heap is "
            + max
            + " MB); give Java a larger heap, e.g."
            + " JAVA_TOOL_OPTIONS=-Xmx"
            + Math.max(1, (max * 2 >> 10) + 1)
            + "g");
    return 2;
  }

  /** Runs the command line and returns the exit code (for tests). */
  public static int run(String... args) {
    if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
      // The version alone needs no command line: building picocli's (its converters, every
      // command's options) would be most of such a process's time. The text is the one picocli
      // prints for --version.
      for (String line : new Version().getVersion()) {
        System.out.println(line);
      }
      return 0;
    }
    CommandLine cli = new CommandLine(new Main().spec());
    // Each command's options cost a fresh JVM time to build: register only the command that runs,
    // unless the line names none (usage, --help, a typo), which needs them all.
    CommandLine.Model.CommandSpec named = args.length > 0 ? command(args[0]) : null;
    if (named != null) {
      cli.addSubcommand(named.name(), named);
    } else {
      for (String name : COMMANDS) {
        cli.addSubcommand(name, command(name));
      }
    }
    hideRefusedOptions(cli.getSubcommands().get("generate"), GenerateCommand.REFUSED);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          if (e instanceof LanguageException) {
            System.err.println(e.getMessage());
          } else if (e instanceof NoSolutionException) {
            // A proof found while planning that nothing satisfies the model: an answer, not a usage
            // error.
            System.err.println("fgc: " + e.getMessage());
            return 1;
          } else if (e instanceof IllegalArgumentException
              || e instanceof ModelException
              || e instanceof PlanException) {
            System.err.println("fgc: " + e.getMessage());
          } else if (e instanceof IOException || e instanceof UncheckedIOException) {
            System.err.println("fgc: " + FileErrors.message(e));
          } else {
            System.err.println("fgc: internal error: " + e);
            return 70;
          }
          return 2;
        });
    NumberOptions.install(cli);
    return cli.execute(args);
  }

  /** The subcommands, in the order the usage lists them. */
  static final List<String> COMMANDS =
      List.of("solve", "compile", "show", "generate", "cache", "run");

  /** A new instance of the subcommand {@code name}, or null if there is none of that name. */
  /**
   * Keeps the model options a command refuses out of its help: they still parse, so that giving one
   * gets the command's own reason rather than "unknown option".
   */
  private static void hideRefusedOptions(CommandLine command, List<String> names) {
    if (command == null) {
      return;
    }
    CommandLine.Model.CommandSpec spec = command.getCommandSpec();
    for (String name : names) {
      CommandLine.Model.OptionSpec option = spec.findOption(name);
      if (option != null && !option.hidden()) {
        spec.remove(option);
        spec.addOption(CommandLine.Model.OptionSpec.builder(option).hidden(true).build());
      }
    }
  }

  static CommandLine.Model.CommandSpec command(String name) {
    switch (name) {
      case "solve":
        return new SolveCommand().spec();
      case "compile":
        return new CompileCommand().spec();
      case "show":
        return new ShowCommand().spec();
      case "generate":
        return new GenerateCommand().spec();
      case "cache":
        return new CacheCommand().spec();
      case "run":
        return new RunCommand().spec();
      default:
        return null;
    }
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(), "Missing command: solve, run, compile, show, generate or cache");
  }

  /**
   * The compiler's identity (named in every cache entry's manifest), then the planner's (the one in
   * every cache key).
   */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {
        "fgc " + CompilerVersion.id(), "planner " + PlannerVersion.id() + " (in every cache key)"
      };
    }
  }
}
