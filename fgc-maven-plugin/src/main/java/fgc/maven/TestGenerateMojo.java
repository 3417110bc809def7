package fgc.maven;

import java.io.File;
import org.apache.maven.model.Resource;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Precompiles the configured test models under {@code src/test/fgc} into Java sources under {@code
 * target/generated-test-sources/fgc}, added as a test source root. Incremental: nothing is
 * regenerated while the models, their data, the configuration and the compiler are unchanged. A
 * model error fails the build with the language's {@code file:line:col} message.
 */
@Mojo(
    name = "test-generate",
    defaultPhase = LifecyclePhase.GENERATE_TEST_SOURCES,
    threadSafe = true)
public class TestGenerateMojo extends AbstractGenerateMojo {
  /** Where model and data paths are resolved. */
  @Parameter(defaultValue = "${project.basedir}/src/test/fgc")
  private File sourceDirectory;

  /** Where the generated sources go. */
  @Parameter(defaultValue = "${project.build.directory}/generated-test-sources/fgc")
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
    return "test-generate.status";
  }

  @Override
  void addSourceRoot(String path) {
    project.addTestCompileSourceRoot(path);
  }

  @Override
  void addResource(Resource resource) {
    project.addTestResource(resource);
  }
}
