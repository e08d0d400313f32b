import Foundation
import Geometry
import Catalogue
import LuaBindings
import LuaRuntime
import Testing

/// Standalone layers as scripts use them: made, placed among a view's
/// sublayers in Core Animation's one list, read back, sampled, and every
/// hostile use refused with a message at the script's line.
@Suite struct LayerBindingTests {
    /// A presentation whose animateTransition runs `setUp` with `view` (the
    /// presented view, already in the container) and `container` in scope.
    static func entry(_ setUp: String, animations: String = "view.alpha = 1") -> String {
        """
        local function animateTransition(ctx)
          local view = ctx:viewForKey("to")
          local container = ctx.containerView
          view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
          container:addSubview(view)
          \(setUp)
          UIView.animate{duration = 1, options = {"curveLinear"}, animations = function() \(animations) end,
                         completion = function() ctx:completeTransition(true) end}
        end
        return {title = "Layers", summary = "Layers.", presentationStyle = "custom",
                animator = {transitionDuration = function() return 1 end, animateTransition = animateTransition}}
        """
    }

    static func outcome(_ source: String) -> ScenarioOutcome {
        var options = ScenarioOptions()
        options.sampling = true
        options.fps = 10
        return run(source, scenario: .present, options: options)
    }

    /// The first error's message and line.
    static func error(_ setUp: String) -> (message: String, line: Int?) {
        let result = outcome(entry(setUp))
        return (result.errors.first?.message ?? "", result.errors.first?.line)
    }

    @Test func aLayerReadsBackAsSetAndAnswersOnlyToLayerNames() {
        let result = Self.outcome(Self.entry("""
            local l = CALayer{frame = CGRect(10, 20, 100, 50), backgroundColor = UIColor.red, cornerRadius = 6, opacity = 0.5}
            view.layer:addSublayer(l)
            print(l.position.x, l.position.y, l.bounds.width, l.opacity, l.cornerRadius, l.backgroundColor.red, l.name)
            print(l.superlayer == view.layer, #view.layer.sublayers, view.layer.sublayers[1] == l, #view.subviews)
            l.anchorPoint = CGPoint(0, 0)
            print(l.frame.minX, l.frame.minY)
            """))
        #expect(result.errors.isEmpty, "\(result.errors)")
        // Position is the frame's centre; moving the anchor to the corner moves the frame by half its size.
        #expect(result.printed.map(\.text) == ["60.0\t45.0\t100.0\t0.5\t6.0\t1.0\tCALayer", "true\t1\ttrue\t0", "60.0\t45.0"])
        #expect(Self.error("CALayer().center = CGPoint(1, 1)").message.contains("CALayer has no property 'center'"))
        #expect(Self.error("CALayer().opcity = 1").message.contains("did you mean 'opacity'?"))
        #expect(Self.error("CALayer{alpha = 1}").message.contains("CALayer has no argument 'alpha'"))
        #expect(Self.error("local x = CALayer().colors").message.contains("CALayer has no property 'colors'"))
        #expect(Self.error("CAGradientLayer().colrs = {}").message.contains("did you mean 'colors'?"))
    }

