/**
 * The exchange formats of the field, read into fgc's model IR and written from it: the UAI
 * inference competitions' model, evidence and result files ({@link fgc.formats.UaiFormat}, {@link
 * fgc.formats.UaiResults}) and the Bayesian Network Repository's BIF ({@link
 * fgc.formats.BifFormat}). Readers report errors as the language does, one positioned {@link
 * fgc.lang.Diagnostic} in a {@link fgc.lang.LanguageException}, and never return a partial model.
 */
package fgc.formats;
