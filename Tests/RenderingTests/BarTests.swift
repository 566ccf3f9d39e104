import Testing

@testable import Rendering

/// Bars and charts scale amounts in exact integer arithmetic: the same length for the same
/// proportion, however large the amounts (binary floating point would round these wrongly).
@Suite("Bars and charts")
struct BarTests {
    @Test(
        "a bar is value / maximum of its width in eighths, a half rounded up",
        arguments: [
            (Int64(1), Int64(3), "██████▋"),  // 53.3 eighths
            (Int64(1), Int64(320), "▏"),  // half an eighth
            (Int64(10), Int64(10), String(repeating: "█", count: 20)),
            (Int64(0), Int64(10), ""),
            (Int64(-5), Int64(10), ""),
            // 80.4999... eighths: Double made it 81 (a sliver past ten blocks).
            (Int64(4_528_124_999_999_999_920), Int64(8_999_999_999_999_999_841), String(repeating: "█", count: 10)),
        ])
    func bar(value: Int64, maximum: Int64, expected: String) {
        #expect(Bar.text(value, maximum: maximum, width: 20, ascii: false) == expected)
    }

    @Test("ASCII bars round to whole columns")
    func asciiBar() {
        #expect(Bar.text(1, maximum: 3, width: 20, ascii: true) == "#######")
        #expect(Bar.text(1, maximum: 1000, width: 20, ascii: true) == "#")
    }

    @Test("a sparkline spans the lowest to the highest value, also across the whole range of amounts")
    func sparkline() {
        #expect(Bar.sparkline([1, 4, nil, 8], ascii: false) == "▁▄ █")
        #expect(Bar.sparkline([-9_000_000_000_000_000_000, 0, 9_000_000_000_000_000_000], ascii: false) == "▁▅█")
        #expect(Bar.sparkline([5, 5], ascii: true) == "==")
    }

    @Test("SVG bars: 300 units at the maximum, exactly rounded below it")
    func svgBars() {
        let svg = SVGChart.bars(
            [
                SVGChart.Bar(label: "most", value: 8_999_999_999_999_999_701, valueText: "a"),
                // 150.4999... units: Double made it 151.
                SVGChart.Bar(label: "half", value: 4_514_999_999_999_999_850, valueText: "b"),
                SVGChart.Bar(label: "tiny", value: 1, valueText: "c"),
            ], title: "t")
        #expect(svg.contains("<rect x=\"190\" y=\"5\" width=\"300\""))
        #expect(svg.contains("<rect x=\"190\" y=\"31\" width=\"150\""))
        #expect(svg.contains("<rect x=\"190\" y=\"57\" width=\"1\""), "a positive value draws at least one unit")
    }
}
