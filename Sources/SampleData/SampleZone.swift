/// The two local clocks of the sample: US Eastern and UK, with their current DST rules.
enum SampleZone {
    case newYork, london
}
