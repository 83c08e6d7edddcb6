/** Reading sites (built HTML, sitemap, redirects) into the model. */
package dev.linker.core.site;
