import Foundation

extension OutputTarget {
    /// Refuses two outputs that name one file (after `.`, `..` and symbolic links): the second written would
    /// replace the first (`--output x --trace x`).
    static func checkDistinct(_ targets: [OutputTarget]) throws(WriteError) {
        var seen: [String: OutputTarget] = [:]
        for target in targets {
            let key = URL(fileURLWithPath: target.path).standardizedFileURL.resolvingSymlinksInPath().path
            if let first = seen[key] {
                throw WriteError(
                    message: "\(first.what) and \(target.what) would both be written to '\(target.path)': "
                        + "give each its own path")
            }
            seen[key] = target
        }
    }
}
