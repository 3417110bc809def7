package fgc.lang;

import fgc.model.Evidence;
import fgc.model.Model;
import fgc.model.VariableArray;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Observed values from a data file or the command line, every error positioned where it was written. */
final class DataEvidence {
  /** {@code NAME}, then any number of {@code [INDEX]}, then {@code =VALUE}; spaces allowed around the parts. */
  private static final Pattern ASSIGNMENT = Pattern.compile(
      "\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*((?:\\[\\s*-?[0-9]{1,9}\\s*\\]\\s*)*)=\\s*(-?[0-9]{1,9})\\s*");
  private static final Pattern INDEX = Pattern.compile("\\[\\s*(-?[0-9]+)\\s*\\]");

  private DataEvidence() {}

  /** Every data entry must be a param, a declared data table, or an observed array of the model. */
  static void checkEveryEntryIsUsed(Ast.Program program, Model model, DataSet data) {
    for (DataSet.Entry entry : data.entries().values()) {
      String name = entry.name();
      boolean param = false;
      boolean table = false;
      for (Ast.Stmt s : program.statements()) {
        param = param || (s instanceof Ast.Param p && p.name().equals(name));
        table = table || (s instanceof Ast.Data d && d.name().equals(name));
      }
      VariableArray array = model.array(name);
      if (entry.scalar() && !param) {
        throw data.error(entry.pos(), "'" + name + "' is not a param of model " + model.name()
            + (table || array != null ? " (a table or an array's values are written in brackets)" : ""));
      }
      if (!entry.scalar() && !table && (array == null || !array.observed())) {
        throw data.error(entry.pos(), array != null
            ? "'" + name + "' is a variable array that model " + model.name() + " does not observe (add: observe " + name + ";)"
            : param ? "'" + name + "' is a param of model " + model.name() + ": give it a single number, without brackets"
            : "'" + name + "' is not a param, data table or observed array of model " + model.name());
      }
    }
  }

  static Evidence of(Model model, DataSet data) {
    int[] values = Evidence.none(model).values();
    for (DataSet.Entry entry : data.entries().values()) {
      VariableArray array = model.array(entry.name());
      if (entry.scalar() || array == null || !array.observed()) {
        continue;
      }
      List<DataSet.Item> items = new ArrayList<>();
      entry.rows().forEach(items::addAll);
      if (items.size() != array.size()) {
        throw data.error(entry.pos(), "'" + entry.name() + "' has " + array.size() + " variables but the data gives "
            + items.size() + " values (use _ for a value not given)");
      }
      for (int k = 0; k < items.size(); k++) {
        DataSet.Item item = items.get(k);
        if (item.none()) {
          continue;
        }
        String element = array.elementName(k);
        if (!item.isInteger() || !array.domain().contains(item.longValue())) {
          throw data.error(item.pos(), element + " = " + item.text() + " is outside its domain " + array.domain());
        }
        values[array.firstIndex() + k] = (int) item.longValue();
      }
    }
    return Evidence.of(model, values);
  }

  static Evidence assignment(Model model, Evidence evidence, String text) {
    Source source = new Source("--observe", text);
    Matcher m = ASSIGNMENT.matcher(text);
    if (!m.matches()) {
      throw new LanguageException(source.diagnostic(1, 1, "expected NAME[index]...=VALUE, e.g. x[0][2]=5"));
    }
    String name = m.group(1);
    VariableArray array = model.array(name);
    if (array == null || !array.observed()) {
      throw new LanguageException(source.diagnostic(1, m.start(1) + 1, array == null
          ? "model " + model.name() + " has no variable array '" + name + "'"
          : "'" + name + "' is not observed (add: observe " + name + ";)"));
    }
    List<Integer> indices = new ArrayList<>();
    List<Integer> columns = new ArrayList<>();
    Matcher i = INDEX.matcher(m.group(2));
    while (i.find()) {
      indices.add(Integer.parseInt(i.group(1)));
      columns.add(m.start(2) + i.start(1) + 1);
    }
    if (indices.size() != array.rank()) {
      throw new LanguageException(source.diagnostic(1, m.start(1) + 1,
          "'" + name + "' has " + array.rank() + " dimensions but " + indices.size() + " indices were given"));
    }
    int offset = 0;
    for (int axis = 0; axis < indices.size(); axis++) {
      int index = indices.get(axis);
      if (index < 0 || index >= array.dim(axis)) {
        throw new LanguageException(source.diagnostic(1, columns.get(axis), "index " + index + " is out of range 0.."
            + (array.dim(axis) - 1) + " in dimension " + (axis + 1) + " of '" + name + "'"));
      }
      offset = offset * array.dim(axis) + index;
    }
    int value = Integer.parseInt(m.group(3));
    if (!array.domain().contains(value)) {
      throw new LanguageException(source.diagnostic(1, m.start(3) + 1,
          array.elementName(offset) + " = " + value + " is outside its domain " + array.domain()));
    }
    int[] values = evidence.values();
    values[array.firstIndex() + offset] = value;
    return Evidence.of(model, values);
  }
}
