package fgc.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * How far a long command has got, on standard error: a progress bar on a terminal, a plain line
 * every few seconds otherwise (logs, CI), nothing with {@code --quiet}. Plain lines start only after
 * the first second, so quick runs print none.
 */
abstract class Progress implements AutoCloseable {
  /** Where progress goes, chosen once per command. */
  enum Mode {
    BAR, LINES, QUIET;

    /** A bar when a person is watching (a console), plain lines otherwise, nothing when quiet. */
    static Mode of(boolean quiet) {
      if (quiet) {
        return QUIET;
      }
      return System.console() != null ? BAR : LINES;
    }
  }

  /** One more unit of work done. */
  abstract void step();

  /** Called before a result line goes to a terminal, so the line does not land in the middle of the bar. */
  void beforeOutput() {}

  @Override
  public abstract void close();

  /** Progress of {@code task} over {@code total} units ({@code -1} when unknown). */
  static Progress start(Mode mode, String task, long total, String unit) {
    switch (mode) {
      case BAR:
        return new Bar(task, total, unit);
      case LINES:
        return new Lines(task, total, unit, System.err, System::nanoTime);
      default:
        return new Progress() {
          @Override
          void step() {}

          @Override
          public void close() {}
        };
    }
  }

  /** The progress bar library's bar, drawn on standard error. */
  private static final class Bar extends Progress {
    private final ProgressBar bar;

    Bar(String task, long total, String unit) {
      this.bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setUnit(" " + unit, 1)
          .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err))
          .setUpdateIntervalMillis(250).clearDisplayOnFinish().build();
    }

    @Override
    void step() {
      bar.step();
    }

    @Override
    void beforeOutput() {
      System.err.print("\r\033[K");
      System.err.flush();
    }

    @Override
    public void close() {
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
    private final long total;
    private final String unit;
    private final PrintStream err;
    private final LongSupplier clock;
    private final long start;
    private long done;
    private long lastLine = Long.MIN_VALUE;

    Lines(String task, long total, String unit, PrintStream err, LongSupplier clock) {
      this.task = task;
      this.total = total;
      this.unit = unit;
      this.err = err;
      this.clock = clock;
      this.start = clock.getAsLong();
    }

    @Override
    void step() {
      done++;
      long now = clock.getAsLong();
      boolean first = lastLine == Long.MIN_VALUE;
      if (first ? now - start >= FIRST : now - lastLine >= EVERY) {
        print(now);
      }
    }

    @Override
    public void close() {
      if (lastLine != Long.MIN_VALUE) {
        print(clock.getAsLong());
      }
    }

    private void print(long now) {
      lastLine = now;
      String of = total >= 0 ? " of " + total : "";
      err.println(String.format(Locale.ROOT, "%s: %d%s %s, %.0f s", task, done, of, unit, (now - start) / 1e9));
    }
  }
}
