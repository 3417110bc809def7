package fgc.models;

import fgc.lang.DataSet;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The cage rows of a killer example, read from the file's text directly (independently of the
 * language's data parser).
 */
final class CageLines {
  private CageLines() {}

  static String[] read(DataSet data) {
    String name = data.sourceName();
    try (InputStream in = CageLines.class.getResourceAsStream("/fgc/examples/" + name)) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      List<String> rows = new ArrayList<>();
      boolean inside = false;
      for (String line : text.split("\n")) {
        String body = line.replaceAll("#.*", "").trim();
        if (body.startsWith("cages")) {
          inside = true;
        } else if (body.startsWith("]")) {
          inside = false;
        } else if (inside && !body.isEmpty()) {
          rows.add(body.replace(",", ""));
        }
      }
      return rows.toArray(new String[0]);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
