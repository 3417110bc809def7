package fgc.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.SourceVersion;
import org.apache.maven.model.Build;
import org.apache.maven.model.Resource;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What the {@code generate} and {@code test-generate} goals share; they differ only in their
 * folders.
 */
abstract class AbstractGenerateMojo extends AbstractMojo {
  /** The Maven project, to add the generated sources and the models to. */
  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  protected MavenProject project;

  /**
   * The models to precompile, each with its file, optional data file and parameters, and its
   * solvers (algorithm, options, class name). When none are given, every {@code .fg} file of the
   * source folder is precompiled with the default algorithm, its {@code .fgd} beside it of the same
   * base name as its data, into a class named after the file in {@link #packageName}.
   */
  @Parameter protected List<ModelConfig> models = new ArrayList<>();

  /**
   * The package of the classes made from the source folder's files when no {@code <models>} are
   * given (a file in a sub-folder adds the sub-folder's name). Default: the project's group id,
   * made a valid package name.
   */
  @Parameter(property = "fgc.packageName")
  protected String packageName;

  /** Skips the goal. */
  @Parameter(property = "fgc.skip", defaultValue = "false")
  protected boolean skip;

  /**
   * Whether the source directory's {@code .fg} and {@code .fgd} files are also added as resources,
   * so that the program can read the model it was compiled from off the class path.
   */
  @Parameter(defaultValue = "true")
  protected boolean addModelsAsResources;

  abstract File sourceDirectory();

  abstract File outputDirectory();

  abstract File statusDirectory();

  abstract void addSourceRoot(String path);

  abstract void addResource(Resource resource);

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("fgc: skipped");
      return;
    }
    Path source = sourceDirectory().toPath().toAbsolutePath();
    List<ModelConfig> chosen;
    try {
      chosen = models.isEmpty() ? ModelDiscovery.models(source, packageName()) : models;
      if (!models.isEmpty()) {
        for (String file : ModelDiscovery.leftOut(source, models)) {
          getLog()
              .warn(
                  "fgc: "
                      + file
                      + " in "
                      + source
                      + " is not in <models>, so no solver is made from it;"
                      + " add it to <models>, or remove <models> to compile every file of the"
                      + " folder");
        }
      }
    } catch (GenerationException e) {
      throw new MojoFailureException("fgc: " + e.getMessage(), e);
    }
    if (chosen.isEmpty()) {
      getLog()
          .warn(
              "fgc: no model files (.fg) in "
                  + source
                  + " and no <models> configured; nothing to generate");
      return;
    }
    if (models.isEmpty()) {
      for (ModelConfig m : chosen) {
        getLog()
            .info(
                "fgc: "
                    + m.getFile()
                    + (m.getData() != null ? " with " + m.getData() : "")
                    + " -> "
                    + m.getSolvers().get(0).getClassName());
      }
    }
    Generation generation =
        new Generation(
            sourceDirectory().toPath().toAbsolutePath(),
            outputDirectory().toPath().toAbsolutePath(),
            statusDirectory().toPath().toAbsolutePath().resolve(statusName()),
            userSourceRoots());
    Generation.Result result;
    try {
      result = generation.run(chosen);
    } catch (GenerationException e) {
      throw new MojoFailureException("fgc: " + e.getMessage(), e);
    }
    for (String warning : result.warnings()) {
      getLog().warn("fgc: " + warning);
    }
    if (result.upToDate()) {
      getLog()
          .info(
              "fgc: "
                  + result.sources().size()
                  + " solver source(s) up to date, nothing regenerated");
    } else {
      getLog()
          .info(
              "fgc: generated "
                  + result.sources().size()
                  + " solver source(s) in "
                  + outputDirectory());
    }
    addSourceRoot(outputDirectory().getAbsolutePath());
    if (addModelsAsResources) {
      Resource models = new Resource();
      models.setDirectory(sourceDirectory().getAbsolutePath());
      models.addInclude("**/*.fg");
      models.addInclude("**/*.fgd");
      addResource(models);
    }
  }

  /**
   * The folders of sources the user writes: the project's source roots and the conventional {@code
   * src/main/java} and {@code src/test/java}, except those in the build folder, where generators
   * (this one too) put theirs.
   */
  List<Path> userSourceRoots() {
    List<String> roots = new ArrayList<>();
    roots.addAll(project.getCompileSourceRoots());
    roots.addAll(project.getTestCompileSourceRoots());
    Build build = project.getBuild();
    if (build != null) {
      roots.add(build.getSourceDirectory());
      roots.add(build.getTestSourceDirectory());
    }
    Path base = project.getBasedir() == null ? Path.of("") : project.getBasedir().toPath();
    roots.add(base.resolve("src/main/java").toString());
    roots.add(base.resolve("src/test/java").toString());
    Path target =
        build == null || build.getDirectory() == null
            ? null
            : Path.of(build.getDirectory()).toAbsolutePath().normalize();
    List<Path> out = new ArrayList<>();
    for (String root : roots) {
      if (root == null) {
        continue;
      }
      Path p = base.resolve(root).toAbsolutePath().normalize();
      if ((target == null || !p.startsWith(target)) && !out.contains(p)) {
        out.add(p);
      }
    }
    return out;
  }

  /** The package for discovered models: {@link #packageName}, else one made from the group id. */
  private String packageName() throws GenerationException {
    if (packageName == null || packageName.isBlank()) {
      return ModelDiscovery.packageFrom(project.getGroupId());
    }
    String p = packageName.trim();
    if (!SourceVersion.isName(p)) {
      throw new GenerationException(
          "<packageName> '" + p + "' is not a Java package name (e.g. com.acme.models)");
    }
    return p;
  }

  /** The status file's name inside the status folder: one per goal. */
  abstract String statusName();
}
