package fgc.cli;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.FilterOutputStream;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file a command writes for the user ({@code --output}, {@code --dot}, a picture): written to a
 * temporary file beside it and renamed over it only when complete, so a failed or interrupted run
 * leaves the old file as it was, never a truncated one. The temporary file is deleted when the run
 * fails or is interrupted (Ctrl-C); only a kill that stops the JVM at once can leave one, named
 * {@code .fgc-XXXXXXXX-NAME} (it ends in the target's own name, so its extension is kept for
 * writers that go by it); a later run for the same target removes such a file once it is an hour
 * old. A target that is one of the command's input files, even through a link, is refused before
 * anything is written. A target that is not a regular file (a device, a pipe, a terminal, {@code
 * /dev/stdout}, {@code /proc/self/fd/N}, or a link to one of these) is a stream: written in place,
 * appended to as the shell opened it, never replaced; through it the file behind a redirection is
 * never renamed over.
 */
public final class OutputFile implements Closeable {
  /** Temporary files not yet renamed or deleted, for the shutdown hook. */
  private static final Set<Path> UNFINISHED = ConcurrentHashMap.newKeySet();

  private static volatile boolean hooked;

  private final String option;
  private final Path target;
  private final Path destination;
  private final Path temp;

  /** Null for a regular file; else the stream the target names, written in place. */
  private final Stream stream;

  private FailureKeepingWriter writer;
  private boolean finished;

  private OutputFile(String option, Path target, Path destination, Path temp, Stream stream) {
    this.option = option;
    this.target = target;
    this.destination = destination;
    this.temp = temp;
    this.stream = stream;
  }

  /**
   * How long a temporary output of fgc's naming must stand untouched before a later run removes it.
   */
  static final long STALE_MILLIS = 60 * 60 * 1000L;

  /** What a target that is not a regular file is: standard output, standard error, or another. */
  private enum Stream {
    STANDARD_OUTPUT,
    STANDARD_ERROR,
    OTHER
  }

  /** A descriptor of this process named as a file: {@code /dev/stdout}, {@code /proc/self/fd/1}. */
  private static final Pattern DESCRIPTOR =
      Pattern.compile(
          "/dev/(std(in|out|err)|fd/\\d{1,9})"
              + "|/proc/(self|thread-self|\\d+(/task/\\d+)?)/fd/\\d{1,9}");

  /**
   * Null when {@code target} is (or will be) a regular file; else what stream it names. A link is
   * followed one step at a time, so that {@code /dev/stdout} is known as standard output even where
   * the descriptor's own link leads on to a regular file (a shell's {@code >> log.txt}).
   */
  private static Stream streamOf(Path target) {
    Path p = target.toAbsolutePath().normalize();
    for (int step = 0; step < 40; step++) {
      Matcher m = DESCRIPTOR.matcher(p.toString());
      if (m.matches()) {
        String name = p.getFileName().toString();
        int fd =
            name.equals("stdin")
                ? 0
                : name.equals("stdout") ? 1 : name.equals("stderr") ? 2 : Integer.parseInt(name);
        boolean own = !p.startsWith("/proc") || isOwnProcess(p);
        return own && fd == 1
            ? Stream.STANDARD_OUTPUT
            : own && fd == 2 ? Stream.STANDARD_ERROR : Stream.OTHER;
      }
      if (!Files.isSymbolicLink(p)) {
        break;
      }
      try {
        Path next = Files.readSymbolicLink(p);
        p = p.resolveSibling(next).toAbsolutePath().normalize();
      } catch (IOException e) {
        break;
      }
    }
    return Files.exists(p) && !Files.isRegularFile(p) && !Files.isDirectory(p)
        ? Stream.OTHER
        : null;
  }

  private static boolean isOwnProcess(Path descriptor) {
    String process = descriptor.getName(1).toString();
    return process.equals("self")
        || process.equals("thread-self")
        || process.equals(Long.toString(ProcessHandle.current().pid()));
  }

