package fgc.maven;

import fgc.compilation.AlgorithmSpec;
import fgc.compiler.CompilerVersion;
import fgc.compiler.ModelCompiler;
import fgc.compilation.SolverKey;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.lang.LanguageException;
import fgc.model.Model;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.lang.model.SourceVersion;

/**
 * What the plugin's goals do, apart from Maven so that tests can run it: reads the configured
 * models, generates one Java source per solver under the output folder, and keeps a status file
 * so that a build whose models, data, configuration and compiler are unchanged regenerates nothing.
 *
 * <p>The status file lists the sources it wrote; a later run deletes only those of them that are no
 * longer configured, never another file of the output folder.
 */
public final class Generation {
  /** Names the status format; a file that does not start with it is treated as absent. */
  static final String STATUS_HEADER = "fgc-maven-plugin status 1";

  private final Path sourceDirectory;
  private final Path outputDirectory;
  private final Path statusFile;

  /**
   * @param sourceDirectory where model and data paths are resolved ({@code src/main/fgc})
   * @param outputDirectory where sources go ({@code target/generated-sources/fgc})
   * @param statusFile the incremental-build record ({@code target/maven-status/fgc/...})
   */
  public Generation(Path sourceDirectory, Path outputDirectory, Path statusFile) {
    this.sourceDirectory = sourceDirectory;
    this.outputDirectory = outputDirectory;
    this.statusFile = statusFile;
  }

  /** What one run did. */
  public static final class Result {
    private final boolean upToDate;
    private final List<Path> sources;

    Result(boolean upToDate, List<Path> sources) {
      this.upToDate = upToDate;
      this.sources = List.copyOf(sources);
    }

    /**
     * Whether nothing needed regenerating.
     *
     * @return true when every source was current
     */
    public boolean upToDate() {
      return upToDate;
    }

    /**
     * The generated sources (written this run, or already current).
     *
     * @return the sources' paths
     */
    public List<Path> sources() {
      return sources;
    }
  }

  /**
   * Generates the sources for {@code models}, or confirms they are current.
   *
   * @param models the configured models
   * @return what was generated
   * @throws GenerationException when the configuration or a model is wrong, or a source cannot be
   *     written
   */
  public Result run(List<ModelConfig> models) throws GenerationException {
    List<Planned> planned = plan(models);
    String digest = inputsDigest(planned);
    List<Path> outputs = new ArrayList<>();
    for (Planned p : planned) {
      for (SolverConfig solver : p.config.getSolvers()) {
        outputs.add(sourceFile(solver.getClassName()));
      }
    }
    Status previous = readStatus();
    if (previous != null && previous.digest.equals(digest) && previous.outputs.equals(outputs)
        && outputs.stream().allMatch(Files::isRegularFile)) {
      return new Result(true, outputs);
    }
    for (Planned p : planned) {
      Model model = load(p);
      for (SolverConfig solver : p.config.getSolvers()) {
        AlgorithmSpec spec = spec(p, solver);
        ModelCompiler.GeneratedSource source;
        try {
          source = ModelCompiler.generateSource(model, spec, solver.getClassName());
        } catch (RuntimeException e) {
          throw new GenerationException(p.file + ": cannot generate " + solver.getClassName() + " (" + spec.name() + "): "
              + e.getMessage(), e);
        }
        write(sourceFile(solver.getClassName()), source.text());
      }
    }
    if (previous != null) {
      for (Path old : previous.outputs) {
        if (!outputs.contains(old)) {
          deleteIfPresent(old);
        }
      }
    }
    writeStatus(new Status(digest, outputs));
    return new Result(false, outputs);
  }

  /** A model's configuration with its files resolved and its parameters read. */
  private static final class Planned {
    final ModelConfig config;
    final Path file;
    final Path data;
    final Map<String, Long> params;

    Planned(ModelConfig config, Path file, Path data, Map<String, Long> params) {
      this.config = config;
      this.file = file;
      this.data = data;
      this.params = params;
    }
  }

