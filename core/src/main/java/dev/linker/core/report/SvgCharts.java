package dev.linker.core.report;

import java.util.List;
import java.util.Locale;

/** Bar charts as inline SVG: no library, no script, the same bytes for the same data. */
final class SvgCharts {
    private static final int WIDTH = 640;
    private static final int HEIGHT = 270;
    private static final int LEFT = 48;
    private static final int RIGHT = 12;
    private static final int TOP = 40;
    private static final int BOTTOM = 44;

    private SvgCharts() {
    }

    /** One named series of values, one per category. */
    record Series(String name, String cssClass, int[] values) {
    }

    /**
     * A grouped bar chart.
     *
     * @param title      accessible name of the chart
     * @param categories x-axis labels
     * @param xLabel     x-axis caption
     * @param series     one or more series (more than one gets a legend)
     */
    static String barChart(String title, List<String> categories, String xLabel, List<Series> series) {
        int max = 0;
        for (Series s : series) {
            for (int v : s.values()) {
                max = Math.max(max, v);
            }
        }
        int step = niceStep(max);
        int top = Math.max(step, ((max + step - 1) / step) * step);
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        double groupW = plotW / Math.max(1, categories.size());
        double barW = groupW * 0.8 / series.size();

        StringBuilder b = new StringBuilder();
        b.append("<svg class=\"chart\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
                .append("\" role=\"img\" aria-label=\"").append(Html.esc(title)).append("\" xmlns=\"http://www.w3.org/2000/svg\">\n");
        b.append("<title>").append(Html.esc(title)).append("</title>\n");
        for (int t = 0; t <= top; t += step) {
            double y = TOP + plotH - plotH * t / top;
            b.append("<line class=\"grid\" x1=\"").append(LEFT).append("\" y1=\"").append(n(y)).append("\" x2=\"")
                    .append(WIDTH - RIGHT).append("\" y2=\"").append(n(y)).append("\"/>")
                    .append("<text class=\"tick\" x=\"").append(LEFT - 6).append("\" y=\"").append(n(y + 4))
                    .append("\" text-anchor=\"end\">").append(t).append("</text>\n");
        }
        for (int c = 0; c < categories.size(); c++) {
            double gx = LEFT + groupW * c + groupW * 0.1;
            for (int s = 0; s < series.size(); s++) {
                int v = series.get(s).values()[c];
                double h = plotH * v / top;
                double x = gx + barW * s;
                double y = TOP + plotH - h;
                b.append("<rect class=\"").append(series.get(s).cssClass()).append("\" x=\"").append(n(x))
                        .append("\" y=\"").append(n(y)).append("\" width=\"").append(n(barW - 1)).append("\" height=\"")
                        .append(n(h)).append("\"><title>").append(Html.esc(series.get(s).name() + ", "
                                + categories.get(c) + ": " + v)).append("</title></rect>");
                b.append("<text class=\"value\" x=\"").append(n(x + (barW - 1) / 2)).append("\" y=\"").append(n(y - 4))
                        .append("\" text-anchor=\"middle\">").append(v).append("</text>\n");
            }
            b.append("<text class=\"cat\" x=\"").append(n(LEFT + groupW * c + groupW / 2)).append("\" y=\"")
                    .append(HEIGHT - BOTTOM + 16).append("\" text-anchor=\"middle\">").append(Html.esc(categories.get(c)))
                    .append("</text>\n");
        }
        b.append("<line class=\"axis\" x1=\"").append(LEFT).append("\" y1=\"").append(TOP + (int) plotH).append("\" x2=\"")
                .append(WIDTH - RIGHT).append("\" y2=\"").append(TOP + (int) plotH).append("\"/>\n");
        b.append("<text class=\"caption\" x=\"").append(n(LEFT + plotW / 2)).append("\" y=\"").append(HEIGHT - 8)
                .append("\" text-anchor=\"middle\">").append(Html.esc(xLabel)).append("</text>\n");
        if (series.size() > 1) {
            double lx = LEFT + 8;
            for (Series s : series) {
                b.append("<rect class=\"").append(s.cssClass()).append("\" x=\"").append(n(lx)).append("\" y=\"8\" width=\"12\" height=\"12\"/>")
                        .append("<text class=\"legend\" x=\"").append(n(lx + 16)).append("\" y=\"18\">")
                        .append(Html.esc(s.name())).append("</text>\n");
                lx += 24 + 7 * s.name().length();
            }
        }
        b.append("</svg>\n");
        return b.toString();
    }

    /** 1, 2 or 5 times a power of ten, so about four grid lines cover {@code max}. */
    static int niceStep(int max) {
        if (max <= 4) {
            return 1;
        }
        double raw = max / 4.0;
        int pow = 1;
        while (pow * 10L <= raw) {
            pow *= 10;
        }
        for (int m : new int[]{1, 2, 5, 10}) {
            if ((long) m * pow >= raw) {
                return m * pow;
            }
        }
        return 10 * pow;
    }

    private static String n(double v) {
        String s = String.format(Locale.ROOT, "%.1f", v);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }
}
