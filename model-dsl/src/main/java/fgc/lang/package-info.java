/**
 * The modelling language, one pass per file in the order a model goes through them: {@code Scanner}
 * (text to tokens), {@code Parser} (tokens to the syntax tree of {@code Ast}), {@code Evaluator}
 * and {@code Lowering} (the tree to the model IR, with params and data), and the data files ({@code
 * DataParser}, {@link fgc.lang.DataSet}). Errors are positioned {@link fgc.lang.Diagnostic}s in a
 * {@link fgc.lang.LanguageException}; the entry point is {@link fgc.lang.FgcLanguage}.
 */
package fgc.lang;
