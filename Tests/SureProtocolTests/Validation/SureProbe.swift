import Testing

/// One probe: an edit of the baseline batch and what Sure answered to it (`accepted` or an error
/// code). `purse` differs from `sure` only for a deliberate difference, listed in the README.
struct SureProbe: Sendable, CustomTestStringConvertible {
    let name: String
    let sure: String
    let purse: String
    let edit: @Sendable (inout SureProbeBatch) -> Void

    init(_ name: String, sure: String, purse: String? = nil, _ edit: @escaping @Sendable (inout SureProbeBatch) -> Void) {
        self.name = name
        self.sure = sure
        self.purse = purse ?? sure
        self.edit = edit
    }

    var testDescription: String { "\(name) → Sure \(sure)" + (purse == sure ? "" : ", purse \(purse)") }

    var batch: SureProbeBatch {
        var batch = SureProbeBatch()
        edit(&batch)
        return batch
    }
}
