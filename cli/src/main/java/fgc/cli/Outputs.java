package fgc.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where a command's results go: a file, or standard output (which closing leaves open). */
final class Outputs {
  private Outputs() {}

  static Writer open(Path file) throws IOException {
    if (file == null) {
      return new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8)) {
        @Override
        public void close() throws IOException {
          flush(); // Standard output stays open for whoever else writes to it.
        }
      };
    }
    return Files.newBufferedWriter(file, StandardCharsets.UTF_8);
  }
}
