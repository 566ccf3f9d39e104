import Foundation
import Ledger
import StatementImport
import SureProtocol
import WalletExport

/// One fuzz input: the first byte picks the decoder (the Wallet export line decoder for one of
/// the three stream kinds, or Sure's batch validator), the rest is its input. Any outcome but a
/// crash or a hang is fine; a Wallet error must name its line.
enum FuzzTarget {
    static func run(_ data: UnsafeRawBufferPointer) {
        guard let selector = data.first else { return }
        let input = UnsafeRawBufferPointer(rebasing: data.dropFirst())
        // The top 16 selectors are the statement parsers (README, "Fuzzing").
        if selector >= 0xF0 {
            if let error = StatementFuzzing.parse(Array(input), selector: Int(selector)), error.file != "fuzz" {
                fatalError("an error that does not name its file: \(error)")
            }
            return
        }
        switch selector % 4 {
        case 3:
            // Sure's checks end in one of its error codes; nothing else may come out.
            _ = try? sureValidator.validate(bytes: Array(input))
        default:
            let streams: [LedgerStream] = [.accounts, .balances(accountID: "A1"), .transactions(accountID: "A1")]
            do {
                _ = try WalletStreamReader.decodeLine(input, stream: streams[Int(selector % 4)], file: "fuzz.jsonl")
            } catch let error as SourceError {
                if case .badInput(_, nil, _, _) = error { fatalError("an error without its line: \(error)") }
            } catch {
                fatalError("an error that is not a SourceError: \(error)")
            }
        }
    }

    /// The connection of examples/sure-inbox, so seeds taken from its batches pass the identity checks.
    nonisolated(unsafe) static let sureValidator: SureBatchValidator = {
        // The configuration is a constant of this file; it failing to parse is a bug here.
        guard let parsed = try? SureConnectionFile.parse(Array(exampleConfiguration.utf8), file: "connection.json") else {
            fatalError("purse-fuzz: the built-in connection.json does not parse")
        }
        return SureBatchValidator(
            connection: parsed.identity, mappings: parsed.mappings,
            now: Timestamp(rfc3339: "2026-11-01T00:00:00Z")!)
    }()

    static let exampleConfiguration = #"""
        {
          "protocol_version": 2,
          "connection_id": "9243ba59-fd4d-46ea-a135-d05a50cddcea",
          "publisher_id": "96cdf87d-da79-4698-aad3-e1f7fd8fe782",
          "status": "active",
          "generation": 1,
          "stream_id": "22265033-95f5-4596-9a85-045ef661a26f",
          "next_sequence": 1,
          "server_url": null,
          "upload_url": "examples/sure-inbox/batches",
          "consent": {
            "version": 1,
            "granted_at": "2026-11-29T13:43:35Z",
            "selected_source_account_ids": [
              "6F1D2C3B-4A59-4E68-9A7B-8C9D0E1F2A3B",
              "0C7E5B2A-1D3F-4A6B-8C9D-2E4F6A8B0C1D"
            ],
            "upload_authorized": true,
            "family_visibility_acknowledged": true,
            "remote_processing_acknowledged": true
          },
          "account_bindings": [
            {
              "source_account_id": "6F1D2C3B-4A59-4E68-9A7B-8C9D0E1F2A3B",
              "lineage_id": "696b1ed7-6b9a-4925-afe1-32c6098ff9be",
              "mapping_version": 1
            },
            {
              "source_account_id": "0C7E5B2A-1D3F-4A6B-8C9D-2E4F6A8B0C1D",
              "lineage_id": "2f35349c-57d7-4eae-92e1-0c03c43cb353",
              "mapping_version": 1
            }
          ],
          "accounts": [
            {
              "source_id": "6F1D2C3B-4A59-4E68-9A7B-8C9D0E1F2A3B",
              "mapping_version": 1,
              "name": "Apple Card",
              "institution_name": "Apple",
              "currency": "USD",
              "accountable_type": "CreditCard",
              "subtype": "credit_card",
              "ledger_timezone": "America/New_York",
              "lineage_id": "696b1ed7-6b9a-4925-afe1-32c6098ff9be",
              "account_id": "6F1D2C3B-4A59-4E68-9A7B-8C9D0E1F2A3B",
              "unavailable_at": null
            },
            {
              "source_id": "0C7E5B2A-1D3F-4A6B-8C9D-2E4F6A8B0C1D",
              "mapping_version": 1,
              "name": "Apple Cash",
              "institution_name": "Apple",
              "currency": "USD",
              "accountable_type": "Depository",
              "subtype": "checking",
              "ledger_timezone": "America/New_York",
              "lineage_id": "2f35349c-57d7-4eae-92e1-0c03c43cb353",
              "account_id": "0C7E5B2A-1D3F-4A6B-8C9D-2E4F6A8B0C1D",
              "unavailable_at": null
            }
          ],
          "max_records_per_batch": 500,
          "max_bytes_per_batch": 1048576,
          "publisher_credential": "PEJuQjFWgIUP33Orn26ns3uFi1pvSvdAQktpwetJFEg"
        }
        """#
}
