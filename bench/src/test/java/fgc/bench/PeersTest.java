package fgc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.bench.peers.ChocoPeer;
import fgc.bench.peers.FgcExactPeer;
import fgc.bench.peers.PeerSolver;
import fgc.bench.peers.Sat4jPeer;
import fgc.bench.peers.Z3Peer;
import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each peer's encoding, checked on the embedded 4x4 and 9x9 puzzles and on one without solution.
 */
class PeersTest {
  @Test
  void everyPeerSolvesCountsAndRefuses() {
    Grid impossible = Grid.of(4, new int[] {1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0});
    for (PeerSolver peer :
        List.of(new FgcExactPeer(true), new ChocoPeer(), new Sat4jPeer(), new Z3Peer())) {
      try (peer) {
        for (Grid puzzle : EmbeddedPuzzles.all()) {
          if (puzzle.side() > 9) {
            continue;
          }
          Grid answer = peer.solve(puzzle);
          assertTrue(
              GridValidator.check(puzzle, answer).valid(), peer.name() + " on " + puzzle.toLine());
          assertEquals(1, peer.count(puzzle, 2), peer.name());
        }
        assertNull(peer.solve(impossible), peer.name());
        assertEquals(0, peer.count(impossible, 2), peer.name());
      }
    }
  }
}
