package fgc.cache;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A child process of {@link CacheConcurrencyTest}: {@code ROOT GO THREADS}. Warms up, prints {@code
 * ready}, waits for the file GO to appear, then loads the 4x4 solver from ROOT on THREADS threads
 * at once and prints one line per thread: {@code ok ORIGIN SOLUTION}, or {@code failed ...}.
 */
public final class CacheRaceMain {
  private CacheRaceMain() {}

  public static void main(String[] args) throws Exception {
    Path root = Path.of(args[0]);
    Path go = Path.of(args[1]);
    int threads = Integer.parseInt(args[2]);
    CacheFixtures.SUDOKU4.canonicalText(); // load the language and model classes before the race
    System.out.println("ready");
    System.out.flush();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.exists(go)) {
      if (System.nanoTime() > deadline) {
        System.out.println("failed: no start signal");
        System.exit(3);
      }
      Thread.sleep(2);
    }
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<String>> results = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      results.add(
          pool.submit(
              () -> {
                start.await();
                LoadedSolver loaded =
                    new SolverCache(root, System.err::println)
                        .load(CacheFixtures.SUDOKU4, CacheFixtures.BP);
                return "ok " + loaded.origin() + " " + CacheFixtures.solve(loaded);
              }));
    }
    start.countDown();
    int failed = 0;
    for (Future<String> f : results) {
      try {
        System.out.println(f.get(120, TimeUnit.SECONDS));
      } catch (Exception | AssertionError e) {
        failed++;
        System.out.println("failed " + e);
      }
    }
    pool.shutdown();
    System.exit(failed == 0 ? 0 : 1);
  }
}
