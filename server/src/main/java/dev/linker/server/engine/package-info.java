/** What the HTTP layer asks of the engine (LinkerService), and its implementation over the Lucene page index. */
package dev.linker.server.engine;
