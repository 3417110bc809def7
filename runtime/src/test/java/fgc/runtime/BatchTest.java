package fgc.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BatchTest {
  private static List<Integer> cases(int n) {
    return IntStream.range(0, n).boxed().toList();
  }

  @Test
  void answersComeInInputOrderWithManyThreads() {
    Set threads = new Set();
    List<Batch.Answer<String>> answers =
        Batch.answerAll(
            cases(1000),
            4,
            () ->
                c -> {
                  threads.add(Thread.currentThread().getName());
                  // Later cases are quicker, so a pool that handed answers on as they finish
                  // would reorder them.
                  long spin = (1000 - c) * 200L;
                  long x = 0;
                  for (long k = 0; k < spin; k++) {
                    x += k ^ c;
                  }
                  return c + ":" + (x >= 0 ? "" : "-");
                },
            done -> {});
    assertEquals(1000, answers.size());
    for (int i = 0; i < answers.size(); i++) {
      assertEquals(i, answers.get(i).index());
      assertEquals(i + ":", answers.get(i).value());
    }
    assertTrue(threads.names.size() > 1, "cases ran on " + threads.names);
    assertTrue(
        threads.names.stream().allMatch(n -> n.startsWith("fgc-batch-")), "" + threads.names);
  }

  @Test
  void knownAnswersKeepTheirPlaceAmongCases() {
    List<String> out = new ArrayList<>();
    List<Long> progress = new ArrayList<>();
    try (Batch<Integer, String> batch =
        new Batch<>(3, "t", () -> c -> "case " + c, a -> out.add(a.value()), progress::add)) {
      for (int c = 0; c < 100; c++) {
        if (c % 10 == 0) {
          batch.add("echo " + c);
        }
        batch.submit(c);
      }
      batch.finish();
      assertTrue(batch.idle());
    }
    assertEquals(110, out.size());
    int k = 0;
    for (int c = 0; c < 100; c++) {
      if (c % 10 == 0) {
        assertEquals("echo " + c, out.get(k++));
      }
      assertEquals("case " + c, out.get(k++));
    }
    // Progress counts the cases, not the echoed answers, once each, in order.
    assertEquals(LongsTo.list(100), progress);
  }

  @Test
  void oneThreadAnswersEachCaseAtOnceOnTheCallersThread() {
    Thread caller = Thread.currentThread();
    List<String> out = new ArrayList<>();
    try (Batch<Integer, String> batch =
        new Batch<>(
            1,
            "t",
            () ->
                c -> {
                  assertSame(caller, Thread.currentThread());
                  return "case " + c;
                },
            a -> out.add(a.value()),
            done -> {})) {
      batch.submit(7);
      assertEquals(List.of("case 7"), out);
      batch.submit(8);
      assertEquals(List.of("case 7", "case 8"), out);
    }
  }

  @Test
  void anExceptionInOneCaseIsReportedForThatCase() {
    for (int threads : new int[] {1, 2}) {
      List<Batch.Answer<Integer>> answers =
          Batch.answerAll(
              cases(200),
              threads,
              () ->
                  c -> {
                    if (c == 57) {
                      throw new IllegalArgumentException("case 57 is bad");
                    }
                    return c * 2;
                  },
              done -> {});
      assertEquals(200, answers.size());
      for (int i = 0; i < 200; i++) {
        Batch.Answer<Integer> a = answers.get(i);
        if (i == 57) {
          assertNull(a.answer());
          assertEquals("case 57 is bad", a.failure().getMessage());
          IllegalArgumentException e = assertThrows(IllegalArgumentException.class, a::value);
          assertSame(a.failure(), e);
        } else {
          assertNull(a.failure());
          assertEquals(i * 2, a.value());
        }
      }
    }
  }

  @Test
  void aSinkThatThrowsAFailureStopsTheBatchThere() {
    List<Integer> out = new ArrayList<>();
    try (Batch<Integer, Integer> batch =
        new Batch<>(
            2,
            "t",
            () ->
                c -> {
                  if (c == 40) {
                    throw new IllegalStateException("stop");
                  }
                  return c;
                },
            a -> out.add(a.value()),
            done -> {})) {
      IllegalStateException e =
          assertThrows(
              IllegalStateException.class,
              () -> {
                for (int c = 0; c < 100; c++) {
                  batch.submit(c);
                }
                batch.finish();
              });
      assertEquals("stop", e.getMessage());
    }
    assertEquals(cases(40), out);
  }

  @Test
  void interruptionStopsTheBatch() {
    for (int threads : new int[] {1, 2}) {
      AtomicInteger started = new AtomicInteger();
      List<Integer> out = new ArrayList<>();
      List<Batch<Integer, Integer>> self = new ArrayList<>();
      int total = 100_000;
      // Interrupted from the progress callback, as a Ctrl-C handler or another thread would.
      try (Batch<Integer, Integer> batch =
          new Batch<>(
              threads,
              "t",
              () ->
                  c -> {
                    started.incrementAndGet();
                    return c;
                  },
              a -> out.add(a.value()),
              done -> {
                if (done == 10) {
                  self.get(0).interrupt();
                }
              })) {
        self.add(batch);
        for (int c = 0; c < total; c++) {
          batch.submit(c);
        }
        batch.finish();
        assertTrue(batch.interrupted());
      }
      assertEquals(cases(10), out, threads + " threads");
      assertTrue(started.get() < total, threads + " threads: all " + total + " cases were run");
    }
  }

  /** Thread names, from any thread. */
  private static final class Set {
    final java.util.Set<String> names = ConcurrentHashMap.newKeySet();

    void add(String name) {
      names.add(name);
    }
  }

  private static final class LongsTo {
    static List<Long> list(long n) {
      List<Long> l = new ArrayList<>();
      for (long i = 1; i <= n; i++) {
        l.add(i);
      }
      return l;
    }
  }
}
