import Foundation
import KeyedArchive
@testable import Nib

/// A shared event log for recording test objects (one per test: create a fresh `EventLog`).
final class EventLog: @unchecked Sendable {
    var events: [String] = []
    func add(_ e: String) { events.append(e) }
}

/// Recording classes find their log through this per-test slot: the current thread's, since suites that
/// use it run in parallel with each other (a test sets it, loads and reads it without suspending).
enum CurrentLog {
    static var log: EventLog {
        get {
            if let log = Thread.current.threadDictionary[key] as? EventLog { return log }
            let log = EventLog()
            Thread.current.threadDictionary[key] = log
            return log
        }
        set { Thread.current.threadDictionary[key] = newValue }
    }
    private static let key = "CurrentLog.log"
}

/// A view-controller-like owner that records outlet sets, actions and awake.
final class RecordingOwner: NibConnectable {
    let name: String
    var button: AnyObject?
    var label: AnyObject?
    var views: [AnyObject] = []
    var title: String = ""
    var taps = 0
    init(name: String = "owner") { self.name = name }

    static var nibKeys: NibKeys {
        var k = NibKeys()
        k.outlet("button") { (o: RecordingOwner, v: NibValue) in
            o.button = v.object
            CurrentLog.log.add("connect owner.button")
        }
        k.outlet("label", \RecordingOwner.label)
        k.outletCollection("views", \RecordingOwner.views)
        k.attribute("title", \RecordingOwner.title)
        k.action("tapped:") { (o: RecordingOwner, _: AnyObject?) in
            o.taps += 1
            CurrentLog.log.add("action owner.tapped:")
        }
        return k
    }

    func awakeFromNib() { CurrentLog.log.add("awake \(name)") }
}

/// A registered view class that records its lifecycle.
final class RecordingView: NibInstantiable, NibActionSource {
    var tag: Int64 = 0
    var cornerRadius: Double = 0
    var nibActions: [NibTargetAction] = []
    var peer: AnyObject?
    required init() { CurrentLog.log.add("init RecordingView") }

    func decodeNib(from coder: NibCoder) throws(ArchiveError) {
        tag = try coder.decodeInteger(forKey: "UITag")
        peer = try coder.decodeObject(forKey: "peer")
        CurrentLog.log.add("decode RecordingView \(tag)")
    }

    static var nibKeys: NibKeys {
        var k = NibKeys()
        k.outlet("cornerRadius") { (v: RecordingView, value: NibValue) in
            v.cornerRadius = value.double ?? 0
            CurrentLog.log.add("kvp view\(v.tag).cornerRadius")
        }
        k.outlet("peer") { (v: RecordingView, value: NibValue) in
            v.peer = value.object
            CurrentLog.log.add("connect view\(v.tag).peer")
        }
        return k
    }

    func addNibAction(_ action: NibTargetAction) { nibActions.append(action) }
    func awakeFromNib() { CurrentLog.log.add("awake view\(tag)") }
}
