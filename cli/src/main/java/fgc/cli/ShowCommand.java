package fgc.cli;

import fgc.algorithms.Algorithm;
import fgc.algorithms.Algorithms;
import fgc.algorithms.Capabilities;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.SolverKey;
import fgc.compiler.ModelCompiler;
import fgc.formats.UaiFormat;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.model.VariableArray;
import fgc.plan.EliminationPlan;
import fgc.plan.EliminationPlanner;
import fgc.plan.PlanException;
import fgc.view.FactorGraphDot;
import fgc.view.Graphviz;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/** What a model is and what fgc makes of it: a summary, the generated source, the factor graph. */
final class ShowCommand implements Callable<Integer> {
  String model;

  boolean source;

  Path dot;

  Path svg;

  Path uai;

  ModelOptions options = new ModelOptions();

  @Override
  public Integer call() throws IOException {
    Path[] inputs = options.inputFiles(model);
    if (dot != null) {
      OutputFile.check("--dot", dot, inputs);
    }
    if (svg != null) {
      OutputFile.check("--svg", svg, inputs);
    }
    if (uai != null) {
      OutputFile.check("--uai", uai, inputs);
    }
    Model m = options.loadWithData(model, options.dataSet());
    if (uai != null) {
      OutputFile.writeString("--uai", uai, UaiFormat.write(m), inputs);
      System.err.println("wrote " + uai);
    }
    AlgorithmSpec spec = options.spec();
    if (source) {
      System.out.print(ModelCompiler.generateSource(m, spec).text());
    } else {
      System.out.print(summary(m, spec, options.cache().entryFolder(SolverKey.of(m, spec))));
    }
    String graph = dot != null || svg != null ? FactorGraphDot.of(m) : null;
    if (dot != null) {
      OutputFile.writeString("--dot", dot, graph, inputs);
      System.err.println("wrote " + dot);
    }
    if (svg != null) {
      Optional<Path> graphviz = Graphviz.find();
      if (graphviz.isEmpty()) {
        Path fallback = svg.resolveSibling(svg.getFileName() + ".dot");
        if (dot == null) {
          OutputFile.writeString("--svg", fallback, graph, inputs);
        }
        System.err.println(
            "fgc: cannot draw "
                + svg
                + ": Graphviz's 'dot' is not on the PATH; "
                + Graphviz.HOW_TO_GET
                + ", then run: dot -Tsvg -o "
                + svg
                + " "
                + (dot != null ? dot : fallback));
        return 2;
      }
      try (OutputFile out = OutputFile.create("--svg", svg, inputs)) {
        Graphviz.renderSvg(graphviz.get(), graph, out.temp());
        out.commit();
      }
      System.err.println("wrote " + svg);
    }
    return 0;
  }

  /** The summary, one fact per line, labels in a column. */
  static String summary(Model m, AlgorithmSpec spec, Path entry) {
    String key = entry.getFileName().toString();
    StringBuilder sb = new StringBuilder();
    line(sb, "model", m.name());
    line(
        sb,
        "variables",
        m.variableCount()
            + " in "
            + m.arrays().size()
            + (m.arrays().size() == 1 ? " array" : " arrays"));
    for (VariableArray a : m.arrays()) {
      StringBuilder dims = new StringBuilder();
      for (int d : a.dims()) {
        dims.append('[').append(d).append(']');
      }
      line(
          sb,
          "",
          a.name()
              + dims
              + " in "
              + a.domain().lo()
              + ".."
              + a.domain().hi()
              + (a.observed() ? ", observed" : ""));
    }
    Map<String, Integer> byKind = new TreeMap<>();
    for (Factor f : m.factors()) {
      byKind.merge(f.kind().keyword() + " of arity " + f.arity(), 1, Integer::sum);
    }
    line(sb, "factors", m.factors().size() + (byKind.isEmpty() ? "" : ":"));
    byKind.forEach((kind, count) -> line(sb, "", count + " x " + kind));
    line(
        sb,
        "graph",
        Capabilities.TreeGraph.FACTOR_GRAPH.isTree(m)
            ? "a tree (no cycle): BP is exact on it once converged"
            : "has cycles: BP is approximate on it");
    List<String> fits = fitting(m);
    EliminationPlan plan = null;
    PlanException refused = null;
    try {
      plan = EliminationPlanner.plan(m);
    } catch (PlanException e) {
      refused = e;
    }
    line(sb, "elimination", elimination(plan, refused, fits));
    if (plan != null) {
      line(sb, "order", order(plan));
    }
    line(sb, "fits", String.join(", ", fits));
    line(sb, "algorithm", spec.canonicalText());
    line(sb, "per sweep", messagesPerSweep(m, spec));
    line(sb, "key", key);
    line(
        sb,
        "cache",
        Files.isDirectory(entry)
            ? "compiled, in " + entry.getParent().getParent()
            : "not compiled yet (fgc compile compiles it)");
    return sb.toString();
  }

