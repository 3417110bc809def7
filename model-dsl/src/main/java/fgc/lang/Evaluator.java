package fgc.lang;

import fgc.lang.Ast.Binders;
import fgc.lang.Ast.Cond;
import fgc.lang.Ast.NumExpr;
import fgc.lang.Ast.Pos;
import fgc.lang.Ast.Stmt;
import fgc.model.Formula;
import fgc.model.Limits;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.ModelException;
import fgc.model.Names;
import fgc.model.VariableArray;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Syntax tree to model IR: runs the statements in order, unrolling loops, and makes exactly the
 * {@link ModelBuilder} calls a Java author would write, so text and builder give identical IR. The
 * first error stops evaluation; builder errors become diagnostics at the statement that caused
 * them. Loop iterations and factor variables share one budget, {@link #MAX_STEPS}, so no model can
 * run for hours or exhaust memory while unrolling.
 *
 * <p>This class holds the names in scope, runs loops and blocks and evaluates constant expressions;
 * {@link VariableStatements} and {@link FactorStatements} run the statements that declare variables
 * and make factors, and {@link DataTables} declares and reads the data tables.
 */
final class Evaluator {
  static final long MAX_STEPS = 20_000_000L;

  /** What a constant name is; used in messages. */
  private enum Kind {
    PARAM("param"),
    LET("let"),
    LOOP("loop variable");

    final String word;

    Kind(String word) {
      this.word = word;
    }
  }

  /**
   * What a name stands for: an integer or decimal constant, a variable array or a data table, and
   * where it was declared.
   */
  sealed interface Symbol permits Constant, RealConstant, FormulaLet, Array, Table {
    Pos pos();
  }

  record Constant(Kind kind, long value, Pos pos) implements Symbol {}

  /** A let whose value is a decimal: only a weight formula (or another let) may use it. */
  record RealConstant(double value, Pos pos) implements Symbol {}

  /** A let whose value reads variables: a name for that expression, in relations and weights. */
  record FormulaLet(Formula value, Pos pos) implements Symbol {}

  record Array(VariableArray array, Pos pos) implements Symbol {}

  /** A data table the model declared with {@code data NAME;}, read from the data file. */
  record Table(DataSet.Entry entry, Pos pos) implements Symbol {}

  private final Source source;
  private final Map<String, Long> overrides;
  private final Map<String, Symbol> symbols = new HashMap<>();

  /** The names each open block declared, innermost first; they go out of scope with it. */
  private final Deque<List<String>> scopes = new ArrayDeque<>();

  /** The names of a block that has declared none yet. */
  private static final List<String> NO_NAMES = List.of();

  private final Map<String, Long> params = new LinkedHashMap<>();
  private final ModelBuilder builder; // null when only the params are wanted
  private final DataTables dataTables;
  private long steps;

  /**
   * Each weight statement's shape ({@link WeightShape}), or null when every formula is lowered
   * afresh.
   */
  private final Map<Ast.Weight, WeightShape> weightShapes;

  private Evaluator(
      Source source,
      Map<String, Long> overrides,
      ModelBuilder builder,
      DataSet data,
      boolean shapes) {
    this.source = source;
    this.overrides = overrides;
    this.builder = builder;
    this.dataTables = new DataTables(this, source, data);
    this.weightShapes = shapes ? new java.util.IdentityHashMap<>() : null;
    scopes.push(new ArrayList<>());
  }

  /** The model {@code program} describes, its params set from {@code overrides} where given. */
  static Model model(
      Source source, Ast.Program program, Map<String, Long> overrides, DataSet data) {
    return model(source, program, overrides, data, true);
  }

  /**
   * As {@link #model(Source, Ast.Program, Map, DataSet)}; without {@code shapes}, every weight
   * formula is lowered afresh at every use and every loop runs iteration by iteration (the plain
   * path, which tests compare weight shapes and loop families with).
   */
  static Model model(
      Source source,
      Ast.Program program,
      Map<String, Long> overrides,
      DataSet data,
      boolean shapes) {
    checkOverrides(source, program, overrides);
    String name = program.name().orElseGet(() -> defaultName(source.name()));
    Evaluator e = new Evaluator(source, overrides, Model.builder(name), data, shapes);
    for (Stmt s : program.statements()) {
      e.execute(s);
    }
    try {
      return e.builder.build();
    } catch (ModelException ex) {
      throw e.error(program.end(), ex.getMessage());
    }
  }

  /** The params with their default values, in order; only top-level params and lets are run. */
  static Map<String, Long> parameters(Source source, Ast.Program program) {
    Evaluator e = new Evaluator(source, Map.of(), null, DataSet.empty(), false);
    for (Stmt s : program.statements()) {
      if (s instanceof Ast.Param || s instanceof Ast.Let) {
        e.execute(s);
      }
    }
    return Collections.unmodifiableMap(e.params);
  }

  /** The source name without directory and {@code .fg}, or "model" if that is no identifier. */
  static String defaultName(String sourceName) {
    String base =
        sourceName.substring(
            Math.max(sourceName.lastIndexOf('/'), sourceName.lastIndexOf('\\')) + 1);
    if (base.endsWith(".fg")) {
      base = base.substring(0, base.length() - 3);
    }
    return Names.isIdentifier(base) ? base : "model";
  }

  /** Every override must name a declared param; all the wrong ones are reported together. */
  private static void checkOverrides(
      Source source, Ast.Program program, Map<String, Long> overrides) {
    List<String> declared = new ArrayList<>();
    for (Stmt s : program.statements()) {
      if (s instanceof Ast.Param p) {
        declared.add(p.name());
      }
    }
    List<Diagnostic> wrong = new ArrayList<>();
    List<String> names = new ArrayList<>(overrides.keySet());
    names.sort(Comparator.nullsFirst(Comparator.naturalOrder()));
    for (String name : names) {
      if (!declared.contains(name)) {
        String known =
            declared.isEmpty()
                ? "the model declares no params"
                : "the model declares: " + String.join(", ", declared);
        wrong.add(
            Diagnostic.unpositioned(
                source.name(), "unknown param '" + name + "' in the overrides; " + known));
      } else if (overrides.get(name) == null) {
        wrong.add(
            Diagnostic.unpositioned(source.name(), "param override '" + name + "' has no value"));
      }
    }
    if (!wrong.isEmpty()) {
      throw new LanguageException(wrong);
    }
  }

  // ---- Statements ------------------------------------------------------------------------------

  private void execute(Stmt s) {
    if (s instanceof Ast.Param p) {
      long value = eval(p.value()); // the default must be valid even when overridden
      if (overrides.containsKey(p.name())) {
        value = overrides.get(p.name());
      }
      declare(p.name(), new Constant(Kind.PARAM, value, p.pos()));
      params.put(p.name(), value);
    } else if (s instanceof Ast.Let l) {
      declare(l.name(), let(l));
    } else if (s instanceof Ast.Var v) {
      VariableStatements.variables(this, v);
    } else if (s instanceof Ast.Observe o) {
      VariableStatements.observe(this, o);
    } else if (s instanceof Ast.Group g) {
      g.statements().forEach(this::execute);
    } else if (s instanceof Ast.Data d) {
      dataTables.declare(d);
    } else if (s instanceof Ast.For f) {
      // On the plain path (no shapes) every loop runs iteration by iteration: tests compare the
      // two.
      if (weightShapes == null || !LoopFamilies.tryFamily(this, f)) {
        forEach(f.binders(), () -> executeBlock(f.body()));
      }
    } else if (s instanceof Ast.If i) {
      executeBlock(test(i.cond()) ? i.then() : i.otherwise());
    } else {
      FactorStatements.execute(this, s);
    }
  }

  /**
   * A let's value: an integer or a decimal constant, or, when it reads variables, the expression
   * itself ({@code let a = x[r][c];}), which relations and weights may then use by name.
   */
  private Symbol let(Ast.Let l) {
    Formula value = new Lowering(this, Lowering.ANY_VARIABLE).number(l.value());
    if (!value.isConstant()) {
      return new FormulaLet(value, l.pos());
    }
    return value.type() == Formula.Type.INT
        ? new Constant(Kind.LET, value.integer(), l.pos())
        : new RealConstant(value.realValue(), l.pos());
  }

  private void executeBlock(List<Stmt> body) {
    scopes.push(NO_NAMES); // a list only once the block declares a name: a loop body runs once per
    // iteration
    for (Stmt s : body) {
      execute(s);
    }
    popScope();
  }

  /**
   * The flat indices of {@code refs} for every binding of {@code binders}, bounded by {@link
   * Limits#MAX_ARITY}.
   */
  List<Integer> scope(Pos pos, String keyword, List<Ast.Ref> refs, Binders binders) {
    List<Integer> scope = new ArrayList<>(refs.size());
    forEach(
        binders,
        () -> {
          for (Ast.Ref ref : refs) {
            step(ref.pos());
            if (scope.size()
                == Limits.MAX_ARITY) { // checked while collecting, so memory stays bounded
              throw error(
                  pos,
                  keyword
                      + " over more than "
                      + Limits.MAX_ARITY
                      + " variables; the limit is "
                      + Limits.MAX_ARITY);
            }
            scope.add(resolve(ref));
          }
        });
    return scope;
  }

  /**
   * Runs a builder call; its error becomes a diagnostic at {@code pos}, and its factors keep {@code
   * pos} as their origin.
   */
  void build(Pos pos, Runnable call) {
    if (pos != originPos) {
      // One origin per statement, shared by every factor a loop makes there.
      originPos = pos;
      Source from = source;
      builder.origin(message -> from.diagnostic(pos, message).format());
    }
    try {
      call.run();
    } catch (ModelException e) {
      throw error(pos, e.getMessage());
    }
  }

  /** The data tables the program declared, and the reading of them. */
  DataTables dataTables() {
    return dataTables;
  }

  ModelBuilder builder() {
    return builder;
  }

  /** The weight statements' shapes, or null when they are not used. */
  Map<Ast.Weight, WeightShape> weightShapes() {
    return weightShapes;
  }

  /** The statement position the builder's current origin is at. */
  private Pos originPos;

  /** The message for a name nothing declares, with the nearest declared one. */
  String unknownName(String name) {
    return "unknown name '"
        + name
        + "'"
        + fgc.model.Names.didYouMean(name, new java.util.TreeSet<>(symbols.keySet()));
  }

  /** The data table {@code name} refers to, or a positioned error. */
  DataSet.Entry table(Pos pos, String name) {
    Symbol symbol = symbols.get(name);
    if (symbol == null) {
      throw error(pos, unknownName(name));
    }
    if (!(symbol instanceof Table t)) {
      throw error(pos, "'" + name + "' is " + describe(symbol) + ", not a data table");
    }
    return t.entry();
  }

  static String describe(Symbol symbol) {
    if (symbol instanceof Constant c) {
      return "a " + c.kind().word;
    }
    if (symbol instanceof RealConstant) {
      return "a decimal let";
    }
    if (symbol instanceof FormulaLet) {
      return "a let over variables";
    }
    return symbol instanceof Array ? "a variable array" : "a data table";
  }

  /** The element name of flat variable {@code index}, e.g. {@code x[2]}. */
  String variableName(int index) {
    for (Symbol symbol : symbols.values()) {
      if (symbol instanceof Array a
          && index >= a.array().firstIndex()
          && index < a.array().firstIndex() + a.array().size()) {
        return a.array().elementName(index - a.array().firstIndex());
      }
    }
    return "variable " + index;
  }

  /** What {@code name} stands for here, or null. */
  Symbol symbol(String name) {
    return symbols.get(name);
  }

  /**
   * A variable where a constant is needed (a bound, an index, a size, an if): only relations and
   * weights may use variables.
   */
  LanguageException notAConstant(Pos pos, String name) {
    Symbol symbol = symbols.get(name);
    boolean array = symbol instanceof Array a && a.array().rank() > 0;
    String what =
        symbol instanceof FormulaLet f
            ? "a let over variables (declared at " + f.pos() + ")"
            : array ? "a variable array" : "a variable";
    return error(
        pos,
        "'"
            + name
            + "' is "
            + what
            + ": it has no value until the model is solved,"
            + " so only a relation or a weight may use it");
  }

  /** Runs {@code body} once for every binding of {@code binders} that passes their filter. */
  void forEach(Binders binders, Runnable body) {
    bind(binders, 0, body);
  }

  private void bind(Binders binders, int k, Runnable body) {
    if (k == binders.list().size()) {
      if (test(binders.where())) {
        body.run();
      }
      return;
    }
    Ast.Binder binder = binders.list().get(k);
    Symbol existing = symbols.get(binder.name());
    if (existing != null) {
      throw error(binder.pos(), redefinition(binder.name(), existing));
    }
    long lo = eval(binder.range().lo());
    long hi = eval(binder.range().hi());
    if (hi < lo) {
      return;
    }
    // Every iteration costs a step whatever the body does, so a runaway range fails at once.
    long span = hi - lo;
    if (span < 0 || span >= MAX_STEPS - steps) {
      throw error(binder.pos(), tooManySteps());
    }
    scopes.push(new ArrayList<>(List.of(binder.name())));
    for (long value = lo; ; value++) { // stops at hi without computing hi + 1, which may overflow
      step(binder.pos());
      symbols.put(binder.name(), new Constant(Kind.LOOP, value, binder.pos()));
      bind(binders, k + 1, body);
      if (value == hi) {
        break;
      }
    }
    popScope();
  }

  /**
   * The evaluator's counters at one moment, which a loop tried as a family restores when it is not
   * one.
   */
  record Checkpoint(long steps, long reads, Object lastRead) {}

  Checkpoint checkpoint() {
    return new Checkpoint(steps, dataTables.reads, dataTables.lastRead);
  }

  void restore(Checkpoint c) {
    steps = c.steps();
    dataTables.reads = c.reads();
    dataTables.lastRead = (DataTables.DataRead) c.lastRead();
  }

  /**
   * Whether {@code name} is a variable array here (in an expression, {@code name[i]} is then a
   * variable).
   */
  boolean isVariableArray(String name) {
    return symbols.get(name) instanceof Array;
  }

  /** The value of a constant expression (a range's end), as the loop would compute it. */
  long constant(NumExpr e) {
    return eval(e);
  }

  /**
   * Runs {@code body} once with each of {@code binders} bound to its value in {@code values}, as
   * one iteration of their loops.
   */
  void withLoopValues(List<Ast.Binder> binders, long[] values, Stmt body) {
    List<String> names = new ArrayList<>();
    try {
      for (int k = 0; k < binders.size(); k++) {
        Ast.Binder binder = binders.get(k);
        Symbol existing = symbols.get(binder.name());
        if (existing != null) {
          throw error(binder.pos(), redefinition(binder.name(), existing));
        }
        step(binder.pos());
        symbols.put(binder.name(), new Constant(Kind.LOOP, values[k], binder.pos()));
        names.add(binder.name());
      }
      scopes.push(NO_NAMES);
      try {
        execute(body);
      } finally {
        popScope();
      }
    } finally {
      names.forEach(symbols::remove);
    }
  }

  void step(Pos pos) {
    if (++steps > MAX_STEPS) {
      throw error(pos, tooManySteps());
    }
  }

  private static String tooManySteps() {
    return "the model is too big to unroll: more than "
        + MAX_STEPS
        + " loop iterations and factor variables";
  }

  // ---- Names -----------------------------------------------------------------------------------

  void declare(String name, Symbol symbol) {
    Symbol existing = symbols.get(name);
    if (existing != null) {
      throw error(symbol.pos(), redefinition(name, existing));
    }
    symbols.put(name, symbol);
    if (scopes.peek() == NO_NAMES) {
      scopes.pop();
      scopes.push(new ArrayList<>());
    }
    scopes.peek().add(name);
  }

  private static String redefinition(String name, Symbol existing) {
    if (existing instanceof Constant c) {
      return "cannot redefine '"
          + name
          + "': it is already a "
          + c.kind().word
          + " (declared at "
          + c.pos()
          + ")";
    }
    return "name '" + name + "' is declared twice (first at " + existing.pos() + ")";
  }

  private void popScope() {
    for (String name : scopes.pop()) {
      symbols.remove(name);
    }
  }

  /**
   * The flat index of the variable {@code ref} names, every index checked against its dimension.
   */
  int resolve(Ast.Ref ref) {
    Symbol symbol = symbols.get(ref.name());
    if (symbol == null) {
      throw error(ref.pos(), unknownName(ref.name()));
    }
    if (!(symbol instanceof Array array)) {
      throw error(ref.pos(), "'" + ref.name() + "' is " + describe(symbol) + ", not a variable");
    }
    VariableArray a = array.array();
    if (ref.indices().size() != a.rank()) {
      throw error(
          ref.pos(),
          "'"
              + ref.name()
              + "' has "
              + count(a.rank(), "dimension", "dimensions")
              + " but "
              + count(ref.indices().size(), "index was", "indices were")
              + " given");
    }
    int offset =
        0; // row-major, as VariableArray.at, each index checked here with the model's position
    for (int k = 0; k < a.rank(); k++) {
      NumExpr e = ref.indices().get(k);
      long before = dataTables.reads;
      long i = eval(e);
      if (i < 0 || i >= a.dim(k)) {
        throw dataTables.outOfRange(
            e,
            dataTables.reads - before,
            "index "
                + i
                + " is out of range 0.."
                + (a.dim(k) - 1)
                + " in dimension "
                + (k + 1)
                + " of '"
                + ref.name()
                + "'");
      }
      offset = offset * a.dim(k) + (int) i;
    }
    return a.firstIndex() + offset;
  }

  private static String count(int n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }

  // ---- Expressions -----------------------------------------------------------------------------

  long eval(NumExpr e) {
    if (e instanceof Ast.Num n) {
      return n.value();
    }
    if (e instanceof Ast.Name n) {
      Symbol symbol = symbols.get(n.name());
      if (symbol == null) {
        throw error(n.pos(), unknownName(n.name()));
      }
      if (symbol instanceof Constant c) {
        return c.value();
      }
      if (symbol instanceof Array || symbol instanceof FormulaLet) {
        throw notAConstant(n.pos(), n.name());
      }
      throw error(
          n.pos(),
          "'"
              + n.name()
              + "' is "
              + describe(symbol)
              + ", not "
              + (symbol instanceof RealConstant ? "an integer" : "a number")
              + (symbol instanceof Table
                  ? " (index it, e.g. " + n.name() + "[0][0], or use size(" + n.name() + "))"
                  : ""));
    }
    if (e instanceof Ast.Neg n) {
      long v = eval(n.operand());
      if (v == Long.MIN_VALUE) {
        throw error(n.pos(), "integer overflow in -(" + v + ")");
      }
      return -v;
    }
    if (e instanceof Ast.Arith a) {
      return arith(a);
    }
    if (e instanceof Ast.DataAt d) {
      return dataTables.dataAt(d);
    }
    if (e instanceof Ast.Size z) {
      return dataTables.size(z);
    }
    if (!(e
        instanceof
        Ast.MinMax)) { // abs, if, sum, product, count: computed as a formula without variables
      return new Lowering(this, Lowering.CONSTANT).integer(e).integer();
    }
    Ast.MinMax m = (Ast.MinMax) e;
    long a = eval(m.a());
    long b = eval(m.b());
    return m.max() ? Math.max(a, b) : Math.min(a, b);
  }

  /**
   * A chain of binary operators, {@code ((a + b) * c) - d}: down the left operands in a loop, then
   * back up applying each operator, so a chain of any length costs no recursion (only its right
   * operands, which are nested no deeper than the parser allows, are evaluated recursively).
   */
  private long arith(Ast.Arith top) {
    if (!(top.left() instanceof Ast.Arith)) { // the common short case, without a list
      long a = eval(top.left());
      return arith(top, a, eval(top.right()));
    }
    List<Ast.Arith> chain = new ArrayList<>();
    NumExpr left = top;
    while (left instanceof Ast.Arith a) {
      chain.add(a);
      left = a.left();
    }
    long value = eval(left);
    for (int k = chain.size() - 1; k >= 0; k--) {
      Ast.Arith e = chain.get(k);
      value = arith(e, value, eval(e.right()));
    }
    return value;
  }

  long arith(Ast.Arith e, long a, long b) {
    if ((e.op() == Ast.ArithOp.DIV || e.op() == Ast.ArithOp.MOD) && b == 0) {
      throw error(
          e.pos(),
          (e.op() == Ast.ArithOp.DIV ? "division" : "modulo")
              + " by zero in "
              + a
              + " "
              + e.op().symbol
              + " 0");
    }
    try {
      return switch (e.op()) {
        case ADD -> Math.addExact(a, b);
        case SUB -> Math.subtractExact(a, b);
        case MUL -> Math.multiplyExact(a, b);
        case DIV -> a == Long.MIN_VALUE && b == -1 ? Math.negateExact(a) : a / b;
        case MOD -> a % b;
      };
    } catch (ArithmeticException overflow) {
      throw error(e.pos(), "integer overflow in " + a + " " + e.op().symbol + " " + b);
    }
  }

  private boolean test(Cond c) {
    if (c instanceof Ast.Bool b) {
      return b.value();
    }
    if (c instanceof Ast.Compare k) {
      long a = eval(k.left());
      long b = eval(k.right());
      return switch (k.op()) {
        case EQ -> a == b;
        case NE -> a != b;
        case LT -> a < b;
        case LE -> a <= b;
        case GT -> a > b;
        case GE -> a >= b;
      };
    }
    if (c instanceof Ast.Logic l) {
      return logic(l);
    }
    return !test(((Ast.Not) c).operand());
  }

  /**
   * A chain of {@code &&} and {@code ||}, walked like {@link #arith(Ast.Arith)}, short-circuits
   * kept.
   */
  private boolean logic(Ast.Logic top) {
    if (!(top.left() instanceof Ast.Logic)) {
      boolean a = test(top.left());
      return top.op() == Ast.LogicOp.AND ? a && test(top.right()) : a || test(top.right());
    }
    List<Ast.Logic> chain = new ArrayList<>();
    Cond left = top;
    while (left instanceof Ast.Logic l) {
      chain.add(l);
      left = l.left();
    }
    boolean value = test(left);
    for (int k = chain.size() - 1; k >= 0; k--) {
      Ast.Logic l = chain.get(k);
      value = l.op() == Ast.LogicOp.AND ? value && test(l.right()) : value || test(l.right());
    }
    return value;
  }

  LanguageException error(Pos pos, String message) {
    return new LanguageException(source.diagnostic(pos, message));
  }
}
