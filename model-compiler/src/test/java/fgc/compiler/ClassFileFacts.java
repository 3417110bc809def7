package fgc.compiler;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads just enough of a class file for the tests: the code size of each method and the classes and
 * methods its constant pool refers to (JVMS chapter 4).
 */
final class ClassFileFacts {
  final Map<String, Integer> codeBytesByMethod = new LinkedHashMap<>();
  final List<String> memberReferences = new ArrayList<>();
  final List<String> classReferences = new ArrayList<>();

  /** The class file's constant_pool_count: one more than the entries it holds. */
  int constantPoolCount;

  static ClassFileFacts read(byte[] bytes) throws IOException {
    ClassFileFacts facts = new ClassFileFacts();
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort();
    in.readUnsignedShort();
    int count = in.readUnsignedShort();
    facts.constantPoolCount = count;
    String[] utf8 = new String[count];
    int[][] refs = new int[count][];
    int[] tags = new int[count];
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      tags[i] = tag;
      switch (tag) {
        case 1:
          utf8[i] = in.readUTF();
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
        case 7:
        case 8:
        case 16:
        case 19:
        case 20:
          refs[i] = new int[] {in.readUnsignedShort()};
          break;
        case 9:
        case 10:
        case 11:
        case 12:
        case 17:
        case 18:
          refs[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
          break;
        case 15:
          in.readUnsignedByte();
          in.readUnsignedShort();
          break;
        default:
          throw new IOException("constant tag " + tag);
      }
    }
    for (int i = 1; i < count; i++) {
      if (tags[i] == 7) {
        facts.classReferences.add(utf8[refs[i][0]]);
      } else if (tags[i] == 9 || tags[i] == 10 || tags[i] == 11) {
        String owner = utf8[refs[refs[i][0]][0]];
        int[] nameAndType = refs[refs[i][1]];
        facts.memberReferences.add(owner + "." + utf8[nameAndType[0]] + utf8[nameAndType[1]]);
      }
    }
    in.readUnsignedShort();
    in.readUnsignedShort();
    in.readUnsignedShort();
    int interfaces = in.readUnsignedShort();
    for (int i = 0; i < interfaces; i++) {
      in.readUnsignedShort();
    }
    int fields = in.readUnsignedShort();
    for (int i = 0; i < fields; i++) {
      in.readUnsignedShort();
      in.readUnsignedShort();
      in.readUnsignedShort();
      skipAttributes(in);
    }
    int methods = in.readUnsignedShort();
    for (int i = 0; i < methods; i++) {
      in.readUnsignedShort();
      String name = utf8[in.readUnsignedShort()] + utf8[in.readUnsignedShort()];
      int attributes = in.readUnsignedShort();
      for (int a = 0; a < attributes; a++) {
        String attribute = utf8[in.readUnsignedShort()];
        int length = in.readInt();
        byte[] body = in.readNBytes(length);
        if (attribute.equals("Code")) {
          int codeLength =
              ((body[4] & 0xFF) << 24)
                  | ((body[5] & 0xFF) << 16)
                  | ((body[6] & 0xFF) << 8)
                  | (body[7] & 0xFF);
          facts.codeBytesByMethod.put(name, codeLength);
        }
      }
    }
    return facts;
  }

  private static void skipAttributes(DataInputStream in) throws IOException {
    int attributes = in.readUnsignedShort();
    for (int a = 0; a < attributes; a++) {
      in.readUnsignedShort();
      in.readNBytes(in.readInt());
    }
  }
}
