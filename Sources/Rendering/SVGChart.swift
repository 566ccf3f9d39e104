/// Inline SVG charts for the HTML summary: no scripts, no external resources, scaled to the
/// width of the page (viewBox with width 100%).
enum SVGChart {
    struct Bar {
        let label: String
        let value: Int64
        /// The value as people read it.
        let valueText: String
        /// Drawn in the warning colour (e.g. an over budget).
        let highlighted: Bool

        init(label: String, value: Int64, valueText: String, highlighted: Bool = false) {
            self.label = label
            self.value = value
            self.valueText = valueText
            self.highlighted = highlighted
        }
    }

    /// Horizontal bars, one per item; negative values draw nothing.
    static func bars(_ bars: [Bar], title: String) -> String {
        let rowHeight = 26
        let width = 600
        let labelWidth = 190
        let valueWidth = 110
        let plot = width - labelWidth - valueWidth
        let maximum = max(bars.map(\.value).max() ?? 0, 1)
        let height = max(rowHeight * bars.count, rowHeight)
        var svg =
            "<svg viewBox=\"0 0 \(width) \(height)\" width=\"100%\" role=\"img\""
            + " aria-label=\"\(HTMLText.escaped(title))\"><title>\(HTMLText.escaped(title))</title>"
        for (index, bar) in bars.enumerated() {
            let y = index * rowHeight
            let length = bar.value > 0 ? max(1, Proportion.scaled(UInt64(bar.value), of: UInt64(maximum), to: plot)) : 0
            svg +=
                "<text x=\"\(labelWidth - 8)\" y=\"\(y + 17)\" text-anchor=\"end\" font-size=\"13\" fill=\"#333\">"
                + HTMLText.escaped(String(bar.label.prefix(28))) + "</text>"
            svg +=
                "<rect x=\"\(labelWidth)\" y=\"\(y + 5)\" width=\"\(length)\" height=\"16\" rx=\"2\" fill=\""
                + (bar.highlighted ? "#c0392b" : "#2e86c1") + "\"/>"
            svg +=
                "<text x=\"\(labelWidth + length + 6)\" y=\"\(y + 17)\" font-size=\"12\" fill=\"#333\">"
                + HTMLText.escaped(bar.valueText) + "</text>"
        }
        return svg + "</svg>"
    }

    /// A line through the values (nil: a gap), with the first and last labels under it and the
    /// lowest and highest values at the left.
    static func line(
        _ points: [(label: String, value: Int64?)], minimumText: String, maximumText: String,
        title: String
    ) -> String {
        let width = 600
        let height = 200
        let left = 90, right = 20, top = 16, bottom = 30
        let values = points.compactMap(\.value)
        let low = values.min() ?? 0
        let high = values.max() ?? 0
        func x(_ index: Int) -> Int {
            points.count > 1 ? left + Proportion.scaled(UInt64(index), of: UInt64(points.count - 1), to: width - left - right) : left
        }
        func y(_ value: Int64) -> Int {
            high == low
                ? top + (height - top - bottom) / 2
                : top
                    + Proportion.scaled(
                        Proportion.distance(from: value, to: high), of: Proportion.distance(from: low, to: high),
                        to: height - top - bottom)
        }
        var svg =
            "<svg viewBox=\"0 0 \(width) \(height)\" width=\"100%\" role=\"img\""
            + " aria-label=\"\(HTMLText.escaped(title))\"><title>\(HTMLText.escaped(title))</title>"
        svg += "<line x1=\"\(left)\" y1=\"\(height - bottom)\" x2=\"\(width - right)\" y2=\"\(height - bottom)\" stroke=\"#bbb\"/>"
        svg +=
            "<text x=\"\(left - 6)\" y=\"\(top + 4)\" text-anchor=\"end\" font-size=\"11\" fill=\"#555\">\(HTMLText.escaped(maximumText))</text>"
        svg +=
            "<text x=\"\(left - 6)\" y=\"\(height - bottom)\" text-anchor=\"end\" font-size=\"11\" fill=\"#555\">\(HTMLText.escaped(minimumText))</text>"
        var segments: [[(Int, Int)]] = [[]]
        for (index, point) in points.enumerated() {
            if let value = point.value {
                segments[segments.count - 1].append((x(index), y(value)))
            } else if !segments[segments.count - 1].isEmpty {
                segments.append([])
            }
        }
        for segment in segments where !segment.isEmpty {
            svg +=
                "<polyline fill=\"none\" stroke=\"#27ae60\" stroke-width=\"3\" points=\""
                + segment.map { "\($0.0),\($0.1)" }.joined(separator: " ") + "\"/>"
            for point in segment { svg += "<circle cx=\"\(point.0)\" cy=\"\(point.1)\" r=\"3.5\" fill=\"#27ae60\"/>" }
        }
        if let first = points.first {
            svg += "<text x=\"\(x(0))\" y=\"\(height - 10)\" font-size=\"11\" fill=\"#555\">\(HTMLText.escaped(first.label))</text>"
        }
        if points.count > 1, let last = points.last {
            svg +=
                "<text x=\"\(x(points.count - 1))\" y=\"\(height - 10)\" text-anchor=\"end\" font-size=\"11\" fill=\"#555\">"
                + HTMLText.escaped(last.label) + "</text>"
        }
        return svg + "</svg>"
    }
}

/// Text made safe for HTML and XML content and attribute values.
enum HTMLText {
    static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { output += " " } else { output.unicodeScalars.append(scalar) }
            }
        }
        return output
    }
}
