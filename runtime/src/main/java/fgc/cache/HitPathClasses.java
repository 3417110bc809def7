package fgc.cache;

import fgc.algorithm.AlldiffKernels;
import fgc.algorithm.GeneratedAlgorithm;
import fgc.algorithm.IntTables;
import fgc.algorithm.Noise;
import fgc.algorithm.Numerics;
import fgc.compiler.Sha256;
import fgc.compiler.SolverKey;

/**
 * Loads, on a background thread, the classes a cache hit goes on to need, while the thread that
 * reads the cache computes the key and checks the folders. In a fresh JVM without a class-data
 * archive, reading, parsing and verifying classes from their jars is about a third of a cache hit,
 * and the second core is otherwise idle. The class loader makes a thread that asks for a class
 * being loaded wait for it rather than load it twice, and every class here has only constants in
 * its static state and an initialiser that cannot fail, so initialising it on this thread changes
 * nothing but when it happens ({@code CompilerVersion}, whose initialiser stops an unstamped build
 * with a message, is left to the reading thread).
 */
final class HitPathClasses implements Runnable {
  private HitPathClasses() {}

  /** Starts the thread, once per class loader of this class (by the initialiser of {@link Started}). */
  static void loadInBackground() {
    Started.ensure();
  }

  private static final class Started {
    static {
      Thread thread = new Thread(new HitPathClasses(), "fgc-cache-classes");
      thread.setDaemon(true);
      thread.start();
    }

    static void ensure() {
      // Nothing: the first call initialises this class, which starts the thread.
    }
  }

  /** In the order a hit needs them; each is loaded, verified and initialised. */
  @Override
  public void run() {
    Class<?>[] classes = {
        SolverKey.class, Sha256.class, LoadStage.class, Manifest.class,
        Manifest.FileRecord.class, CorruptEntryException.class, ClassBytes.class, VerifiedClassLoader.class,
        GeneratedAlgorithm.class, IntTables.class, Noise.class, Numerics.class, AlldiffKernels.class,
        LoadedSolver.class, LoadedSolver.Origin.class};
    for (Class<?> c : classes) {
      try {
        Class.forName(c.getName(), true, c.getClassLoader());
      } catch (ClassNotFoundException | LinkageError e) {
        return; // Only a head start: the reading thread loads the class itself and reports any error.
      }
    }
  }
}
