import LoopSimKernel

extension ScenarioCompiler {
    /// View controllers, navigation controllers, presentation and operation queues.
    func compileUIKitStep(_ site: StepSite) -> [Step] {
        let (verb, arg, map, at, scope) = (site.verb, site.arg, site.map, site.at, site.scope)
        let animated = map["animated"].flatMap { bool($0, what: "animated") } ?? true
        func object(_ node: LocatedNode?, _ what: String) -> Expr? {
            guard let node else {
                bag.error(.keyMissing, "\(verb) needs \(what)", at: at)
                return nil
            }
            guard let (e, t) = expression(node, scope: scope) else { return nil }
            if !t.isObject { bag.error(.exprType, "\(what) is an object, not \(t)", at: node.location) }
            return e
        }
        switch verb {
        case "navigationController":
            guard let root = object(map["root"], "root: (the root view controller)") else { return [] }
            var into: LValue?
            if !arg.isNull { into = lvalue(arg, scope: scope, declare: .anyObject)?.0 }
            return [.makeNavigationController(root: root, into: into)]
        case "push":
            guard let vc = object(arg, "the controller to push"), let nav = object(map["on"], "on: (the navigation controller)")
            else { return [] }
            return [.push(vc, nav: nav, animated: animated)]
        case "pop", "popToRoot":
            guard let nav = object(arg, "the navigation controller") else { return [] }
            let toRoot = verb == "popToRoot" || (map["toRoot"].flatMap { bool($0, what: "toRoot") } ?? false)
            return [.pop(nav: nav, toRoot: toRoot)]
        case "setRightBarButton":
            guard let vc = object(arg, "the view controller"), let view = object(map["customView"], "customView:") else { return [] }
            return [.setRightBarButton(vc: vc, customView: view)]
        case "present":
            guard let vc = object(arg, "the controller to present"), let from = object(map["from"], "from: (the presenter)")
            else { return [] }
            return [.present(vc, from: from, animated: animated)]
        case "dismiss":
            guard let vc = object(arg, "the controller that dismisses") else { return [] }
            return [.dismiss(vc, animated: animated)]
        case "addOperation":
            guard let name = string(arg, what: "the operation queue") else { return [] }
            guard let index = program.operationQueues.firstIndex(where: { $0.name == name }) else {
                bag.error(.nameUndefined, "no operation queue named '\(name)': declare it under operationQueues:"
                    + suggestion(name, program.operationQueues.map(\.name)), at: arg.location)
                return []
            }
            let dependsOnLast = map["dependsOnLast"].flatMap { bool($0, what: "dependsOnLast") } ?? false
            guard let block = blockLiteral(captures: map["captures"], body: map["do"], at: at, scope: scope) else { return [] }
            return [.addOperation(queue: index, dependsOnLast: dependsOnLast, block: block)]
        default:
            missingCase(verb, .uikit)
        }
    }
}
