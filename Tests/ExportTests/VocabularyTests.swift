import Foundation
@testable import Export
import Testing

/// Every Lua name the translation knows is one the scripting API declares
/// (Catalogue/types/segue.lua, which editors read): the vocabulary never
/// translates a name scripts do not have.
@Suite struct VocabularyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Lua class each Swift type stands for, and the table its methods are declared on.
    static let classes: [SwiftType: (name: String, methods: String)] = [
        .view: ("UIView", "UIViewInstance"), .layer: ("CALayer", "CALayerInstance"), .context: ("TransitionContext", "TransitionContext"),
        .rect: ("CGRect", "CGRect"), .point: ("CGPoint", "CGPoint"), .size: ("CGSize", "CGSize"), .transform3D: ("CATransform3D", "CATransform3D"),
        .affineTransform: ("CGAffineTransform", "CGAffineTransform"), .color: ("UIColor", "UIColor"),
        .viewController: ("UIViewController", "UIViewControllerInstance"), .panGesture: ("GestureRecognizer", "GestureRecognizer"),
        .pinchGesture: ("GestureRecognizer", "GestureRecognizer"), .tapGesture: ("UITapGestureRecognizer", "UITapGestureRecognizerInstance"),
        .presentationController: ("PresentationControllerSelf", "PresentationControllerSelf"),
        .transitionCoordinator: ("TransitionCoordinator", "TransitionCoordinator"),
        .effectView: ("UIVisualEffectView", "UIVisualEffectView"), .scrollView: ("UIScrollView", "UIScrollView"), .edgeInsets: ("UIEdgeInsets", "UIEdgeInsets"),
        .springAnimation: ("CAAnimation", "CAAnimation"), .propertyAnimator: ("UIViewPropertyAnimator", "UIViewPropertyAnimatorInstance"),
        .shapeLayer: ("CAShapeLayer", "CALayerInstance"), .bezierPath: ("UIBezierPath", "UIBezierPathInstance"),
        .displayLink: ("CADisplayLink", "CADisplayLinkInstance"),
    ]

    /// The `---@field` names of `---@class name` (up to the next class).
    static func fields(of name: String, in declarations: String) -> Set<String> {
        var found: Set<String> = [], inside = false
        for line in declarations.split(separator: "\n") {
            if line.hasPrefix("---@class ") { inside = line.dropFirst("---@class ".count).split(separator: " ").first.map { $0 == name || $0 == name + ":" } ?? false }
            if inside, line.hasPrefix("---@field ") { found.insert(String(line.dropFirst("---@field ".count).prefix { !$0.isWhitespace && $0 != "?" })) }
        }
        return found
    }

    @Test func everyTranslatedNameIsTheScriptingAPIs() throws {
        let declarations = try String(contentsOf: Self.root.appendingPathComponent("Catalogue/types/segue.lua"), encoding: .utf8)
        var checked = 0
        for (type, names) in UIKitVocabulary.fields {
            let lua = try #require(Self.classes[type], "\(type)")
            let declared = Self.fields(of: lua.name, in: declarations)
            for name in names.keys {
                #expect(declared.contains(name), "\(lua.name).\(name) is translated but not declared")
                checked += 1
            }
        }
        for (type, names) in UIKitVocabulary.methods {
            let lua = try #require(Self.classes[type], "\(type)")
            let fields = Self.fields(of: lua.name, in: declarations)
            for name in names.keys {
                #expect(declarations.contains("function \(lua.methods):\(name)(") || fields.contains(name), "\(lua.name):\(name) is translated but not declared")
                checked += 1
            }
        }
        for name in UIKitVocabulary.functions.keys where !name.hasPrefix("math.") {
            #expect(declarations.contains("function \(name)(") || declarations.contains("\n\(name) = "), "\(name) is translated but not declared")
            checked += 1
        }
        for name in UIKitVocabulary.values.keys where !name.hasPrefix("math.") {
            let parts = name.split(separator: ".").map(String.init)
            let declared = parts.count == 1 ? declarations.contains("\n\(name) = ")
                : Self.fields(of: parts[0] + "Statics", in: declarations).contains(parts[1])
            #expect(declared, "\(name) is translated but not declared")
            checked += 1
        }
        #expect(checked > 60)
    }
}
