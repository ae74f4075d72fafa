import LoopSimKernel

/// The names a body can see: its locals, the captures of the block it belongs to, and `self`.
///
/// Blocks see only what they capture, as in Objective-C: a name from the enclosing body must appear in the
/// block's `captures:` list.
final class Scope {
    private(set) var localNames: [String] = []
    private(set) var localTypes: [TypeRef] = []
    let captures: [(name: String, type: TypeRef)]
    let selfType: TypeRef?
    /// The body of a block literal: it sees only its captures and its own locals.
    let isBlock: Bool

    init(captures: [(name: String, type: TypeRef)] = [], selfType: TypeRef? = nil, isBlock: Bool = false,
         locals: [(String, TypeRef)] = []) {
        self.captures = captures
        self.selfType = selfType
        self.isBlock = isBlock
        for (name, type) in locals { _ = declare(name, type) }
    }

    /// Declares (or re-declares) a local; returns its index.
    func declare(_ name: String, _ type: TypeRef) -> Int {
        if let i = localNames.lastIndex(of: name) {
            localTypes[i] = type
            return i
        }
        localNames.append(name)
        localTypes.append(type)
        return localNames.count - 1
    }

    enum Resolved {
        case local(Int, TypeRef)
        case capture(Int, TypeRef)
        case selfObject(TypeRef)
    }

    func resolve(_ name: String) -> Resolved? {
        if let i = localNames.lastIndex(of: name) { return .local(i, localTypes[i]) }
        if let i = captures.lastIndex(where: { $0.name == name }) { return .capture(i, captures[i].type) }
        if name == "self", let selfType { return .selfObject(selfType) }
        return nil
    }

    /// Every name visible here, for "did you mean" suggestions.
    var visibleNames: [String] {
        localNames + captures.map(\.name) + (selfType != nil ? ["self"] : [])
    }
}
