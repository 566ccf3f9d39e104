/// Short names for the catalogue's types inside the run.
typealias Merchant = WalletExportSampleGenerator.SampleMerchant
typealias Counterparty = WalletExportSampleGenerator.SampleCounterparty
typealias Currency = WalletExportSampleGenerator.SampleCurrency
typealias Region = WalletExportSampleGenerator.SampleRegion
