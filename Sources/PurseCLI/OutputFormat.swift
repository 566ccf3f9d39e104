/// The forms a report can take.
enum OutputFormat: String, CaseIterable {
    case text
    case csv
    case json

    init?(fileExtension: String) {
        switch fileExtension {
        case "csv": self = .csv
        case "json": self = .json
        case "txt", "text": self = .text
        default: return nil
        }
    }
}
