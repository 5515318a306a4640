import KeyedArchive

/// One archived field of a recipe. A struct, not a tuple: arrays of tuples are destroyed through the
/// runtime's generic tuple witnesses, element by element.
struct NibPlanField: Sendable {
    let key: String
    let value: NibPlanValue
}

/// The field and target tables that every recipe of one nib points into: two allocations per nib
/// instead of three per object.
final class NibPlanArena: Sendable {
    /// Every recipe's fields, recipe after recipe.
    let fields: [NibPlanField]
    /// Every recipe's reference targets and subview targets (archive indices).
    let targets: [Int]

    init(fields: [NibPlanField], targets: [Int]) {
        self.fields = fields
        self.targets = targets
    }
}

/// How the loader creates one archived object, precomputed at parse time and shared by every
/// instantiation. Its fields and targets are ranges of its nib's ``NibPlanArena``.
struct NibObjectPlan: Sendable {
    enum Construction: Sendable {
        /// Phase 1 `init()`, phase 2 field decoding (the `init(coder:)` path).
        case coder
        /// `init()` only: `UICustomObject`/`NSCustomObject` (and swappers of them).
        case plainInit
    }
    let index: Int
    let archivedClassName: String
    /// The class tried first: a swapper's custom class, `NSClassName` of custom objects/views, or the archived class.
    let className: String
    /// The class a swapper falls back to.
    let originalClassName: String?
    let construction: Construction
    /// Whether this is a `UIImageNibPlaceholder` (handed to the image provider).
    let isImagePlaceholder: Bool
    /// Index of ``className`` in ``NibLoadPlan/classNames``.
    let classSlot: Int
    /// Index of ``originalClassName`` in ``NibLoadPlan/classNames``, or -1.
    let originalSlot: Int
    let arena: NibPlanArena
    let fieldRange: Range<Int>
    let refRange: Range<Int>
    let subviewRange: Range<Int>

    /// The archived fields in archive order; `.object(slot:)` values index ``refTargets`` from 0.
    var fields: ArraySlice<NibPlanField> { arena.fields[fieldRange] }
    /// Archive indices the field slots refer to.
    var refTargets: ArraySlice<Int> { arena.targets[refRange] }
    /// Archive indices of the `UISubviews`/`NSSubviews` members (for generic superview back-pointers).
    var subviewTargets: ArraySlice<Int> { arena.targets[subviewRange] }

    init(index: Int, archivedClassName: String, className: String, originalClassName: String?, construction: Construction,
         isImagePlaceholder: Bool, classSlot: Int, originalSlot: Int, arena: NibPlanArena,
         fieldRange: Range<Int>, refRange: Range<Int>, subviewRange: Range<Int>) {
        self.index = index
        self.archivedClassName = archivedClassName
        self.className = className
        self.originalClassName = originalClassName
        self.construction = construction
        self.isImagePlaceholder = isImagePlaceholder
        self.classSlot = classSlot
        self.originalSlot = originalSlot
        self.arena = arena
        self.fieldRange = fieldRange
        self.refRange = refRange
        self.subviewRange = subviewRange
    }

    /// A recipe with fields of its own (objects the loader makes itself, such as `NSApplication`).
    init(index: Int, archivedClassName: String, className: String, originalClassName: String?, construction: Construction,
         fields: [NibPlanField], refTargets: [Int], isImagePlaceholder: Bool) {
        self.init(index: index, archivedClassName: archivedClassName, className: className, originalClassName: originalClassName,
                  construction: construction, isImagePlaceholder: isImagePlaceholder, classSlot: -1, originalSlot: -1,
                  arena: NibPlanArena(fields: fields, targets: refTargets), fieldRange: 0 ..< fields.count,
                  refRange: 0 ..< refTargets.count, subviewRange: 0 ..< 0)
    }
}
