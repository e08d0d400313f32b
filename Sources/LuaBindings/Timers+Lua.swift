import Catalogue
import LuaRuntime
import Transitions

/// The main queue's delayed work and display links for scripts, on the simulated clock:
///
///     DispatchQueue.main:asyncAfter(0.3, function() … end)   -- DispatchQueue.main.asyncAfter(deadline: .now() + 0.3)
///     DispatchQueue.main:async(function() … end)             -- at once, after what runs now
///     local link = CADisplayLink.new(function(link) … link.timestamp, link.targetTimestamp … end)
///     link:add(); link.isPaused = true; link:invalidate()
///
/// Each function runs as a hook of its own ("asyncAfter", "displayLink"), against the entry's limits; a display link a
/// transition leaves running is invalidated when the transition ends, with a warning at the line that made it.
extension ScriptRuntime {
    static let queueMetatable = "segue.DispatchQueue"
    static let displayLinkMetatable = "segue.CADisplayLink"

    func push(_ link: DisplayLink) {
        let id = handleID(for: link)
        displayLinks[id] = link
        state.pushHandle(id, metatable: Self.displayLinkMetatable)
    }

    func displayLink(at index: Int32) throws(ArgumentError) -> DisplayLink {
        guard let id = state.handle(at: index, metatable: Self.displayLinkMetatable), let link = displayLinks[id] else {
            throw ArgumentError(position: index, message: "CADisplayLink expected (call it as link:method()), got \(state.typeName(at: index))")
        }
        return link
    }

    func installTimers() {
        state.pushMetatable(Self.queueMetatable) {
            state.push(TimerBindings.queueIndex); state.setField(literal: "__index", in: -2)
            state.push(false); state.setField(literal: "__metatable", in: -2)
        }
        state.pop()
        state.pushMetatable(Self.displayLinkMetatable) {
            state.push(TimerBindings.linkIndex); state.setField(literal: "__index", in: -2)
            state.push(TimerBindings.linkNewIndex); state.setField(literal: "__newindex", in: -2)
            state.push(false); state.setField(literal: "__metatable", in: -2)
        }
        state.pop()
        // DispatchQueue = {main = <the main queue>}, read-only.
        state.newTable(arrayCount: 0)
        state.pushHandle(0, metatable: Self.queueMetatable)
        state.setField(literal: "main", in: -2)
        state.setGlobal("DispatchQueue")
        state.register(table: "CADisplayLink", [("new", TimerBindings.newLink)])
    }

    /// The warning for display links something left running: in an app they would run every frame until invalidated.
    func displayLinksLeft(_ links: [DisplayLink], when: String) {
        let location = links.lazy.compactMap { self.displayLinkLocations[ObjectIdentifier($0)] }.first
        find(.warning, hook: "CADisplayLink", location: location,
             "\(links.count == 1 ? "a display link was" : "\(links.count) display links were") still running when \(when): in an "
             + "app it would run every frame until invalidated; call link:invalidate() once what it drives is done (Segue invalidated it)")
    }

    /// What a run leaves behind once it is over: display links still running, and delayed work that never ran (a run
    /// is followed until still, and at most 10 s past its last transition).
    func reportTimersLeft() {
        let links = simulation.engine.invalidateDisplayLinks()
        if !links.isEmpty { displayLinksLeft(links, when: "the run ended") }
        if simulation.engine.hasScheduledWork {
            let first = pendingWork.min { $0.key < $1.key }?.value
            find(.warning, hook: "asyncAfter", location: first, "delayed work never ran: the run ended first (it is followed until "
                 + "still, at most 10 s past its last transition), so what it does is never seen or checked; schedule it sooner")
        }
    }
}

enum TimerBindings {
    /// The longest delay a script may ask for: the run follows a scenario for seconds, not hours.
    static let delayLimit = 3600.0

