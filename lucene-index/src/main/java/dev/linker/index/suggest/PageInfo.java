package dev.linker.index.suggest;

import dev.linker.index.Fields;
import dev.linker.index.Status;

import java.util.Set;

/**
 * What the suggester knows about one indexed page, loaded once per index version.
 *
 * @param links    outbound content links (link density, evaluation)
 * @param allLinks outbound links of any placement: the links the page already has
 * @param day      publication day ({@link Fields#UNDATED} when unknown)
 * @param language its language tag ("" when unknown)
 */
record PageInfo(String url, String title, String cleanTitle, String category, Status status, double authority,
                int inbound, String safety, int words, Set<String> links, Set<String> allLinks, boolean hub,
                int day, String language) {
}
