import LoopSimScenario
import SwiftSyntax

/// UIKit delegates of the views the model follows (docs/swift-scenarios.md, "Scroll-view and search-bar
/// delegates"). A class may conform to `UIScrollViewDelegate`, `UISearchBarDelegate` and `UITextFieldDelegate`, in
/// its declaration or an extension. UIKit holds a view's delegate weakly (UIScrollView.h: `@property(nullable,
/// nonatomic,weak) id<UIScrollViewDelegate> delegate`; UISearchBar.h and UITextField.h declare theirs `weak` too).
///
/// - `scrollView.delegate = self` on a `UIScrollView` property stores `self` into the hidden weak field
///   `scrollView_delegate`, and `scenario.scroll(…, in: vc.scrollView)` (or the only such scroll view of the file's
///   top-level objects) lowers to `scroll:` with `delegate: vc.scrollView_delegate`: the kernel sends the drag's
///   callbacks the class declares (UIKit+ScrollDelegate.swift).
/// - `searchBar.delegate = self` and `textField.delegate = self` are inert: the model sends no typing callbacks;
///   the experiment calls the method (`vc.searchBar(bar, textDidChange: "sw")`).
/// - A method's parameter of one of these view types (`_ scrollView: UIScrollView`) has no local, and a call passes
///   no value for it; reading it is refused at the parameter.
extension SwiftLowering {
    /// The delegate protocols a class may conform to.
    static let viewDelegateProtocols: Set<String> = [
        "UIScrollViewDelegate", "UISearchBarDelegate", "UITextFieldDelegate",
    ]
    /// The views whose delegate the model follows, and which a delegate method receives as its first parameter.
    static let delegateViewClasses: Set<String> = ["UIScrollView", "UISearchBar", "UITextField"]
    /// The scroll-view delegate methods the kernel sends (UIKit+ScrollDelegate.swift).
    static let sentScrollCallbacks: Set<String> = [
        "scrollViewWillBeginDragging", "scrollViewDidEndDragging", "scrollViewWillBeginDecelerating",
        "scrollViewDidEndDecelerating",
    ]