    static let queueIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let key = try arguments.name(2)
            switch key {
            case "asyncAfter": runtime.state.push(asyncAfter)
            case "async": runtime.state.push(async)
            default: throw ScriptMistake(Suggestion.unknown("DispatchQueue.main", key, in: ["asyncAfter", "async"]))
            }
            return 1
        }
    }

    /// DispatchQueue.main:asyncAfter(seconds, function() … end).
    static let asyncAfter: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            guard runtime.state.handle(at: 1, metatable: ScriptRuntime.queueMetatable) != nil else {
                throw ScriptMistake("call it as DispatchQueue.main:asyncAfter(seconds, function() … end)")
            }
            let delay = try arguments.number(2)
            guard delay >= 0, delay <= delayLimit else {
                throw ScriptMistake("asyncAfter's delay must be seconds from 0 to \(Int(delayLimit)), got \(delay)")
            }
            try schedule(runtime, function: 3, after: delay)
            return 0
        }
    }

    /// DispatchQueue.main:async(function() … end): at once, after what runs now.
    static let async: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            guard runtime.state.handle(at: 1, metatable: ScriptRuntime.queueMetatable) != nil else {
                throw ScriptMistake("call it as DispatchQueue.main:async(function() … end)")
            }
            try schedule(runtime, function: 2, after: 0)
            return 0
        }
    }

    private static func schedule(_ runtime: ScriptRuntime, function index: Int32, after delay: Double) throws {
        guard runtime.state.isFunction(at: index) else { throw ScriptMistake("the work to run must be a function") }
        runtime.state.pushCopy(of: index)
        let reference = runtime.state.reference()
        // Where it was scheduled, until it runs: work a run ends before is said there.
        let key = runtime.newHandle()
        let location = runtime.state.callerLocation()
        if let location { runtime.pendingWork[key] = location }
        runtime.simulation.engine.after(delay) { [weak runtime] in
            guard let runtime else { return }
            runtime.pendingWork[key] = nil
            runtime.invoke(reference, hook: "asyncAfter", scheduledAt: location)
            runtime.state.release(reference)
        }
    }

    static let linkReadable = ["isPaused", "timestamp", "targetTimestamp", "duration", "add", "invalidate"]

    /// CADisplayLink.new(function(link) … end): UIKit's init(target:selector:), the selector given as the function.
    static let newLink: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let state = runtime.state
            guard state.isFunction(at: 1) else { throw ScriptMistake("CADisplayLink.new takes the function to run every frame: function(link) … end") }
            // The line that makes it, where an author looks for it (the function may be written elsewhere, or be Lua's own).
            let written = state.callerLocation()
            state.pushCopy(of: 1)
            let reference = state.reference()
            let link = DisplayLink(engine: runtime.simulation.engine) { [weak runtime] link in
                guard let runtime else { return }
                runtime.invoke(reference, hook: "displayLink", scheduledAt: written) {
                    runtime.push(link)
                    return 1
                }
            }
            if let written { runtime.displayLinkLocations[ObjectIdentifier(link)] = written }
            runtime.push(link)
            return 1
        }
    }

    static let linkIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let link = try runtime.displayLink(at: 1)
            let key = try arguments.name(2)
            switch key {
            case "isPaused": arguments.push(link.isPaused)
            case "timestamp": arguments.push(link.timestamp)
            case "targetTimestamp": arguments.push(link.targetTimestamp)
            case "duration": arguments.push(link.duration)
            case "add": runtime.state.push(add)
            case "invalidate": runtime.state.push(invalidate)
            default: throw ScriptMistake(Suggestion.unknown("CADisplayLink", key, in: linkReadable))
            }
            return 1
        }
    }

    static let linkNewIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let link = try runtime.displayLink(at: 1)
            let key = try arguments.name(2)
            switch key {
            case "isPaused":
                guard runtime.state.isBoolean(at: 3) else { throw ScriptMistake("CADisplayLink.isPaused must be true or false") }
                link.isPaused = runtime.state.boolean(at: 3)
            default:
                if linkReadable.contains(key) { throw ScriptMistake("CADisplayLink.\(key) cannot be set") }
                throw ScriptMistake(Suggestion.unknown("CADisplayLink", key, in: ["isPaused"]))
            }
            return 0
        }
    }

    /// link:add(): UIKit's add(to: .main, forMode: .common), the only run loop there is.
    static let add: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let link = try runtime.displayLink(at: 1)
            // An invalidated link never runs again, added or not: a link made anew runs.
            if !link.isValid {
                runtime.find(.warning, hook: runtime.currentHook, location: runtime.state.callerLocation(),
                             "link:add() on a display link already invalidated does nothing: it never runs again; make a new one")
            }
            link.add()
            return 0
        }
    }

    static let invalidate: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            try runtime.displayLink(at: 1).invalidate()
            return 0
        }
    }
}
