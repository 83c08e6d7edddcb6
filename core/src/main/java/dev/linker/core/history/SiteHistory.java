package dev.linker.core.history;

import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;
import org.eclipse.jgit.errors.LargeObjectException;
import org.eclipse.jgit.lib.Repository;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the history says about a site: former titles of each page and the age of each link, from one walk of the
 * history (bounded: the last {@code maxVersions} contents of each file, the last {@code maxCommits} commits).
 *
 * @param titles   former titles and H1s per page
 * @param linkAges when each link first appeared
 * @param commits  commits walked
 * @param versions file versions read
 * @param millis   time taken
 */
public record SiteHistory(TitleHistory titles, LinkAges linkAges, int commits, int versions, long millis) {

    public static final SiteHistory NONE = new SiteHistory(TitleHistory.EMPTY, LinkAges.EMPTY, 0, 0, 0);
    public static final int DEFAULT_MAX_VERSIONS = 20;
    public static final int DEFAULT_MAX_COMMITS = 5000;
    /** Versions larger than this are not read (generated dumps, not pages). */
    private static final long MAX_BLOB_BYTES = 8L << 20;

    /**
     * @param files page key → repository-relative files it is built from, most faithful first (the built HTML when
     *              it is committed, then its source); the first with history is used
     */
    public static SiteHistory read(GitRepo git, Site site, Map<String, List<String>> files, int maxVersions, int maxCommits) {
        long t0 = System.nanoTime();
        Set<String> paths = new LinkedHashSet<>();
        files.values().forEach(paths::addAll);
        Map<String, List<FileVersions.Version>> versions = new HashMap<>();
        Repository repo = git.repository();
        FileVersions.Walked walked;
        try {
            walked = FileVersions.collect(repo, paths, maxVersions, maxCommits, versions);
        } catch (IOException e) {
            throw new GitException("cannot read the git history of " + git.workTree() + ": " + e.getMessage());
        }
        Map<String, List<TitleHistory.Version>> titles = new HashMap<>();
        Map<String, Map<String, LinkAges.Age>> ages = new HashMap<>();
        int read = 0;
        for (Map.Entry<String, List<String>> e : files.entrySet()) {
            Page page = site.page(e.getKey());
            if (page == null) {
                continue;
            }
            for (String path : e.getValue()) {
                List<FileVersions.Version> vs = versions.get(path);
                if (vs == null || vs.isEmpty()) {
                    continue;
                }
                read += scan(repo, page, path, vs, vs.size() >= maxVersions || walked.truncated(), titles, ages);
                break;
            }
        }
        return new SiteHistory(new TitleHistory(titles), new LinkAges(ages), walked.commits(), read,
                (System.nanoTime() - t0) / 1_000_000);
    }

    /** Reads the versions of one file newest first: title stretches, and how far back each link goes. */
    private static int scan(Repository repo, Page page, String path, List<FileVersions.Version> vs, boolean capped,
                            Map<String, List<TitleHistory.Version>> titles, Map<String, Map<String, LinkAges.Age>> ages) {
        List<TitleHistory.Version> stretches = new ArrayList<>();
        // Internal links still being followed back: href → the oldest version that had it so far.
        Map<String, FileVersions.Version> alive = new LinkedHashMap<>();
        for (Link l : page.links()) {
            if (l.internal() && !l.href().isEmpty() && !l.href().startsWith("#")) {
                alive.putIfAbsent(l.href(), null);
            }
        }
        Map<String, LinkAges.Age> found = new HashMap<>();
        int read = 0;
        for (int i = 0; i < vs.size(); i++) {
            FileVersions.Version v = vs.get(i);
            String text;
            try {
                var loader = repo.open(v.blob());
                if (loader.getSize() > MAX_BLOB_BYTES) {
                    break;
                }
                text = new String(loader.getCachedBytes(), StandardCharsets.UTF_8);
            } catch (IOException | LargeObjectException e) {
                break; // missing in a shallow or partial clone: the history there is all there is
            }
            read++;
            Titles.Named n = Titles.of(path, text);
            TitleHistory.Version last = stretches.isEmpty() ? null : stretches.get(stretches.size() - 1);
            if (last != null && last.title().equals(n.title()) && last.h1().equals(n.h1())) {
                stretches.set(stretches.size() - 1, new TitleHistory.Version(n.title(), n.h1(), v.since(), v.commit()));
            } else {
                stretches.add(new TitleHistory.Version(n.title(), n.h1(), v.since(), v.commit()));
            }
            for (var it = alive.entrySet().iterator(); it.hasNext(); ) {
                var a = it.next();
                if (contains(text, a.getKey())) {
                    a.setValue(v);
                } else {
                    if (a.getValue() != null) {
                        found.put(a.getKey(), new LinkAges.Age(a.getValue().since(), false));
                    }
                    it.remove(); // gone (or never there): older versions say nothing about this link
                }
            }
        }
        for (var a : alive.entrySet()) {
            if (a.getValue() != null) {
                found.put(a.getKey(), new LinkAges.Age(a.getValue().since(), capped || read < vs.size()));
            }
        }
        if (!stretches.isEmpty()) {
            titles.put(page.url(), List.copyOf(stretches));
        }
        if (!found.isEmpty()) {
            ages.put(page.url(), found);
        }
        return read;
    }

    /** The href as written, or HTML-escaped as it would be in the file ({@code &amp;} in query strings). */
    private static boolean contains(String text, String href) {
        return text.contains(href) || href.indexOf('&') >= 0 && text.contains(href.replace("&", "&amp;"));
    }
}