  /** Checks the configuration before anything is read or written; every problem names its model. */
  private List<Planned> plan(List<ModelConfig> models) throws GenerationException {
    List<Planned> planned = new ArrayList<>();
    Set<String> classNames = new LinkedHashSet<>();
    for (int m = 0; m < models.size(); m++) {
      ModelConfig config = models.get(m);
      String where = "model " + (m + 1) + (config.getFile() == null ? "" : " (" + config.getFile() + ")");
      if (config.getFile() == null || config.getFile().isBlank()) {
        throw new GenerationException(where + ": <file> is required: the model's .fg file, relative to " + sourceDirectory);
      }
      Path file = sourceDirectory.resolve(config.getFile()).normalize();
      if (!Files.isRegularFile(file)) {
        throw new GenerationException(where + ": no model file " + file);
      }
      Path data = null;
      if (config.getData() != null && !config.getData().isBlank()) {
        data = sourceDirectory.resolve(config.getData()).normalize();
        if (!Files.isRegularFile(data)) {
          throw new GenerationException(where + ": no data file " + data);
        }
      }
      Map<String, Long> params = new LinkedHashMap<>();
      for (Map.Entry<String, String> e : config.getParams().entrySet()) {
        try {
          params.put(e.getKey(), Long.parseLong(e.getValue().trim()));
        } catch (NumberFormatException | NullPointerException x) {
          throw new GenerationException(where + ": param " + e.getKey() + " = '" + e.getValue() + "' is not a whole number");
        }
      }
      if (config.getSolvers().isEmpty()) {
        throw new GenerationException(where + ": no <solvers>: give at least one <solver> with a <className>");
      }
      for (SolverConfig solver : config.getSolvers()) {
        String name = solver.getClassName();
        if (name == null || !SourceVersion.isName(name) || !name.contains(".")) {
          throw new GenerationException(where + ": <className> '" + name
              + "' is not a qualified Java class name (e.g. com.acme.SprinklerSumProduct)");
        }
        if (!classNames.add(name)) {
          throw new GenerationException(where + ": class " + name + " is configured twice");
        }
        String algorithm = solver.getAlgorithm() == null ? AlgorithmSpec.DEFAULT : solver.getAlgorithm();
        if (!AlgorithmSpec.knownAlgorithms().contains(algorithm)) {
          throw new GenerationException(where + ": unknown algorithm '" + algorithm + "' for " + name + "; known: "
              + String.join(", ", AlgorithmSpec.knownAlgorithms()));
        }
      }
      planned.add(new Planned(config, file, data, params));
    }
    return planned;
  }

