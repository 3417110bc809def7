package fgc.compilation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Sha256Test {
  @Test
  void givesTheDigestsOfTheFipsExamples() {
    assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", hex(""));
    assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", hex("abc"));
    assertEquals(
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"));
    byte[] million = new byte[1_000_000];
    Arrays.fill(million, (byte) 'a');
    assertEquals(
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", Sha256.hex(million));
  }

  @Test
  void agreesWithMessageDigestOnEveryLengthAcrossTheBlockBoundaries() throws Exception {
    Random random = new Random(180_4L);
    MessageDigest reference = MessageDigest.getInstance("SHA-256");
    for (int length = 0; length <= 300; length++) {
      for (int trial = 0; trial < 8; trial++) {
        byte[] message = new byte[length];
        random.nextBytes(message);
        assertArrayEquals(reference.digest(message), Sha256.digest(message), "length " + length);
      }
    }
  }

  @Test
  void agreesWithMessageDigestOnLargeRandomInputs() throws Exception {
    Random random = new Random(256L);
    MessageDigest reference = MessageDigest.getInstance("SHA-256");
    for (int trial = 0; trial < 200; trial++) {
      byte[] message = new byte[random.nextInt(200_000)];
      random.nextBytes(message);
      assertArrayEquals(
          reference.digest(message), Sha256.digest(message), "length " + message.length);
    }
  }

  @Test
  void hexIsTheDigestInLowercaseHex() throws Exception {
    byte[] message = "fgc".getBytes(StandardCharsets.UTF_8);
    StringBuilder expected = new StringBuilder();
    for (byte b : MessageDigest.getInstance("SHA-256").digest(message)) {
      expected.append(String.format("%02x", b));
    }
    assertEquals(expected.toString(), Sha256.hex(message));
  }

  @Test
  void aSinkFedInPiecesGivesTheDigestOfTheWhole() {
    Random rnd = new Random(7);
    // Below, at and past the size where the JDK's digest takes over, fed in pieces of every size.
    for (int length :
        new int[] {
          0, 1, 63, 64, 1000, Sha256.JDK_FROM - 1, Sha256.JDK_FROM, Sha256.JDK_FROM + 4097
        }) {
      byte[] message = new byte[length];
      rnd.nextBytes(message);
      Sha256.Sink sink = new Sha256.Sink();
      int at = 0;
      while (at < length) {
        int piece = Math.min(length - at, 1 + rnd.nextInt(70_000));
        sink.write(message, at, piece);
        at += piece;
      }
      assertEquals(Sha256.hex(message), sink.hex(), "length " + length);
    }
  }

  private static String hex(String text) {
    return Sha256.hex(text.getBytes(StandardCharsets.US_ASCII));
  }
}
