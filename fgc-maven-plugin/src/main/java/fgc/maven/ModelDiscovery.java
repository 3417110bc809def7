package fgc.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import javax.lang.model.SourceVersion;

/**
 * The models of a source folder when none are configured, as antlr4-maven-plugin and the protobuf
 * plugins compile every file of theirs: each {@code .fg} file becomes one solver of the default
 * algorithm, with the {@code .fgd} beside it of the same base name as its data, in a class named
 * after the file ({@code house.fg} -> {@code House}, {@code my-sudoku.fg} -> {@code MySudoku}) in
 * the package given to the plugin, followed by the file's sub-folders. With {@code <models>}
 * configured, the files it leaves out are reported, never skipped in silence.
 */
final class ModelDiscovery {
  /** Folders deeper than this are not searched: a model folder is a few levels at most. */
  private static final int MAX_DEPTH = 16;

  private ModelDiscovery() {}

  /**
   * One model per {@code .fg} file under {@code sourceDirectory}, in path order.
   *
   * @param sourceDirectory the plugin's source folder; absent means no models
   * @param packageName the package of the generated classes, a Java package name (may be empty)
   * @return the models, each with one solver
   * @throws GenerationException when a file name makes no class name, or the folder cannot be read
   */
  static List<ModelConfig> models(Path sourceDirectory, String packageName)
      throws GenerationException {
    List<ModelConfig> models = new ArrayList<>();
    Set<String> classes = new LinkedHashSet<>();
    for (Path file : modelFiles(sourceDirectory)) {
      Path relative = sourceDirectory.relativize(file);
      String className = className(relative, packageName);
      if (!classes.add(className.toLowerCase(Locale.ROOT))) {
        throw new GenerationException(
            relative
                + ": its class "
                + className
                + " is another model file's too (names that differ only in case or punctuation);"
                + " configure <models> with a <className> for each");
      }
      ModelConfig model =
          new ModelConfig(slashes(relative), List.of(new SolverConfig(null, className)));
      Path data = file.resolveSibling(baseName(file) + ".fgd");
      if (Files.isRegularFile(data)) {
        model.setData(slashes(sourceDirectory.relativize(data)));
      }
      models.add(model);
    }
    return models;
  }

  /**
   * The {@code .fg} files under {@code sourceDirectory} that no configured model names, as paths
   * relative to it.
   *
   * @param sourceDirectory the plugin's source folder
   * @param models the configured models
   * @return the files left out, in path order
   * @throws GenerationException when the folder cannot be read
   */
  static List<String> leftOut(Path sourceDirectory, List<ModelConfig> models)
      throws GenerationException {
    Set<Path> named = new LinkedHashSet<>();
    for (ModelConfig m : models) {
      if (m.getFile() != null) {
        named.add(sourceDirectory.resolve(m.getFile()).toAbsolutePath().normalize());
      }
    }
    List<String> out = new ArrayList<>();
    for (Path file : modelFiles(sourceDirectory)) {
      if (!named.contains(file.toAbsolutePath().normalize())) {
        out.add(slashes(sourceDirectory.relativize(file)));
      }
    }
    return out;
  }

  /** The regular {@code .fg} files under the folder, sorted; links are not followed. */
  private static List<Path> modelFiles(Path sourceDirectory) throws GenerationException {
    if (!Files.isDirectory(sourceDirectory)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(sourceDirectory, MAX_DEPTH)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".fg") && Files.isRegularFile(f))
          .sorted()
          .toList();
    } catch (IOException | UncheckedIOException e) {
      throw new GenerationException(
          "cannot list the model files of " + sourceDirectory + ": " + e.getMessage(), e);
    }
  }

  /**
   * The class for the model file {@code relative}: the package, the file's folders, and its base
   * name in upper camel case.
   */
  static String className(Path relative, String packageName) throws GenerationException {
    StringBuilder name = new StringBuilder(packageName == null ? "" : packageName);
    for (int i = 0; i < relative.getNameCount() - 1; i++) {
      String folder = relative.getName(i).toString();
      if (!SourceVersion.isIdentifier(folder) || SourceVersion.isKeyword(folder)) {
        throw new GenerationException(
            relative
                + ": its folder '"
                + folder
                + "' is not a Java package name;"
                + " rename it, or configure <models> with a <className> for the file");
      }
      name.append(name.length() == 0 ? "" : ".").append(folder);
    }
    String simple = upperCamel(baseName(relative));
    if (simple.isEmpty()
        || !SourceVersion.isIdentifier(simple)
        || SourceVersion.isKeyword(simple)) {
      throw new GenerationException(
          relative
              + ": no class name can be made from the file's name (it must start with a letter);"
              + " rename it, or configure <models> with a <className> for the file");
    }
    return name.length() == 0 ? simple : name + "." + simple;
  }

  /** {@code my-sudoku_9} -> {@code MySudoku9}: letters and digits kept, each run capitalised. */
  static String upperCamel(String base) {
    StringBuilder out = new StringBuilder();
    boolean start = true;
    for (int i = 0; i < base.length(); i++) {
      char c = base.charAt(i);
      if (c < 128 && Character.isLetterOrDigit(c)) {
        out.append(start ? Character.toUpperCase(c) : c);
        start = false;
      } else {
        start = true;
      }
    }
    return out.toString();
  }

  /**
   * A package name made from a Maven group id: each part lower-cased, characters a package cannot
   * hold made {@code _}, a part that starts with a digit or is a keyword given a {@code _}.
   *
   * @param groupId the project's group id, or null
   * @return a valid package name, {@link #DEFAULT_PACKAGE} when the group id gives none
   */
  static String packageFrom(String groupId) {
    if (groupId == null) {
      return DEFAULT_PACKAGE;
    }
    List<String> parts = new ArrayList<>();
    for (String part : groupId.split("\\.")) {
      StringBuilder p = new StringBuilder();
      for (int i = 0; i < part.length(); i++) {
        char c = Character.toLowerCase(part.charAt(i));
        p.append(c < 128 && (Character.isLetterOrDigit(c) || c == '_') ? c : '_');
      }
      if (p.length() == 0) {
        continue;
      }
      String s = p.toString();
      if (Character.isDigit(s.charAt(0))) {
        s = "_" + s;
      }
      if (SourceVersion.isKeyword(s)) {
        s = s + "_";
      }
      parts.add(s);
    }
    return parts.isEmpty() ? DEFAULT_PACKAGE : String.join(".", parts);
  }

  /** The package when the group id gives none. */
  static final String DEFAULT_PACKAGE = "fgc.generated";

  private static String baseName(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot < 0 ? name : name.substring(0, dot);
  }

  private static String slashes(Path relative) {
    return relative.toString().replace('\\', '/');
  }
}