    /// The positions of `f`'s parameters whose type is a delegate's view (`UIScrollView`, `UISearchBar?`).
    static func viewParameterPositions(_ f: FunctionDeclSyntax) -> Set<Int> {
        var positions: Set<Int> = []
        for (i, parameter) in f.signature.parameterClause.parameters.enumerated() {
            var type = parameter.type
            if let o = type.as(OptionalTypeSyntax.self) { type = o.wrappedType }
            if let o = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = o.wrappedType }
            if let name = type.as(IdentifierTypeSyntax.self)?.name.text, delegateViewClasses.contains(name) {
                positions.insert(i)
            }
        }
        return positions
    }

    /// First pass: the delegate protocols the class conforms to, and the hidden weak field of each `UIScrollView`
    /// property whose delegate the class's code sets to `self`.
    func collectViewDelegates(_ decl: some ClassLikeDecl, into shape: inout ClassShape) {
        var inherited = decl.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
        if let file = decl.root.as(SourceFileSyntax.self) {
            for item in file.statements {
                guard let e = item.item.as(ExtensionDeclSyntax.self), e.extendedType.trimmedDescription == shape.name
                else { continue }
                inherited += e.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
            }
        }
        shape.delegateProtocols = Set(inherited.filter { Self.viewDelegateProtocols.contains($0) })
        guard shape.views.values.contains("UIScrollView") else { return }
        let finder = DelegateAssignmentFinder(viewMode: .sourceAccurate)
        for member in classMembers(decl) { finder.walk(member.decl) }
        for property in finder.properties where shape.views[property] == "UIScrollView" {
            shape.scrollDelegateFields.insert("\(property)_delegate")
            shape.fields["\(property)_delegate"] = .object(shape.name)
        }
    }

    /// The hidden weak fields that hold the scroll views' delegates.
    func scrollDelegateFieldNodes(className: String, at: ScenarioLocation) -> [(String, LocatedNode)] {
        (classes[className]?.scrollDelegateFields.sorted() ?? []).map { ($0, .plain("weak \(className)", at: at)) }
    }

    /// `let searchBar = UISearchBar()` (or `UITextField(frame: .zero)`, not a scroll view, whose delegate the
    /// model calls: keep it in a property) in a body or at the top level: a view
    /// made to be passed to a delegate method (`vc.searchBar(searchBar, textDidChange: "s")`, which passes no value
    /// for it) or given a delegate (inert). No local: any other use of the name is refused where it is. True when
    /// `decl` is one.
    mutating func inertViewLocal(_ decl: VariableDeclSyntax, in scope: inout Scope) -> Bool {
        guard decl.bindings.count == 1, let binding = decl.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            Self.delegateViewClasses.contains(callee), callee != "UIScrollView",
            call.trailingClosure == nil,
            !call.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) }),
            binding.typeAnnotation == nil || binding.typeAnnotation?.type.trimmedDescription == callee
        else { return false }
        inertViewLocals.insert(name)
        scope.locals[name] = nil
        return true
    }

    /// `scrollView.delegate = self`, `searchBar.delegate = self`, `textField.delegate = nil` on a view property;
    /// nil when `lhs` is not a delegate of one of these views.
    mutating func viewDelegateAssignment(_ lhs: ExprSyntax, _ rhs: [ExprSyntax], in scope: Scope) -> [LocatedNode]? {
        if let member = lhs.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "delegate",
            let ref = member.base?.as(DeclReferenceExprSyntax.self), scope.locals[ref.baseName.text] == nil,
            inertViewLocals.contains(ref.baseName.text), rhs.count == 1,
            rhs[0].is(DeclReferenceExprSyntax.self) || rhs[0].is(NilLiteralExprSyntax.self)
        {
            return []  // `searchBar.delegate = search` on an inert view: weak, and sends nothing
        }
        guard let member = lhs.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "delegate",
            let base = member.base, rhs.count == 1, let view = viewPropertyReference(base, in: scope),
            let viewClass = classes[view.cls]?.views[view.property], Self.delegateViewClasses.contains(viewClass)
        else { return nil }
        let value = rhs[0]
        let at = location(lhs)
        let field = "\(view.property)_delegate"
        let isScroll = viewClass == "UIScrollView"
        if value.is(NilLiteralExprSyntax.self) {
            return isScroll ? [.step("set", "\(view.owner).\(field) = nil", at: at)] : []
        }
        let isSelf = value.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        guard isSelf, view.cls == scope.className, let me = scope.locals["self"], view.owner == me.text("self")
        else {
            unsupported(
                "making another object than `self` a \(viewClass)'s delegate",
                "set it in the class that keeps the view, to `self`: `\(view.property).delegate = self` (UIKit "
                    + "holds it weakly)", at: value)
            return []
        }
        // A search bar's or text field's delegate is inert: LoopSim sends no typing callbacks (the experiment
        // calls the method); UIKit's reference is weak, so it keeps nothing alive either.
        return isScroll ? [.step("set", "\(view.owner).\(field) = \(view.owner)", at: at)] : []
    }

    /// Checks a method against what UIKit would send: a view parameter read in the body, and a scroll-view
    /// delegate method of a class that conforms to `UIScrollViewDelegate` that the model does not send, are
    /// refused at them. True when the method may be lowered.
    mutating func checkDelegateMethod(_ decl: FunctionDeclSyntax, className: String) -> Bool {
        let name = decl.name.text
        let parameters = Array(decl.signature.parameterClause.parameters)
        let positions = Self.viewParameterPositions(decl)
        if classes[className]?.delegateProtocols.contains("UIScrollViewDelegate") == true,
            name.hasPrefix("scrollView"), positions.contains(0), !Self.sentScrollCallbacks.contains(name)
        {
            let instead =
                name == "scrollViewDidScroll"
                ? "UIKit calls it at every frame of a scroll (60 or 120 times a second), which LoopSim does not "
                    + "send: rename it (`func userScrolled()`) and call it from the experiment"
                : "LoopSim's UIKit sends scrollViewWillBeginDragging, scrollViewDidEndDragging(_:willDecelerate:), "
                    + "scrollViewWillBeginDecelerating and scrollViewDidEndDecelerating only: rename `\(name)` and "
                    + "call it from the experiment"
            unsupported("the scroll-view delegate method `\(name)`", instead, at: decl.name)
            return false
        }
        for parameter in parameters where ["NSRange", "NSRange?"].contains(parameter.type.trimmedDescription) {
            // `textField(_:shouldChangeCharactersIn:replacementString:)`: the model has no NSRange value.
            unsupported(
                "an `NSRange` parameter",
                "LoopSim has no NSRange and sends no typing callbacks: give the method the new text only "
                    + "(`func textChanged(to text: String)`) and call it from the experiment", at: parameter.type)
            return false
        }
        guard let body = decl.body else { return true }
        for position in positions.sorted() {
            let parameter = parameters[position]
            let local = (parameter.secondName ?? parameter.firstName).text
            guard local != "_" else { continue }
            let tokens = Array(body.tokens(viewMode: .sourceAccurate))
            let read = tokens.indices.contains { i in
                tokens[i].tokenKind == .identifier(local) && (i == 0 || tokens[i - 1].tokenKind != .period)
            }
            if read {
                unsupported(
                    "reading the view parameter `\(local)`",
                    "LoopSim passes no view to `\(name)` (views are display state): leave `\(local)` unread, or "
                        + "write `_` for it", at: parameter)
                return false
            }
        }
        return true
    }

    /// `in: vc.scrollView` of `scenario.scroll`: the delegate field the scroll reads, or "" when the scroll view
    /// has no delegate set; nil after a refusal.
    mutating func scrollDelegateArgument(_ e: ExprSyntax, in scope: Scope) -> String? {
        guard let view = viewPropertyReference(e, in: scope), classes[view.cls]?.views[view.property] == "UIScrollView"
        else {
            scenarioError(
                "`in:` names the scroll view the user drags, a `UIScrollView` kept in a property of one of the "
                    + "file's objects (`in: vc.scrollView`)", at: e)
            return nil
        }
        let field = "\(view.property)_delegate"
        return classes[view.cls]?.scrollDelegateFields.contains(field) == true ? "\(view.owner).\(field)" : ""
    }

    /// A scroll without `in:`: the one scroll view with a delegate among the properties of the top-level objects,
    /// "" when there is none; nil after a refusal (several).
    mutating func implicitScrollDelegate(in scope: Scope, at node: some SyntaxProtocol) -> String? {
        var found: [String] = []
        for name in scope.locals.keys.sorted() {
            guard let local = scope.locals[name], case .object(let cls) = local.type.unwrapped, let shape = classes[cls]
            else { continue }
            found += shape.scrollDelegateFields.sorted().map { "\(local.text(name)).\($0)" }
        }
        guard found.count <= 1 else {
            scenarioError(
                "several scroll views have a delegate (\(found.joined(separator: ", "))): name the one the user "
                    + "drags, `scenario.scroll(.seconds(2), decelerate: .seconds(1), in: vc.scrollView)`", at: node)
            return nil
        }
        return found.first ?? ""
    }
}

/// `p.delegate = self` and `self.p.delegate = self` in a class's code: the properties `p`.
private final class DelegateAssignmentFinder: SyntaxVisitor {
    var properties: [String] = []

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text == "self",
            let member = elements[0].as(MemberAccessExprSyntax.self), member.declName.baseName.text == "delegate"
        else { return .visitChildren }
        if let ref = member.base?.as(DeclReferenceExprSyntax.self) {
            properties.append(ref.baseName.text)
        } else if let inner = member.base?.as(MemberAccessExprSyntax.self),
            inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            properties.append(inner.declName.baseName.text)
        }
        return .visitChildren
    }
}
