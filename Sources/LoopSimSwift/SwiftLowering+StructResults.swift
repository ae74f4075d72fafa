import LoopSimScenario
import SwiftSyntax

/// `Result<User, FetchError>` through a completion handler: `completion: @escaping (Result<User, FetchError>) ->
/// Void`, `completion(.success(User(name: "ada", age: 3)))`, `completion(.failure(.timeout))`, `switch result {
/// case .success(let user): … case .failure(let e): … }`. A `Result` is split into its success and failure parts
/// (SwiftLowering+Result.swift); a struct success part is the struct's stored properties flattened
/// (`result_success_name`, `result_success_age`, section "Structs" of docs/swift-scenarios.md), each nil on failure,
/// beside the failure part, which is nil on success (the standard library's `Result` is `.success(Success)` or
/// `.failure(Failure)`, `Failure: Error`; Result.swift). Only a struct of plain values (Int, Bool, String,
/// TimeInterval, an enum of the file) is a success so; a `Result` of a struct kept in a property or a local,
/// returned, or made from a throwing closure is refused where it is written.
extension SwiftLowering {
    /// The struct a `Result`'s success is, if any.
    static func structSuccess(_ type: LoweredType) -> String? {
        guard case .result(.value(let s), _) = type else { return nil }
        return s
    }

    /// The parameters a struct success part is split into: one per flattened stored property.
    func structSuccessParameters(_ s: String, lowered: String, at: ScenarioLocation) -> [LocatedNode] {
        flatFields(of: s, prefix: "\(lowered)_success").map { place, field in
            .map([(place, .plain(field.type.fieldTypeName ?? "id", at: at))], at: at)
        }
    }

    /// The argument texts of a struct success: `.success(user)` is each property of `user`, `.success(User(…))`
    /// each property made into temporaries `structLINExCOL_…` before the statement (``Hoisting``), `.failure(e)`
    /// nil for each. Nil after refusing.
    mutating func structSuccessArgument(_ payload: ExprSyntax?, struct s: String, in scope: Scope) -> [String]? {
        guard let payload else { return flatFields(of: s, prefix: s).map { _ in "nil" } }
        if structConstruction(payload) != nil || tupleArguments(payload, of: s) != nil {
            guard hoisting.isOpen else {
                unsupported(
                    "a `\(s)(…)` made inside this `.success(…)`", "make it a local first (`let value = \(s)(…)`)",
                    at: payload)
                return nil
            }
            let at = location(payload)
            let temporary = "struct\(at.line)x\(at.column)"
            guard let made = structStore(payload, struct: s, into: temporary, verb: "let", in: scope) else {
                return nil
            }
            hoisting.steps += made
            return flatFields(of: s, prefix: temporary).map(\.place)
        }
        guard let value = expression(payload, in: scope) else { return nil }
        guard value.type == .value(s) else {
            unsupported("this value as a `\(s)`", "pass \(valueSpelling(s)) or another `\(s)`", at: payload)
            return nil
        }
        return flatFields(of: s, prefix: s).map { Self.elementPlace(value.text, String($0.place.dropFirst(s.count))) }
    }

    /// The parts of a `Result` place whose success is struct `s`, passed on: each flattened property, then the
    /// failure.
    func structResultParts(_ place: ResultPlace, struct s: String) -> [String] {
        flatFields(of: s, prefix: place.success).map(\.place) + [place.failure]
    }

    /// The bindings of `.success(let user)` on a struct success part `part`: the struct's name, which binds no value
    /// of its own (``isStructBinding(_:)``), and one per stored property, `user_name` reading `part_name`.
    func structSuccessBindings(_ name: String, part: String, struct s: String) -> [(String, String, LoweredType)] {
        [(name, part, .value(s))]
            + flatFields(of: s, prefix: name).map { place, field -> (String, String, LoweredType) in
                (place, part + String(place.dropFirst(name.count)), field.type)
            }
    }

    /// Whether a case binding is a struct's name (its properties are bound beside it).
    static func isStructBinding(_ type: LoweredType) -> Bool {
        if case .value = type { return true }
        return false
    }

    /// Refuses a `Result` of a struct where it is kept rather than passed (a property, a local, a returned value, a
    /// `Result { … }`). True when refused.
    mutating func refusesStructResult(_ type: LoweredType?, at node: some SyntaxProtocol) -> Bool {
        guard let type, let s = Self.structSuccess(type) else { return false }
        unsupported(
            "a `Result<\(s), …>` kept in a property or a local, returned, or made from a throwing closure",
            "pass it straight to a completion handler (`completion(.success(\(s)(…)))`) and read it there with "
                + "`switch result { case .success(let value): … }`; keep the `\(s)` itself in a property (`var last: "
                + "\(s)?`)", at: node)
        return true
    }
}
