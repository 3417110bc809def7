package fgc.compiler.backend;

import java.io.IOException;
import java.io.StringReader;
import java.util.Map;
import java.util.TreeMap;
import org.codehaus.commons.compiler.CompileException;
import org.codehaus.janino.SimpleCompiler;

/**
 * Compiles generated source to class bytes in memory with Janino (class file version 61, Java 17).
 */
public final class JaninoBackend {
  private JaninoBackend() {}

  /**
   * Returns the bytecode of every class in {@code source}, by binary name, in a sorted map. The
   * parent class loader must see {@code fgc.solver}, which generated classes implement.
   */
  public static Map<String, byte[]> compile(String fileName, String source, ClassLoader parent) {
    SimpleCompiler compiler = new SimpleCompiler();
    compiler.setParentClassLoader(parent);
    compiler.setTargetVersion(17);
    try {
      compiler.cook(fileName, new StringReader(source));
    } catch (CompileException | IOException e) {
      // Generated source that does not compile is a compiler bug, never a user error.
      throw new IllegalStateException(
          "internal error: generated source " + fileName + " does not compile: " + e.getMessage(),
          e);
    }
    return new TreeMap<>(compiler.getBytecodes());
  }
}
