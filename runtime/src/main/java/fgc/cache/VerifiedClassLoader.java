package fgc.cache;

import java.util.Map;
import java.util.TreeMap;

/**
 * Defines classes from bytes that were already verified against the manifest. One loader per load
 * attempt: a class that failed verification would fail again in the same loader, and a fresh loader
 * keeps two versions of a solver apart.
 */
final class VerifiedClassLoader extends ClassLoader {
  static {
    registerAsParallelCapable();
  }

  private final Map<String, byte[]> classes;

  VerifiedClassLoader(Map<String, byte[]> classes, ClassLoader parent) {
    super(parent);
    this.classes = new TreeMap<>(classes);
  }

  /**
   * Child-first for the verified classes: a class of the same name elsewhere on the class path (a
   * precompiled solver, say) must not stand in for the bytes that were checked.
   */
  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (!classes.containsKey(name)) {
      return super.loadClass(name, resolve);
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        c = findClass(name);
      }
      if (resolve) {
        resolveClass(c);
      }
      return c;
    }
  }

  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    byte[] bytes = classes.get(name);
    if (bytes == null) {
      throw new ClassNotFoundException(name);
    }
    return defineClass(name, bytes, 0, bytes.length);
  }
}
