package fgc.bench.peers;

import fgc.bench.BenchPropagators;
import fgc.driver.Assignments;
import fgc.driver.ExactDriver;
import fgc.driver.SolveResult;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.puzzles.Grid;
import java.util.Arrays;
import java.util.Map;

/** fgc's {@code exact} driver on the bundled Sudoku model: what the peers are compared with. */
public final class FgcExactPeer implements PeerSolver {
  private final ExactDriver driver;
  private final String name;
  private Model model;
  private int side = -1;

  public FgcExactPeer(boolean lockedCandidates) {
    this.driver =
        BenchPropagators.generating(
            ExactDriver.withDefaults().withLockedCandidates(lockedCandidates));
    this.name = "fgc exact" + (lockedCandidates ? " (locked candidates)" : " (singles only)");
  }

  @Override
  public String name() {
    return name;
  }

  private int[] evidence(Grid puzzle) {
    if (puzzle.side() != side) {
      side = puzzle.side();
      model = FgcLanguage.bundled("sudoku", Map.of("n", Math.round(Math.sqrt(side))));
    }
    int[] evidence = Assignments.empty(model);
    for (int k = 0; k < puzzle.cellCount(); k++) {
      if (puzzle.get(k) != 0) {
        evidence[k] = puzzle.get(k);
      }
    }
    return evidence;
  }

  @Override
  public Grid solve(Grid puzzle) {
    int[] evidence = evidence(puzzle);
    SolveResult r = driver.solve(null, model, evidence);
    return r.solved() ? Grid.of(side, Arrays.copyOf(r.values(), puzzle.cellCount())) : null;
  }

  @Override
  public int count(Grid puzzle, int limit) {
    int[] evidence = evidence(puzzle);
    return driver.countSolutions(model, evidence, limit);
  }
}
