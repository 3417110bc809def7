package fgc.view;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Renders DOT to SVG with Graphviz's {@code dot} program, when it is installed. */
public final class Graphviz {
  /** What to do when Graphviz is missing; said wherever rendering is refused. */
  public static final String HOW_TO_GET =
      "install Graphviz (Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz;"
          + " others: https://graphviz.org/download/)";

  private static final long TIMEOUT_SECONDS = 120;

  private Graphviz() {}

  /** The {@code dot} executable on the PATH, if any. */
  public static Optional<Path> find() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      for (String name : List.of("dot", "dot.exe")) {
        Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Writes {@code dotText} rendered as SVG to {@code svg} with the {@code dot} program at {@code
   * dot}.
   */
  public static void renderSvg(Path dot, String dotText, Path svg) throws IOException {
    Path errors = Files.createTempFile("fgc-dot", ".txt");
    try {
      Process process =
          new ProcessBuilder(dot.toString(), "-Tsvg", "-o", svg.toString())
              .redirectError(errors.toFile())
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      try (OutputStream in = process.getOutputStream()) {
        in.write(dotText.getBytes(StandardCharsets.UTF_8));
      }
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException(
            "Graphviz took more than "
                + TIMEOUT_SECONDS
                + " s to lay out the graph; write --dot and render it yourself");
      }
      if (process.exitValue() != 0) {
        throw new IOException(
            "Graphviz failed (exit "
                + process.exitValue()
                + "): "
                + Files.readString(errors).strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while Graphviz was running");
    } finally {
      Files.deleteIfExists(errors);
    }
  }
}
