package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RowWriterTest {
  @TempDir Path dir;

  @Test
  void csvQuotesOnlyWhatNeedsIt() {
    assertEquals("plain", RowWriter.csvCell("plain"));
    assertEquals("\"a,b\"", RowWriter.csvCell("a,b"));
    assertEquals("\"say \"\"hi\"\"\"", RowWriter.csvCell("say \"hi\""));
  }

  @Test
  void jsonStringsEscapeQuotesBackslashesAndControls() {
    assertEquals("\"a\\\"b\\\\c\\u000a\"", RowWriter.jsonString("a\"b\\c\n"));
  }

  @Test
  void oneLinePerRowWithAHeaderForCsv() throws Exception {
    List<PuzzleRow> rows =
        List.of(SummaryTest.row("my,corpus", "exact", PuzzleRow.Outcome.SOLVED, 1.25, 3));
    StringWriter csv = new StringWriter();
    RowWriter.csv(rows, csv);
    assertEquals(
        "corpus,index,algorithm,driver,outcome,ms,sweeps,decisions,restarts,backtracks,conflicts\n"
            + "\"my,corpus\",0,sumproduct,exact,SOLVED,1.25,1,3,0,0,6\n",
        csv.toString());
    StringWriter json = new StringWriter();
    RowWriter.jsonLines(rows, json);
    assertEquals(
        "{\"corpus\":\"my,corpus\",\"index\":0,\"algorithm\":\"sumproduct\","
            + "\"driver\":\"exact\",\"outcome\":\"SOLVED\",\"ms\":1.25,\"sweeps\":1,"
            + "\"decisions\":3,\"restarts\":0,\"backtracks\":0,\"conflicts\":6}\n",
        json.toString());
  }

  @Test
  void theCsvReadsBackAsTheSameRowsAndABadLineIsNamed() throws Exception {
    List<PuzzleRow> rows =
        List.of(
            SummaryTest.row("my,\"corpus\"", "exact", PuzzleRow.Outcome.TIME_LIMIT, 1000.5, 3),
            SummaryTest.row("top95", "decimate", PuzzleRow.Outcome.SOLVED, 0.0123, 0));
    StringWriter csv = new StringWriter();
    RowWriter.csv(rows, csv);
    Path file = Files.writeString(dir.resolve("puzzles.csv"), csv.toString());
    StringWriter again = new StringWriter();
    RowWriter.csv(RowWriter.readCsv(file), again);
    assertEquals(csv.toString(), again.toString());
    Files.writeString(file, csv.toString().replace("TIME_LIMIT", "LATE"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RowWriter.readCsv(file));
    assertTrue(
        e.getMessage().startsWith(file + ":2: not a row of 'fgc bench --out'"), e.getMessage());
    Files.writeString(file, "a,b\n");
    e = assertThrows(IllegalArgumentException.class, () -> RowWriter.readCsv(file));
    assertTrue(e.getMessage().startsWith(file + ":1: "), e.getMessage());
  }
}
