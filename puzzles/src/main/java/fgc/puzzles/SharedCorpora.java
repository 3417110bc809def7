package fgc.puzzles;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the public corpora are: {@code -Dfgc.shared} (the shared folder or its puzzles folder),
 * else the nearest shared/puzzles upwards.
 */
public final class SharedCorpora {
  private SharedCorpora() {}

  /** The folder holding the corpora, if one is found. */
  public static Optional<Path> folder() {
    String configured = System.getProperty("fgc.shared");
    if (configured != null) {
      Path p = Path.of(configured);
      return Optional.of(Files.isDirectory(p.resolve("puzzles")) ? p.resolve("puzzles") : p);
    }
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("shared/puzzles"))) {
        return Optional.of(p.resolve("shared/puzzles"));
      }
    }
    return Optional.empty();
  }

  /** The corpus file {@code name} (e.g. {@code top95.txt}), if the folder and the file exist. */
  public static Optional<Path> file(String name) {
    return folder().map(dir -> dir.resolve(name)).filter(Files::isRegularFile);
  }
}
