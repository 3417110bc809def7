package fgc.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fgc bench charts}: the matrix's two charts drawn again from the per-puzzle rows of an
 * earlier {@code fgc bench --out} run, so a change to the drawing needs no new run (and the figures
 * stay those of the run that measured them).
 */
@Command(
    name = "charts",
    mixinStandardHelpOptions = true,
    description =
        "Draw solve-rate.svg and time-per-grid.svg again from the puzzles.csv of an earlier "
            + "'fgc bench --out' run.")
final class ChartsCommand implements Callable<Integer> {
  @Parameters(
      index = "0",
      paramLabel = "ROWS.csv",
      description = "Per-puzzle rows as 'fgc bench --out' writes them.")
  Path rows;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Write the charts here (default: the folder of ROWS.csv).")
  Path out;

  @Override
  public Integer call() throws IOException {
    List<PuzzleRow> read = RowWriter.readCsv(rows);
    Path folder = out != null ? out : rows.toAbsolutePath().getParent();
    Charts.write(read, folder);
    System.err.println(
        "fgc bench: drew solve-rate.svg and time-per-grid.svg in "
            + folder
            + " from "
            + read.size()
            + " rows of "
            + rows);
    return 0;
  }
}
