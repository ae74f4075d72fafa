import LoopSimKernel

extension ScenarioCompiler {
    /// The names `superclass:` accepts: Foundation's `Operation` in Swift and Objective-C spelling.
    static let operationSuperclassNames = ["Operation", "NSOperation"]
    /// The methods of an `Operation` subclass that the queue calls.
    static let operationOverrides = ["start", "main"]

    /// `superclass: Operation` and `isAsynchronous:` of class `c` (docs/scenario-format.md §4): the class subclasses
    /// `Operation`, its `start`/`main` methods are its overrides (`-[NSOperation start]`, `main`) and
    /// `isAsynchronous:` its `isAsynchronous` override. Run in pass 1, once the method names are known.
    func declareOperationSubclass(_ c: Int, _ decl: LocatedNode.Mapping) {
        let asynchronousNode = decl["isAsynchronous"]
        guard let node = decl["superclass"] else {
            if let asynchronousNode {
                bag.error(
                    .valueInvalid,
                    "isAsynchronous: overrides Operation's property: declare the class `superclass: Operation` first",
                    at: asynchronousNode.location)
            }
            return
        }
        guard let name = string(node, what: "superclass") else { return }
        guard Self.operationSuperclassNames.contains(name) else {
            bag.error(
                .valueInvalid,
                "superclass: is Operation (an NSOperation subclass with its own main or start); a scenario class "
                    + "cannot subclass '\(name)'" + suggestion(name, Self.operationSuperclassNames), at: node.location)
            return
        }
        if program.classes[c].proxyTargetField != nil || decl["proxy"] != nil {
            bag.error(
                .valueInvalid, "a class is an NSProxy (proxy:) or an Operation subclass (superclass:), not both",
                at: node.location)
            return
        }
        if decl["actor"].flatMap({ bool($0, what: "actor") }) == true {
            // Swift: "actor types do not support inheritance" (SE-0306, an actor cannot have a superclass).
            bag.error(
                .valueInvalid, "an actor cannot subclass Operation (actors do not support inheritance, SE-0306)",
                at: node.location)
            return
        }
        for (m, method) in classMethods[c].enumerated()
        where Self.operationOverrides.contains(method) && !classMethodParams[c][m].isEmpty {
            let at = decl["methods"]?.mapping?.entries[m].key.location ?? node.location
            bag.error(
                .valueInvalid, "`\(method)` overrides Operation's `\(method)()`, which takes no parameters", at: at)
        }
        let isAsynchronous = asynchronousNode.flatMap { bool($0, what: "isAsynchronous") } ?? false
        program.classes[c].operation = OperationSubclass(
            isAsynchronous: isAsynchronous, start: classMethods[c].firstIndex(of: "start"),
            main: classMethods[c].firstIndex(of: "main"))
    }
}
