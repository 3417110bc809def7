package fgc.runtime;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * Cases answered on N threads, their answers handed on in the order the cases came: the batch API
 * under {@code fgc solve}, {@code fgc run --input} and any program with many cases of evidence.
 *
 * <pre>{@code
 * List<Batch.Answer<SolveResult>> answers =
 *     Batch.answerAll(cases, 4, () -> {
 *       Solver solver = Solver.precompiled(model, new SprinklerSumProduct()); // one per thread
 *       return evidence -> solver.decimate(evidence);
 *     }, done -> {});
 * }</pre>
 *
 * <p>Each thread has a worker of its own ({@link Solver}s and drivers are not thread-safe). Cases
 * go to the pool in groups (a case of some 20 microseconds costs about as much again to hand over
 * one by one), and a bounded window of pending groups keeps memory flat however long the input is.
 * With one thread every case is answered at once on the caller's thread, in order.
 *
 * <p>An exception a worker throws for one case is that case's {@link Answer#failure()}; the sink
 * decides whether it stops the batch (by throwing it again from {@link Answer#value()}). {@link
 * #interrupt()}, from any thread, stops the batch: no case not yet started is answered, no answer
 * after it is handed on, and the worker threads are interrupted.
 *
 * <p>Not thread-safe, except {@link #interrupt()}: one thread submits cases and takes the answers.
 *
 * @param <C> a case
 * @param <R> its answer
 */
public final class Batch<C, R> implements AutoCloseable {
  /** Cases per group handed to the pool. */
  private static final int GROUP = 32;

  /** The index, before it is handed on, of an answer given by {@link #add}. */
  private static final long KNOWN = -1;

  /**
   * One case's answer: its value, or the exception its worker threw for it.
   *
   * @param <R> the answer's type
   * @param index the case's position among the results handed on (0 for the first)
   * @param answer the answer, or null when the worker failed
   * @param failure what the worker threw for this case, or null
   */
  public record Answer<R>(long index, R answer, RuntimeException failure) {
    /**
     * The answer, or the worker's exception thrown again.
     *
     * @return the answer
     */
    public R value() {
      if (failure != null) {
        throw failure;
      }
      return answer;
    }
  }

  private final Consumer<Answer<R>> sink;
  private final LongConsumer progress;
  private final Function<C, R> inline;
  private final ExecutorService pool;
  private final ThreadLocal<Function<C, R>> workers;
  private final int window;
  private List<C> group = new ArrayList<>(GROUP);
  private final ArrayDeque<Future<List<Answer<R>>>> pending = new ArrayDeque<>();
  private volatile boolean interrupted;
  private long handedOn;
  private long casesDone;

  /**
   * A batch that hands every answer to {@code sink}, in the order of {@link #submit} and {@link
   * #add} calls, on the caller's thread.
   *
   * @param threads threads answering cases, 1 to 256 (1: the caller's own)
   * @param name the pool threads' name, numbered ({@code name-1}, ...)
   * @param worker makes one thread's worker, on that thread, at its first case
   * @param sink takes every answer, in order
   * @param progress told the number of cases answered so far after each case's answer is handed on
   *     (answers given by {@link #add} are not cases), or null
   */
  public Batch(
      int threads,
      String name,
      Supplier<Function<C, R>> worker,
      Consumer<Answer<R>> sink,
      LongConsumer progress) {
    if (threads < 1 || threads > 256) {
      throw new IllegalArgumentException("threads must be 1 to 256, not " + threads);
    }
    this.sink = sink;
    this.progress = progress != null ? progress : done -> {};
    this.window = 4 * threads;
    if (threads == 1) {
      this.inline = worker.get();
      this.pool = null;
      this.workers = null;
    } else {
      this.inline = null;
      AtomicInteger made = new AtomicInteger();
      this.pool =
          Executors.newFixedThreadPool(
              threads,
              task -> {
                Thread t = new Thread(task, name + "-" + made.incrementAndGet());
                t.setDaemon(true);
                return t;
              });
      this.workers = ThreadLocal.withInitial(worker);
    }
  }

  /**
   * Every case answered on {@code threads} threads, the answers in the order of the cases.
   *
   * @param <C> a case
   * @param <R> its answer
   * @param cases the cases
   * @param threads threads answering them, 1 to 256
   * @param worker makes one thread's worker
   * @param progress told the number of cases answered so far after each
   * @return one answer per case, in order (fewer when the calling thread was interrupted)
   */
  public static <C, R> List<Answer<R>> answerAll(
      Iterable<C> cases, int threads, Supplier<Function<C, R>> worker, LongConsumer progress) {
    List<Answer<R>> answers = new ArrayList<>();
    try (Batch<C, R> batch = new Batch<>(threads, "fgc-batch", worker, answers::add, progress)) {
      for (C c : cases) {
        if (Thread.currentThread().isInterrupted()) {
          batch.interrupt();
          break;
        }
        batch.submit(c);
      }
      batch.finish();
    }
    return answers;
  }

  /**
   * Whether nothing is waiting to be handed on (every case so far answered and its answer taken).
   *
   * @return true when no case or answer is pending
   */
  public boolean idle() {
    return group.isEmpty() && pending.isEmpty();
  }

  /**
   * Whether {@link #interrupt()} was called.
   *
   * @return true once interrupted
   */
  public boolean interrupted() {
    return interrupted;
  }

  /**
   * A case: answered now with one thread, else grouped for the pool; the answers ready so far are
   * handed on. Nothing happens once the batch is interrupted.
   *
   * @param c the case
   */
  public void submit(C c) {
    if (interrupted) {
      return;
    }
    if (pool == null) {
      hand(List.of(answer(inline, c)));
      return;
    }
    group.add(c);
    if (group.size() >= GROUP) {
      submitGroup();
    }
  }

  /**
   * An answer known already (an echoed line, say): handed on after every earlier one.
   *
   * @param known the answer
   */
  public void add(R known) {
    if (interrupted) {
      return;
    }
    submitGroup();
    Answer<R> a = new Answer<>(KNOWN, known, null);
    if (pending.isEmpty()) {
      hand(List.of(a));
    } else {
      pending.add(CompletableFuture.completedFuture(List.of(a)));
    }
  }

  /**
   * Stops the batch, from any thread: cases not yet started are dropped, no further answer is
   * handed on, and the worker threads are interrupted.
   */
  public void interrupt() {
    interrupted = true;
    if (pool != null) {
      pool.shutdownNow();
    }
  }

  /** A case's answer before it is numbered (its index is set when it is handed on). */
  private static <C, R> Answer<R> answer(Function<C, R> worker, C c) {
    try {
      return new Answer<>(0, worker.apply(c), null);
    } catch (RuntimeException e) {
      return new Answer<>(0, null, e);
    }
  }

  private void submitGroup() {
    if (group.isEmpty() || interrupted) {
      group.clear();
      return;
    }
    List<C> cases = group;
    group = new ArrayList<>(GROUP);
    pending.add(
        pool.submit(
            () -> {
              Function<C, R> worker = workers.get();
              List<Answer<R>> answers = new ArrayList<>(cases.size());
              for (C c : cases) {
                if (interrupted) {
                  break;
                }
                answers.add(answer(worker, c));
              }
              return answers;
            }));
    while (!interrupted
        && (pending.size() > window || (!pending.isEmpty() && pending.peek().isDone()))) {
      hand(take());
    }
  }

  /**
   * Waits for every case submitted and hands on its answer. An Error a worker threw is thrown here,
   * in order; an interrupted batch returns at once.
   */
  public void finish() {
    if (pool != null) {
      submitGroup();
    }
    while (!interrupted && !pending.isEmpty()) {
      hand(take());
    }
  }

  /** Hands on {@code answers}, numbered in order; progress counts those of cases. */
  private void hand(List<Answer<R>> answers) {
    for (Answer<R> a : answers) {
      if (interrupted) {
        return;
      }
      sink.accept(new Answer<>(handedOn++, a.answer(), a.failure()));
      if (a.index() != KNOWN) {
        casesDone++;
        progress.accept(casesDone);
      }
    }
  }

  private List<Answer<R>> take() {
    try {
      return pending.poll().get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IllegalStateException(cause);
    } catch (CancellationException e) {
      return List.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a worker thread", e);
    }
  }

  /** Stops the pool's threads (a batch not finished is dropped). */
  @Override
  public void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
  }
}
