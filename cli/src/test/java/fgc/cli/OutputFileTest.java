package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file fgc writes for the user is replaced whole or not at all, and never when it is an input.
 */
class OutputFileTest {
  @TempDir Path dir;

  private List<String> names() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aCommittedFileReplacesTheOldOneAndLeavesNoTemporaryFile() throws Exception {
    Path target = dir.resolve("out.txt");
    Files.writeString(target, "old\n");
    try (OutputFile file = OutputFile.create("--output", target)) {
      assertEquals(
          dir,
          file.temp().getParent(),
          "the temporary file is beside the target, so the rename is atomic");
      assertTrue(file.temp().getFileName().toString().endsWith("-out.txt"), file.temp().toString());
      try (PrintWriter out = new PrintWriter(file.writer())) {
        out.println("new");
        assertEquals("old\n", Files.readString(target), "the target is untouched until the end");
        file.commit();
      }
    }
    assertEquals("new\n", Files.readString(target));
    assertEquals(List.of("out.txt"), names());
  }

  @Test
  void anAbandonedFileLeavesTheOldOneAndNoTemporaryFile() throws Exception {
    Path target = dir.resolve("out.txt");
    Files.writeString(target, "old\n");
    assertThrows(
        IllegalStateException.class,
        () -> {
          try (OutputFile file = OutputFile.create("--output", target);
              Writer w = file.writer()) {
            w.write("half a resu");
            throw new IllegalStateException("the run failed");
          }
        });
    assertEquals("old\n", Files.readString(target));
    assertEquals(List.of("out.txt"), names());
  }

  @Test
  void aFailedRenameSaysSoAndLeavesTheOldFile() throws Exception {
    Path target = dir.resolve("out.txt");
    Files.writeString(target, "old\n");
    try (OutputFile file = OutputFile.create("--output", target)) {
      PrintWriter out = new PrintWriter(file.writer());
      out.println("line");
      Files.delete(file.temp());
      Files.createDirectory(file.temp()); // the rename below cannot put a folder over a file
      IOException e = assertThrows(IOException.class, file::commit);
      assertTrue(
          e.getMessage().startsWith("cannot write --output " + target + ": "), e.getMessage());
      assertTrue(e.getMessage().endsWith("the old file, if any, is unchanged"), e.getMessage());
    }
    assertEquals("old\n", Files.readString(target));
  }

  @Test
  void anInputIsRefusedAsOutputThroughSymbolicAndHardLinks() throws Exception {
    Path input = dir.resolve("in.txt");
    Files.writeString(input, "puzzles\n");
    Path symbolic = Files.createSymbolicLink(dir.resolve("sym.txt"), input.getFileName());
    Path hard = Files.createLink(dir.resolve("hard.txt"), input);
    for (Path target : List.of(input, symbolic, hard)) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> OutputFile.create("--output", target, null, input));
      assertEquals(
          "--output "
              + target
              + " is the same file as the input "
              + input
              + ": fgc never writes over its input; write to another file",
          e.getMessage());
    }
    assertEquals("puzzles\n", Files.readString(input));
    assertEquals(List.of("hard.txt", "in.txt", "sym.txt"), names());
  }

  @Test
  void aSymbolicLinkStaysAndTheFileItNamesIsReplaced() throws Exception {
    Path real = dir.resolve("real.txt");
    Files.writeString(real, "old\n");
    Path link = Files.createSymbolicLink(dir.resolve("link.txt"), real.getFileName());
    OutputFile.writeString("--output", link, "new\n");
    assertTrue(Files.isSymbolicLink(link));
    assertEquals("new\n", Files.readString(real));
  }

  @Test
  void whatIsWrongWithATargetIsSaidInWords() throws Exception {
    Path file = Files.writeString(dir.resolve("plain"), "x");
    assertEquals(
        "cannot write --output "
            + dir.resolve("no/such/o.txt")
            + ": no such folder "
            + dir.resolve("no"),
        assertThrows(
                IllegalArgumentException.class,
                () -> OutputFile.create("--output", dir.resolve("no/such/o.txt")))
            .getMessage());
    assertEquals(
        "cannot write --dot " + file.resolve("g.dot") + ": " + file + " is a file, not a folder",
        assertThrows(
                IllegalArgumentException.class,
                () -> OutputFile.create("--dot", file.resolve("g.dot")))
            .getMessage());
    assertEquals(
        "--output " + dir + " is a folder; give a file name",
        assertThrows(IllegalArgumentException.class, () -> OutputFile.create("--output", dir))
            .getMessage());
    assertEquals(List.of("plain"), names());
  }

  @Test
  void fileErrorsAreWords() {
    assertEquals(
        "permission denied", FileErrors.why(new java.nio.file.AccessDeniedException("/root/x")));
    assertEquals(
        "no such file",
        FileErrors.why(new java.nio.file.NoSuchFileException(dir.resolve("nope.txt").toString())));
    assertEquals("is a directory", FileErrors.why(new IOException("Is a directory")));
    assertEquals(
        "/x: no space left on device",
        FileErrors.message(
            new java.nio.file.FileSystemException("/x", null, "No space left on device")));
    assertEquals(
        "cannot read adir after line 0: is a directory",
        FileErrors.message(
            new java.io.UncheckedIOException(
                "cannot read adir after line 0", new IOException("Is a directory"))));
  }
}
