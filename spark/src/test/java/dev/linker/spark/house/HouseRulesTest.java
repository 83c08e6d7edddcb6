package dev.linker.spark.house;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The Spark module's house rules, read from its compiled classes (ArchUnit): the launcher and the embed job, built for
 * Java 17, never name the plan job's package (built for Java 21, loaded by name only when a plan is asked for), and no
 * class depends on itself through others. The rules of the other modules: cli's HouseRulesTest.
 */
class HouseRulesTest {
    static JavaClasses classes;

    @BeforeAll
    static void read() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.linker.spark");
    }

    @Test
    void the_java_17_classes_never_name_the_plan_job() {
        noClasses().that().resideOutsideOfPackage("dev.linker.spark.plan..").should().dependOnClassesThat()
                .resideInAPackage("dev.linker.spark.plan..").check(classes);
    }

    @Test
    void no_class_depends_on_itself_through_others() {
        slices().assignedFrom(new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                JavaClass top = c;
                while (top.getEnclosingClass().isPresent()) {
                    top = top.getEnclosingClass().get();
                }
                return SliceIdentifier.of(top.getName());
            }

            @Override
            public String getDescription() {
                return "top-level classes";
            }
        }).should().beFreeOfCycles().check(classes);
    }
}
