package fgc.solver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The compact form of big tables in generated classes. A million-variable grid's edge tables are
 * megabytes as decimal text but nearly periodic: ints are written as zig-zag varints of the
 * differences between entries a short distance apart (neighbours, or the same field of consecutive
 * records), doubles as indices into the distinct values (when they are few) or as their raw bits,
 * then deflated (the JDK's zlib: native and fast even in a cold JVM), framed with the entry count,
 * the payload's length and its CRC-32, and spelled in a base-85 alphabet of printable ASCII without
 * quote or backslash. The text is as long in the class file (every char one byte of modified UTF-8)
 * as in the source (no escapes), and is cut into chunks that each fit a constant-pool string, so
 * the class stays self-contained.
 *
 * <p>Decoding checks everything it can: the alphabet, the frame, the deflate stream and its exact
 * end, the CRC, the count and every entry; a damaged table throws rather than yield other numbers
 * (a class may come from a user's jar, where no cache checksum guarded it).
 */
public final class PackedTables {
  /**
   * Characters per chunk: a constant-pool UTF-8 entry holds at most 65535 bytes, one per char here.
   */
  public static final int CHUNK_CHARS = 60_000;

  /** Distinct doubles past which a table is written as raw bits rather than indices. */
  static final int MAX_DICTIONARY = 1 << 16;

  private static final byte INTS = 'I';
  private static final byte DOUBLES = 'D';
  private static final byte RAW = 0;
  private static final byte DICTIONARY = 1;

  /** The longest distance of the differences of an int table. */
  static final int MAX_STRIDE = 16;

  /** Entries of an int table's sample that decides the distance of its differences. */
  private static final int SAMPLE_ENTRIES = 1 << 15;

  /** Bytes of a payload's sample that decides whether deflating it is worth the time. */
  private static final int SAMPLE_BYTES = 1 << 18;

  /** Tag, count, payload length, CRC-32. */
  private static final int HEADER = 13;

  /** The 85 digits: '#' to 'x' without the backslash (so neither quote nor backslash). */
  private static final char[] DIGITS = new char[85];

  private static final byte[] VALUE = new byte[128];

  static {
    Arrays.fill(VALUE, (byte) -1);
    int d = 0;
    for (char c = '#'; d < DIGITS.length; c++) {
      if (c != '\\') {
        VALUE[c] = (byte) d;
        DIGITS[d++] = c;
      }
    }
  }

  private PackedTables() {}

  /**
   * Packs ints for {@link #ints}.
   *
   * @param table the ints, any values
   * @return chunks of at most {@link #CHUNK_CHARS} characters
   */
  public static String[] packInts(int[] table) {
    int stride = stride(table);
    Bytes payload = new Bytes(table.length + 16);
    payload.varint(stride);
    differences(table, table.length, stride, payload);
    return frame(INTS, table.length, payload);
  }

  /**
   * Zig-zag varints of {@code table[k] - table[k - stride]} for {@code k} below {@code end} (the
   * entries before the first {@code stride} taken as 0). The difference wraps for far-apart values,
   * and the decoder's sum wraps back.
   */
  private static void differences(int[] table, int end, int stride, Bytes out) {
    for (int k = 0; k < end; k++) {
      int delta = table[k] - (k >= stride ? table[k - stride] : 0);
      out.varint((delta << 1) ^ (delta >> 31));
    }
  }

  /**
   * The distance of the differences that deflate best on a sample of {@code table}: 1 for a run of
   * neighbours, the record's length for a table of records (a factor's weight offset, its
   * variables' lowest values and sizes, five ints a pair, whose offsets climb by four).
   */
  private static int stride(int[] table) {
    int sample = Math.min(table.length, SAMPLE_ENTRIES);
    if (sample < 4 * MAX_STRIDE) {
      return 1;
    }
    int best = 1;
    long bestBytes = Long.MAX_VALUE;
    Bytes bytes = new Bytes(5 * sample);
    byte[] buffer = new byte[1 << 16];
    for (int stride = 1; stride <= MAX_STRIDE; stride++) {
      bytes.size = 0;
      differences(table, sample, stride, bytes);
      long n = deflatedSize(bytes.data, bytes.size, Deflater.BEST_SPEED, buffer);
      if (n < bestBytes) {
        best = stride;
        bestBytes = n;
      }
    }
    return best;
  }

  private static long deflatedSize(byte[] data, int size, int level, byte[] buffer) {
    Deflater deflater = new Deflater(level, true);
    try {
      deflater.setInput(data, 0, size);
      deflater.finish();
      long out = 0;
      while (!deflater.finished()) {
        out += deflater.deflate(buffer);
      }
      return out;
    } finally {
      deflater.end();
    }
  }

  /**
   * Packs doubles for {@link #doubles}: every double's bits are kept, NaN payloads and signed zeros
   * included.
   *
   * @param table the doubles
   * @return chunks of at most {@link #CHUNK_CHARS} characters
   */
  public static String[] packDoubles(double[] table) {
    int[] index = new int[table.length];
    LongIndex distinct = new LongIndex();
    boolean dictionary = true;
    for (int k = 0; k < table.length && dictionary; k++) {
      index[k] = distinct.indexOf(Double.doubleToRawLongBits(table[k]));
      dictionary = distinct.size() <= MAX_DICTIONARY;
    }
    Bytes payload;
    if (dictionary) {
      payload = new Bytes(table.length + 8 * distinct.size() + 16);
      payload.add(DICTIONARY);
      payload.varint(distinct.size());
      for (int d = 0; d < distinct.size(); d++) {
        payload.long64(distinct.key(d));
      }
      for (int i : index) {
        payload.varint(i);
      }
    } else {
      payload = new Bytes(8 * table.length + 1);
      payload.add(RAW);
      for (double v : table) {
        payload.long64(Double.doubleToRawLongBits(v));
      }
    }
    return frame(DOUBLES, table.length, payload);
  }

  /**
   * A table of {@code length} entries that are all {@code value}: how a class writes a long table
   * of one value.
   *
   * @param length how many entries
   * @param value the value of each
   * @return the table
   */
  public static int[] filled(int length, int value) {
    int[] table = new int[length];
    if (value != 0) {
      Arrays.fill(table, value);
    }
    return table;
  }

  /**
   * The ints {@link #packInts} wrote into {@code chunks}.
   *
   * @param length how many ints the table holds, checked against the packed count
   * @param chunks the chunks, in order
   * @return the ints
   * @throws IllegalStateException if the chunks are not such a table of {@code length} ints
   */
  public static int[] ints(int length, String... chunks) {
    Reader in = new Reader(unframe(INTS, length, chunks));
    int stride = in.varint();
    if (stride < 1 || stride > MAX_STRIDE) {
      throw corrupt("a stride of " + stride);
    }
    int[] out = new int[length];
    for (int k = 0; k < length; k++) {
      int z = in.varint();
      out[k] = (k >= stride ? out[k - stride] : 0) + ((z >>> 1) ^ -(z & 1));
    }
    in.end();
    return out;
  }

  /**
   * The doubles {@link #packDoubles} wrote into {@code chunks}, bit for bit.
   *
   * @param length how many doubles the table holds, checked against the packed count
   * @param chunks the chunks, in order
   * @return the doubles
   * @throws IllegalStateException if the chunks are not such a table of {@code length} doubles
   */
  public static double[] doubles(int length, String... chunks) {
    Reader in = new Reader(unframe(DOUBLES, length, chunks));
    double[] out = new double[length];
    int mode = in.next();
    if (mode == DICTIONARY) {
      int size = in.varint();
      if (size < 0 || size > MAX_DICTIONARY || (size == 0 && length > 0)) {
        throw corrupt("a dictionary of " + size + " values");
      }
      double[] values = new double[size];
      for (int d = 0; d < size; d++) {
        values[d] = Double.longBitsToDouble(in.long64());
      }
      for (int k = 0; k < length; k++) {
        int i = in.varint();
        if (i < 0 || i >= size) {
          throw corrupt("index " + i + " of a dictionary of " + size);
        }
        out[k] = values[i];
      }
    } else if (mode == RAW) {
      for (int k = 0; k < length; k++) {
        out[k] = Double.longBitsToDouble(in.long64());
      }
    } else {
      throw corrupt("mode " + mode);
    }
    in.end();
    return out;
  }

  /**
   * Characters of packed chunks: the bytes they take in the class file, and in the source.
   *
   * @param chunks what {@link #packInts} or {@link #packDoubles} returned
   * @return their total length
   */
  public static long chars(String[] chunks) {
    long n = 0;
    for (String c : chunks) {
      n += c.length();
    }
    return n;
  }

  private static String[] frame(byte tag, int count, Bytes payload) {
    CRC32 crc = new CRC32();
    crc.update(payload.data, 0, payload.size);
    Bytes framed = new Bytes(HEADER + payload.size / 8 + 64);
    framed.add(tag);
    framed.int32(count);
    framed.int32(payload.size);
    framed.int32((int) crc.getValue());
    Deflater deflater = new Deflater(level(payload), true);
    try {
      deflater.setInput(payload.data, 0, payload.size);
      deflater.finish();
      byte[] buffer = new byte[1 << 16];
      while (!deflater.finished()) {
        int n = deflater.deflate(buffer);
        framed.add(buffer, n);
      }
    } finally {
      deflater.end();
    }
    return toChunks(framed);
  }

  /**
   * The deflater's level for {@code payload}: stored as it is when a sample of it does not shrink
   * by a tenth (random weights' mantissas, which the deflater searches at some 20 MB/s in vain).
   */
  private static int level(Bytes payload) {
    int sample = Math.min(payload.size, SAMPLE_BYTES);
    if (sample < SAMPLE_BYTES) {
      return Deflater.DEFAULT_COMPRESSION;
    }
    long out = deflatedSize(payload.data, sample, Deflater.BEST_SPEED, new byte[1 << 16]);
    return out * 10 > 9L * sample ? Deflater.NO_COMPRESSION : Deflater.DEFAULT_COMPRESSION;
  }

  private static byte[] unframe(byte tag, int length, String[] chunks) {
    byte[] framed = fromChunks(chunks);
    if (framed.length < HEADER || framed[0] != tag) {
      throw corrupt("no " + (tag == INTS ? "int" : "double") + " table header");
    }
    int count = int32(framed, 1);
    int size = int32(framed, 5);
    int crc = int32(framed, 9);
    if (count != length) {
      throw corrupt("it holds " + count + " entries, expected " + length);
    }
    // Each entry takes at most 5 bytes (an int varint) or 8 (a raw double), a dictionary at most 8
    // per value.
    long most =
        tag == INTS
            ? 5L + 5L * length
            : 1 + 5 + 8L * Math.max(length, MAX_DICTIONARY) + 5L * length;
    if (size < 0 || size > most) {
      throw corrupt("a payload of " + size + " bytes for " + length + " entries");
    }
    byte[] payload = new byte[size];
    Inflater inflater = new Inflater(true);
    try {
      inflater.setInput(framed, HEADER, framed.length - HEADER);
      int at = 0;
      while (at < size) {
        int n = inflater.inflate(payload, at, size - at);
        if (n == 0
            && (inflater.finished() || inflater.needsInput() || inflater.needsDictionary())) {
          throw corrupt("the payload ends after " + at + " of " + size + " bytes");
        }
        at += n;
      }
      if (!inflater.finished() && inflater.inflate(new byte[1]) > 0) {
        throw corrupt("the payload is longer than " + size + " bytes");
      }
      if (!inflater.finished() || inflater.getRemaining() != 0) {
        throw corrupt("the deflate stream does not end where the table does");
      }
    } catch (DataFormatException e) {
      throw corrupt("its deflate stream is invalid (" + e.getMessage() + ")");
    } finally {
      inflater.end();
    }
    CRC32 check = new CRC32();
    check.update(payload, 0, size);
    if ((int) check.getValue() != crc) {
      throw corrupt("its checksum does not match");
    }
    return payload;
  }

  /**
   * Base 85, four bytes to five digits (most significant first); a last group of k bytes as k + 1
   * digits.
   */
  private static String[] toChunks(Bytes bytes) {
    List<String> chunks = new ArrayList<>();
    StringBuilder sb = new StringBuilder(Math.min(CHUNK_CHARS, bytes.size / 4 * 5 + 5));
    char[] group = new char[5];
    for (int at = 0; at < bytes.size; at += 4) {
      int n = Math.min(4, bytes.size - at);
      long word = 0;
      for (int k = 0; k < 4; k++) {
        word = (word << 8) | (k < n ? bytes.data[at + k] & 0xFF : 0);
      }
      for (int k = 4; k >= 0; k--) {
        group[k] = DIGITS[(int) (word % 85)];
        word /= 85;
      }
      // Groups of five never straddle chunks (CHUNK_CHARS is a multiple of five).
      if (sb.length() + n + 1 > CHUNK_CHARS) {
        chunks.add(sb.toString());
        sb.setLength(0);
      }
      sb.append(group, 0, n + 1);
    }
    chunks.add(sb.toString());
    return chunks.toArray(new String[0]);
  }

  private static byte[] fromChunks(String[] chunks) {
    long chars = chars(chunks);
    if (chars % 5 == 1 || chars > Integer.MAX_VALUE) {
      throw corrupt(chars + " characters");
    }
    byte[] out = new byte[(int) (chars / 5 * 4 + (chars % 5 == 0 ? 0 : chars % 5 - 1))];
    int at = 0;
    int digits = 0;
    long word = 0;
    for (String chunk : chunks) {
      for (int k = 0; k < chunk.length(); k++) {
        char c = chunk.charAt(k);
        int d = c < 128 ? VALUE[c] : -1;
        if (d < 0) {
          throw corrupt("it holds the character " + (int) c);
        }
        word = word * 85 + d;
        if (++digits == 5) {
          if (word > 0xFFFF_FFFFL) {
            throw corrupt("a group past 32 bits");
          }
          out[at++] = (byte) (word >>> 24);
          out[at++] = (byte) (word >>> 16);
          out[at++] = (byte) (word >>> 8);
          out[at++] = (byte) word;
          digits = 0;
          word = 0;
        }
      }
    }
    if (digits > 0) {
      // A last group of k bytes was padded with zeros and cut to k + 1 digits: padding it with
      // the top digit gives back a word whose first k bytes are those of the group.
      for (int k = digits; k < 5; k++) {
        word = word * 85 + 84;
      }
      if (word > 0xFFFF_FFFFL) {
        throw corrupt("a group past 32 bits");
      }
      for (int k = 0; k < digits - 1; k++) {
        out[at++] = (byte) (word >>> (24 - 8 * k));
      }
    }
    return out;
  }

  private static int int32(byte[] b, int at) {
    return (b[at] & 0xFF) << 24
        | (b[at + 1] & 0xFF) << 16
        | (b[at + 2] & 0xFF) << 8
        | (b[at + 3] & 0xFF);
  }

  private static IllegalStateException corrupt(String why) {
    return new IllegalStateException("packed table is damaged: " + why);
  }

  /** A growing byte array. */
  private static final class Bytes {
    byte[] data;
    int size;

    Bytes(int capacity) {
      data = new byte[Math.max(16, capacity)];
    }

    private void room(int n) {
      if (size + n > data.length) {
        data =
            Arrays.copyOf(
                data,
                (int) Math.min(Integer.MAX_VALUE - 8, Math.max(size + (long) n, 2L * data.length)));
      }
    }

    void add(byte b) {
      room(1);
      data[size++] = b;
    }

    void add(byte[] b, int n) {
      room(n);
      System.arraycopy(b, 0, data, size, n);
      size += n;
    }

    void varint(int v) {
      room(5);
      while ((v & ~0x7F) != 0) {
        data[size++] = (byte) ((v & 0x7F) | 0x80);
        v >>>= 7;
      }
      data[size++] = (byte) v;
    }

    void int32(int v) {
      room(4);
      for (int s = 24; s >= 0; s -= 8) {
        data[size++] = (byte) (v >>> s);
      }
    }

    void long64(long v) {
      room(8);
      for (int s = 56; s >= 0; s -= 8) {
        data[size++] = (byte) (v >>> s);
      }
    }
  }

  /** Reads a payload, throwing on a short or overlong one. */
  private static final class Reader {
    private final byte[] data;
    private int at;

    Reader(byte[] data) {
      this.data = data;
    }

    int next() {
      if (at >= data.length) {
        throw corrupt("the payload ends early");
      }
      return data[at++];
    }

    int varint() {
      int v = 0;
      for (int shift = 0; shift < 35; shift += 7) {
        int b = next();
        if (shift == 28 && (b & 0xF0) != 0) {
          throw corrupt("a varint past 32 bits");
        }
        v |= (b & 0x7F) << shift;
        if ((b & 0x80) == 0) {
          return v;
        }
      }
      throw corrupt("a varint past 32 bits");
    }

    long long64() {
      long v = 0;
      for (int k = 0; k < 8; k++) {
        v = (v << 8) | (next() & 0xFF);
      }
      return v;
    }

    void end() {
      if (at != data.length) {
        throw corrupt((data.length - at) + " bytes past the last entry");
      }
    }
  }

  /** Distinct longs in order of first sight, by open addressing. */
  private static final class LongIndex {
    private long[] slotKeys = new long[64];
    private int[] slotIndex = new int[64];
    private long[] keys = new long[16];
    private int size;

    int size() {
      return size;
    }

    long key(int d) {
      return keys[d];
    }

    int indexOf(long key) {
      int mask = slotKeys.length - 1;
      int slot = hash(key) & mask;
      while (slotIndex[slot] != 0) {
        if (slotKeys[slot] == key) {
          return slotIndex[slot] - 1;
        }
        slot = (slot + 1) & mask;
      }
      if (size == keys.length) {
        keys = Arrays.copyOf(keys, 2 * size);
      }
      keys[size] = key;
      slotKeys[slot] = key;
      slotIndex[slot] = ++size;
      if (2 * size > slotKeys.length) {
        grow();
      }
      return size - 1;
    }

    private void grow() {
      long[] oldKeys = slotKeys;
      int[] oldIndex = slotIndex;
      slotKeys = new long[2 * oldKeys.length];
      slotIndex = new int[2 * oldKeys.length];
      int mask = slotKeys.length - 1;
      for (int s = 0; s < oldKeys.length; s++) {
        if (oldIndex[s] != 0) {
          int slot = hash(oldKeys[s]) & mask;
          while (slotIndex[slot] != 0) {
            slot = (slot + 1) & mask;
          }
          slotKeys[slot] = oldKeys[s];
          slotIndex[slot] = oldIndex[s];
        }
      }
    }

    private static int hash(long key) {
      long h = key * 0x9E37_79B9_7F4A_7C15L;
      return (int) (h ^ (h >>> 32));
    }
  }
}
