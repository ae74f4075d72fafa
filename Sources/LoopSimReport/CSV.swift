/// Comma-separated values as RFC 4180 writes them (https://www.rfc-editor.org/rfc/rfc4180 §2): fields separated
/// by `,`, records ended by a line break, and a field that holds a comma, a double quote, a carriage return or a
/// line feed enclosed in double quotes, each double quote inside doubled (`a "b"` → `"a ""b"""`).
///
/// Every CSV LoopSim prints goes through here (`sweep --format csv`, `merge --format csv`), so a parameter value
/// such as `"a, b"` stays one cell and the file reads back with any RFC 4180 reader (Python's `csv`, R's
/// `read.csv`, spreadsheets). Records end with `\n`, as the rest of LoopSim's output, which RFC 4180 readers
/// accept (the RFC's CRLF is the MIME form; Python's `csv.reader` takes either).
public enum CSV {
    /// One field: as it is when it needs no quotes, else enclosed in `"` with every `"` doubled.
    ///
    /// A field needs quotes when it contains `,`, `"`, CR or LF (RFC 4180 §2 rules 5–7). Spaces are kept as they
    /// are, unquoted: the RFC makes them part of the field.
    public static func field(_ value: String) -> String {
        // unicodeScalars, not Characters: "\r\n" is one Character, which contains(where:) over Characters would see
        // as neither "\r" nor "\n".
        guard value.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else {
            return value
        }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            if scalar == "\"" { quoted.unicodeScalars.append("\"") }
            quoted.unicodeScalars.append(scalar)
        }
        quoted.unicodeScalars.append("\"")
        return quoted
    }

    /// One record: the fields, each through ``field(_:)``, joined by commas (without the line break).
    public static func record<S: Sequence>(_ fields: S) -> String where S.Element == String {
        fields.map(field).joined(separator: ",")
    }
}
