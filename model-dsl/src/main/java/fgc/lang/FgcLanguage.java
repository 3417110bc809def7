package fgc.lang;

import fgc.model.Evidence;
import fgc.model.Model;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The modelling language: text in, {@link Model} out, or a {@link LanguageException} listing
 * positioned {@link Diagnostic}s, never any other exception, whatever the text.
 *
 * <p>A short tour, in the order the text flows:
 *
 * <ol>
 *   <li>{@link Scanner} cuts the text into {@link Token}s, dropping comments ({@code #} and
 *       {@code //} to end of line) and reporting stray characters.
 *   <li>{@link Parser} builds the syntax tree ({@link Ast}) by recursive descent, checks types and
 *       nesting depth, and recovers at {@code ;} and {@code }} to report up to 20 errors at once.
 *   <li>{@link Evaluator} runs the tree: it binds params (with the caller's overrides), lets and
 *       loop variables, unrolls loops, and calls {@link fgc.model.ModelBuilder} for every variable
 *       array and factor, stopping at its first error.
 *   <li>The result is the ground {@link Model}, whose canonical text the compiler keys on.
 * </ol>
 *
 * <p>The grammar, in EBNF. {@code int}, {@code number} and {@code cond} are all {@code expr}, of the
 * type the parser requires there (a {@code number} may be a decimal, which only weights and lets
 * may use); names in expressions are params, lets, loop variables, data tables and variables.
 *
 * <pre>
 * program    = [ "model" NAME ";" ] { topStmt } ;
 * topStmt    = "param" NAME "=" int ";"
 *            | "var" decl { "," decl } "in" range ";"
 *            | "observe" NAME { "," NAME } ";"
 *            | "data" NAME { "," NAME } ";"
 *            | stmt ;
 * decl       = NAME { "[" int "]" } ;
 * stmt       = "let" NAME "=" number ";"
 *            | "for" binders block
 *            | "if" cond block [ "else" block ]
 *            | "alldiff" "(" items ")" ";"
 *            | ( "neq" | "eq" ) "(" ref "," ref ")" ";"
 *            | "table" scope "=" weights ";"
 *            | "prior" "(" ref ")" "=" weights ";"
 *            | "weight" scope "=" number ";"
 *            | "cpt" "(" ref [ "|" ref { "," ref } ] ")" "=" rows ";"
 *            | cond ";" ;                                  (a relation)
 * scope      = "(" ref ( "for" binders | { "," ref } ) ")" ;
 * items      = expr ( "for" binders | { "," expr } ) ;
 * weights    = "[" ( NUMBER | DECIMAL ) { "," ( NUMBER | DECIMAL ) } "]" | NAME [ "[" int "]" ] ;
 * rows       = "[" weights { "," weights } "]" | weights ;
 * block      = "{" { stmt } "}" ;
 * binders    = NAME "in" range { "," NAME "in" range } [ "where" cond ] ;
 * range      = int ".." int ;
 * ref        = NAME { "[" int "]" } ;
 * expr       = and { "||" and } ;
 * and        = equality { "&amp;&amp;" equality } ;
 * equality   = comparison { ( "==" | "!=" ) comparison } ;
 * comparison = additive { ( "&lt;" | "&lt;=" | "&gt;" | "&gt;=" ) additive } ;
 * additive   = term { ( "+" | "-" ) term } ;
 * term       = unary { ( "*" | "/" | "%" ) unary } ;
 * unary      = ( "-" | "!" ) unary | primary ;
 * primary    = NUMBER | DECIMAL | NAME { "[" int "]" } | "true" | "false" | "(" expr ")"
 *            | ( "min" | "max" ) "(" expr "," expr ")" | ( "abs" | "exp" | "log" ) "(" expr ")"
 *            | "if" "(" cond "," expr "," expr ")" | ( "sum" | "product" ) "(" items ")"
 *            | "count" "(" int "," items ")" | "size" "(" NAME [ "[" int "]" ] ")" ;
 * </pre>
 *
 * <p>A relation, a weight formula and a let may read variables; {@link Lowering} turns them into
 * {@link fgc.model.Formula}s, and {@link fgc.model.ModelBuilder} into factors.
 *
 * <p>{@code NAME[..]} in an expression reads a data table ({@code data NAME;}) from the {@link DataSet};
 * docs/language.md has an example of every construct and the data file format.
 *
 * <p>Lets are scoped to their block, loop variables to their loop; no name may be declared again
 * while it is in scope. Nesting (blocks, binders, parentheses, unary operators, indices, calls) is
 * limited to 100 levels, a chain of binary operators like {@code 1 + 2 + 3} being no nesting at all,
 * and unrolling to 20,000,000 loop iterations and factor variables in all. Integer literals are
 * 64-bit ({@link IntegerLiteral}), in models, data files and {@code --observe} alike.
 */
public final class FgcLanguage {
  /** The models shipped as resources {@code /fgc/models/NAME.fg}. */
  private static final List<String> BUNDLED = List.of("sudoku", "latin", "killer", "colouring", "chain", "queens", "futoshiki",
      "kenken", "australia", "sprinkler", "magic");

  private FgcLanguage() {}

  /** The model in {@code text}; {@code sourceName} is what diagnostics call it and gives the default model name. */
  public static Model parse(String sourceName, String text, Map<String, Long> paramOverrides) {
    return parse(sourceName, text, paramOverrides, DataSet.empty());
  }

  /**
   * The model in {@code text} with {@code data}: the data file's numbers set params (an override
   * given here wins), its tables feed {@code data NAME;} declarations. Every entry must be used by
   * the model: a param, a data table, or an observed array (whose values {@link DataEvidence} reads).
   */
  public static Model parse(String sourceName, String text, Map<String, Long> paramOverrides, DataSet data) {
    Source source = new Source(sourceName, text);
    Ast.Program program = Parser.parse(source);
    Map<String, Long> overrides = new java.util.LinkedHashMap<>(data.scalars());
    overrides.keySet().removeIf(name -> !declaresParam(program, name)); // reported below, at the data file
    if (paramOverrides != null) {
      overrides.putAll(paramOverrides);
    }
    Model model = Evaluator.model(source, program, overrides, data);
    DataEvidence.checkEveryEntryIsUsed(program, model, data);
    return model;
  }

  /** The model in {@code file} with the data file {@code data}. */
  public static Model load(Path file, Map<String, Long> paramOverrides, DataSet data) {
    return parse(file.toString(), readText(file), paramOverrides, data);
  }

  /**
   * The model in the class-path resource {@code path} (e.g. {@code sprinkler.fg}, where the Maven
   * plugin puts a project's models), with the data file in the resource {@code dataPath} (or none
   * when null); read through the context class loader, else this class's.
   */
  public static Model resource(String path, Map<String, Long> paramOverrides, String dataPath) {
    DataSet data = dataPath == null ? DataSet.empty() : DataSet.parse(dataPath, resourceText(dataPath));
    return parse(path, resourceText(path), paramOverrides, data);
  }

  /** The model in the class-path resource {@code path}, with no data file. */
  public static Model resource(String path, Map<String, Long> paramOverrides) {
    return resource(path, paramOverrides, null);
  }

  private static String resourceText(String path) {
    String name = path.startsWith("/") ? path.substring(1) : path;
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    if (loader == null) {
      loader = FgcLanguage.class.getClassLoader();
    }
    try (InputStream in = loader.getResourceAsStream(name)) {
      if (in == null) {
        throw new LanguageException(Diagnostic.unpositioned(path, "no such resource on the class path"));
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new LanguageException(Diagnostic.unpositioned(path, "cannot read the resource: " + e.getMessage()));
    }
  }

  /** The bundled model {@code name} with {@code data}. */
  public static Model bundled(String name, Map<String, Long> paramOverrides, DataSet data) {
    return parse(name + ".fg", bundledText(name), paramOverrides, data);
  }

  /** The observed values {@code data} gives for {@code model}'s observed arrays (none if it gives none). */
  public static Evidence evidence(Model model, DataSet data) {
    return DataEvidence.of(model, data);
  }

  /**
   * {@code evidence} with one more observed value from the command line, written
   * {@code NAME[i][j]=VALUE}; errors are positioned in {@code text}, under the source name "--observe".
   */
  public static Evidence observe(Model model, Evidence evidence, String text) {
    return DataEvidence.assignment(model, evidence, text);
  }

  private static boolean declaresParam(Ast.Program program, String name) {
    for (Ast.Stmt s : program.statements()) {
      if (s instanceof Ast.Param p && p.name().equals(name)) {
        return true;
      }
    }
    return false;
  }

  /** The model in {@code file} (UTF-8); an unreadable file is a one-line LanguageException. */
  public static Model load(Path file, Map<String, Long> paramOverrides) {
    return parse(file.toString(), readText(file), paramOverrides);
  }

  /** The bundled model {@code name}, one of {@link #bundledNames()}. */
  public static Model bundled(String name, Map<String, Long> paramOverrides) {
    return parse(name + ".fg", bundledText(name), paramOverrides);
  }

  public static List<String> bundledNames() {
    return BUNDLED;
  }

  /** The source text of the bundled model {@code name}. */
  public static String bundledText(String name) {
    if (name == null || !BUNDLED.contains(name)) {
      throw new LanguageException(Diagnostic.unpositioned(String.valueOf(name),
          "unknown bundled model '" + name + "'; the bundled models are: " + String.join(", ", BUNDLED)));
    }
    try (InputStream in = FgcLanguage.class.getResourceAsStream("/fgc/models/" + name + ".fg")) {
      if (in == null) {
        throw new LanguageException(Diagnostic.unpositioned(name + ".fg", "bundled model is missing from the class path"));
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new LanguageException(Diagnostic.unpositioned(name + ".fg", "cannot read bundled model: " + e.getMessage()));
    }
  }

  /** The params {@code text} declares, with their default values, in declaration order. */
  public static Map<String, Long> parameters(String sourceName, String text) {
    Source source = new Source(sourceName, text);
    return Evaluator.parameters(source, Parser.parse(source));
  }

  /**
   * An error at the declaration of variable array {@code array} in the model text {@code text} (at
   * its domain when {@code atDomain}), for a fault found only once the model is put to a use, such
   * as cells that cannot hold a grid's values; unpositioned when the text declares no such array.
   */
  public static LanguageException declarationError(String sourceName, String text, String array, boolean atDomain, String message) {
    Source source = new Source(sourceName, text);
    for (Ast.Stmt s : Parser.parse(source).statements()) {
      if (s instanceof Ast.Var v && v.name().equals(array)) {
        return new LanguageException(source.diagnostic(atDomain ? v.domain().pos() : v.pos(), message));
      }
    }
    return new LanguageException(Diagnostic.unpositioned(sourceName, message));
  }

  /** The text of a model file as every reader of models sees it (UTF-8, without a byte order mark). */
  public static String readText(Path file) {
    try {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      return text.startsWith("\uFEFF") ? text.substring(1) : text; // a byte order mark some editors write
    } catch (CharacterCodingException e) {
      throw new LanguageException(Diagnostic.unpositioned(file.toString(), "cannot read the file: it is not UTF-8 text"));
    } catch (IOException | SecurityException e) {
      String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      throw new LanguageException(Diagnostic.unpositioned(file.toString(), "cannot read the file: " + oneLine(why)));
    }
  }

  private static String oneLine(String s) {
    return s.replaceAll("[\\r\\n]+", " ");
  }
}
