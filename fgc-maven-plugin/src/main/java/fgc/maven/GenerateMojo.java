package fgc.maven;

import java.io.File;
import org.apache.maven.model.Resource;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Precompiles the configured models under {@code src/main/fgc} into Java sources under {@code
 * target/generated-sources/fgc}, added as a compile source root. Incremental: nothing is
 * regenerated while the models, their data, the configuration and the compiler are unchanged. A
 * model error fails the build with the language's {@code file:line:col} message.
 */
@Mojo(name = "generate", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true)
public class GenerateMojo extends AbstractGenerateMojo {
  /** Where model and data paths are resolved. */
  @Parameter(defaultValue = "${project.basedir}/src/main/fgc")
  private File sourceDirectory;

  /** Where the generated sources go. */
  @Parameter(defaultValue = "${project.build.directory}/generated-sources/fgc")
  private File outputDirectory;

  /** Where the incremental-build status is kept. */
  @Parameter(defaultValue = "${project.build.directory}/maven-status/fgc", readonly = true)
  private File statusDirectory;

  @Override
  File sourceDirectory() {
    return sourceDirectory;
  }

  @Override
  File outputDirectory() {
    return outputDirectory;
  }

  @Override
  File statusDirectory() {
    return statusDirectory;
  }

  @Override
  String statusName() {
    return "generate.status";
  }

  @Override
  void addSourceRoot(String path) {
    project.addCompileSourceRoot(path);
  }

  @Override
  void addResource(Resource resource) {
    project.addResource(resource);
  }
}
