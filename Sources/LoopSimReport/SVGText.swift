/// Small helpers shared by the SVG renderers: escaping and fixed-format numbers, so that the same run
/// always gives the same bytes.
enum SVGText {
    /// `s` escaped for XML text and attribute values.
    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// A coordinate with at most two decimals, without trailing zeros (`12`, `12.5`, `12.25`).
    static func num(_ x: Double) -> String {
        let hundredths = Int64((x * 100).rounded())
        return TimeText.decimal(hundredths, scale: 100)
    }

    /// A rectangle with a tooltip.
    static func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, title: String? = nil,
        extra: String = ""
    ) -> String {
        var s =
            "<rect x=\"\(num(x))\" y=\"\(num(y))\" width=\"\(num(max(0, width)))\" height=\"\(num(height))\" fill=\"\(fill)\""
        if !extra.isEmpty { s += " " + extra }
        guard let title else { return s + "/>" }
        return s + "><title>\(escape(title))</title></rect>"
    }

    /// A text element.
    static func text(
        _ content: String, x: Double, y: Double, anchor: String = "start", size: Int = 11, fill: String = "#222",
        weight: String? = nil
    ) -> String {
        "<text x=\"\(num(x))\" y=\"\(num(y))\" font-size=\"\(size)\" fill=\"\(fill)\" text-anchor=\"\(anchor)\""
            + (weight.map { " font-weight=\"\($0)\"" } ?? "") + ">\(escape(content))</text>"
    }
}
