package dev.linker.cli.house;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The house rules read from the compiled classes of core, lucene-index, server and cli (ArchUnit): the whiteboard's
 * directions inside the jar, no cycle between packages, no cycle between classes, no record of more than eight
 * components. The module boundaries themselves are
 * Maven's: a module cannot name a class of one it does not depend on. Main files' sizes: {@link MainFileSizeTest}.
 */
class HouseRulesTest {
    static JavaClasses classes;

    @BeforeAll
    static void read() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.linker");
    }

    @Test
    void core_knows_no_index_no_server_no_command_line_and_no_lucene() {
        noClasses().that().resideInAPackage("dev.linker.core..").should().dependOnClassesThat()
                .resideInAnyPackage("dev.linker.index..", "dev.linker.server..", "dev.linker.cli..",
                        "org.apache.lucene..", "io.javalin..", "picocli..")
                .check(classes);
    }

    @Test
    void the_engine_knows_no_door() {
        noClasses().that().resideInAPackage("dev.linker.index..").should().dependOnClassesThat()
                .resideInAnyPackage("dev.linker.server..", "dev.linker.cli..", "io.javalin..", "picocli..")
                .check(classes);
    }

    @Test
    void the_server_knows_no_other_door() {
        noClasses().that().resideInAPackage("dev.linker.server..").should().dependOnClassesThat()
                .resideInAnyPackage("dev.linker.cli..", "picocli..")
                .check(classes);
    }

    @Test
    void no_package_depends_on_itself_through_others() {
        slices().matching("dev.linker.(**)").should().beFreeOfCycles().check(classes);
    }

    /**
     * No class depends on itself through others (issue 46: the last cycles are cut, none is ignored). The facade's
     * nested types are top-level types (options, vector format, sync report, stored page); its opener
     * ({@code IndexFolder}) and event applier ({@code PageEvents}) are given functions instead of the facade; a
     * page's written links are a {@code LinkInput} of their own and their checks {@code PageLimits}'; a name's kind
     * is {@code NameKind}, which both the name index and a name's owner use.
     */
    @Test
    void no_class_depends_on_itself_through_others() {
        slices().assignedFrom(TOP_LEVEL).should().beFreeOfCycles().check(classes);
    }

    private static JavaClass top(JavaClass c) {
        JavaClass t = c;
        while (t.getEnclosingClass().isPresent()) {
            t = t.getEnclosingClass().get();
        }
        return t;
    }

    /** Each top-level class with its nested classes is one slice. */
    private static final SliceAssignment TOP_LEVEL = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            return SliceIdentifier.of(top(c).getName());
        }

        @Override
        public String getDescription() {
            return "top-level classes";
        }
    };

    /** A record of more components than this is a positional list: group them, or give it a builder. */
    static final int MAX_RECORD_COMPONENTS = 8;

    @Test
    void no_record_has_more_than_eight_components() {
        Map<String, String> broken = new TreeMap<>();
        for (JavaClass c : classes) {
            long n = c.getFields().stream().filter(f -> !f.getModifiers().contains(JavaModifier.STATIC)).count();
            if (c.isRecord() && n > MAX_RECORD_COMPONENTS) {
                broken.put(c.getName(), n + " components, over " + MAX_RECORD_COMPONENTS
                        + ": group them into named records, or give it a builder");
            }
        }
        assertEquals(Map.of(), broken);
    }
}
