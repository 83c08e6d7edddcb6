package dev.linker.index;

import dev.linker.core.anchor.Tokens;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LanguageStemmingTest {
    @Test
    void a_german_page_reads_the_inflected_forms_of_a_word_as_one_term() {
        try (Tokens.Reading ignored = Tokens.readingAs("de-DE")) {
            assertEquals(Tokens.terms("Paket"), Tokens.terms("Pakete"));
            assertEquals(Tokens.terms("Paketen"), Tokens.terms("Paketes"));
            assertEquals(Tokens.normalize("Systemverwaltung"), Tokens.normalize("Systemverwaltungen"));
            assertEquals("haus", Tokens.normalize("Häuser"));
        }
        assertNotEquals(Tokens.terms("Paket"), Tokens.terms("Pakete"), "outside the scope words read as English");
    }

    @Test
    void a_french_page_reads_plural_and_singular_alike_and_keeps_the_spans_of_the_words() {
        try (Tokens.Reading ignored = Tokens.readingAs("fr")) {
            List<Tokens.Token> tokens = Tokens.tokenize("les paquets Debian");
            assertEquals(Tokens.normalize("paquet"), tokens.get(1).term());
            assertEquals(4, tokens.get(1).start());
            assertEquals(11, tokens.get(1).end());
        }
    }

    @Test
    void the_stemmers_are_found_without_a_start_up_call_and_english_has_none() {
        assertTrue(Tokens.analysed("pt-BR"));
        assertTrue(Tokens.analysedLanguages()
                .containsAll(List.of("de", "fr", "es", "it", "pt", "ru", "ja", "zh", "ko")));
        assertFalse(Tokens.analysed("en-GB"));
        assertFalse(Tokens.analysed(""));
    }

    @Test
    void an_english_or_undeclared_page_reads_its_words_as_before_the_stemmers() {
        String text = "Queries on the tables of classes, max_wal_senders and the analysis's statuses";
        List<String> before = Tokens.terms(text);
        for (String language : new String[] {"en-GB", "", "sw"}) {
            try (Tokens.Reading ignored = Tokens.readingAs(language)) {
                assertEquals(before, Tokens.terms(text), language);
            }
        }
        assertEquals(List.of("query", "on", "the", "table", "of", "classe", "max_wal_sender", "and", "the",
                "analysis", "s", "statuse"), before);
    }

    @Test
    void a_russian_page_reads_the_cases_of_a_word_as_one_term_and_keeps_its_span() {
        try (Tokens.Reading ignored = Tokens.readingAs("ru-RU")) {
            assertEquals(Tokens.terms("пакет"), Tokens.terms("пакетов"));
            assertEquals(Tokens.terms("пакетами"), Tokens.terms("пакеты"));
            assertEquals(Tokens.terms("Параметры загрузки"), Tokens.terms("параметров загрузки"));
            List<Tokens.Token> tokens = Tokens.tokenize("Установка пакетов Debian");
            assertEquals(Tokens.normalize("пакет"), tokens.get(1).term());
            assertEquals(10, tokens.get(1).start());
            assertEquals(17, tokens.get(1).end());
        }
        assertNotEquals(Tokens.terms("пакет"), Tokens.terms("пакетов"), "outside the scope words read as English");
    }

    @Test
    void a_korean_word_is_read_without_its_particles_and_endings_and_keeps_its_whole_span() {
        try (Tokens.Reading ignored = Tokens.readingAs("ko-KR")) {
            assertEquals(Tokens.terms("설치"), Tokens.terms("설치를"));
            assertEquals(Tokens.terms("설치"), Tokens.terms("설치하기"));
            assertEquals(Tokens.terms("미러"), Tokens.terms("미러에서"));
            List<Tokens.Token> tokens = Tokens.tokenize("자동 설치를 이용해");
            assertEquals(Tokens.normalize("설치"), tokens.get(1).term());
            assertEquals(3, tokens.get(1).start());
            assertEquals(6, tokens.get(1).end(), "an anchor ends where the word ends, particle and all");
        }
        assertNotEquals(Tokens.terms("설치"), Tokens.terms("설치를"), "outside the scope words read as English");
    }

    @Test
    void russian_and_korean_pages_are_told_by_their_script_and_bulgarian_is_not_read_as_russian() {
        String ru = "В этой главе описывается, как установить пакеты системы Debian и как поддерживать их в "
                + "актуальном состоянии с помощью инструментов управления пакетами. Перед обновлением важно прочитать "
                + "информацию о выпуске, так как в ней описаны изменения, которые не совместимы с предыдущей версией, "
                + "и известные проблемы, с которыми вы можете столкнуться при установке.";
        assertEquals("ru", Languages.detect(ru));
        assertEquals("ru", Languages.of("Установка", ru));
        String ko = "이 장에서는 데비안 시스템의 패키지를 설치하는 방법과 패키지 관리 도구로 최신 상태를 유지하는 방법을 "
                + "설명합니다. 업그레이드하기 전에 릴리스 노트를 읽는 것이 중요합니다. apt-get install 명령을 사용하십시오.";
        assertEquals("ko", Languages.detect(ko));
        String bg = "Тази глава описва как да инсталирате пакетите на системата Debian и как да ги поддържате "
                + "актуални с инструментите за управление на пакети. Важно е да прочетете бележките към изданието "
                + "преди надграждането, защото те описват промените, които не са съвместими с предишната версия, "
                + "както и известните проблеми, които може да срещнете при инсталирането.";
        assertEquals("bg", Languages.detect(bg));
        assertEquals("", Languages.of("Инсталиране", bg), "Bulgarian has no analysis here: read as before");
    }

    @Test
    void scopes_nest_and_a_closed_one_gives_back_the_language_read_before() {
        try (Tokens.Reading fr = Tokens.readingAs("fr")) {
            try (Tokens.Reading en = Tokens.readingAs("en")) {
                assertEquals("paquet", Tokens.normalize("paquets"));
                assertEquals("nationale", Tokens.normalize("nationales"));
            }
            assertEquals("national", Tokens.normalize("nationales"));
        }
    }

    @Test
    void a_page_that_declares_no_language_is_read_in_the_language_its_words_show() {
        String fr = "Ce chapitre décrit comment installer les paquets du système Debian et comment les mettre à jour "
                + "avec les outils de gestion des paquets. Il est important de lire les notes de publication avant "
                + "la mise à niveau, car elles décrivent les changements qui ne sont pas compatibles avec la version "
                + "précédente de la distribution et les problèmes connus que vous pourriez rencontrer.";
        assertEquals("fr", Languages.detect(fr));
        assertEquals("fr", Languages.of("Installation", fr));
        String en = "This chapter describes how to install the packages of the Debian system and how to keep them up "
                + "to date with the package management tools. It is important to read the release notes before an "
                + "upgrade, because they describe the changes that are not compatible with the previous release.";
        assertEquals("en", Languages.detect(en));
        assertEquals("", Languages.of("Installation", en), "English keeps the plural strip: no language set");
        assertEquals("", Languages.detect("Installer les paquets"), "too few words to tell");
    }

    @Test
    void japanese_and_chinese_pages_are_split_into_words_by_kuromoji_and_smartcn_and_each_keeps_its_span() {
        String text = "Debianのパッケージ管理について説明します。";
        assertEquals(1, Tokens.terms(text.substring(0, text.length() - 1)).size(),
                "read as English: one run, one word");
        try (Tokens.Reading ignored = Tokens.readingAs("ja-JP")) {
            List<Tokens.Token> tokens = Tokens.tokenize(text);
            List<String> terms = tokens.stream().map(Tokens.Token::term).toList();
            assertTrue(terms.containsAll(List.of("debian", "パッケージ", "管理")), terms.toString());
            for (Tokens.Token t : tokens) {
                assertEquals(t.term(), text.substring(t.start(), t.end()).toLowerCase(java.util.Locale.ROOT));
            }
        }
        String page = "この章では、Debianシステムのパッケージを管理する方法と、パッケージ管理ツールで最新の状態に保つ方法を説明します。"
                + "アップグレードの前にリリースノートを読むことが重要です。";
        assertEquals("ja", Languages.detect(page));
        assertEquals("ja", Languages.of("パッケージ管理", page));
        String chinese = "本章介绍如何安装 Debian 系统的软件包，以及如何使用软件包管理工具保持系统最新。"
                + "在升级之前阅读发行说明非常重要，因为它们描述了与先前版本不兼容的变化。例如 apt-get install -y a e i o 这些命令。";
        assertEquals("zh", Languages.detect(chinese), "by its Han characters, though a few Latin words look Italian");
        try (Tokens.Reading ignored = Tokens.readingAs("zh-CN")) {
            List<String> terms = Tokens.terms("本章介绍如何安装软件包");
            assertTrue(terms.containsAll(List.of("介绍", "安装", "软件包")), terms.toString());
        }
    }

    @Test
    void a_site_language_needs_a_quarter_of_the_undeclared_pages_to_show_it() {
        String fr = "Ce chapitre décrit comment installer les paquets du système Debian et comment les mettre à jour "
                + "avec les outils de gestion des paquets. Il est important de lire les notes de publication avant "
                + "la mise à niveau, car elles décrivent les changements qui ne sont pas compatibles avec la version "
                + "précédente de la distribution et les problèmes connus que vous pourriez rencontrer.";
        PageRecord french = PageRecord.of("/fr", "Installation", "", fr, null);
        PageRecord listing = PageRecord.of("/cmd", "apt", "", "apt-get install -y paquet", null);
        PageRecord german = french.withMeta(new dev.linker.core.model.PageMeta(null, List.of(),
                dev.linker.core.model.PageKind.CONTENT, List.of(), "de"));
        assertEquals("fr", Languages.site(List.of(french, listing, listing, listing, german)));
        assertEquals("", Languages.site(List.of(french, listing, listing, listing, listing, german)),
                "one French page of five that declare nothing is no French site");
        assertEquals("de", Languages.resolve(german, "fr").meta().language(), "a declared language stays");
        assertEquals("fr", Languages.resolve(listing, "fr").meta().language());
    }
}
