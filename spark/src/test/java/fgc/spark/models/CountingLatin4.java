package fgc.spark.models;

import java.util.concurrent.atomic.AtomicInteger;

/** The precompiled Latin4 solver, counting its instances (Spark in local mode shares this JVM). */
public final class CountingLatin4 extends Delegating {
  public static final AtomicInteger MADE = new AtomicInteger();

  public CountingLatin4() {
    super(new Latin4());
    MADE.incrementAndGet();
  }
}
