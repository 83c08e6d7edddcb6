/** The page and link model every door shares. */
package dev.linker.core.model;
