package fgc.spark;

import fgc.driver.Drivers;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.Function;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Batch solving on Spark: each partition of a {@code Dataset<String>} is solved by one solver made
 * from a precompiled class in the application jar, line by line as the partition streams, and each
 * answer is checked independently of the solver. Rows keep the input's order within a partition,
 * and blank or comment lines give no row.
 *
 * <pre>{@code
 * Dataset<String> lines = spark.read().textFile("puzzles.txt");
 * Dataset<Row> results = FgcSpark.solvePuzzles(lines, "exact");
 * results.filter("valid").count();
 * }</pre>
 */
public final class FgcSpark {
  /**
   * The status of a line that is not a puzzle or not evidence for the model; its problem says why.
   */
  public static final String BAD_INPUT = "BAD_INPUT";

  /** The problem of a null element of the input. */
  static final String NULL_LINE = "no text (a null element of the input)";

  /**
   * The rows of {@link #solvePuzzles} and {@link #solveEvidence}: the input line; the answer (a
   * puzzle line, or every variable as {@code name=value}), null unless solved; the status (a {@code
   * SolveResult.Status} name, or {@link #BAD_INPUT}); whether the independent check passed (null
   * without an answer); and the problem (why the check failed or the input was refused, else null).
   */
  public static final StructType SOLVED =
      new StructType()
          .add("input", DataTypes.StringType, true)
          .add("answer", DataTypes.StringType, true)
          .add("status", DataTypes.StringType, false)
          .add("valid", DataTypes.BooleanType, true)
          .add("problem", DataTypes.StringType, true);

  /**
   * The rows of {@link #marginals}: the input line; the status ({@code CONVERGED}, {@code
   * NOT_CONVERGED}, {@code CONTRADICTION} or {@link #BAD_INPUT}); the sweeps run; each variable's
   * belief over its domain, lowest value first (null on a contradiction or bad input); whether the
   * check passed (each belief a distribution that keeps the evidence); and the problem.
   */
  public static final StructType MARGINALS =
      new StructType()
          .add("input", DataTypes.StringType, true)
          .add("status", DataTypes.StringType, false)
          .add("sweeps", DataTypes.IntegerType, true)
          .add(
              "marginals",
              DataTypes.createMapType(
                  DataTypes.StringType,
                  DataTypes.createArrayType(DataTypes.DoubleType, false),
                  false),
              true)
          .add("valid", DataTypes.BooleanType, true)
          .add("problem", DataTypes.StringType, true);

  private FgcSpark() {}

  /**
   * Sudoku puzzle lines (4x4, 9x9 or 16x16, one puzzle a line, as {@code fgc solve} reads them)
   * solved by the {@code generated} module's classes with the driver named {@code driver} ({@code
   * exact}, {@code decimate}, ...); each answer is checked by {@code GridValidator}. Rows: {@link
   * #SOLVED}.
   */
  public static Dataset<Row> solvePuzzles(Dataset<String> lines, String driver) {
    Drivers.named(driver); // an unknown name fails here, on the driver, not in every task
    return lines.mapPartitions(new PuzzlePartitions(driver), Encoders.row(SOLVED));
  }

  /**
   * Evidence lines for {@code model} ({@code x[0][1]=3 y=2}, observations separated by spaces; a
   * blank line observes nothing) solved with the driver named {@code driver}; each answer is
   * checked on every factor of the model ({@code Assignments.firstViolation}) and against the
   * evidence. Rows: {@link #SOLVED}. The model's class must be on this JVM's class path too: it is
   * tried here first.
   */
  public static Dataset<Row> solveEvidence(
      Dataset<String> lines, PrecompiledModel model, String driver) {
    Drivers.named(driver);
    model.newSolver();
    return lines.mapPartitions(new EvidencePartitions(model, driver), Encoders.row(SOLVED));
  }

  /**
   * The beliefs of every variable of {@code model} given each evidence line, after message passing
   * from the start to {@code fgc.runtime.Solver}'s default tolerance. Rows: {@link #MARGINALS}.
   */
  public static Dataset<Row> marginals(Dataset<String> lines, PrecompiledModel model) {
    model.newSolver();
    return lines.mapPartitions(new EvidencePartitions(model, null), Encoders.row(MARGINALS));
  }

  /**
   * {@code lines} as a Dataset of {@code partitions} consecutive slices, so that collecting the
   * results gives them in the order of {@code lines}.
   */
  public static Dataset<String> lines(SparkSession spark, List<String> lines, int partitions) {
    JavaRDD<String> rdd =
        JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(lines, partitions);
    return spark.createDataset(rdd.rdd(), Encoders.STRING());
  }

  static Row badInput(String line, String problem) {
    return RowFactory.create(line, null, BAD_INPUT, null, problem);
  }

  /**
   * Puzzle lines: one {@link PuzzleLines} (so one solver per grid size) for the whole partition.
   */
  static final class PuzzlePartitions implements MapPartitionsFunction<String, Row> {
    private static final long serialVersionUID = 1L;
    private final String driver;

    PuzzlePartitions(String driver) {
      this.driver = driver;
    }

    @Override
    public Iterator<Row> call(Iterator<String> lines) {
      return new Rows(lines, new PuzzleLines(driver)::solve);
    }
  }

  /** Evidence lines: one {@link EvidenceRows} (one solver instance) for the whole partition. */
  static final class EvidencePartitions implements MapPartitionsFunction<String, Row> {
    private static final long serialVersionUID = 1L;
    private final PrecompiledModel model;
    private final String driver;

    /** Solves with {@code driver}, or gives marginals when it is null. */
    EvidencePartitions(PrecompiledModel model, String driver) {
      this.model = model;
      this.driver = driver;
    }

    @Override
    public Iterator<Row> call(Iterator<String> lines) {
      if (!lines.hasNext()) {
        return Collections.emptyIterator(); // an empty partition makes no solver
      }
      EvidenceRows solver = new EvidenceRows(model, driver);
      return new Rows(lines, driver == null ? solver::marginals : solver::solve);
    }
  }

  /**
   * Rows made as the partition is read (never all of it in memory), skipping lines that give none.
   */
  static final class Rows implements Iterator<Row> {
    private final Iterator<String> lines;
    private final Function<String, Row> solve;
    private Row next;

    Rows(Iterator<String> lines, Function<String, Row> solve) {
      this.lines = lines;
      this.solve = Objects.requireNonNull(solve);
    }

    @Override
    public boolean hasNext() {
      while (next == null && lines.hasNext()) {
        next = solve.apply(lines.next());
      }
      return next != null;
    }

    @Override
    public Row next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      Row row = next;
      next = null;
      return row;
    }
  }
}
