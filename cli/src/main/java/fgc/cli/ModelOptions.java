package fgc.cli;

import fgc.algorithms.Algorithm;
import fgc.algorithms.Algorithms;
import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.formats.BifFormat;
import fgc.formats.UaiFormat;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.lang.LanguageException;
import fgc.model.DecimalText;
import fgc.model.Model;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Options every command that compiles shares: which model, its parameters, the algorithm, the
 * cache.
 */
final class ModelOptions {
  Map<String, Long> params = new LinkedHashMap<>();

  String algorithm;

  @NumberOptions.Range(min = 0, max = 1, maxExcluded = true)
  Double damping;

  /** The algorithm's options by name (--option rho=0.3), over its defaults. */
  Map<String, Double> options = new LinkedHashMap<>();

  Path data;

  Path cacheDir;

  /** The registered algorithms, so a new one shows up in every --help without editing it. */
  static final class AlgorithmNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return AlgorithmSpec.knownAlgorithms().iterator();
    }
  }

  /**
   * Each algorithm's default damping, read from the registry when help is shown: {@code maxproduct
   * 0.9}.
   */
  static final class DampingDefaults implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      List<String> defaults = new ArrayList<>();
      for (Algorithm<?> a : Algorithms.all()) {
        for (Algorithm.Option o : a.options()) {
          if (o.name().equals("damping")) {
            defaults.add(a.name() + " " + DecimalText.of(o.defaultValue()));
          }
        }
      }
      return defaults.iterator();
    }
  }

  /**
   * The algorithm chosen (or the default) with --option's values and --damping over its defaults;
   * an option it does not have, or a value out of its range, is an IllegalArgumentException that
   * names its options.
   */
  AlgorithmSpec spec() {
    return spec(algorithmChosen() ? algorithm : AlgorithmSpec.DEFAULT);
  }

  /** {@link #spec()} of the algorithm {@code name}. */
  AlgorithmSpec spec(String name) {
    Map<String, Double> overrides = new TreeMap<>(options);
    if (damping != null) {
      overrides.put("damping", damping);
    }
    return AlgorithmSpec.named(name, overrides);
  }

  boolean algorithmChosen() {
    return algorithm != null;
  }

  SolverCache cache() {
    return new SolverCache(
        cacheDir != null ? cacheDir : SolverCache.defaultRoot(), System.err::println);
  }

  /**
   * The data file given with --data, or no data. A bare name that is no file here, such as {@code
   * killer-4x4} or {@code killer-4x4.fgd}, is the bundled example of that name when there is one.
   */
  DataSet dataSet() {
    if (data == null) {
      return DataSet.empty();
    }
    if (data.getParent() == null && !Files.exists(data)) {
      String name =
          data.toString().endsWith(".fgd")
              ? data.toString().substring(0, data.toString().length() - 4)
              : data.toString();
      if (DataSet.class.getResource("/fgc/examples/" + name + ".fgd") != null) {
        return DataSet.example(name);
      }
    }
    return DataSet.load(data);
  }

  /** The model {@code modelArg} with these options' params and data file. */
  Model loadWithData(String modelArg, DataSet dataSet) {
    if (isExchangeFormat(modelArg)) {
      return readExchangeFormat(modelArg);
    }
    return isFile(modelArg)
        ? FgcLanguage.load(Paths.get(modelArg), params, dataSet)
        : FgcLanguage.bundled(modelArg, params, dataSet);
  }

  /**
   * A bundled model name, or a path to a {@code .fg} file, with {@code params} (and {@code extra})
   * applied.
   */
  static Model load(String modelArg, Map<String, Long> params) {
    if (isExchangeFormat(modelArg)) {
      return readExchangeFormat(modelArg);
    }
    if (isFile(modelArg)) {
      return FgcLanguage.load(Paths.get(modelArg), params);
    }
    return FgcLanguage.bundled(modelArg, params);
  }

  /**
   * The parameters the model declares, with their defaults (none if its text cannot be read or
   * parsed: loading it says why).
   */
  static Map<String, Long> declaredParameters(String modelArg) {
    try {
      return FgcLanguage.parameters(sourceName(modelArg), sourceText(modelArg));
    } catch (LanguageException e) {
      return Map.of();
    }
  }

  /** The name the model's errors are reported under, as loading it names it. */
  static String sourceName(String modelArg) {
    return isFile(modelArg) ? Paths.get(modelArg).toString() : modelArg + ".fg";
  }

  /** The model's text, as loading it reads it. */
  static String sourceText(String modelArg) {
    return isFile(modelArg)
        ? FgcLanguage.readText(Paths.get(modelArg))
        : FgcLanguage.bundledText(modelArg);
  }

  /**
   * The files these options read for {@code modelArg} (model file, data file), which no output may
   * be.
   */
  Path[] inputFiles(String modelArg) {
    return new Path[] {isFile(modelArg) ? Paths.get(modelArg) : null, data};
  }

  /**
   * A UAI ({@code .uai}) or BIF ({@code .bif}) file: the field's formats, read by {@code
   * fgc.formats}.
   */
  static boolean isExchangeFormat(String modelArg) {
    String lower = modelArg.toLowerCase(Locale.ROOT);
    return lower.endsWith(".uai") || lower.endsWith(".bif");
  }

  private static Model readExchangeFormat(String modelArg) {
    Path file = Paths.get(modelArg);
    return modelArg.toLowerCase(Locale.ROOT).endsWith(".uai")
        ? UaiFormat.read(file).model()
        : BifFormat.read(file).model();
  }

  private static boolean isFile(String modelArg) {
    return modelArg.endsWith(".fg")
        || isExchangeFormat(modelArg)
        || modelArg.contains("/")
        || modelArg.contains(File.separator);
  }

  /** These options as a mixin, bound to this object's fields (see {@link Specs}). */
  CommandSpec mixinSpec() {
    CommandSpec spec = Specs.mixin(this);
    spec.addOption(
        Specs.option(this, "params", "--param")
            .paramLabel("NAME=VALUE")
            .description("Override a model parameter, e.g. --param n=4 (repeatable).")
            .build());
    spec.addOption(
        Specs.option(this, "algorithm", "--algorithm")
            .paramLabel("NAME")
            .completionCandidates(new AlgorithmNames())
            .description(
                "Inference algorithm: ${COMPLETION-CANDIDATES} (default: "
                    + AlgorithmSpec.DEFAULT
                    + ").")
            .build());
    spec.addOption(
        Specs.option(this, "damping", "--damping")
            .paramLabel("D")
            .completionCandidates(new DampingDefaults())
            .description(
                "Message damping in [0, 1); each algorithm's default: ${COMPLETION-CANDIDATES}.")
            .build());
    spec.addOption(
        Specs.option(this, "options", "--option")
            .paramLabel("NAME=VALUE")
            .description(
                "Set an option of the algorithm, e.g. --option rho=0.3 for trw-pairwise"
                    + " (repeatable; docs/algorithms.md lists each algorithm's).")
            .build());
    spec.addOption(
        Specs.option(this, "data", "--data")
            .paramLabel("FILE")
            .description(
                "Data file (docs/language.md): params, the model's data tables, observed values.")
            .build());
    spec.addOption(
        Specs.option(this, "cacheDir", "--cache-dir")
            .paramLabel("DIR")
            .description(
                "Cache folder; default: $FGC_CACHE_DIR if set, else $XDG_CACHE_HOME/fgc if that "
                    + "is an absolute path, else ~/.cache/fgc.")
            .build());
    return spec;
  }
}
