/** The Maven plugin: {@code mvn linker:audit}, a thin Mojo mapping pom parameters onto the core audit. */
package dev.linker.maven;
