package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import fgc.cache.SolverCache;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MatrixRunnerTest {
  @TempDir Path cacheRoot;

  @Test
  void theExactDriverSolvesEveryEmbeddedPuzzleAndEachRowIsReported() throws Exception {
    Corpus embedded = Corpus.embedded();
    MatrixRunner runner = new MatrixRunner(new SolverCache(cacheRoot, m -> {}), 60_000, 2);
    List<PuzzleRow> heard = new ArrayList<>();
    List<PuzzleRow> rows =
        runner.run(List.of(embedded), List.of("bp-pairwise"), List.of("exact"), heard::add);
    assertEquals(embedded.puzzles().size(), rows.size());
    assertEquals(rows.size(), heard.size());
    for (PuzzleRow r : rows) {
      assertEquals(PuzzleRow.Outcome.SOLVED, r.outcome, "puzzle " + r.index);
    }
    Summary s = Summary.of(rows).get(0);
    assertEquals(100.0, s.solvedPercent(), 1e-12);
  }

  @Test
  void aPassedDeadlineStopsADriverAtItsNextReport() {
    Deadline passed = new Deadline(-1);
    assertThrows(Deadline.Reached.class, () -> passed.decision(0, 1, 0, false));
    assertThrows(Deadline.Reached.class, () -> passed.backtrack(0, 1));
    Deadline later = new Deadline(3_600_000_000_000L);
    assertDoesNotThrow(() -> later.restart(1));
  }
}
