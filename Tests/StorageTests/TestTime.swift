import Storage

/// The wall-clock time the store tests open documents at (it names damaged files kept aside).
let testTime = CivilTime(year: 2026, month: 11, day: 30, hour: 0, minute: 20, second: 5)
