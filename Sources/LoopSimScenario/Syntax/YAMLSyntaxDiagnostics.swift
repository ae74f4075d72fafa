import Yams

/// Turns Yams's parse errors into `yaml.syntax` diagnostics with plain-words
/// explanations.
///
/// Yams reports scanner, parser and composer errors with a `Mark` whose line
/// and column are already 1-based (it adds 1 to libyaml's 0-based marks);
/// columns count Unicode scalars. Reader errors (bad characters) carry an
/// offset in `Character`s from the start of the text instead, which is
/// converted here.
enum YAMLSyntaxDiagnostics {
    /// Builds the diagnostic for a Yams error raised while parsing `text`
    /// (the possibly rewritten text), mapping positions back with `markers`.
    static func diagnostic(for error: YamlError, text: String, file: String, markers: YAMLKeyMarkers) -> Diagnostic {
        func location(_ line: Int, _ column: Int) -> SourceLocation {
            let original = markers.originalPosition(line: line, column: column)
            return SourceLocation(file: file, line: original.line, column: original.column)
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let found = character(in: text, line: mark.line, column: mark.column)
            var notes: [Diagnostic.Note] = []
            if let context, let phrase = contextPhrase(context.text),
                context.mark.line != mark.line || context.mark.column != mark.column
            {
                notes.append(.init(phrase, at: location(context.mark.line, context.mark.column)))
            }
            return .error(
                .yamlSyntax, message(problem: problem, found: found), at: location(mark.line, mark.column),
                notes: notes)
        case .reader(let problem, let offset, _, _):
            let (line, column) = position(ofCharacterOffset: offset ?? 0, in: text)
            return .error(.yamlSyntax, message(problem: problem, found: nil), at: location(line, column))
        default:
            return .error(.yamlSyntax, "invalid YAML: \(error)", at: location(1, 1))
        }
    }

    /// "invalid YAML: <libyaml's problem>; <how to fix it>".
    static func message(problem: String, found: Unicode.Scalar?) -> String {
        if problem.hasPrefix("Maximum nesting level reached") {
            // libyaml's own text names a C function a scenario's author cannot call.
            return "invalid YAML: the lists and mappings that open here nest too deep for the YAML parser (libyaml "
                + "stops at \(maxNesting) levels); a scenario needs a few: close the `[` or `{` left open, or flatten "
                + "the structure (move nested steps into a method)"
        }
        let hint: String?
        switch problem {
        case "found character that cannot start any token":
            if found == "\t" {
                hint = "a tab cannot be used for indentation or before a value; use spaces"
            } else if let found {
                hint = "`\(found)` cannot start an unquoted value; put the value in quotes"
            } else {
                hint = "put the value in quotes"
            }
        case "found a tab character that violates indentation",
            "found a tab character where an indentation space is expected":
            hint = "indent with spaces, not tabs"
        case "mapping values are not allowed in this context":
            hint = "a value containing \": \" must be quoted, or a key here is indented wrongly"
        case "could not find expected ':'":
            hint = "add the ':' after the key, or quote the text if it is not meant as a key"
        case "did not find expected key":
            hint = "check that this line is indented like the other keys of its mapping"
        case "did not find expected '-' indicator":
            hint = "check that this line is indented like the other items of its list"
        case "did not find expected ',' or ']'":
            hint = "a '[' is not closed; close the list with ']' and separate items with ','"
        case "did not find expected ',' or '}'":
            hint = "a '{' is not closed; close the mapping with '}' and separate entries with ','"
        case "did not find expected <document start>":
            hint = "this line does not continue the top-level value above it; check its indentation"
        case "did not find expected node content":
            hint = "a value is missing here"
        case "found unexpected end of stream":
            hint = "a quoted string is not closed; add the closing quote"
        case "found undefined alias":
            hint = "define the anchor with `&name` before using `*name`"
        case "but found another document":
            return "invalid YAML: found a second document; a scenario file must hold a single YAML document, "
                + "remove the `---` separator and what follows or move it to its own file"
        case "found unknown escape character":
            hint = "write a backslash as \\\\ inside double quotes, or use single quotes"
        case "block sequence entries are not allowed in this context":
            hint = "start the list on a new line under its key, with consistent indentation"
        case "control characters are not allowed":
            hint = "remove the invisible control character"
        default:
            hint = nil
        }
        return "invalid YAML: \(problem)" + (hint.map { "; \($0)" } ?? "")
    }

    /// libyaml's `MAX_NESTING_LEVEL`: how deep lists and mappings may nest.
    static let maxNesting = 1000

    /// "while parsing a flow sequence" → "the flow sequence starts here".
    /// `nil` for contexts that add nothing.
    private static func contextPhrase(_ context: String) -> String? {
        for prefix in ["while scanning ", "while parsing "] where context.hasPrefix(prefix) {
            var rest = context.dropFirst(prefix.count)
            if rest.hasPrefix("for ") { return nil }
            for article in ["a ", "an ", "the "] where rest.hasPrefix(article) {
                rest = rest.dropFirst(article.count)
            }
            return "the \(rest) starts here"
        }
        return nil
    }

    /// The Unicode scalar at a 1-based line/column of `text`, if any.
    private static func character(in text: String, line: Int, column: Int) -> Unicode.Scalar? {
        let scalars = text.unicodeScalars
        guard let index = YAMLKeyMarkers.index(in: scalars, line: line, column: column),
            index != scalars.endIndex
        else { return nil }
        return scalars[index]
    }

    /// The 1-based line and Unicode-scalar column of a `Character` offset,
    /// lines counted as libyaml counts them (``SourceLocation/isLineBreak(_:)``).
    private static func position(ofCharacterOffset offset: Int, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        var afterCR = false
        for scalar in text.prefix(max(0, offset)).unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\n" && afterCR { continue }  // \r\n ends one line
            if SourceLocation.isLineBreak(scalar) {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
