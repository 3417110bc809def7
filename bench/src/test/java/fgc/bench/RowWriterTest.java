package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class RowWriterTest {
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
    List<PuzzleRow> rows = List.of(SummaryTest.row("my,corpus", "exact", PuzzleRow.Outcome.SOLVED, 1.25, 3));
    StringWriter csv = new StringWriter();
    RowWriter.csv(rows, csv);
    assertEquals("corpus,index,algorithm,driver,outcome,ms,sweeps,decisions,restarts,backtracks,conflicts\n"
        + "\"my,corpus\",0,sumproduct,exact,SOLVED,1.25,1,3,0,0,6\n", csv.toString());
    StringWriter json = new StringWriter();
    RowWriter.jsonLines(rows, json);
    assertEquals("{\"corpus\":\"my,corpus\",\"index\":0,\"algorithm\":\"sumproduct\",\"driver\":\"exact\",\"outcome\":\"SOLVED\","
        + "\"ms\":1.25,\"sweeps\":1,\"decisions\":3,\"restarts\":0,\"backtracks\":0,\"conflicts\":6}\n", json.toString());
  }
}
