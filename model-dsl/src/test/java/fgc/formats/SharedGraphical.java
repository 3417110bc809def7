package fgc.formats;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The public networks in ../shared/graphical: {@code -Dfgc.shared} (the shared folder or its
 * graphical folder), else the nearest shared/graphical upwards.
 */
final class SharedGraphical {
  private SharedGraphical() {}

  /**
   * The file {@code name}, or the calling test is skipped with a message saying where it was looked
   * for.
   */
  static Path file(String name) {
    Path dir = null;
    String configured = System.getProperty("fgc.shared");
    if (configured != null) {
      Path p = Path.of(configured);
      dir = Files.isDirectory(p.resolve("graphical")) ? p.resolve("graphical") : p;
    }
    for (Path p = Path.of("").toAbsolutePath(); dir == null && p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("shared/graphical"))) {
        dir = p.resolve("shared/graphical");
      }
    }
    Assumptions.assumeTrue(
        dir != null && Files.isRegularFile(dir.resolve(name)),
        "no shared/graphical/"
            + name
            + " above the working folder (set -Dfgc.shared to point at it); skipped");
    return dir.resolve(name);
  }
}
