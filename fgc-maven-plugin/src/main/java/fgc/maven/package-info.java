/**
 * The Maven plugin: the {@code generate} and {@code test-generate} goals precompile a project's
 * models ({@code src/main/fgc}, every file by default or the configured {@code <models>}) into
 * solver sources under {@code target/generated-sources/fgc}, incrementally, writing and deleting
 * only files it marked as its own.
 */
package fgc.maven;
