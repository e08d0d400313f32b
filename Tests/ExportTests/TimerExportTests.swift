import Catalogue
@testable import Export
import ExportVerification
import Foundation
import Testing

/// DispatchQueue.main's delayed work as Dispatch's own call (the expected Swift written out by hand), proved by running
/// it against the Lua on the simulated clock; a display link as a CADisplayLink whose target calls the function, proved
/// the same way.
@Suite struct TimerExportTests {
    static let entry = """
        return {
          title = "Delayed fade", summary = "Fades in, then completes a beat later.",
          presentationStyle = "custom",
          parameters = {pause = {type = "number", default = 0.1, min = 0, max = 1, description = "Seconds after the fade."}},
          animator = {
            transitionDuration = function(ctx) return 0.3 end,
            animateTransition = function(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate{duration = 0.2, animations = function() view.alpha = presenting and 1 or 0 end}
              DispatchQueue.main:async(function() view.backgroundColor = UIColor.black end)
              DispatchQueue.main:asyncAfter(0.2 + params.pause, function()
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end)
            end,
          },
        }
        """

    @Test func delayedWorkIsDispatchsOwnCallWithTheDelaySummedFirst() throws {
        let text = try TranslatorTests.export(Self.entry)
        #expect(text.contains("""
                        DispatchQueue.main.async {
                            guard let view else { preconditionFailure("t.lua:16: view is nil") }
                            view.backgroundColor = UIColor.black
                        }
                        DispatchQueue.main.asyncAfter(deadline: .now() + (0.2 + params.pause)) {
                            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                        }
            """), "\(text)")
    }

    /// Every cell the two run is the same; the source and the verifier, for the mutations that follow.
    static func expectSame(_ file: EntryFile, _ swift: ExportedFile) throws -> (source: String, verifier: ExportVerifier) {
        let source = try String(contentsOf: file.url, encoding: .utf8)
        let verifier = try ExportVerificationTests.verifier()
        for cell in verifier.verify(file, source: source, swift: swift) where !cell.verdict.hasPrefix("not run") {
            #expect(cell.same, "\(cell.scenario): \(cell.verdict)")
        }
        return (source, verifier)
    }

    @Test func theSwiftRunsTheWorkWhenTheLuaDoes() throws {
        let (file, swift) = try ExportVerificationTests.scratch("delayed-fade", Self.entry)
        let (source, verifier) = try Self.expectSame(file, swift)
        // Summed the other way round, the instant differs in its last bit, and the comparison sees it.
        let wrong = try ExportVerificationTests.altered(swift, ".now() + (0.2 + params.pause)", ".now() + 0.2 + params.pause")
        let cell = try #require(verifier.verify(file, source: source, swift: wrong).first { $0.scenario == "dismiss" })
        #expect(!cell.same && cell.verdict.contains("asyncAfter"), "\(cell.verdict)")
    }

    /// A display link that fades the view in over twelve refreshes, then completes: each refresh's alpha the Swift's too.
    static let linked = """
        return {
          title = "Linked fade", summary = "Fades in on a display link.",
          presentationStyle = "custom",
          animator = {
            transitionDuration = function(ctx) return 0.2 end,
            animateTransition = function(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                ctx.containerView:addSubview(view)
              end
              local frames = 0.0
              local link = CADisplayLink.new(function(link)
                frames = frames + 1
                view.alpha = presenting and frames / 12 or 1 - frames / 12
                if frames >= 12 then
                  link:invalidate()
                  if not presenting then view:removeFromSuperview() end
                  ctx:completeTransition(true)
                end
              end)
              link:add()
            end,
          },
        }
        """

    @Test func aDisplayLinkRunsAtTheLuasRefreshes() throws {
        let (file, swift) = try ExportVerificationTests.scratch("linked-fade", Self.linked)
        #expect(swift.text.contains("let link = DisplayLinkTarget.link { link in"), "\(swift.text)")
        #expect(swift.text.contains("link.add(to: .main, forMode: .common)"))
        let (source, verifier) = try Self.expectSame(file, swift)
        // Eleven refreshes instead of twelve: the Swift's fade runs ahead from the first refresh.
        let fast = try ExportVerificationTests.altered(swift, "frames / 12", "frames / 11")
        let cell = try #require(verifier.verify(file, source: source, swift: fast).first { $0.scenario == "present" })
        #expect(!cell.same && cell.verdict.contains("alpha"), "\(cell.verdict)")
    }

    /// A link the transition leaves running is one Segue stops and a device would not: no cell calls the two the same.
    @Test func aDisplayLinkLeftRunningIsNotCalledTheSame() throws {
        let leaky = Self.linked.replacingOccurrences(of: "link:invalidate()", with: "")
        let (file, swift) = try ExportVerificationTests.scratch("leaky-fade", leaky)
        let source = try String(contentsOf: file.url, encoding: .utf8)
        let cell = try #require(try ExportVerificationTests.verifier().verify(file, source: source, swift: swift).first { $0.scenario == "present" })
        #expect(!cell.same && cell.verdict.contains("leaves a display link running"), "\(cell.verdict)")
    }
}