    /// Sublayers and subviews' layers share one list: the samples (back to
    /// front) follow it.
    @Test func sublayersAndSubviewsDrawInOneOrder() throws {
        let result = Self.outcome(Self.entry("""
            local under = CALayer{name = "under", frame = CGRect(0, 0, 10, 10)}
            local sub = UIView.new{name = "subview", frame = CGRect(0, 0, 10, 10), backgroundColor = UIColor.red}
            local over = CALayer{name = "over", frame = CGRect(0, 0, 10, 10)}
            local bottom = CALayer{name = "bottom", frame = CGRect(0, 0, 10, 10)}
            local above = CALayer{name = "above", frame = CGRect(0, 0, 10, 10)}
            view.layer:addSublayer(under)
            view:addSubview(sub)
            view.layer:addSublayer(over)
            view.layer:insertSublayer(bottom, 0)
            view.layer:insertSublayer(above, {above = under})
            local names = {}
            for _, l in ipairs(view.layer.sublayers) do names[#names + 1] = l.name end
            print(table.concat(names, ","), #view.subviews)
            """))
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.printed.map(\.text) == ["bottom,under,above,subview,over\t1"])
        let last = try #require(result.trace?.samples.last)
        let order = last.views.map(\.name).filter { ["bottom", "under", "above", "subview", "over"].contains($0) }
        #expect(order == ["bottom", "under", "above", "subview", "over"])
        let over = try #require(last.views.first { $0.name == "over" })
        #expect(over.layer == "CALayer")
        #expect(last.views.first { $0.name == "subview" }?.layer == nil)
    }

    @Test func removeFromSuperlayerTakesItOut() {
        let result = Self.outcome(Self.entry("""
            local l = CALayer()
            view.layer:addSublayer(l)
            l:removeFromSuperlayer()
            print(#view.layer.sublayers, l.superlayer)
            """))
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.printed.map(\.text) == ["0\tnil"])
    }

    @Test func cyclesAndMisplacedLayersAreRefusedAtTheScriptsLine() {
        let itself = Self.error("local l = CALayer{name = 'a'}\nl:addSublayer(l)")
        #expect(itself.message.contains("can't add 'a' as a subview of itself"))
        #expect(itself.line == line(of: "l:addSublayer(l)", in: Self.entry("local l = CALayer{name = 'a'}\nl:addSublayer(l)")))
        let inside = Self.error("local a, b = CALayer{name = 'a'}, CALayer{name = 'b'}\na:addSublayer(b)\nb:addSublayer(a)")
        #expect(inside.message.contains("that would make a cycle"))
        #expect(Self.error("view.layer:addSublayer(container.layer)").message.contains("is a view's layer: add the view with addSubview"))
        #expect(Self.error("view.layer:removeFromSuperlayer()").message.contains("removeFromSuperview()"))
        #expect(Self.error("view:addSubview(CALayer())").message.contains("UIView expected"))
        #expect(Self.error("view.layer:insertSublayer(CALayer(), {abov = view.layer})").message.contains("did you mean 'above'?"))
        // Deeper than the hierarchy's limit: refused, not a stack overflow.
        let deep = Self.error("local l = CALayer()\nfor i = 1, 300 do local c = CALayer() l:addSublayer(c) l = c end")
        #expect(deep.message.contains("deeper than 256 levels"))
    }

    /// A million sublayers: each is charged to the entry (640 bytes), which
    /// runs out of its memory (about 100,000 layers at 64 MiB) or, on a
    /// slow or busy machine, its time first, with an error naming its line, long
    /// before the process runs out of anything.
    @Test func aMillionSublayersRunOutOfTheEntrysLimits() {
        let setUp = "for i = 1, 1000000 do view.layer:addSublayer(CALayer()) end"
        let result = Self.outcome(Self.entry(setUp))
        let problem = result.errors.first
        #expect(problem?.isLimit == true, "\(result.errors)")
        #expect(problem?.line == line(of: setUp, in: Self.entry(setUp)))
    }

    @Test func aGradientLayerReadsBackAndShowsInTheTrace() throws {
        let result = Self.outcome(Self.entry("""
            local g = CAGradientLayer{name = "shade", frame = CGRect(0, 0, 100, 100), colors = {UIColor.red, UIColor.black.cgColor},
                                      locations = {0, 0.5}, type = "radial", startPoint = CGPoint(0.5, 0.5)}
            view.layer:addSublayer(g)
            print(#g.colors, g.colors[2].red, g.locations[2], g.type, g.startPoint.x, g.endPoint.y)
            g.locations = nil
            print(g.locations)
            """))
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.printed.map(\.text) == ["2\t0.0\t0.5\tradial\t0.5\t1.0", "nil"])
        let shade = try #require(result.trace?.samples.last?.views.first { $0.name == "shade" })
        #expect(shade.layer == "CAGradientLayer")
        #expect(shade.gradient?.colors == [Color.red, Color.black] && shade.gradient?.type == .radial && shade.gradient?.locations == nil)
    }

    @Test func gradientMistakesAreRefused() {
        #expect(Self.error("local g = CAGradientLayer()\nlocal c = {}\nfor i = 1, 65 do c[i] = UIColor.red end\ng.colors = c")
            .message.contains("at most 64 stops"))
        #expect(Self.error("CAGradientLayer{colors = {UIColor.red, UIColor.blue}, locations = {0, 0/0}}").message.contains("finite"))
        #expect(Self.error("CAGradientLayer{colors = {UIColor.red, UIColor.blue}, locations = {0, 0.5, 1}}")
            .message.contains("'locations' has 3 values for 2 colours"))
        #expect(Self.error("CAGradientLayer{colors = {UIColor.red, UIColor.blue}, locations = {0.6, 0.5}}").message.contains("must not decrease"))
        #expect(Self.error("CAGradientLayer{type = 'radal'}").message.contains("did you mean \"radial\"?"))
        #expect(Self.error("CAGradientLayer{colors = {UIColor.red, 3}}").message.contains("'colors'[2]"))
        #expect(Self.error("CAGradientLayer{startPoint = CGPoint(0, 1/0)}").message.contains("finite"))
    }

    /// Core Animation's defaults: opaque black fill, no stroke, width 1.
    @Test func aShapeLayerHasCoreAnimationsDefaults() throws {
        let result = Self.outcome(Self.entry("""
            local s = CAShapeLayer()
            print(s.fillColor.red, s.fillColor.alpha, s.strokeColor, s.lineWidth, s.path)
            s.path = UIBezierPath{ovalIn = CGRect(0, 0, 40, 20)}
            s.strokeColor = UIColor.red
            s.fillColor = nil
            s.name = "dot"
            view.layer:addSublayer(s)
            print(s.path.bounds.width, s.fillColor, s.strokeColor.red)
            """))
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.printed.map(\.text) == ["0.0\t1.0\tnil\t1.0\tnil", "40.0\tnil\t1.0"])
        let dot = try #require(result.trace?.samples.last?.views.first { $0.name == "dot" })
        #expect(dot.layer == "CAShapeLayer" && dot.shape?.path == .oval(Rect(x: 0, y: 0, width: 40, height: 20)))
        #expect(Self.error("CAShapeLayer{lineWidth = -1}").message.contains("at least 0"))
        #expect(Self.error("CAShapeLayer{lineWidth = 0/0}").message.contains("finite"))
        #expect(Self.error("CAShapeLayer{path = CGRect(0, 0, 1, 1)}").message.contains("UIBezierPath expected"))
        #expect(Self.error("CAShapeLayer{fillColour = UIColor.red}").message.contains("did you mean 'fillColor'?"))
    }

    @Test func aMaskIsSetReadAndRemoved() throws {
        let result = Self.outcome(Self.entry("""
            local m = CAShapeLayer{name = "cutout", path = UIBezierPath{ovalIn = CGRect(0, 0, 50, 50)}}
            local l = CALayer{name = "masked", frame = CGRect(0, 0, 50, 50), backgroundColor = UIColor.red}
            view.layer:addSublayer(l)
            l.mask = m
            print(l.mask == m, m.superlayer, #l.sublayers)
            view.layer.mask = CALayer{name = "other"}
            view.layer.mask = nil
            print(view.layer.mask)
            """))
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.printed.map(\.text) == ["true\tnil\t0", "nil"])
        let views = try #require(result.trace?.samples.last?.views)
        let maskID = try #require(views.first { $0.name == "masked" }?.mask)
        // The mask is in no tree: named by id, never sampled itself.
        #expect(!views.contains { $0.id == maskID || $0.name == "cutout" })
    }

    /// Every mask Core Animation leaves undefined, and every cycle, is an
    /// error at the script's line: never a crash or an endless walk.
    @Test func badMasksAreRefused() {
        let setUp = "local a = CALayer{name = 'a'}\nview.layer:addSublayer(a)\nview.layer.mask = a"
        let inTree = Self.error(setUp)
        #expect(inTree.message.contains("'a' is in a layer tree"))
        #expect(inTree.line == line(of: "view.layer.mask = a", in: Self.entry(setUp)))
        #expect(Self.error("local a = CALayer{name = 'a'}\na.mask = a").message.contains("'a' can't be its own mask"))
        #expect(Self.error("local a, m, n = CALayer(), CALayer{name = 'm'}, CALayer()\nm.mask = n\na.mask = m")
            .message.contains("'m' has a mask of its own"))
        #expect(Self.error("local a, m, n = CALayer(), CALayer{name = 'm'}, CALayer()\na.mask = m\nm.mask = n")
            .message.contains("'m' is a mask"))
        #expect(Self.error("local a, b, m = CALayer{name = 'a'}, CALayer{name = 'b'}, CALayer{name = 'm'}\na.mask = m\nb.mask = m")
            .message.contains("'m' is already the mask of 'a'"))
        #expect(Self.error("local a, m = CALayer(), CALayer{name = 'm'}\na.mask = m\nview.layer:addSublayer(m)")
            .message.contains("'m' is the mask of"))
        // A layer inside its own mask would be drawn inside itself.
        #expect(Self.error("local m, a = CALayer{name = 'm'}, CALayer{name = 'a'}\nm:addSublayer(a)\na.mask = m")
            .message.contains("that would make a cycle"))
        #expect(Self.error("local m, a = CALayer{name = 'm'}, CALayer{name = 'a'}\na.mask = m\nm:addSublayer(a)")
            .message.contains("that would make a cycle"))
        #expect(Self.error("CALayer().mask = view.layer").message.contains("a view's layer cannot be a mask"))
        #expect(Self.error("CALayer().mask = 3").message.contains("CALayer expected"))
    }

    /// A sublayer's corners in the trace under its superlayer's perspective:
    /// the hand projection about the superlayer's anchor (the presented
    /// view's centre, 195, 422).
    @Test func sublayerTransformProjectsTheCornersInTheTrace() throws {
        let angle = 0.6, eye = 400.0
        let result = Self.outcome(Self.entry("""
            local p = CATransform3DIdentity
            p.m34 = -1 / \(eye)
            view.layer.sublayerTransform = p
            local r = CATransform3DIdentity
            r.m11, r.m13, r.m31, r.m33 = math.cos(\(angle)), -math.sin(\(angle)), math.sin(\(angle)), math.cos(\(angle))
            view.layer:addSublayer(CALayer{name = "card", frame = CGRect(200, 300, 100, 60), transform = r})
            print(view.layer.sublayerTransform.m34 == p.m34)
            """))
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.printed.map(\.text) == ["true"])
        let views = try #require(result.trace?.samples.last?.views)
        let card = try #require(views.first { $0.name == "card" })
        let presented = try #require(views.first { $0.name == "presented" })
        #expect(presented.sublayerTransform?.m34 == round(-1 / eye * 10000) / 10000)
        // Corner (x, y) from the card's centre (250, 330): x·cos, y, z = −x·sin; w = 1 − z/eye; about (195, 422).
        func project(_ x: Double, _ y: Double) -> Point {
            let w = 1 + x * sin(angle) / eye
            return Point(x: (x * cos(angle) + 250 - 195) / w + 195, y: (y + 330 - 422) / w + 422)
        }
        for (got, expected) in zip(card.corners.points, [project(-50, -30), project(50, -30), project(50, 30), project(-50, 30)]) {
            #expect(abs(got.x - expected.x) < 1e-3 && abs(got.y - expected.y) < 1e-3, "\(got) vs \(expected)")
        }
    }

    /// A sublayer raised by its zPosition under its superlayer's perspective is
    /// nearer the eye: at zPosition 100 under eye 500, w = 1 − 100/500 = 0.8, so
    /// it is 1.25× larger about the superlayer's anchor (195, 422), and one
    /// beside the anchor moves out by the same factor. Flat (no perspective)
    /// zPosition moves nothing.
    @Test func zPositionTakesPartInTheSuperlayersPerspective() throws {
        let result = Self.outcome(Self.entry("""
            local p = CATransform3DIdentity
            p.m34 = -1 / 500
            view.layer.sublayerTransform = p
            view.layer:addSublayer(CALayer{name = "centred", frame = CGRect(145, 372, 100, 100), zPosition = 100})
            view.layer:addSublayer(CALayer{name = "beside", frame = CGRect(245, 372, 100, 100), zPosition = 100})
            view.layer:addSublayer(CALayer{name = "behind", frame = CGRect(145, 372, 100, 100), zPosition = -250})
            """))
        #expect(result.errors.isEmpty, "\(result.errors)")
        let views = try #require(result.trace?.samples.last?.views)
        func corners(_ name: String) throws -> [Point] { try #require(views.first { $0.name == name }).corners.points }
        // About (195, 422): a point (x, y) at depth z lands at anchor + (x, y) / (1 − z/500).
        func projected(_ x: Double, _ y: Double, z: Double) -> Point {
            let w = 1 - z / 500
            return Point(x: 195 + x / w, y: 422 + y / w)
        }
        let expected = [
            "centred": [projected(-50, -50, z: 100), projected(50, -50, z: 100), projected(50, 50, z: 100), projected(-50, 50, z: 100)],
            "beside": [projected(50, -50, z: 100), projected(150, -50, z: 100), projected(150, 50, z: 100), projected(50, 50, z: 100)],
            "behind": [projected(-50, -50, z: -250), projected(50, -50, z: -250), projected(50, 50, z: -250), projected(-50, 50, z: -250)],
        ]
        for (name, points) in expected {
            for (got, want) in zip(try corners(name), points) {
                #expect(abs(got.x - want.x) < 1e-3 && abs(got.y - want.y) < 1e-3, "\(name): \(got) vs \(want)")
            }
        }
        // The hand figures: 1.25× for the raised pair (125 points wide), 2/3 for the one pushed back.
        let (centred, beside, behind) = (try corners("centred"), try corners("beside"), try corners("behind"))
        #expect(abs(centred[1].x - centred[0].x - 125) < 1e-3)
        #expect(abs(beside[0].x - 257.5) < 1e-3)
        #expect(abs(behind[1].x - behind[0].x - 100 / 1.5) < 1e-3)
    }

    /// isDoubleSided is judged in the superlayer's plane, where Core Animation
    /// flattens each layer: a single-sided layer in a mirrored view, or in a
    /// card turned 150° about y, faces its superlayer and is kept (seen with
    /// it, mirrored); one turned 150° itself faces away from its superlayer and
    /// is left out.
    @Test func aSingleSidedLayerFacesItsSuperlayersPlane() throws {
        let result = Self.outcome(Self.entry("""
            local mirrored = UIView.new{frame = CGRect(20, 100, 150, 150), backgroundColor = UIColor.white}
            mirrored.layer.transform = CATransform3DMakeScale(-1, 1, 1)
            view:addSubview(mirrored)
            local inMirror = CALayer{name = "in mirror", frame = CGRect(10, 10, 50, 50), backgroundColor = UIColor.black}
            inMirror.isDoubleSided = false
            mirrored.layer:addSublayer(inMirror)
            local card = UIView.new{frame = CGRect(200, 100, 150, 150), backgroundColor = UIColor.white}
            card.layer.transform = CATransform3DMakeRotation(math.pi * 150 / 180, 0, 1, 0)
            view:addSubview(card)
            local onCard = CALayer{name = "on card", frame = CGRect(10, 10, 50, 50), backgroundColor = UIColor.black}
            onCard.isDoubleSided = false
            card.layer:addSublayer(onCard)
            local away = CALayer{name = "turned away", frame = CGRect(200, 400, 100, 100), backgroundColor = UIColor.black,
                                 transform = CATransform3DMakeRotation(math.pi * 150 / 180, 0, 1, 0)}
            away.isDoubleSided = false
            view.layer:addSublayer(away)
            """))
        #expect(result.errors.isEmpty, "\(result.errors)")
        let names = Set(try #require(result.trace?.samples.last?.views).map(\.name))
        #expect(names.contains("in mirror"))
        #expect(names.contains("on card"))
        #expect(!names.contains("turned away"))
    }

    @Test func userInteractionAndResizableSnapshots() {
        let result = Self.outcome(Self.entry("""
            print(view.isUserInteractionEnabled)
            view.isUserInteractionEnabled = false
            local strip = view:resizableSnapshotView(CGRect(0, 0, 40, 844), false, {top = 0, left = 0, bottom = 0, right = 0})
            local same = view:resizableSnapshotView{from = CGRect(40, 0, 40, 844), afterScreenUpdates = true}
            print(view.isUserInteractionEnabled, strip.bounds.width, same.frame.minX)
            """))
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.printed.map(\.text) == ["true", "false\t40.0\t40.0"])
        #expect(Self.error("view.isUserInteractionEnabled = 1").message.contains("true or false expected"))
        #expect(Self.error("view:resizableSnapshotView(CGRect(0, 0, 0, 10))").message.contains("must have an area"))
        #expect(Self.error("view:resizableSnapshotView{from = CGRect(0, 0, 1, 1), withCapInsets = {top = -1}}").message.contains("at least 0"))
        #expect(Self.error("view:resizableSnapshotView{fromRect = CGRect(0, 0, 1, 1)}").message.contains("did you mean 'from'?"))
        #expect(Self.error("view:resizableSnapshotView{from = CGRect(0, 0, 1, 1), withCapInsets = {top = 1, lfet = 2}}").message
            .contains("withCapInsets has no argument 'lfet'; did you mean 'left'?"))
        #expect(Self.error("view:resizableSnapshotView{from = CGRect(0, 0, 1, 1), withCapInsets = {top = 1/0}}").message.contains("finite"))
    }

    /// A key of megabytes (here 3 million combining marks: one Character)
    /// is no name: refused at once, and quoted short. Compared as Swift
    /// strings against each name, it took seconds a lookup.
    @Test(arguments: ["local x = view[k]", "view[k] = 1", "local x = view.layer[k]", "view.layer[k] = 1", "local x = CALayer()[k]",
                      "local x = ctx[k]", "local x = ctx:viewForKey(k)", "local x = UIViewPropertyAnimator.new{duration = 1}[k]"])
    func aHugeKeyIsRefusedQuicklyAndQuotedShort(_ statement: String) throws {
        var error: (message: String, line: Int?) = ("", nil)
        let spent = ThreadTime.measure {
            error = Self.error("local k = ('\\204\\129'):rep(3e6)\n\(statement)")
        }
        #expect(spent < .seconds(1), "\(spent)")
        #expect(error.line == 7, "\(error)")
        #expect(error.message.utf8.count < 400, "\(error.message.prefix(400))")
        // The key quoted as its first 32 marks (64 bytes) and an ellipsis.
        #expect(error.message.contains(String(repeating: "\u{301}", count: 32) + "…"), "\(error.message.prefix(400))")
    }

    /// What the host reads of the entry's table, and what it prints for it,
    /// costs the script's size at most once: keys and text of megabytes (of
    /// combining marks: one Character) are refused in milliseconds, and
    /// every cut falls between characters.
    @Test(arguments: [
        // A top-level key: looked for line by line in the source, once a line.
        ("entry[('\\204\\129'):rep(3e6)] = true", "the entry's table has no field '" + String(repeating: "\u{301}", count: 32) + "…'"),
        ("entry.title = 'T' .. ('\\204\\129'):rep(3e6)", "metadata hold far more than any entry needs"),
        ("entry.title = 'T' .. ('\\204\\129'):rep(200)", "'title' is 201 characters long; keep it under 100"),
        ("local s = ('x'):rep(1e6) local c = {} for i = 1, 200 do c[i] = s end entry.parameters = {mode = {type = 'string', default = 'a', choices = c}}",
         "'parameters' is far larger than any entry needs"),
        ("entry.parameters = {mode = {type = 'string', default = 'a', choices = {'a', ('x'):rep(65)}}}",
         "'mode': choices are at most 64 words of at most 64 bytes each"),
    ])
    func hugeMetadataIsRefusedQuickly(_ statement: String, _ message: String) throws {
        let source = """
            local entry = {title = "T", summary = "S.", presentationStyle = "custom",
              animator = {transitionDuration = function() return 0.3 end, animateTransition = function(ctx) ctx:completeTransition(true) end}}
            \(statement)
            return entry
            """
        // Loaded as check and list load it (the metadata read), and run.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-metadata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("big.lua")
        try source.write(to: url, atomically: true, encoding: .utf8)
        var errors: [String] = []
        let spent = ThreadTime.measure {
            do throws(EntryError) {
                _ = try EntryLoader.load(EntryFile(url: url, catalogue: "test", workingDirectory: folder), source: source)
            } catch {
                errors.append(error.description)
            }
            errors += run(source, scenario: .present).errors.map(\.message)
        }
        #expect(spent < .seconds(2), "\(spent)")
        #expect(errors.contains { $0.contains(message) }, "\(errors.map { $0.prefix(300) })")
    }

    /// Cut at 64 bytes (a parameter's name) and at 2,000 (a printed line): before a character, not inside one.
    @Test func longTextIsCutBetweenCharacters() {
        let name = Self.error("local x = params['x' .. ('\\204\\129'):rep(100)]").message
        #expect(name.contains("no parameter 'x" + String(repeating: "\u{301}", count: 31) + "…'"), "\(name)")
        let printed = Self.outcome(Self.entry("print('x' .. ('é'):rep(3000))")).printed.map(\.text)
        #expect(printed == ["x" + String(repeating: "é", count: 999) + "… (cut)"], "\(printed.map { $0.suffix(20) })")
    }

    /// Strings the host measures before it copies them: a detent's
    /// identifier (64 characters), an animation's key (200 bytes), and a
    /// script's own `_` fields, which the host never reads.
    @Test func longStringsAreMeasuredBeforeTheyAreCopied() throws {
        let marks = "('\\204\\129'):rep(4e6)"
        let sheet = """
            local entry = {title = "T", summary = "S.", presentationStyle = "pageSheet",
              sheet = function() return {detents = {{identifier = "e" .. \(marks), height = 100}}} end}
            return entry
            """
        var errors: [String] = []
        var spent = ThreadTime.measure { errors = run(sheet, scenario: .present).errors.map(\.message) }
        #expect(spent < .seconds(1), "\(spent)")
        #expect(errors.contains { $0.contains("a custom detent needs an identifier: a name of 1 to 64 characters") }, "\(errors)")

        var printed: [String] = []
        spent = ThreadTime.measure {
            let outcome = Self.outcome(Self.entry("""
                local a = CABasicAnimation("opacity") a.fromValue = 1 a.toValue = 0.5 a.duration = 1
                view.layer:add(a, "fade") view.layer:removeAnimation(\(marks)) print(#view.layer:animationKeys())
                """))
            errors = outcome.errors.map(\.message)
            printed = outcome.printed.map(\.text)
        }
        #expect(spent < .seconds(1), "\(spent)")
        #expect(errors.isEmpty, "\(errors)")
        #expect(printed == ["1"], "a key no animation can have removes nothing")

        // A megabyte kept in the animator's own field: no business of the metadata's.
        let own = Self.entry("").replacingOccurrences(of: "animator = {", with: "animator = {_lookup = ('0123456789abcdef'):rep(70000), ")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-own-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("own.lua")
        try own.write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: Never.self) { try EntryLoader.load(EntryFile(url: url, catalogue: "test", workingDirectory: folder), source: own) }
    }
}
