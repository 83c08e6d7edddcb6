/** The Linker HTTP server: JSON API under /api/v1 over the page index, and the CMS widget and its demo. */
package dev.linker.server;