  /**
   * Removes temporary outputs of fgc's naming for {@code name} in {@code folder} that a killed run
   * left: regular files (never a link), untouched for {@link #STALE_MILLIS}, so that a run still
   * writing one is never disturbed.
   */
  static void removeStaleTemporaries(Path folder, String name, long now) {
    Pattern own =
        Pattern.compile(
            "\\.fgc-[0-9a-f]{8}-("
                + Pattern.quote(name)
                + "|"
                + Pattern.quote(extension(name))
                + ")");
    try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, ".fgc-*")) {
      for (Path f : files) {
        if (!own.matcher(f.getFileName().toString()).matches()) {
          continue;
        }
        BasicFileAttributes a =
            Files.readAttributes(f, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (a.isRegularFile() && now - a.lastModifiedTime().toMillis() > STALE_MILLIS) {
          Files.deleteIfExists(f);
        }
      }
    } catch (IOException | RuntimeException ignored) {
      // Best effort: a leftover that stays is only clutter, never the user's file.
    }
  }

  /**
   * Checks that {@code target} can be written and is none of {@code inputs} (nulls are skipped),
   * and creates the empty temporary file beside it.
   *
   * @param option how the user named the file, for messages ("--output")
   * @throws IllegalArgumentException saying what is wrong, in words
   */
  public static OutputFile create(String option, Path target, Path... inputs) {
    Path destination = check(option, target, inputs);
    Stream stream = streamOf(target);
    if (stream != null) {
      try {
        // Writers that take a path write here; commit copies it into the stream.
        Path temp = Files.createTempFile("fgc-", "-" + extension(target.getFileName().toString()));
        hook();
        UNFINISHED.add(temp);
        return new OutputFile(option, target, target, temp, stream);
      } catch (IOException e) {
        throw cannotWrite(option, target, FileErrors.why(e) + " (making a temporary file)");
      }
    }
    Path folder = destination.toAbsolutePath().getParent();
    String name = destination.getFileName().toString();
    removeStaleTemporaries(folder, name, System.currentTimeMillis());
    for (int attempt = 0; ; attempt++) {
      String prefix = String.format(".fgc-%08x-", ThreadLocalRandom.current().nextInt());
      // Names have a length limit: a very long one keeps only its extension.
      String tempName =
          prefix.length() + name.length() <= 255 ? prefix + name : prefix + extension(name);
      Path temp = folder.resolve(tempName);
      try {
        hook();
        UNFINISHED.add(temp);
        Files.createFile(temp);
        copyPermissions(destination, temp);
        return new OutputFile(option, target, destination, temp, null);
      } catch (FileAlreadyExistsException e) {
        UNFINISHED.remove(temp);
        if (attempt == 10) {
          throw cannotWrite(
              option, target, "could not make a temporary file beside it in " + folder);
        }
      } catch (IOException e) {
        UNFINISHED.remove(temp);
        throw cannotWrite(option, target, FileErrors.why(e) + " (writing in " + folder + ")");
      }
    }
  }

  /**
   * What {@link #create} checks, without creating anything: so a command can refuse a bad target
   * before it does its work. Returns where the file will go: {@code target}, or the file a symbolic
   * link {@code target} points to (the link stays, the file it names is replaced).
   */
  public static Path check(String option, Path target, Path... inputs) {
    Objects.requireNonNull(target, "target");
    if (Files.isDirectory(target)) {
      throw new IllegalArgumentException(option + " " + target + " is a folder; give a file name");
    }
    for (Path input : inputs) {
      if (input != null && Files.exists(input) && Files.exists(target)) {
        // A stream named as a file (/dev/stdin, /proc/self/fd/0) compares as what it is open on.
        try {
          if (Files.isSameFile(target, input)) {
            throw new IllegalArgumentException(
                option
                    + " "
                    + target
                    + " is the same file as the input "
                    + input
                    + ": fgc never writes over its input; write to another file");
          }
        } catch (IOException e) {
          throw cannotWrite(option, target, FileErrors.why(e));
        }
      }
    }
    Stream stream = streamOf(target);
    if (stream != null) {
      if (!Files.isWritable(target)) {
        throw cannotWrite(option, target, "permission denied");
      }
      return target;
    }
    Path destination = target;
    try {
      if (Files.isSymbolicLink(target)) {
        destination = target.toRealPath();
      }
    } catch (IOException e) {
      // A dangling link: write where it points, if its folder is there (checked below).
      try {
        destination = target.resolveSibling(Files.readSymbolicLink(target));
      } catch (IOException again) {
        throw cannotWrite(option, target, FileErrors.why(again));
      }
    }
    Path folder = destination.toAbsolutePath().getParent();
    if (folder == null) {
      throw cannotWrite(option, target, "it has no folder");
    }
    if (!Files.isDirectory(folder)) {
      String why =
          Files.exists(folder)
              ? folder + " is a file, not a folder"
              : FileErrors.missing(destination.toString());
      throw cannotWrite(
          option, target, why.equals("no such file") ? "no such folder " + folder : why);
    }
    if (Files.exists(destination) && !Files.isRegularFile(destination)) {
      throw cannotWrite(option, target, "it is not a regular file");
    }
    if (Files.exists(destination) && !Files.isWritable(destination)) {
      // A rename would replace it anyway; a read-only file says it is not to be replaced.
      throw cannotWrite(option, target, "permission denied (the file is read-only)");
    }
    return destination;
  }

  /** Writes {@code text} (UTF-8) to {@code target} whole, or not at all. */
  public static void writeString(String option, Path target, String text, Path... inputs)
      throws IOException {
    try (OutputFile file = create(option, target, inputs)) {
      try (Writer w = file.writer()) {
        w.write(text);
      }
      file.commit();
    }
  }

  /** Standard output as a UTF-8 writer; closing it flushes and leaves standard output open. */
  public static Writer standardOutput() {
    return new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8)) {
      @Override
      public void close() throws IOException {
        flush();
      }
    };
  }

  /** The temporary file, for writers that take a path (a picture, Graphviz). */
  public Path temp() {
    return temp;
  }

  /**
   * A UTF-8 writer to the temporary file (one per file). It keeps the first write failure, so that
   * {@link #commit()} refuses a file a {@link java.io.PrintWriter} failed to write in silence.
   */
  public Writer writer() throws IOException {
    if (writer != null) {
      throw new IllegalStateException("writer() called twice for " + target);
    }
    OutputStream to = stream == null ? Files.newOutputStream(temp) : streamOut();
    writer =
        new FailureKeepingWriter(
            new BufferedWriter(new OutputStreamWriter(to, StandardCharsets.UTF_8)));
    return writer;
  }

  /**
   * The stream itself: this process's own standard output or error as it was opened (so a shell's
   * {@code >>} still appends), or the named device or pipe opened for appending, never truncated.
   */
  private OutputStream streamOut() throws IOException {
    switch (stream) {
      case STANDARD_OUTPUT:
        return new FilterOutputStream(System.out) {
          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
          }

          @Override
          public void close() throws IOException {
            flush(); // standard output stays open for the rest of the run
          }
        };
      case STANDARD_ERROR:
        return new FilterOutputStream(System.err) {
          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
          }

          @Override
          public void close() throws IOException {
            flush();
          }
        };
      default:
        return Files.newOutputStream(target, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    }
  }

  /** Flushes and closes the writer, if any, and renames the temporary file over the target. */
  public void commit() throws IOException {
    if (finished) {
      throw new IllegalStateException(target + " was already committed or abandoned");
    }
    try {
      if (writer != null) {
        writer.close();
        if (writer.failure != null) {
          throw writer.failure;
        }
      }
      if (stream != null) {
        if (writer == null && Files.size(temp) > 0) {
          try (OutputStream to = streamOut()) {
            Files.copy(temp, to);
          }
        }
        Files.deleteIfExists(temp);
        finished = true;
        UNFINISHED.remove(temp);
        return;
      }
      try {
        Files.move(
            temp, destination, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, destination, StandardCopyOption.REPLACE_EXISTING);
      }
      finished = true;
      UNFINISHED.remove(temp);
    } catch (IOException e) {
      close();
      throw new IOException(
          "cannot write "
              + option
              + " "
              + target
              + ": "
              + FileErrors.why(e)
              + "; the old file, if any, is unchanged",
          e);
    }
  }

  /**
   * Abandons the file unless it was committed: the temporary file is deleted, the target untouched.
   */
  @Override
  public void close() {
    if (finished) {
      return;
    }
    finished = true;
    try {
      if (writer != null) {
        writer.close();
      }
    } catch (IOException ignored) {
      // The file is being thrown away.
    }
    try {
      Files.deleteIfExists(temp);
    } catch (IOException ignored) {
      // Nothing better to do; the name says whose it is.
    }
    UNFINISHED.remove(temp);
  }

  private static IllegalArgumentException cannotWrite(String option, Path target, String why) {
    return new IllegalArgumentException("cannot write " + option + " " + target + ": " + why);
  }

  private static String extension(String name) {
    int dot = name.lastIndexOf('.');
    return dot < 0 || name.length() - dot > 16 ? "tmp" : name.substring(dot);
  }

  /** A replaced file keeps its permissions; a new one gets the user's default ones. */
  private static void copyPermissions(Path from, Path to) {
    try {
      PosixFileAttributeView view = Files.getFileAttributeView(from, PosixFileAttributeView.class);
      if (view != null && Files.exists(from, LinkOption.NOFOLLOW_LINKS)) {
        Files.setPosixFilePermissions(to, view.readAttributes().permissions());
      }
    } catch (IOException | UnsupportedOperationException ignored) {
      // The default permissions are fine for a new file.
    }
  }

  private static void hook() {
    if (!hooked) {
      synchronized (UNFINISHED) {
        if (!hooked) {
          Runtime.getRuntime()
              .addShutdownHook(
                  new Thread(
                      () -> {
                        for (Path p : UNFINISHED) {
                          try {
                            Files.deleteIfExists(p);
                          } catch (IOException ignored) {
                            // Best effort while the JVM goes down.
                          }
                        }
                      },
                      "fgc-output-cleanup"));
          hooked = true;
        }
      }
    }
  }

  /** Passes writes on and keeps the first failure. */
  private static final class FailureKeepingWriter extends FilterWriter {
    IOException failure;

    FailureKeepingWriter(Writer out) {
      super(out);
    }

    private IOException kept(IOException e) {
      if (failure == null) {
        failure = e;
      }
      return e;
    }

    @Override
    public void write(int c) throws IOException {
      try {
        super.write(c);
      } catch (IOException e) {
        throw kept(e);
      }
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
      try {
        super.write(cbuf, off, len);
      } catch (IOException e) {
        throw kept(e);
      }
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
      try {
        super.write(str, off, len);
      } catch (IOException e) {
        throw kept(e);
      }
    }

    @Override
    public void flush() throws IOException {
      try {
        super.flush();
      } catch (IOException e) {
        throw kept(e);
      }
    }

    @Override
    public void close() throws IOException {
      try {
        super.close();
      } catch (IOException e) {
        throw kept(e);
      }
    }
  }
}