  /**
   * The elimination width and largest clique of exact inference's plan, or why it is refused;
   * {@code fits} are the algorithms within the limits ({@link #fitting}): a plan whose solver is
   * not among them (over the heap, say) does not fit, whatever its width.
   */
  static String elimination(Model m, List<String> fits) {
    try {
      return elimination(EliminationPlanner.plan(m), null, fits);
    } catch (PlanException e) {
      return elimination(null, e, fits);
    }
  }

  private static String elimination(
      EliminationPlan plan, PlanException refused, List<String> fits) {
    if (plan == null) {
      return "none: " + refused.getMessage();
    }
    String shape =
        "width " + plan.width() + ", largest clique " + plan.largestClique() + " entries";
    return shape
        + (fits.contains(Algorithms.exact().name())
            ? " (exact inference fits)"
            : " (but its solver is over the limits: 'fgc run --algorithm elimination' says which)");
  }

  /** Which order exact inference's plan took, and what a pass over its cliques visits. */
  static String order(EliminationPlan plan) {
    String how =
        plan.orderTry() > 0
            ? plan.orderSource()
                + ", try "
                + plan.orderTry()
                + " of "
                + plan.ordersTried()
                + " greedy orders"
            : plan.orderSource() + ", taken over " + plan.ordersTried() + " greedy orders";
    return how + ": " + plan.cliqueEntries() + " clique entries in all";
  }

  /** The algorithms whose solver for {@code m} is within the limits. */
  static List<String> fitting(Model m) {
    List<String> fit = new ArrayList<>();
    for (String algorithm : AlgorithmSpec.knownAlgorithms()) {
      try {
        if (ModelCompiler.fits(m, AlgorithmSpec.named(algorithm))) {
          fit.add(algorithm);
        }
      } catch (PlanException e) {
        // not this one
      }
    }
    if (fit.isEmpty()) {
      fit.add("none");
    }
    return fit;
  }

  /**
   * How many messages one sweep computes: pairwise BP sends one message each way along every
   * distinct pair of variables joined by factors; factor-level algorithms send one each way along
   * every factor slot. The source is generated first, so a model the algorithm cannot take says why
   * instead.
   */
  static String messagesPerSweep(Model m, AlgorithmSpec spec) {
    try {
      ModelCompiler.footprint(m, spec);
      return messagesPerSweep(Algorithms.of(spec), m);
    } catch (PlanException e) {
      return "none: " + e.getMessage();
    }
  }

  private static <P> String messagesPerSweep(Algorithm<P> algorithm, Model m) {
    return algorithm.messagesPerSweep(algorithm.plan(m));
  }

  private static void line(StringBuilder sb, String label, String text) {
    sb.append(String.format(Locale.ROOT, "%-10s %s%n", label, text));
  }

  /** This command, bound to this object's fields (see {@link Specs}). */
  CommandSpec spec() {
    CommandSpec spec = Specs.command(this, "show");
    spec.usageMessage()
        .description(
            "Summarise a model, print its generated Java, draw its factor graph, or write it in "
                + "the UAI format.",
            "The summary gives the variables, the factors by kind and arity, whether the graph "
                + "is a tree, its elimination width, "
                + "the algorithms that fit it, the messages per sweep and the cache key; "
                + "--source prints the generated Java; "
                + "--dot and --svg draw the factor graph; --uai writes the model for other tools.")
        .footer(
            "",
            "--svg runs Graphviz's dot; without it the DOT file is still written, with how to "
                + "render it.",
            "",
            "Exit codes: 0 done, 2 usage or model errors, or Graphviz missing for --svg, 130 "
                + "interrupted.")
        .sortOptions(false);
    spec.addPositional(
        Specs.positional(this, "model")
            .index("0")
            .arity("0..1")
            .paramLabel("MODEL")
            .defaultValue("sudoku")
            .description("Bundled model name or model file (default: ${DEFAULT-VALUE}).")
            .build());
    spec.addOption(
        Specs.option(this, "source", "--source")
            .description("Print the generated Java source instead of the summary.")
            .build());
    spec.addOption(
        Specs.option(this, "dot", "--dot")
            .paramLabel("FILE.dot")
            .description("Write the factor graph in Graphviz DOT.")
            .build());
    spec.addOption(
        Specs.option(this, "svg", "--svg")
            .paramLabel("FILE.svg")
            .description("Draw the factor graph as SVG (needs Graphviz).")
            .build());
    spec.addOption(
        Specs.option(this, "uai", "--uai")
            .paramLabel("FILE.uai")
            .description("Write the model in the UAI format (MARKOV), for other tools.")
            .build());
    spec.addMixin("options", options.mixinSpec());
    Specs.standardHelp(spec);
    return spec;
  }
}
