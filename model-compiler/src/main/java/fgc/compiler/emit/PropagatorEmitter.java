package fgc.compiler.emit;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.JavaFile;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import fgc.compilation.Sha256;
import fgc.plan.BitmaskTables;
import fgc.solver.Propagator;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Emits the Java source of a {@link Propagator} for one model's {@link BitmaskTables}: the
 * propagation of {@code fgc.driver.search.BitmaskPropagation} (naked singles through value boards,
 * hidden singles, locked candidates through segment ors) with each unit's, segment's and pair's
 * cells as constant indices, unrolled, each check guarded by its dirty bit, in group methods of
 * about {@value #GROUP_CELLS} cells. What the search does rarely (placing a hidden single, removing
 * locked candidates) stays a loop over tables. Only numbers from the tables reach the source.
 *
 * <p>Why group methods: HotSpot never JIT-compiles a method of more than 8,000 bytes of bytecode,
 * and all 27 units of a 9x9 unrolled in one method pass it, so they would run interpreted; one
 * method per check behind a switch pays a call and a dispatch for every check. Groups of about
 * {@value #GROUP_CELLS} cells stay well under the limit and make few calls.
 *
 * <p>Fits models whose units and pairs fit one word each, with value boards and segment covers
 * (Sudoku up to 9x9, Latin squares, colourings of up to {@value #MAX_VARIABLES} variables); the
 * search keeps its own propagation for the rest.
 */
public final class PropagatorEmitter {
  /** The package of the generated class. */
  public static final String PACKAGE = "fgc.generated.exact";

  /** The generated class's simple name. */
  public static final String CLASS = "ModelPropagator";

  /** The most variables: keeps the static tables small and the cell methods short. */
  static final int MAX_VARIABLES = 256;

  /**
   * The most variables listed by units and pairs together: every table entry costs some 10 bytes of
   * the static initializer, which the JVM limits to 64 KB (9x9 Sudoku: 1,269).
   */
  static final int MAX_TABLE_ENTRIES = 3000;

  /**
   * Cells per group method: 160 cells of 9x9 units passed 8,000 bytes of bytecode; 90 stay well
   * below.
   */
  static final int GROUP_CELLS = 90;

  private static final TypeName LONGS = TypeName.get(long[].class);
  private static final TypeName INTS = TypeName.get(int[].class);

  private final BitmaskTables t;
  private final String key;
  private final long[] pairBits;
  private final int[] pairStart;
  private final int[] pairVars;
  private final long[] peerRows;
  private final long[] segmentBits;
  private final int[] sideSegments;
  private final int[] sideStart;
  private final long[] unitBits;
  private final long[] unitFull;
  private final int[] unitStart;
  private final int[] unitVars;
  private final int pairWords;
  private final int unitWords;
  private final int n;
  private final int words;
  private final int segmentStart;
  private final int boardStart;
  private final int pairs;

  /** The group methods {@link #chain} made. */
  private final List<MethodSpec> groups = new ArrayList<>();

  private PropagatorEmitter(BitmaskTables tables, String key) {
    this.t = tables;
    this.key = key;
    this.pairBits = tables.pairBits();
    this.pairStart = tables.pairStart();
    this.pairVars = tables.pairVars();
    this.peerRows = tables.peerRows();
    this.segmentBits = tables.segmentBits();
    this.sideSegments = tables.sideSegments();
    this.sideStart = tables.sideStart();
    this.unitBits = tables.unitBits();
    this.unitFull = tables.unitFull();
    this.unitStart = tables.unitStart();
    this.unitVars = tables.unitVars();
    this.pairWords = tables.pairWords();
    this.unitWords = tables.unitWords();
    this.n = tables.variableCount();
    this.words = tables.words();
    this.pairs = tables.unitPairCount();
    this.segmentStart = n + words;
    this.boardStart = n + words + 2 * pairs;
  }

  /**
   * Whether a propagator can be generated for {@code tables} (else the search propagates itself).
   */
  public static boolean fits(BitmaskTables tables) {
    return tables.variableCount() >= 1
        && tables.variableCount() <= MAX_VARIABLES
        && tables.peerRows() != null
        && tables.sideStart() != null
        && tables.unitFull().length <= 64
        && tables.unitPairCount() <= 64
        && tables.unitVars().length + tables.pairVars().length + tables.sideSegments().length
            <= MAX_TABLE_ENTRIES;
  }

  /**
   * The source of a {@link Propagator} for {@code tables}, which must {@link #fits fit}, reporting
   * {@code key} (its cache key: 64 hex digits) and the digest of its tables.
   */
  public static String of(BitmaskTables tables, String key) {
    if (!fits(tables)) {
      throw new IllegalArgumentException("no generated propagator for these tables");
    }
    if (!Sha256.isHex(key)) {
      throw new IllegalArgumentException("a propagator's key is 64 hex digits");
    }
    return new PropagatorEmitter(tables, key).emit();
  }

  private String emit() {
    TypeSpec.Builder type =
        TypeSpec.classBuilder(CLASS)
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .superclass(ClassName.get(Propagator.class))
            .addJavadoc(
                "Generated by fgc for one model: $L variables, $L units, $L unit pairs.\n",
                n,
                unitFull.length,
                pairs);
    type.addField(longTable("UNIT_BITS", perVariable(unitBits, unitWords)));
    type.addField(longTable("PAIR_BITS", perVariable(pairBits, pairWords)));
    type.addField(longTable("SEGMENT_BITS", perVariable(segmentBits, pairWords)));
    type.addField(longTable("PEERS", peerRows));
    type.addField(intTable("UNIT_START", unitStart));
    type.addField(intTable("UNIT_VARS", unitVars));
    type.addField(intTable("PAIR_START", pairStart));
    type.addField(intTable("PAIR_VARS", pairVars));
    // Read only by tablesDigest(): the code has them as constants.
    type.addField(longTable("UNIT_FULL", unitFull));
    type.addField(intTable("SIDE_START", sideStart));
    type.addField(intTable("SIDE_SEGMENTS", sideSegments));
    for (String field : new String[] {"dirtyUnits", "dirtyPairs", "dirtySegments"}) {
      type.addField(long.class, field, Modifier.PRIVATE);
    }
    type.addField(int.class, "tail", Modifier.PRIVATE);
    type.addField(boolean.class, "shrank", Modifier.PRIVATE);
    type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC).build());
    type.addMethod(
        MethodSpec.methodBuilder("key")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(String.class)
            .addStatement("return $S", key)
            .build());
    type.addMethod(
        MethodSpec.methodBuilder("tablesDigest")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(String.class)
            .addStatement(
                "return digestOf($L, $L, $L, UNIT_START, UNIT_VARS, UNIT_FULL, PAIR_START,"
                    + " PAIR_VARS, SIDE_START, SIDE_SEGMENTS, PEERS)",
                n,
                words,
                t.valueWidth())
            .build());
    type.addMethod(allChanged());
    type.addMethod(changed());
    type.addMethod(propagate());
    type.addMethod(takeFromHolders());
    type.addMethod(take());
    type.addMethod(narrow());
    type.addMethod(hiddenSingles());
    type.addMethod(place());
    type.addMethod(lockedCandidates());
    type.addMethod(refreshSegments());
    type.addMethod(removeLocked());
    type.addMethods(groups);
    type.addMethod(remove());
    return JavaFile.builder(PACKAGE, type.build()).skipJavaLangImports(true).build().toString();
  }

  /**
   * Word 0 of each variable's bitset: the only word when units and pairs fit one (see {@link
   * #fits}).
   */
  private long[] perVariable(long[] bits, int stride) {
    long[] first = new long[n];
    for (int v = 0; v < n; v++) {
      first[v] = bits[v * stride];
    }
    return first;
  }

  private static FieldSpec longTable(String name, long[] values) {
    CodeBlock.Builder init = CodeBlock.builder().add("{");
    for (int i = 0; i < values.length; i++) {
      init.add(i == 0 ? "$L" : ", $L", hex(values[i]));
    }
    return FieldSpec.builder(LONGS, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .initializer(init.add("}").build())
        .build();
  }

  private static FieldSpec intTable(String name, int[] values) {
    CodeBlock.Builder init = CodeBlock.builder().add("{");
    for (int i = 0; i < values.length; i++) {
      init.add(i == 0 ? "$L" : ", $L", values[i]);
    }
    return FieldSpec.builder(INTS, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .initializer(init.add("}").build())
        .build();
  }

  private static String hex(long value) {
    return "0x" + Long.toHexString(value) + "L";
  }

  /**
   * {@code mask} where it has at most one bit ({@code single}), or where it has more; without a
   * branch when the values leave bit 63 free, so {@code c & (c - 1)} is never negative: the
   * unrolled checks then have no conditional per cell for the JIT to profile and compile.
   */
  private String atMostOneBit(String mask, boolean single) {
    String singles = "(((" + mask + " & (" + mask + " - 1)) - 1) >> 63)";
    if (t.valueWidth() < 64) {
      return single ? mask + " & " + singles : mask + " & ~" + singles;
    }
    return single
        ? "(" + mask + " & (" + mask + " - 1)) == 0 ? " + mask + " : 0L"
        : "(" + mask + " & (" + mask + " - 1)) != 0 ? " + mask + " : 0L";
  }

  private static long lowBits(int count) {
    return count >= 64 ? -1L : (1L << count) - 1;
  }

  private static MethodSpec.Builder method(String name, TypeName returns) {
    return MethodSpec.methodBuilder(name).addModifiers(Modifier.PRIVATE).returns(returns);
  }

  private MethodSpec allChanged() {
    return MethodSpec.methodBuilder("allChanged")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .addStatement("dirtyUnits = $L", hex(lowBits(unitFull.length)))
        .addStatement("dirtyPairs = $L", hex(lowBits(pairs)))
        .addStatement("dirtySegments = $L", hex(lowBits(pairs)))
        .build();
  }

  private MethodSpec changed() {
    return MethodSpec.methodBuilder("changed")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addParameter(int.class, "v")
        .addStatement("dirtyUnits |= UNIT_BITS[v]")
        .addStatement("dirtyPairs |= PAIR_BITS[v]")
        .addStatement("dirtySegments |= SEGMENT_BITS[v]")
        .build();
  }

  private MethodSpec propagate() {
    return MethodSpec.methodBuilder("propagate")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(boolean.class)
        .addParameter(LONGS, "s")
        .addParameter(INTS, "queue")
        .addParameter(int.class, "tail")
        .addStatement("int head = 0")
        .beginControlFlow("while (true)")
        .beginControlFlow("while (head < tail)")
        .addStatement("int x = queue[head++]")
        .addStatement("int word = $L + (x >>> 6)", n)
        .addStatement("long done = 1L << x")
        .beginControlFlow("if ((s[word] & done) != 0)")
        .addStatement("continue")
        .endControlFlow()
        .addStatement("s[word] |= done")
        .addStatement("this.tail = tail")
        .beginControlFlow("if (!takeFromHolders(s, queue, x, s[x]))")
        .addStatement("return false")
        .endControlFlow()
        .addStatement("tail = this.tail")
        .endControlFlow()
        .addStatement("int before = tail")
        .addStatement("tail = hiddenSingles(s, queue, tail)")
        .beginControlFlow("if (tail < 0)")
        .addStatement("return false")
        .endControlFlow()
        .beginControlFlow("if (tail > before)")
        .addStatement("continue")
        .endControlFlow()
        .addStatement("shrank = false")
        .addStatement("tail = lockedCandidates(s, queue, tail)")
        .beginControlFlow("if (tail < 0)")
        .addStatement("return false")
        .endControlFlow()
        .beginControlFlow("if (!shrank)")
        .addStatement("return true")
        .endControlFlow()
        .endControlFlow()
        .build();
  }

  /**
   * The peers of {@code x} that hold {@code bit}, word by word off its board (unrolled), each
   * losing it.
   */
  private MethodSpec takeFromHolders() {
    MethodSpec.Builder m =
        method("takeFromHolders", TypeName.BOOLEAN)
            .addParameter(LONGS, "s")
            .addParameter(INTS, "queue")
            .addParameter(int.class, "x")
            .addParameter(long.class, "bit")
            .addStatement("int row = $L + Long.numberOfTrailingZeros(bit) * $L", boardStart, words)
            .addStatement("int p = x * $L", words)
            .addStatement("long holders");
    for (int w = 0; w < words; w++) {
      m.addStatement("holders = s[row + $L] & PEERS[p + $L]", w, w)
          .addStatement("s[row + $L] ^= holders", w)
          .beginControlFlow("for (; holders != 0; holders &= holders - 1)")
          .beginControlFlow(
              "if (!take(s, queue, $L + Long.numberOfTrailingZeros(holders), bit))", 64 * w)
          .addStatement("return false")
          .endControlFlow()
          .endControlFlow();
    }
    return m.addStatement("return true").build();
  }

  private MethodSpec take() {
    return method("take", TypeName.BOOLEAN)
        .addParameter(LONGS, "s")
        .addParameter(INTS, "queue")
        .addParameter(int.class, "v")
        .addParameter(long.class, "bit")
        .addStatement("long c = s[v] & ~bit")
        .beginControlFlow("if (c == 0)")
        .addStatement("return false")
        .endControlFlow()
        .addStatement("s[v] = c")
        .addStatement("changed(v)")
        .beginControlFlow("if ((c & (c - 1)) == 0)")
        .addStatement("queue[tail++] = v")
        .endControlFlow()
        .addStatement("return true")
        .build();
  }

  private MethodSpec narrow() {
    return method("narrow", TypeName.VOID)
        .addParameter(LONGS, "s")
        .addParameter(int.class, "v")
        .addParameter(long.class, "mask")
        .addStatement("long bit = 1L << v")
        .addStatement("int at = $L + (v >>> 6)", boardStart)
        .beginControlFlow("for (long removed = s[v] & ~mask; removed != 0; removed &= removed - 1)")
        .addStatement("s[at + Long.numberOfTrailingZeros(removed) * $L] &= ~bit", words)
        .endControlFlow()
        .addStatement("s[v] = mask")
        .build();
  }

  /**
   * Checks of units (or pairs, or segments) in the order of their bits, each guarded by its bit of
   * the dirty set, the set cleared first: {@code top} reads the set into {@code pending} and calls
   * group methods of at most {@link #GROUP_CELLS} cells' worth of checks each. Unrolled in one
   * method the 27 units of a 9x9 Sudoku pass 8,000 bytes and HotSpot would never compile it; as one
   * method per check, a call each, and through a switch a dispatch as well.
   */
  private void chain(
      MethodSpec.Builder top,
      String name,
      String field,
      boolean tail,
      List<CodeBlock> checks,
      int[] cells) {
    top.addStatement("long pending = $L", field).addStatement("$L = 0", field);
    int made = 0;
    for (int from = 0; from < checks.size(); made++) {
      int to = from;
      int weight = 0;
      MethodSpec.Builder group =
          method(name + made, tail ? TypeName.INT : TypeName.VOID).addParameter(LONGS, "s");
      if (tail) {
        group.addParameter(INTS, "queue").addParameter(int.class, "tail");
      }
      group.addParameter(long.class, "pending");
      while (to < checks.size() && (to == from || weight + cells[to] <= GROUP_CELLS)) {
        weight += cells[to];
        group
            .beginControlFlow("if ((pending & $L) != 0)", hex(1L << to))
            .addCode(checks.get(to))
            .endControlFlow();
        to++;
      }
      groups.add(tail ? group.addStatement("return tail").build() : group.build());
      // A group none of whose checks is pending is skipped with one test.
      top.beginControlFlow("if ((pending & $L) != 0)", hex(lowBits(to) & ~lowBits(from)));
      if (tail) {
        top.addStatement("tail = $L(s, queue, tail, pending)", name + made)
            .beginControlFlow("if (tail < 0)")
            .addStatement("return -1")
            .endControlFlow();
      } else {
        top.addStatement("$L(s, pending)", name + made);
      }
      top.endControlFlow();
      from = to;
    }
  }

  private MethodSpec hiddenSingles() {
    int units = unitFull.length;
    List<CodeBlock> checks = new ArrayList<>();
    int[] cells = new int[units];
    for (int u = 0; u < units; u++) {
      checks.add(unit(u));
      cells[u] = unitStart[u + 1] - unitStart[u];
    }
    MethodSpec.Builder m =
        method("hiddenSingles", TypeName.INT)
            .addParameter(LONGS, "s")
            .addParameter(INTS, "queue")
            .addParameter(int.class, "tail");
    chain(m, "hiddenSinglesOf", "dirtyUnits", true, checks, cells);
    return m.addStatement("return tail").build();
  }

  /** Hidden singles in unit {@code u}: its cells counted bit-sliced, unrolled. */
  private CodeBlock unit(int u) {
    CodeBlock.Builder m =
        CodeBlock.builder()
            .addStatement("long c")
            .addStatement("long once = 0")
            .addStatement("long twice = 0")
            .addStatement("long fixed = 0");
    for (int k = unitStart[u]; k < unitStart[u + 1]; k++) {
      m.addStatement("c = s[$L]", unitVars[k])
          .addStatement("twice |= once & c")
          .addStatement("once |= c")
          .addStatement("fixed |= $L", atMostOneBit("c", true));
    }
    return m.beginControlFlow("if (once != $L)", hex(unitFull[u]))
        .addStatement("return -1")
        .endControlFlow()
        .addStatement("long hidden = once & ~twice & ~fixed")
        .beginControlFlow("if (hidden != 0)")
        .addStatement("tail = place(s, queue, $L, hidden, tail)", u)
        .beginControlFlow("if (tail < 0)")
        .addStatement("return -1")
        .endControlFlow()
        .endControlFlow()
        .build();
  }

  private MethodSpec place() {
    return method("place", TypeName.INT)
        .addParameter(LONGS, "s")
        .addParameter(INTS, "queue")
        .addParameter(int.class, "u")
        .addParameter(long.class, "hidden")
        .addParameter(int.class, "tail")
        .beginControlFlow("for (int k = UNIT_START[u], end = UNIT_START[u + 1]; k < end; k++)")
        .addStatement("int v = UNIT_VARS[k]")
        .addStatement("long m = s[v] & hidden")
        .beginControlFlow("if (m != 0)")
        .beginControlFlow("if ((m & (m - 1)) != 0)")
        .addStatement("return -1")
        .endControlFlow()
        .addStatement("narrow(s, v, m)")
        .addStatement("changed(v)")
        .addStatement("queue[tail++] = v")
        .endControlFlow()
        .endControlFlow()
        .addStatement("return tail")
        .build();
  }

  private MethodSpec lockedCandidates() {
    List<CodeBlock> checks = new ArrayList<>();
    int[] cells = new int[pairs];
    for (int p = 0; p < pairs; p++) {
      checks.add(pair(p));
      cells[p] = sideStart[2 * p + 2] - sideStart[2 * p] + 1;
    }
    MethodSpec.Builder m =
        method("lockedCandidates", TypeName.INT)
            .addParameter(LONGS, "s")
            .addParameter(INTS, "queue")
            .addParameter(int.class, "tail")
            .addStatement("refreshSegments(s)");
    chain(m, "lockedCandidatesOf", "dirtyPairs", true, checks, cells);
    return m.addStatement("return tail").build();
  }

  private MethodSpec refreshSegments() {
    List<CodeBlock> checks = new ArrayList<>();
    int[] cells = new int[pairs];
    for (int p = 0; p < pairs; p++) {
      checks.add(segment(p));
      cells[p] = pairStart[3 * p + 1] - pairStart[3 * p];
    }
    MethodSpec.Builder m = method("refreshSegments", TypeName.VOID).addParameter(LONGS, "s");
    chain(m, "refreshSegmentsOf", "dirtySegments", false, checks, cells);
    return m.build();
  }

  /** Or-s the masks of pair {@code p}'s shared part (all, and unfixed only) into the state. */
  private CodeBlock segment(int p) {
    CodeBlock.Builder m =
        CodeBlock.builder()
            .addStatement("long c")
            .addStatement("long all = 0")
            .addStatement("long open = 0");
    for (int k = pairStart[3 * p]; k < pairStart[3 * p + 1]; k++) {
      m.addStatement("c = s[$L]", pairVars[k])
          .addStatement("all |= c")
          .addStatement("open |= $L", atMostOneBit("c", false));
    }
    return m.addStatement("s[$L] = all", segmentStart + 2 * p)
        .addStatement("s[$L] = open", segmentStart + 2 * p + 1)
        .build();
  }

  /** Locked candidates for pair {@code p}, its sides read as the ors of their segments. */
  private CodeBlock pair(int p) {
    return CodeBlock.builder()
        .addStatement("long inShared = s[$L]", segmentStart + 2 * p + 1)
        .beginControlFlow("if (inShared != 0)")
        .addStatement("long inFirst = $L", sideOr(sideStart[2 * p], sideStart[2 * p + 1]))
        .addStatement("long inSecond = $L", sideOr(sideStart[2 * p + 1], sideStart[2 * p + 2]))
        .addStatement("long fromSecond = inShared & ~inFirst & inSecond")
        .addStatement("long fromFirst = inShared & ~inSecond & inFirst")
        .beginControlFlow("if ((fromSecond | fromFirst) != 0)")
        .addStatement("tail = removeLocked(s, queue, $L, fromFirst, fromSecond, tail)", p)
        .add(
            "// Later pairs of this pass read segments: or them again over the masks just"
                + " narrowed.\n")
        .addStatement("refreshSegments(s)")
        .beginControlFlow("if (tail < 0)")
        .addStatement("return -1")
        .endControlFlow()
        .endControlFlow()
        .endControlFlow()
        .build();
  }

  private String sideOr(int from, int to) {
    if (from == to) {
      return "0L";
    }
    StringBuilder or = new StringBuilder();
    for (int k = from; k < to; k++) {
      or.append(k == from ? "" : " | ")
          .append("s[")
          .append(segmentStart + 2 * sideSegments[k])
          .append(']');
    }
    return or.toString();
  }

  private MethodSpec removeLocked() {
    return method("removeLocked", TypeName.INT)
        .addParameter(LONGS, "s")
        .addParameter(INTS, "queue")
        .addParameter(int.class, "p")
        .addParameter(long.class, "fromFirst")
        .addParameter(long.class, "fromSecond")
        .addParameter(int.class, "tail")
        .addStatement("shrank = true")
        .addStatement("int shared = 3 * p")
        .addStatement(
            "tail = remove(s, queue, PAIR_START[shared + 2], PAIR_START[shared + 3], fromSecond,"
                + " tail)")
        .beginControlFlow("if (tail < 0)")
        .addStatement("return -1")
        .endControlFlow()
        .addStatement(
            "return remove(s, queue, PAIR_START[shared + 1], PAIR_START[shared + 2], fromFirst,"
                + " tail)")
        .build();
  }

  private MethodSpec remove() {
    return method("remove", TypeName.INT)
        .addParameter(LONGS, "s")
        .addParameter(INTS, "queue")
        .addParameter(int.class, "from")
        .addParameter(int.class, "to")
        .addParameter(long.class, "mask")
        .addParameter(int.class, "tail")
        .beginControlFlow("if (mask == 0)")
        .addStatement("return tail")
        .endControlFlow()
        .beginControlFlow("for (int k = from; k < to; k++)")
        .addStatement("int v = PAIR_VARS[k]")
        .addStatement("long c = s[v]")
        .beginControlFlow("if ((c & mask) != 0)")
        .addStatement("c &= ~mask")
        .beginControlFlow("if (c == 0)")
        .addStatement("return -1")
        .endControlFlow()
        .addStatement("narrow(s, v, c)")
        .addStatement("changed(v)")
        .beginControlFlow("if ((c & (c - 1)) == 0)")
        .addStatement("queue[tail++] = v")
        .endControlFlow()
        .endControlFlow()
        .endControlFlow()
        .addStatement("return tail")
        .build();
  }
}
