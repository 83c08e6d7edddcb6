package dev.linker.index.plan;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.linker.core.result.LinkerException;
import dev.linker.core.site.Csv;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The plan as CSV: {@code donor_url,anchor_text,acceptor_url,score,sentence,anchor_in_text}; {@code anchor_in_text}
 * is false where no phrase of the donor fits and {@code anchor_text} is the wording of a link to add to the sentence.
 */
public final class PlanCsv {
    public static final String HEADER = "donor_url,anchor_text,acceptor_url,score,sentence,anchor_in_text";

    private PlanCsv() {
    }

    public static void write(List<PlannedLink> links, PrintWriter out) {
        out.println(HEADER);
        for (PlannedLink l : links) {
            out.println(row(l));
        }
        out.flush();
    }

    /** One link as a line of the plan CSV (no line break). */
    public static String row(PlannedLink l) {
        return String.join(",", Csv.cell(l.donor()), Csv.cell(l.anchor()), Csv.cell(l.acceptor()),
                String.format(Locale.ROOT, "%.4f", l.score()), Csv.cell(l.sentence()), Boolean.toString(l.anchorInText()));
    }

    public static List<PlannedLink> read(Path file) {
        List<PlannedLink> out = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             MappingIterator<String[]> it = new CsvMapper().readerFor(String[].class)
                     .with(CsvParser.Feature.WRAP_AS_ARRAY).readValues(r)) {
            if (!it.hasNextValue()) {
                return out;
            }
            List<String> header = Arrays.asList(it.nextValue());
            int donor = header.indexOf("donor_url");
            int anchor = header.indexOf("anchor_text");
            int acceptor = header.indexOf("acceptor_url");
            int score = header.indexOf("score");
            int sentence = header.indexOf("sentence");
            int inText = header.indexOf("anchor_in_text");
            if (donor < 0 || acceptor < 0 || score < 0) {
                throw new LinkerException(file + ": not a plan CSV (expected columns " + HEADER + "; found "
                        + header + ")");
            }
            while (it.hasNextValue()) {
                String[] row = it.nextValue();
                if (row.length <= Math.max(donor, Math.max(acceptor, score))) {
                    continue;
                }
                double s;
                try {
                    s = Double.parseDouble(row[score]);
                } catch (NumberFormatException e) {
                    throw new LinkerException(file + ": score '" + row[score] + "' is not a number");
                }
                out.add(new PlannedLink(row[donor], anchor >= 0 && anchor < row.length ? row[anchor] : "",
                        row[acceptor], s, sentence >= 0 && sentence < row.length ? row[sentence] : "", Double.NaN,
                        inText < 0 || inText >= row.length || !row[inText].strip().equalsIgnoreCase("false")));
            }
        } catch (LinkerException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new LinkerException(file + ": unreadable plan CSV: " + e.getMessage(), e);
        }
        return out;
    }
}
