package fgc.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import fgc.cache.SolverCache;
import fgc.compiler.ModelCompiler;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The compiler and the runtime know no Sudoku: no class of model-compiler or of runtime refers to the puzzles module (Sudoku grids) or holds the word "sudoku"
 * in any name or string constant of its class file. Checked on the compiled classes' constant pools
 * (JVMS 4.4), which is what such a dependency or literal becomes, so nothing escapes the check.
 * The front end that reads grid puzzle files, binds them to a model's observed array and draws
 * grids is the cli module's, outside both.
 */
class NoSudokuInTheCoreTest {
  @Test
  void compilerAndRuntimeCoreNameNothingSudokuSpecific() throws Exception {
    List<String> offences = new ArrayList<>();
    int classes = scan(ModelCompiler.class, offences) + scan(SolverCache.class, offences);
    assertFalse(classes < 30, "found only " + classes + " classes to check");
    assertEquals(List.of(), offences);
  }

  @Test
  void theCheckCatchesAnOffender() throws Exception {
    // This test class itself says "sudoku" in a constant: the scanner must see it.
    byte[] bytes;
    try (InputStream in = NoSudokuInTheCoreTest.class.getResourceAsStream("NoSudokuInTheCoreTest.class")) {
      bytes = in.readAllBytes();
    }
    List<String> offences = new ArrayList<>();
    check("fgc/architecture/NoSudokuInTheCoreTest.class", bytes, offences);
    assertEquals(1, offences.size(), offences.toString());
    assertEquals("Sudoku grid", "Sudoku grid"); // the constant the scanner must find
  }

  /** Checks every class where {@code anchor} was loaded from (a classes folder or a jar); returns how many. */
  private static int scan(Class<?> anchor, List<String> offences) throws IOException, URISyntaxException {
    Path where = Paths.get(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    int count = 0;
    if (Files.isDirectory(where)) {
      try (Stream<Path> files = Files.walk(where)) {
        for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
          count += check(where.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p), offences);
        }
      }
    } else {
      try (JarFile jar = new JarFile(where.toFile())) {
        for (JarEntry e : (Iterable<JarEntry>) jar.stream()::iterator) {
          if (e.getName().endsWith(".class") && e.getName().startsWith("fgc/")) {
            try (InputStream in = jar.getInputStream(e)) {
              count += check(e.getName(), in.readAllBytes(), offences);
            }
          }
        }
      }
    }
    return count;
  }

  private static int check(String name, byte[] bytes, List<String> offences) throws IOException {
    if (name.startsWith("fgc/generated/")) {
      return 0;
    }
    for (String constant : utf8Constants(bytes)) {
      if (constant.toLowerCase(Locale.ROOT).contains("sudoku") || constant.contains("fgc/puzzles/")) {
        offences.add(name + " names \"" + constant + "\"");
        break;
      }
    }
    return 1;
  }

  /** The UTF-8 entries of a class file's constant pool: every class, member, descriptor and string it names. */
  private static List<String> utf8Constants(byte[] bytes) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort();
    in.readUnsignedShort();
    int count = in.readUnsignedShort();
    List<String> out = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1: out.add(in.readUTF()); break;
        case 3: case 4: in.readInt(); break;
        case 5: case 6: in.readLong(); i++; break;
        case 7: case 8: case 16: case 19: case 20: in.readUnsignedShort(); break;
        case 9: case 10: case 11: case 12: case 17: case 18: in.readInt(); break;
        case 15: in.readUnsignedByte(); in.readUnsignedShort(); break;
        default: throw new IOException("constant tag " + tag);
      }
    }
    return out;
  }
}
