package fgc.architecture;

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
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads compiled classes for the architecture tests (JVMS 4: the constant pool and the members).
 */
final class ClassFiles {
  private static final Pattern IN_DESCRIPTOR = Pattern.compile("L([^;<>]+)[;<]");

  private ClassFiles() {}

  /** What a check is given for one class: its path in the jar or folder and its bytes. */
  interface Check {
    void accept(String name, byte[] bytes) throws IOException;
  }

  /**
   * Runs {@code check} on every class of the jar or folder {@code anchor} was loaded from; returns
   * how many.
   */
  static int scan(Class<?> anchor, Check check) throws IOException, URISyntaxException {
    Path where = Paths.get(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    int count = 0;
    if (Files.isDirectory(where)) {
      try (Stream<Path> files = Files.walk(where)) {
        for (Path p :
            (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
          check.accept(where.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
          count++;
        }
      }
    } else {
      try (JarFile jar = new JarFile(where.toFile())) {
        for (JarEntry e : (Iterable<JarEntry>) jar.stream()::iterator) {
          if (e.getName().endsWith(".class")) {
            try (InputStream in = jar.getInputStream(e)) {
              check.accept(e.getName(), in.readAllBytes());
              count++;
            }
          }
        }
      }
    }
    return count;
  }

  /** Every UTF-8 constant: each class, member, descriptor and string the class names. */
  static List<String> utf8Constants(byte[] bytes) throws IOException {
    return new Pool(bytes).utf8All();
  }

  /**
   * The binary names of the types a class uses: class constants, and every type inside the
   * descriptors of its constants, fields and methods. String literals do not count.
   */
  static List<String> typeNames(byte[] bytes) throws IOException {
    Pool pool = new Pool(bytes);
    List<String> out = new ArrayList<>();
    for (int i : pool.classNames) {
      String name = pool.utf8[i];
      if (name.startsWith("[")) {
        addDescriptorTypes(name, out);
      } else {
        out.add(name);
      }
    }
    for (int i : pool.descriptors) {
      addDescriptorTypes(pool.utf8[i], out);
    }
    DataInputStream in = pool.rest;
    in.readUnsignedShort(); // access
    in.readUnsignedShort(); // this
    in.readUnsignedShort(); // super
    int interfaces = in.readUnsignedShort();
    for (int k = 0; k < interfaces; k++) {
      in.readUnsignedShort();
    }
    for (int table = 0; table < 2; table++) { // fields, then methods
      int members = in.readUnsignedShort();
      for (int m = 0; m < members; m++) {
        in.readUnsignedShort();
        in.readUnsignedShort();
        addDescriptorTypes(pool.utf8[in.readUnsignedShort()], out);
        skipAttributes(in);
      }
    }
    return out;
  }

  private static void addDescriptorTypes(String descriptor, List<String> out) {
    Matcher m = IN_DESCRIPTOR.matcher(descriptor);
    while (m.find()) {
      out.add(m.group(1));
    }
  }

  private static void skipAttributes(DataInputStream in) throws IOException {
    int attributes = in.readUnsignedShort();
    for (int a = 0; a < attributes; a++) {
      in.readUnsignedShort();
      in.skipNBytes(in.readInt());
    }
  }

  /** A class file's constant pool, read once; {@link #rest} is positioned after it. */
  private static final class Pool {
    final String[] utf8;
    final List<Integer> classNames = new ArrayList<>();
    final List<Integer> descriptors = new ArrayList<>();
    final DataInputStream rest;

    Pool(byte[] bytes) throws IOException {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
      if (in.readInt() != 0xCAFEBABE) {
        throw new IOException("not a class file");
      }
      in.readUnsignedShort();
      in.readUnsignedShort();
      int count = in.readUnsignedShort();
      utf8 = new String[count];
      for (int i = 1; i < count; i++) {
        int tag = in.readUnsignedByte();
        switch (tag) {
          case 1:
            utf8[i] = in.readUTF();
            break;
          case 7:
            classNames.add(in.readUnsignedShort());
            break;
          case 12:
            in.readUnsignedShort();
            descriptors.add(in.readUnsignedShort());
            break;
          case 16:
            descriptors.add(in.readUnsignedShort());
            break;
          case 3:
          case 4:
            in.readInt();
            break;
          case 5:
          case 6:
            in.readLong();
            i++;
            break;
          case 8:
          case 19:
          case 20:
            in.readUnsignedShort();
            break;
          case 9:
          case 10:
          case 11:
          case 17:
          case 18:
            in.readInt();
            break;
          case 15:
            in.readUnsignedByte();
            in.readUnsignedShort();
            break;
          default:
            throw new IOException("constant tag " + tag);
        }
      }
      rest = in;
    }

    List<String> utf8All() {
      List<String> out = new ArrayList<>();
      for (String s : utf8) {
        if (s != null) {
          out.add(s);
        }
      }
      return out;
    }
  }
}
