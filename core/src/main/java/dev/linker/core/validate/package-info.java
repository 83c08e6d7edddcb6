/**
 * Checking values a user gives, wherever they come from (a config file, a flag, a plugin parameter, a request): the
 * ranges numbers must be in, a name of a fixed set (an enum's constants), and "did you mean" for a misspelt name.
 * Depends on nothing in core but {@code core.result}.
 */
package dev.linker.core.validate;
