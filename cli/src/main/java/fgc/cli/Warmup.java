package fgc.cli;

import fgc.compilation.SolverCompilers;
import java.util.Locale;

/**
 * Start-up work that a fresh JVM does on its second core while the main thread builds the command
 * line and reads the model: the first use of number formatting (the locale data behind every
 * printed probability and time) and of the service lookup that finds the compiler (it opens the
 * JDK's module image). Both come late in a short query, and each took the main thread several
 * milliseconds; run here first, the main thread finds them done, or waits for them rather than
 * doing them twice. Nothing here changes what a command does or prints, and nothing waits for this
 * thread: it is a daemon, and a process that ends first just ends. Warming picocli's own set-up the
 * same way gained nothing: the main thread needs it at once.
 */
final class Warmup {
  /** What the thread computed, kept so that no step can be optimised away. */
  static volatile Object kept;

  private Warmup() {}

  /** Starts the warm-up thread, unless fewer than two processors would run it beside main. */
  static void start() {
    if (Runtime.getRuntime().availableProcessors() < 2) {
      return;
    }
    Thread thread = new Thread(Warmup::warm, "fgc-warmup");
    thread.setDaemon(true);
    thread.start();
  }

  /** The warm-up itself, on the calling thread. */
  static void warm() {
    kept = String.format(Locale.ROOT, "%.4f %.1e", 0.5, 0.5);
    kept = SolverCompilers.find();
  }
}
