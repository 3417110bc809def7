package fgc.cli;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * A child process of {@link StreamMemoryTest}: runs the CLI with the given arguments while a
 * sampler collects garbage every 200 ms and records the heap still in use afterwards (the live
 * set). Prints {@code exit=C maxLive=BYTES samples=N maxHeap=BYTES}.
 */
public final class StreamMemoryMain {
  private StreamMemoryMain() {}

  public static void main(String[] args) throws InterruptedException {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long[] maxLive = {0};
    int[] samples = {0};
    Thread sampler =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                try {
                  Thread.sleep(200);
                } catch (InterruptedException e) {
                  return;
                }
                System.gc();
                synchronized (maxLive) {
                  maxLive[0] = Math.max(maxLive[0], memory.getHeapMemoryUsage().getUsed());
                  samples[0]++;
                }
              }
            });
    sampler.setDaemon(true);
    sampler.start();
    int code = Main.run(args);
    sampler.interrupt();
    sampler.join();
    synchronized (maxLive) {
      System.out.println(
          "exit="
              + code
              + " maxLive="
              + maxLive[0]
              + " samples="
              + samples[0]
              + " maxHeap="
              + memory.getHeapMemoryUsage().getMax());
    }
    System.exit(0);
  }
}
