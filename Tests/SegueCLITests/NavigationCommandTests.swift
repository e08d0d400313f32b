import Foundation
import Testing

/// run's --push, --pop and --source-row, through the built binary.
@Suite struct NavigationCommandTests {
    let cli = SegueCommandTests()

    @Test func pushAndPopRuns() throws {
        let push = try cli.segue(["run", "push", "--push"])
        #expect(push.status == 0, "\(push.stderr)")
        #expect(push.stdout.hasPrefix("push: push, 390x844 points"))
        #expect(push.stdout.contains("navigationController(_:animationControllerFor:from:to:)(push)"))
        let pop = try cli.segue(["run", "push", "--pop", "--gesture", "drag"])
        #expect(pop.status == 0, "\(pop.stderr)")
        #expect(pop.stdout.hasPrefix("push: interactive pop (gesture drag)"))
        #expect(pop.stdout.contains("startInteractiveTransition") && pop.stdout.contains("(pop)"))
        let skipped = try cli.segue(["run", "fade", "--push"])
        #expect(skipped.stderr.contains("skipped  fade: not a navigation transition"))
    }

    @Test func mistakesInTheOptionsAreUsageErrors() throws {
        let both = try cli.segue(["run", "push", "--push", "--pop"])
        #expect(both.status == 64 && both.stderr.contains("--pop pushes first, then pops: give one of --push and --pop"))
        let mixed = try cli.segue(["run", "push", "--pop", "--dismiss"])
        #expect(mixed.status == 64 && mixed.stderr.contains("--dismiss is for a presentation and --pop for a navigation controller"))
        let drivenPush = try cli.segue(["run", "push", "--push", "--gesture", "drag"])
        #expect(drivenPush.status == 64 && drivenPush.stderr.contains("an interactive push is not simulated"))
        let row = try cli.segue(["run", "zoom-from-source", "--source-row", "9"])
        #expect(row.status == 64 && row.stderr.contains("--source-row 9: this screen's list shows rows 1 to 6"))
        let landscape = try cli.segue(["run", "zoom-from-source", "--source-row", "3", "--landscape"])
        #expect(landscape.stderr.contains("--source-row 3: this screen's list shows rows 1 to 2"))
        let check = try cli.segue(["check", "zoom-from-source", "--source-row", "0"])
        #expect(check.status == 64 && check.stderr.contains("--source-row counts the list's rows from 1; got 0"))
    }

    @Test func theSourceRowChangesWhereTheZoomStarts() throws {
        let first = try cli.segue(["run", "zoom-from-source", "--source-row", "1", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let trace = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any]
        let samples = trace?["samples"] as? [[String: Any]] ?? []
        let zoom = samples.first.flatMap { ($0["views"] as? [[String: Any]])?.first { $0["name"] as? String == "zoom" } }
        let origin = (zoom?["frame"] as? [String: Any])?["origin"] as? [String: Double]
        // The first row of the iPhone 14's list: 47 + 148 down.
        #expect(origin?["y"] == 195)
    }
}
