package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny run of {@code fgc bench scale} end to end: every figure is there, and refusals are rows.
 */
class ScaleCommandTest {
  @TempDir Path dir;

  @Test
  void aTinyRunFillsEveryColumnOfEveryRow() throws Exception {
    Path out = dir.resolve("out");
    int code =
        BenchMain.run(
            "scale",
            "--families",
            "chain",
            "--sizes",
            "chain=10,100",
            "--algorithms",
            "maxproduct",
            "--out",
            out.toString());
    assertEquals(0, code);
    List<String> lines = Files.readAllLines(out.resolve("scale.csv"));
    assertEquals(3, lines.size(), String.join("\n", lines));
    List<String> head = Arrays.asList(lines.get(0).split(",", -1));
    for (String stage :
        List.of(
            "parse",
            "plan",
            "key",
            "emit",
            "janino",
            "define",
            "store",
            "reload_fresh",
            "reload_here",
            "sweep")) {
      assertTrue(head.contains(stage + "_ms"), stage);
    }
    for (String line : lines.subList(1, 3)) {
      String[] cells = line.split(",", -1);
      assertEquals(head.size(), cells.length, line);
      assertEquals("ok", cells[head.indexOf("status")], line);
      for (int i = 0; i < cells.length; i++) {
        String column = head.get(i);
        // Define and store have no allocation of their own (their call compiles again), and the
        // fresh JVM's allocation is not counted; every other cell holds a figure.
        boolean none =
            column.equals("define_allocated_bytes")
                || column.equals("store_allocated_bytes")
                || column.startsWith("reload_fresh_allocated")
                || column.startsWith("reload_fresh_retained")
                || column.equals("define_retained_bytes");
        assertEquals(none, cells[i].isEmpty(), column + " in " + line);
      }
      assertTrue(Double.parseDouble(cells[head.indexOf("class_bytes")]) > 1000, line);
      assertTrue(Double.parseDouble(cells[head.indexOf("reload_fresh_heap_bytes")]) > 0, line);
    }
    assertEquals("10", lines.get(1).split(",")[head.indexOf("variables")]);
    assertEquals("100", lines.get(2).split(",")[head.indexOf("variables")]);
    String text = Files.readString(out.resolve("scale.txt"));
    assertTrue(text.contains("fitted exponents") && text.contains("chain   maxproduct"), text);
    byte[] png = Files.readAllBytes(out.resolve("scale.png"));
    assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G');
  }

  @Test
  void aModelThePlannerOrTheModelsLimitsRefuseIsARowNotACrash() {
    ScaleRun run =
        new ScaleRun(
            (file, a, cache) -> {
              throw new AssertionError("a refused model is never reloaded");
            });
    ScaleRow planner =
        run.measure(ScaleModels.sudoku(5), "sumproduct", dir.resolve("s.fg"), dir.resolve("cache"));
    assertTrue(
        planner.status.startsWith("refused: ") && planner.status.contains("25 values"),
        planner.status);
    assertFalse(
        Double.isNaN(planner.millis(ScaleRow.Stage.PARSE)),
        "the parse before the refusal is measured");
    assertTrue(Double.isNaN(planner.millis(ScaleRow.Stage.EMIT)));
    // One variable past the model's own limit: refused while the text is read, at the declaration.
    int width = (int) Math.ceil(Math.sqrt(fgc.model.Limits.MAX_VARIABLES + 1.0));
    ScaleRow limits =
        run.measure(
            ScaleModels.ising(width), "maxproduct", dir.resolve("i.fg"), dir.resolve("cache"));
    assertTrue(
        limits.status.startsWith("refused: ") && limits.status.contains("variables"),
        limits.status);
    assertTrue(
        Double.isNaN(limits.millis(ScaleRow.Stage.PARSE)),
        "no figure for a stage that was refused");
    String table = ScaleTable.times(List.of(planner, limits));
    assertTrue(table.contains("sumproduct") && table.contains(planner.status), table);
    assertTrue(ScaleTable.csv(List.of(planner)).contains("refused: "));
  }
}
