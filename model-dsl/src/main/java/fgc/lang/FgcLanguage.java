package fgc.lang;

import fgc.model.Evidence;
import fgc.model.Model;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The modelling language: text in, {@link Model} out, or a {@link LanguageException} listing
 * positioned {@link Diagnostic}s, never any other exception, whatever the text.
 *
 * <p>A short tour, in the order the text flows:
 *
 * <ol>
 *   <li>{@link Scanner} cuts the text into {@link Token}s, dropping comments ({@code #} and {@code
 *       //} to end of line) and reporting stray characters.
 *   <li>{@link Parser} builds the syntax tree ({@link Ast}) by recursive descent, checks types and
 *       nesting depth, and recovers at {@code ;} and {@code }} to report up to 20 errors at once.
 *   <li>{@link Evaluator} runs the tree: it binds params (with the caller's overrides), lets and
 *       loop variables, unrolls loops, and calls {@link fgc.model.ModelBuilder} for every variable
 *       array and factor, stopping at its first error. A weight statement that a loop runs again
 *       and again is lowered once, as a {@link WeightShape}, while the names its formula reads keep
 *       their values: a million-factor grid costs a million scopes, not a million formulas.
 *   <li>The result is the ground {@link Model}, whose canonical text the compiler keys on.
 * </ol>
 *
 * <p>The grammar, in EBNF. {@code int}, {@code number} and {@code cond} are all {@code expr}, of
 * the type the parser requires there (a {@code number} may be a decimal, which only weights and
 * lets may use); names in expressions are params, lets, loop variables, data tables and variables.
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
 * <p>{@code NAME[..]} in an expression reads a data table ({@code data NAME;}) from the {@link
 * DataSet}; docs/language.md has an example of every construct and the data file format.
 *
 * <p>Lets are scoped to their block, loop variables to their loop; no name may be declared again
 * while it is in scope. Nesting (blocks, binders, parentheses, unary operators, indices, calls) is
 * limited to 100 levels, a chain of binary operators like {@code 1 + 2 + 3} being no nesting at
 * all, and unrolling to 20,000,000 loop iterations and factor variables in all. Integer literals
 * are 64-bit ({@link IntegerLiteral}), in models, data files and {@code --observe} alike.
 */
public final class FgcLanguage {
  /** The models shipped as resources {@code /fgc/models/NAME.fg}. */
  private static final List<String> BUNDLED =
      List.of(
          "sudoku",
          "sudoku_locked",
          "latin",
          "killer",
          "colouring",
          "chain",
          "queens",
          "futoshiki",
          "kenken",
          "australia",
          "sprinkler",
          "magic");

  private FgcLanguage() {}

  /**
   * The model in {@code text}; {@code sourceName} is what diagnostics call it and gives the default
   * model name.
   *
   * @param sourceName the name of the source, such as a file name
   * @param text the model's source text
   * @param paramOverrides values for the model's params, replacing their defaults
   * @return the model
   */
  public static Model parse(String sourceName, String text, Map<String, Long> paramOverrides) {
    return parse(sourceName, text, paramOverrides, DataSet.empty());
  }

  /**
   * The model in {@code text} with {@code data}: the data file's numbers set params (an override
   * given here wins), its tables feed {@code data NAME;} declarations. Every entry must be used by
   * the model: a param, a data table, or an observed array (whose values {@link DataEvidence}
   * reads).
   *
   * @param sourceName the name of the source, such as a file name
   * @param text the model's source text
   * @param paramOverrides values for the model's params, replacing their defaults and the data's
   * @param data the parsed data file, or null for none
   * @return the model
   */
  public static Model parse(
      String sourceName, String text, Map<String, Long> paramOverrides, DataSet data) {
    Source source = new Source(sourceName, text);
    Ast.Program program = Parser.parse(source);
    Map<String, Long> overrides = new java.util.LinkedHashMap<>(data.scalars());
    overrides
        .keySet()
        .removeIf(name -> !declaresParam(program, name)); // reported below, at the data file
    if (paramOverrides != null) {
      overrides.putAll(paramOverrides);
    }
    Model model = Evaluator.model(source, program, overrides, data);
    DataEvidence.checkEveryEntryIsUsed(program, model, data);
    return model;
  }

  /**
   * The model in {@code file} with the data file {@code data}.
   *
   * @param file the model file (UTF-8)
   * @param paramOverrides values for the model's params, replacing their defaults and the data's
   * @param data the parsed data file, or null for none
   * @return the model
   */
  public static Model load(Path file, Map<String, Long> paramOverrides, DataSet data) {
    return parse(file.toString(), readText(file), paramOverrides, data);
  }

  /**
   * The model in the class-path resource {@code path} (e.g. {@code sprinkler.fg}, where the Maven
   * plugin puts a project's models), with the data file in the resource {@code dataPath} (or none
   * when null); read through the context class loader, else this class's.
   *
   * @param path the resource's path in the class path
   * @param paramOverrides values for the model's params, replacing their defaults and the data's
   * @param dataPath the data file's resource path, or null for none
   * @return the model
   */
  public static Model resource(String path, Map<String, Long> paramOverrides, String dataPath) {
    DataSet data =
        dataPath == null ? DataSet.empty() : DataSet.parse(dataPath, resourceText(dataPath));
    return parse(path, resourceText(path), paramOverrides, data);
  }

  /**
   * The model in the class-path resource {@code path}, with no data file.
   *
   * @param path the resource's path in the class path
   * @param paramOverrides values for the model's params, replacing their defaults
   * @return the model
   */
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
        throw new LanguageException(
            Diagnostic.unpositioned(path, "no such resource on the class path"));
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new LanguageException(
          Diagnostic.unpositioned(path, "cannot read the resource: " + e.getMessage()));
    }
  }

  /**
   * The bundled model {@code name} with {@code data}.
   *
   * @param name one of {@link #bundledNames()}
   * @param paramOverrides values for the model's params, replacing their defaults and the data's
   * @param data the parsed data file, or null for none
   * @return the model
   */
  public static Model bundled(String name, Map<String, Long> paramOverrides, DataSet data) {
    return parse(name + ".fg", bundledText(name), paramOverrides, data);
  }

  /**
   * The observed values {@code data} gives for {@code model}'s observed arrays (none if it gives
   * none).
   *
   * @param model the model the data was parsed for
   * @param data the parsed data file, or null for none
   * @return the observed values
   */
  public static Evidence evidence(Model model, DataSet data) {
    return DataEvidence.of(model, data);
  }

  /**
   * {@code evidence} with one more observed value from the command line, written {@code
   * NAME[i][j]=VALUE}; errors are positioned in {@code text}, under the source name "--observe".
   *
   * @param model the model the evidence is for
   * @param evidence the evidence so far
   * @param text the observation as the user wrote it
   * @return the evidence with the observation added
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

  /**
   * The model in {@code file} (UTF-8); an unreadable file is a one-line LanguageException.
   *
   * @param file the model file
   * @param paramOverrides values for the model's params, replacing their defaults
   * @return the model
   */
  public static Model load(Path file, Map<String, Long> paramOverrides) {
    return parse(file.toString(), readText(file), paramOverrides);
  }

  /**
   * The bundled model {@code name}, one of {@link #bundledNames()}.
   *
   * @param name one of {@link #bundledNames()}
   * @param paramOverrides values for the model's params, replacing their defaults
   * @return the model
   */
  public static Model bundled(String name, Map<String, Long> paramOverrides) {
    return parse(name + ".fg", bundledText(name), paramOverrides);
  }

  /**
   * The names of the models that ship with fgc, for {@link #bundled(String, Map)}.
   *
   * @return the names
   */
  public static List<String> bundledNames() {
    return BUNDLED;
  }

  /**
   * {@code " (did you mean 'sudoku'?)"} when one bundled name is within two edits of {@code name},
   * else empty.
   */
  static String nearestBundled(String name) {
    String best = null;
    int bestDistance = 3;
    for (String b : BUNDLED) {
      int d = editDistance(name.toLowerCase(java.util.Locale.ROOT), b);
      if (d < bestDistance) {
        bestDistance = d;
        best = b;
      }
    }
    return best == null ? "" : " (did you mean '" + best + "'?)";
  }

  /**
   * Levenshtein distance: insertions, deletions and substitutions of one character each cost one.
   */
  private static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] t = previous;
      previous = current;
      current = t;
    }
    return previous[b.length()];
  }

  /**
   * The source text of the bundled model {@code name}.
   *
   * @param name one of {@link #bundledNames()}
   * @return the model's source text
   */
  public static String bundledText(String name) {
    if (name == null || !BUNDLED.contains(name)) {
      throw new LanguageException(
          Diagnostic.unpositioned(
              String.valueOf(name),
              "unknown bundled model '"
                  + name
                  + "'"
                  + nearestBundled(String.valueOf(name))
                  + "; the bundled models are: "
                  + String.join(", ", BUNDLED)));
    }
    try (InputStream in = FgcLanguage.class.getResourceAsStream("/fgc/models/" + name + ".fg")) {
      if (in == null) {
        throw new LanguageException(
            Diagnostic.unpositioned(name + ".fg", "bundled model is missing from the class path"));
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new LanguageException(
          Diagnostic.unpositioned(name + ".fg", "cannot read bundled model: " + e.getMessage()));
    }
  }

  /**
   * The params {@code text} declares, with their default values, in declaration order.
   *
   * @param sourceName the name of the source, for diagnostics
   * @param text the model's source text
   * @return each param's name and default value
   */
  public static Map<String, Long> parameters(String sourceName, String text) {
    Source source = new Source(sourceName, text);
    return Evaluator.parameters(source, Parser.parse(source));
  }

  /**
   * An error at the declaration of variable array {@code array} in the model text {@code text} (at
   * its domain when {@code atDomain}), for a fault found only once the model is put to a use, such
   * as cells that cannot hold a grid's values; unpositioned when the text declares no such array.
   *
   * @param sourceName the name of the source, for the diagnostic
   * @param text the model's source text
   * @param array the name of the variable array
   * @param atDomain whether to point at the array's domain rather than its name
   * @param message what is wrong
   * @return the error, to be thrown by the caller
   */
  public static LanguageException declarationError(
      String sourceName, String text, String array, boolean atDomain, String message) {
    Source source = new Source(sourceName, text);
    for (Ast.Stmt s : Parser.parse(source).statements()) {
      if (s instanceof Ast.Var v && v.name().equals(array)) {
        return new LanguageException(
            source.diagnostic(atDomain ? v.domain().pos() : v.pos(), message));
      }
    }
    return new LanguageException(Diagnostic.unpositioned(sourceName, message));
  }

  /**
   * The most bytes any input file (a model, a data file, evidence, UAI, BIF) may hold: 256 MiB, or
   * the system property {@code fgc.input.maxBytes}. A file is read only up to it, so a device or an
   * endless pipe named as a file ({@code /dev/zero}) stops with an error instead of filling the
   * heap.
   */
  public static final long MAX_INPUT_BYTES =
      Math.max(1, Long.getLong("fgc.input.maxBytes", 256L << 20));

  /**
   * The text of an input file as every reader of models sees it (UTF-8, without a byte order mark),
   * read through one bound ({@link #MAX_INPUT_BYTES}).
   *
   * @param file the model file
   * @return its text
   */
  public static String readText(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      int limit = (int) Math.min(MAX_INPUT_BYTES, Integer.MAX_VALUE - 16);
      byte[] bytes = in.readNBytes(limit);
      if (bytes.length == limit && in.read() >= 0) {
        throw new LanguageException(
            Diagnostic.unpositioned(
                file.toString(),
                "cannot read the file: it is larger than "
                    + String.format(Locale.ROOT, "%,d", MAX_INPUT_BYTES)
                    + " bytes, the limit on an input file"
                    + " (-Dfgc.input.maxBytes=N raises it)"));
      }
      String text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
      return text.startsWith("\uFEFF")
          ? text.substring(1)
          : text; // a byte order mark some editors write
    } catch (CharacterCodingException e) {
      throw new LanguageException(
          Diagnostic.unpositioned(file.toString(), "cannot read the file: it is not UTF-8 text"));
    } catch (IOException | SecurityException e) {
      String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      throw new LanguageException(
          Diagnostic.unpositioned(file.toString(), "cannot read the file: " + oneLine(why)));
    }
  }

  private static String oneLine(String s) {
    return s.replaceAll("[\\r\\n]+", " ");
  }
}
