package fgc.cache;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The figures reliability tests measure, written to target/reliability/NAME.txt for RELIABILITY.md.
 */
public final class ReliabilityReport {
  private ReliabilityReport() {}

  public static void write(String name, String text) {
    try {
      Path dir = Path.of("target", "reliability");
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(name + ".txt"), text);
      System.out.print(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
