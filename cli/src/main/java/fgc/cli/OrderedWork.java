package fgc.cli;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Jobs done on a pool of threads, their results handed on in the order the jobs came. Each thread
 * has a worker of its own (a solver and a driver are not thread-safe). Jobs go to the pool in
 * batches (a job of some 20 microseconds costs about as much again to hand over one by one), and a
 * bounded window of pending batches keeps memory flat however long the input is. With one thread
 * every job is done at once on the caller's thread, in order.
 *
 * @param <J> a job
 * @param <R> its result
 */
final class OrderedWork<J, R> implements AutoCloseable {
  /** Jobs per batch handed to the pool. */
  private static final int BATCH = 32;

  private final Consumer<R> sink;
  private final Function<J, R> inline;
  private final ExecutorService pool;
  private final ThreadLocal<Function<J, R>> workers;
  private final int window;
  private List<J> batch = new ArrayList<>(BATCH);
  private final ArrayDeque<Future<List<R>>> pending = new ArrayDeque<>();

  /**
   * @param threads threads doing jobs (1: the caller's own)
   * @param name the pool threads' name, numbered
   * @param worker makes one thread's worker
   * @param sink takes every result, in job order, on the caller's thread
   */
  OrderedWork(int threads, String name, Supplier<Function<J, R>> worker, Consumer<R> sink) {
    this.sink = sink;
    this.window = 4 * threads;
    if (threads <= 1) {
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

  /** Whether nothing is waiting to be handed on (every job so far done and its result taken). */
  boolean idle() {
    return batch.isEmpty() && pending.isEmpty();
  }

  /**
   * A job: done now with one thread, else batched for the pool; results done so far are handed on.
   */
  void submit(J job) {
    if (pool == null) {
      sink.accept(inline.apply(job));
      return;
    }
    batch.add(job);
    if (batch.size() >= BATCH) {
      submitBatch();
    }
  }

  /** A result known already (an echoed line, say): handed on after every earlier one. */
  void add(R known) {
    submitBatch();
    if (pending.isEmpty()) {
      sink.accept(known);
    } else {
      pending.add(CompletableFuture.completedFuture(List.of(known)));
    }
  }

  private void submitBatch() {
    if (batch.isEmpty()) {
      return;
    }
    List<J> jobs = batch;
    batch = new ArrayList<>(BATCH);
    pending.add(
        pool.submit(
            () -> {
              Function<J, R> worker = workers.get();
              List<R> results = new ArrayList<>(jobs.size());
              for (J job : jobs) {
                results.add(worker.apply(job));
              }
              return results;
            }));
    while (pending.size() > window || (!pending.isEmpty() && pending.peek().isDone())) {
      take().forEach(sink);
    }
  }

  /**
   * Waits for every job submitted and hands on its result; a job's exception is thrown here, in
   * order.
   */
  void finish() {
    if (pool != null) {
      submitBatch();
    }
    while (!pending.isEmpty()) {
      take().forEach(sink);
    }
  }

  private List<R> take() {
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
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a worker thread", e);
    }
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
  }
}
