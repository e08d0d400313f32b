@testable import Export
import Foundation
import Testing
import Transitions

/// Built Bézier paths, shape layers and shadow paths exported as UIKit's own (the expected Swift written out by hand),
/// proved by running them against the Lua: the traces carry every path's elements, so a point moved is a difference.
@Suite struct BezierPathExportTests {
    static let entry = """
        local function wave(depth)
          local p = UIBezierPath()
          p:move(CGPoint(0, 40))
          p:addCurve(CGPoint(390, 40), CGPoint(130, 40 + depth), CGPoint(260, 40 - depth))
          p:addLine(CGPoint(390, 200))
          p:addQuadCurve(CGPoint(0, 200), CGPoint(195, 260))
          p:close()
          p:addArc(CGPoint(195, 120), 30, 0, math.pi * 1.5, true)
          return p
        end

        return {
          title = "Wave", summary = "A wave-edged card rises.",
          presentationStyle = "custom",
          animator = {
            transitionDuration = function(ctx) return 0.3 end,
            animateTransition = function(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                ctx.containerView:addSubview(view)
                -- The model holds where the path settles; the explicit animation shows the way there.
                local shape = CAShapeLayer{frame = CGRect(0, 0, 390, 300), path = wave(0), fillColor = UIColor.red, strokeColor = UIColor.blue, lineWidth = 4}
                view.layer:addSublayer(shape)
                local settle = CABasicAnimation{keyPath = "path", fromValue = wave(120), toValue = wave(0), duration = 0.3,
                                                timingFunction = CAMediaTimingFunction.easeOut}
                shape:add(settle, "settle")
                local draw = CABasicAnimation{keyPath = "strokeEnd", fromValue = 0, toValue = 1, duration = 0.2}
                shape:add(draw, "draw")
                -- Held past its end instead of stored: Core Animation's other way, kept on screen by the fill.
                local thicken = CABasicAnimation{keyPath = "lineWidth", fromValue = 4, toValue = 8, duration = 0.2,
                                                 fillMode = "forwards", isRemovedOnCompletion = false}
                shape:add(thicken, "thicken")
                local mask = CAShapeLayer{frame = view.bounds, path = UIBezierPath{arcCenter = CGPoint(195, 400), radius = 600, startAngle = 0, endAngle = 2 * math.pi, clockwise = true}}
                view.layer.mask = mask
                view.layer.shadowPath = UIBezierPath{roundedRect = view.bounds, cornerRadius = 16}.cgPath
                view.layer.shadowOpacity = 0.3
              end
              UIView.animate{duration = 0.3, animations = function() view.alpha = presenting and 1 or 0 end,
                completion = function(finished) ctx:completeTransition(not ctx:transitionWasCancelled()) end}
            end,
          },
        }
        """

    @Test func pathsAndShapeLayersAreUIKitsOwn() throws {
        let text = try TranslatorTests.export(Self.entry)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for expected in [
            "let p = UIBezierPath()",
            "p.move(to: CGPoint(x: 0, y: 40))",
            "p.addCurve(to: CGPoint(x: 390, y: 40), controlPoint1: CGPoint(x: 130, y: 40.0 + depth), controlPoint2: CGPoint(x: 260, y: 40.0 - depth))",
            "p.addQuadCurve(to: CGPoint(x: 0, y: 200), controlPoint: CGPoint(x: 195, y: 260))",
            "p.close()",
            "p.addArc(withCenter: CGPoint(x: 195, y: 120), radius: 30, startAngle: 0, endAngle: CGFloat.pi * 1.5, clockwise: true)",
            "let shape = CAShapeLayer()",
            "shape.path = wave(0.0).cgPath",
            "shape.fillColor = UIColor.red.cgColor",
            "mask.path = UIBezierPath(arcCenter: CGPoint(x: 195, y: 400), radius: 600, startAngle: 0, endAngle: 2.0 * CGFloat.pi, clockwise: true).cgPath",
            "view.layer.shadowPath = UIBezierPath(roundedRect: view.bounds, cornerRadius: 16).cgPath",
            "let settle = CABasicAnimation(keyPath: \"path\")",
            "settle.fromValue = wave(120.0).cgPath",
            "settle.toValue = wave(0.0).cgPath",
            "settle.timingFunction = CAMediaTimingFunction(name: .easeOut)",
            "thicken.fillMode = .forwards",
            "thicken.isRemovedOnCompletion = false",
            "shape.add(settle, forKey: \"settle\")",
            "draw.fromValue = 0",
        ] {
            #expect(lines.contains(expected), "missing: \(expected)\n\(text)")
        }
    }

    @Test func theSwiftDrawsThePathsTheLuaDraws() throws {
        let (file, swift) = try ExportVerificationTests.scratch("wave", Self.entry)
        let source = try String(contentsOf: file.url, encoding: .utf8)
        let verifier = try ExportVerificationTests.verifier()
        let cells = verifier.verify(file, source: source, swift: swift).filter { !$0.verdict.hasPrefix("not run") }
        #expect(!cells.isEmpty)
        for cell in cells { #expect(cell.same, "\(cell.scenario): \(cell.verdict)") }
        // A control point moved: the traces part at the shape's path.
        let wrong = try ExportVerificationTests.altered(swift, "controlPoint: CGPoint(x: 195, y: 260)", "controlPoint: CGPoint(x: 195, y: 261)")
        let altered = verifier.verify(file, source: source, swift: wrong)
        let cell = try #require(altered.first { $0.scenario == "present" }, "\(altered.map { "\($0.scenario): \($0.verdict)" })")
        #expect(!cell.same, "\(cell.verdict)")
        // The path animation's end moved: they part while it runs, and after it, as it stays (fillMode forwards).
        let ending = try ExportVerificationTests.altered(swift, "settle.toValue = wave(0.0).cgPath", "settle.toValue = wave(10.0).cgPath")
        let endingCell = try #require(verifier.verify(file, source: source, swift: ending).first { $0.scenario == "present" })
        #expect(!endingCell.same, "\(endingCell.verdict)")
        // A line from no point: the verification layer stops the Swift, and its reason is the verdict, not an exit
        // status (in a build optimised without Debug assertions the precondition's message would be lost).
        let pointless = try ExportVerificationTests.altered(swift, "let p = UIBezierPath()", "let p = UIBezierPath(); p.addLine(to: .zero)")
        let stopped = try #require(verifier.verify(file, source: source, swift: pointless).first { $0.scenario == "present" })
        #expect(!stopped.same && stopped.verdict.contains("Fatal error: UIBezierPath.addLine"), "\(stopped.verdict)")
        #expect(stopped.verdict.contains("needs a current point, as the scripting API says"), "\(stopped.verdict)")
    }

    /// The translator's key paths are the scripting API's, each typed as Core Animation boxes its property.
    @Test func theKeyPathsAreTheScriptingAPIs() {
        var expected: [String: SwiftType] = [:]
        for (name, keyPath) in LayerKeyPath.all {
            switch keyPath.kind {
            case .number: expected[name] = .number
            case .point: expected[name] = name == "shadowOffset" ? .size : .point
            case .rect: expected[name] = .rect
            case .transform: expected[name] = .transform3D
            case .color: expected[name] = .cgColor
            case .path: expected[name] = .cgPath
            case .colors, .numbers: break
            }
        }
        #expect(Translator.keyPathTypes == expected)
    }
}
