package fgc.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.model.Build;
import org.apache.maven.model.Resource;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/** What the {@code generate} and {@code test-generate} goals share; they differ only in their folders. */
abstract class AbstractGenerateMojo extends AbstractMojo {
  /** The Maven project, to add the generated sources and the models to. */
  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  protected MavenProject project;

  /**
   * The models to precompile, each with its file, optional data file and parameters, and its solvers
   * (algorithm, options, class name).
   */
  @Parameter
  protected List<ModelConfig> models = new ArrayList<>();

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
    if (models.isEmpty()) {
      getLog().info("fgc: no <models> configured in " + sourceDirectory() + "; nothing to generate");
      return;
    }
    Generation generation = new Generation(sourceDirectory().toPath().toAbsolutePath(),
        outputDirectory().toPath().toAbsolutePath(),
        statusDirectory().toPath().toAbsolutePath().resolve(statusName()), userSourceRoots());
    Generation.Result result;
    try {
      result = generation.run(models);
    } catch (GenerationException e) {
      throw new MojoFailureException("fgc: " + e.getMessage(), e);
    }
    for (String warning : result.warnings()) {
      getLog().warn("fgc: " + warning);
    }
    if (result.upToDate()) {
      getLog().info("fgc: " + result.sources().size() + " solver source(s) up to date, nothing regenerated");
    } else {
      getLog().info("fgc: generated " + result.sources().size() + " solver source(s) in " + outputDirectory());
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
   * The folders of sources the user writes: the project's source roots and the conventional
   * {@code src/main/java} and {@code src/test/java}, except those in the build folder, where
   * generators (this one too) put theirs.
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
    Path target = build == null || build.getDirectory() == null ? null
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

  /** The status file's name inside the status folder: one per goal. */
  abstract String statusName();
}
