package fgc.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Model;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EvidenceLinesTest {
  private static final Model AUSTRALIA = FgcLanguage.bundled("australia", Map.of());
  private static final int N = Evidence.NONE;

  @Test
  void assignmentsGiveTheirValuesAndLeaveTheRestFree() {
    EvidenceLines lines = EvidenceLines.assignments(AUSTRALIA);
    EvidenceLines.Line line = lines.parse("  wa=1   q=3 # a comment", 4);
    assertTrue(line.isCase());
    assertEquals(4, line.number());
    assertArrayEquals(new int[] {1, N, N, 3, N, N, N}, line.evidence());
    assertNull(line.error("cases.txt"));
    assertEquals(EvidenceLines.Kind.ECHO, lines.parse("   # only a comment", 5).kind());
    assertEquals(EvidenceLines.Kind.ECHO, lines.parse("", 6).kind());
    assertFalse(lines.csv());
  }

  @Test
  void aBadObservationIsAnErrorAtItsColumnAndTheNextLineIsReadAsUsual() {
    EvidenceLines lines = EvidenceLines.of(AUSTRALIA, Evidence.none(AUSTRALIA).values(), "x", "f");
    EvidenceLines.Line bad = lines.parse("wa=1 nt=9", 3);
    assertEquals(EvidenceLines.Kind.ERROR, bad.kind());
    assertEquals(9, bad.column());
    assertEquals("nt=9", bad.token());
    assertEquals("f:3:9: nt = 9 is outside its domain 1..3", bad.error("f"));
    EvidenceLines.Line twice = lines.parse("wa=1 wa=1", 4);
    assertEquals("f:4:6: wa is given twice on this line", twice.error("f"));
    assertTrue(lines.parse("nt=2", 5).isCase());
  }

  @Test
  void aLineMayNotGiveABaseValueAgain() {
    int[] base = Evidence.none(AUSTRALIA).values();
    base[0] = 2;
    EvidenceLines lines = EvidenceLines.of(AUSTRALIA, base, "the data file d.fgd", "f");
    assertArrayEquals(new int[] {2, 1, N, N, N, N, N}, lines.parse("nt=1", 1).evidence());
    assertEquals(
        "f:2:1: wa is already given as 2 by the data file d.fgd; give each variable one value",
        lines.parse("wa=2", 2).error("f"));
  }

  @Test
  void aFirstLineWithoutEqualsIsACsvHeader() {
    EvidenceLines lines = EvidenceLines.of(AUSTRALIA, Evidence.none(AUSTRALIA).values(), "", "f");
    assertEquals(EvidenceLines.Kind.ECHO, lines.parse("# header next", 1).kind());
    assertEquals(EvidenceLines.Kind.HEADER, lines.parse("wa, q ,t", 2).kind());
    assertTrue(lines.csv());
    assertArrayEquals(new int[] {1, N, N, N, N, N, 2}, lines.parse("1,_,2", 3).evidence());
    assertEquals(
        "f:4:1: this row has 2 values but the header names 3 variables",
        lines.parse("1,2", 4).error("f"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                EvidenceLines.of(AUSTRALIA, Evidence.none(AUSTRALIA).values(), "", "g")
                    .parse("wa,zz", 1));
    assertTrue(
        e.getMessage().startsWith("g:1:4: 'zz' in the CSV header is not a variable"),
        e.getMessage());
    IllegalArgumentException misspelt =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                EvidenceLines.of(AUSTRALIA, Evidence.none(AUSTRALIA).values(), "", "g")
                    .parse("wa,nws", 1));
    assertEquals(
        "g:1:4: 'nws' in the CSV header is not a variable of model australia;"
            + " did you mean 'nsw'?",
        misspelt.getMessage());
  }

  @Test
  void anAnswerReadsBackAsTheSameEvidence() {
    int[] values = {1, 2, 3, 1, 2, 1, 1};
    String line = EvidenceLines.answer(AUSTRALIA, values, false);
    assertEquals("wa=1 nt=2 sa=3 q=1 nsw=2 v=1 t=1", line);
    assertArrayEquals(values, EvidenceLines.assignments(AUSTRALIA).parse(line, 1).evidence());
    assertEquals("1,2,3,1,2,1,1", EvidenceLines.answer(AUSTRALIA, values, true));
    assertEquals("wa,nt,sa,q,nsw,v,t", EvidenceLines.csvHeader(AUSTRALIA));
  }
}
