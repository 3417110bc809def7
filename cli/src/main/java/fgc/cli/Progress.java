package fgc.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * How far a long command has got, on standard error: a progress bar on a terminal, a plain line
 * every few seconds otherwise (logs, CI), nothing with {@code --quiet}. Plain lines start only
 * after the first second, so quick runs print none. A batch ({@link #onInterrupt}) also says, when
 * Ctrl-C stops it, how far it had got.
 */
abstract class Progress implements AutoCloseable {
  /** Where progress goes, chosen once per command. */
  enum Mode {
    BAR,
    LINES,
    QUIET;

    /**
     * A bar when a person is watching standard error (a terminal), plain lines otherwise, nothing
     * when quiet.
     */
    static Mode of(boolean quiet) {
      if (quiet) {
        return QUIET;
      }
      return stderrIsTerminal() ? BAR : LINES;
    }
  }

  /**
   * Whether standard error is a terminal. Java 17 has no {@code Console.isTerminal}, and {@code
   * System.console()} asks about standard input and output, so {@code > out.txt} would lose the
   * bar: on Linux, where file descriptor 2 points says it; elsewhere the console decides.
   */
  static boolean stderrIsTerminal() {
    try {
      Path fd2 = Path.of("/proc/self/fd/2");
      if (Files.isSymbolicLink(fd2)) {
        return isTerminalDevice(Files.readSymbolicLink(fd2).toString());
      }
    } catch (IOException | RuntimeException e) {
      // No /proc to read: the console decides.
    }
    return System.console() != null;
  }

  /**
   * A terminal's device: a pseudo-terminal ({@code /dev/pts/3}), a console or serial line ({@code
   * /dev/tty1}).
   */
  static boolean isTerminalDevice(String target) {
    return target.startsWith("/dev/pts/")
        || target.startsWith("/dev/tty")
        || target.equals("/dev/console");
  }

  /**
   * Units done so far, counted by every worker thread that steps (solvers that step per sweep run
   * on several) and read by the interrupt hook's thread.
   */
  private final AtomicLong done = new AtomicLong();

  /**
   * Units in all, {@code -1} while unknown; may become known while the work runs ({@link
   * #total(long)}).
   */
  private volatile long total;

  private final String unit;

  /** The interrupt hook while a batch runs, else null. */
  Thread hook;

  Progress(long total, String unit) {
    this.total = total;
    this.unit = unit;
  }

  /** One more unit of work done. */
  final void step() {
    done.incrementAndGet();
    stepped();
  }

  /** Draws or prints after a step. */
  abstract void stepped();

  long done() {
    return done.get();
  }

  long total() {
    return total;
  }

  /** The total, once known (counted while the work runs, say); {@code -1} leaves it unknown. */
  void total(long units) {
    total = units;
  }

  /**
   * What an interrupted batch says on standard error: {@code interrupted after 120 of 500 puzzles},
   * or {@code interrupted after 120 puzzles} while the total is unknown.
   */
  String interruptedMessage() {
    long all = total;
    return "fgc: interrupted after " + done.get() + (all >= 0 ? " of " + all : "") + " " + unit;
  }

  /**
   * Until {@link #close}, a Ctrl-C (the JVM then exits 130) first prints {@link
   * #interruptedMessage}. The hook is removed on close, so a run that ends normally prints nothing
   * more.
   */
  Progress onInterrupt() {
    Thread t =
        new Thread(
            () -> {
              beforeOutput();
              System.err.println(interruptedMessage());
              System.err.flush();
            },
            "fgc-interrupted");
    Runtime.getRuntime().addShutdownHook(t);
    hook = t;
    return this;
  }

  /**
   * Whether {@code input} (an --input argument; null for the embedded puzzles) can be read a second
   * time to count it: not standard input, and not a pipe, a FIFO or a device named as a file
   * ({@code <(...)}, {@code /dev/stdin}), whose second reader would take lines from the first.
   *
   * @param input the --input argument, or null
   * @return true when counting it leaves the run's own reading alone
   */
  static boolean readableTwice(String input) {
    if (input == null) {
      return true;
    }
    if (input.equals("-")) {
      return false;
    }
    Path path = Path.of(input);
    return !Files.exists(path) || Files.isRegularFile(path);
  }

  /**
   * Counts the total on a daemon thread (the input read a second time, nothing solved), so the work
   * starts at once and the total shows as soon as it is known; a count that fails leaves it
   * unknown.
   */
  Progress countInBackground(Callable<Long> count) {
    Thread t =
        new Thread(
            () -> {
              try {
                total(count.call());
              } catch (Exception | Error e) {
                // An input that cannot be read twice (or read at all) keeps its total unknown; the
                // run says why.
              }
            },
            "fgc-count");
    t.setDaemon(true);
    t.start();
    return this;
  }

  /** Removes the interrupt hook, if any; every close calls it. */
  final void endBatch() {
    if (hook != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // The JVM is already shutting down: the hook runs, as it should.
      }
      hook = null;
    }
  }

  /**
   * Called before a result line goes to a terminal, so the line does not land in the middle of the
   * bar.
   */
  void beforeOutput() {}

  @Override
  public abstract void close();

  /** Progress of {@code task} over {@code total} units ({@code -1} when unknown). */
  static Progress start(Mode mode, String task, long total, String unit) {
    Progress p;
    switch (mode) {
      case BAR:
        p = new Bar(task, total, unit);
        break;
      case LINES:
        p = new Lines(task, total, unit, System.err, System::nanoTime);
        break;
      default:
        p =
            new Progress(total, unit) {
              @Override
              void stepped() {}

              @Override
              public void close() {
                endBatch();
              }
            };
    }
    return p;
  }

  /** The progress bar library's bar, drawn on standard error. */
  private static final class Bar extends Progress {
    /**
     * The bar's width. Given, so the library never opens the terminal to ask: doing so sets Ctrl-C
     * back to the system's default, which ends the JVM without running the interrupt hook.
     */
    private static final int WIDTH = 100;

    private final ProgressBar bar;

    Bar(String task, long total, String unit) {
      super(total, unit);
      this.bar =
          new ProgressBarBuilder()
              .setTaskName(task)
              .setInitialMax(total)
              .setUnit(" " + unit, 1)
              .setStyle(ProgressBarStyle.ASCII)
              .setConsumer(new ConsoleProgressBarConsumer(System.err, WIDTH))
              .setUpdateIntervalMillis(250)
              .clearDisplayOnFinish()
              .build();
    }

    @Override
    void stepped() {
      bar.step();
    }

    @Override
    void total(long units) {
      super.total(units);
      if (units >= 0) {
        bar.maxHint(units);
      }
    }

    @Override
    void beforeOutput() {
      System.err.print("\r\033[K");
      System.err.flush();
    }

    @Override
    public void close() {
      endBatch();
      bar.close();
    }
  }

  /**
   * Plain lines such as {@code solve: 120 of 500 puzzles, 12 s}: the first after one second, then
   * at most one every five seconds, and a last one at the end if any was printed.
   */
  static final class Lines extends Progress {
    private static final long FIRST = 1_000_000_000L;
    private static final long EVERY = 5_000_000_000L;
    private final String task;
    private final String unit;
    private final PrintStream err;
    private final LongSupplier clock;
    private final long start;
    private long lastLine = Long.MIN_VALUE;

    Lines(String task, long total, String unit, PrintStream err, LongSupplier clock) {
      super(total, unit);
      this.task = task;
      this.unit = unit;
      this.err = err;
      this.clock = clock;
      this.start = clock.getAsLong();
    }

    @Override
    void stepped() {
      long now = clock.getAsLong();
      boolean first = lastLine == Long.MIN_VALUE;
      if (first ? now - start >= FIRST : now - lastLine >= EVERY) {
        print(now);
      }
    }

    @Override
    public void close() {
      endBatch();
      if (lastLine != Long.MIN_VALUE) {
        print(clock.getAsLong());
      }
    }

    private void print(long now) {
      lastLine = now;
      long all = total();
      String of = all >= 0 ? " of " + all : "";
      err.println(
          String.format(
              Locale.ROOT, "%s: %d%s %s, %.0f s", task, done(), of, unit, (now - start) / 1e9));
    }
  }
}