  private static Model load(Planned p) throws GenerationException {
    try {
      DataSet data = p.data == null ? DataSet.empty() : DataSet.load(p.data);
      return FgcLanguage.load(p.file, p.params, data);
    } catch (LanguageException e) {
      // The language's own messages: file:line:col, the line, and a caret.
      throw new GenerationException(e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new GenerationException(p.file + ": " + e.getMessage(), e);
    }
  }

  private static AlgorithmSpec spec(Planned p, SolverConfig solver) throws GenerationException {
    String algorithm = solver.getAlgorithm() == null ? AlgorithmSpec.DEFAULT : solver.getAlgorithm();
    Map<String, Double> options = new TreeMap<>();
    for (Map.Entry<String, String> e : solver.getOptions().entrySet()) {
      try {
        options.put(e.getKey(), Double.parseDouble(e.getValue().trim()));
      } catch (NumberFormatException | NullPointerException x) {
        throw new GenerationException(p.file + ": option " + e.getKey() + " = '" + e.getValue() + "' of "
            + solver.getClassName() + " is not a number");
      }
    }
    try {
      return AlgorithmSpec.named(algorithm, options);
    } catch (RuntimeException e) {
      throw new GenerationException(p.file + ": " + solver.getClassName() + ": " + e.getMessage(), e);
    }
  }

  /**
   * Everything the generated sources depend on: the compiler's identity, each model's file and data
   * bytes, and the configuration, as one SHA-256.
   */
  private String inputsDigest(List<Planned> planned) throws GenerationException {
    StringBuilder text = new StringBuilder("compiler ").append(CompilerVersion.id()).append('\n');
    // The key is made outside the compiler (the model's canonical text, the spec's, the key's
    // layout): a change there changes every key, so it must regenerate as a new compiler does.
    text.append("key ").append(KEY_CODE).append('\n');
    for (Planned p : planned) {
      text.append("model ").append(p.file).append(' ').append(fileDigest(p.file)).append('\n');
      text.append("data ").append(p.data == null ? "-" : p.data + " " + fileDigest(p.data)).append('\n');
      text.append("params ").append(new TreeMap<>(p.params)).append('\n');
      for (SolverConfig s : p.config.getSolvers()) {
        text.append("solver ").append(s.getClassName()).append(' ').append(s.getAlgorithm())
            .append(' ').append(new TreeMap<>(s.getOptions())).append('\n');
      }
    }
    return SolverKey.sha256Hex(text.toString().getBytes(StandardCharsets.UTF_8));
  }

  /** A digest of the classes that make a key, read once: {@link Model}, {@link AlgorithmSpec}, {@link SolverKey}. */
  private static final String KEY_CODE = classDigest(Model.class, AlgorithmSpec.class, SolverKey.class);

  private static String classDigest(Class<?>... classes) {
    StringBuilder text = new StringBuilder();
    for (Class<?> c : classes) {
      try (java.io.InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
        text.append(c.getName()).append(' ').append(in == null ? "?" : SolverKey.sha256Hex(in.readAllBytes())).append('\n');
      } catch (IOException e) {
        text.append(c.getName()).append(" ?\n");
      }
    }
    return SolverKey.sha256Hex(text.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static String fileDigest(Path file) throws GenerationException {
    try {
      return SolverKey.sha256Hex(Files.readAllBytes(file));
    } catch (IOException e) {
      throw new GenerationException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /** The source file of a class: {@code com.acme.Foo} at {@code OUT/com/acme/Foo.java}. */
  Path sourceFile(String className) {
    return outputDirectory.resolve(className.replace('.', '/') + ".java");
  }

  private static void write(Path file, String text) throws GenerationException {
    try {
      Files.createDirectories(file.getParent());
      Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
      Files.write(tmp, text.getBytes(StandardCharsets.UTF_8));
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new GenerationException("cannot write " + file + ": " + e, e);
    }
  }

  private static void deleteIfPresent(Path file) throws GenerationException {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new GenerationException("cannot delete the earlier output " + file + ": " + e, e);
    }
  }

  /** The status file's content: the inputs' digest and the sources written for it. */
  private static final class Status {
    final String digest;
    final List<Path> outputs;

    Status(String digest, List<Path> outputs) {
      this.digest = digest;
      this.outputs = outputs;
    }
  }

  private Status readStatus() {
    List<String> lines;
    try {
      lines = Files.readAllLines(statusFile, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      return null;
    }
    if (lines.size() < 2 || !lines.get(0).equals(STATUS_HEADER) || !lines.get(1).startsWith("inputs ")) {
      return null;
    }
    List<Path> outputs = new ArrayList<>();
    for (String line : lines.subList(2, lines.size())) {
      if (line.startsWith("output ")) {
        Path out = outputDirectory.resolve(line.substring("output ".length())).normalize();
        // Only files below the output folder are ever ours to delete.
        if (out.startsWith(outputDirectory)) {
          outputs.add(out);
        }
      }
    }
    return new Status(lines.get(1).substring("inputs ".length()), outputs);
  }

  private void writeStatus(Status status) throws GenerationException {
    StringBuilder text = new StringBuilder(STATUS_HEADER).append("\ninputs ").append(status.digest).append('\n');
    for (Path out : status.outputs) {
      text.append("output ").append(outputDirectory.relativize(out).toString().replace('\\', '/')).append('\n');
    }
    write(statusFile, text.toString());
  }
}
