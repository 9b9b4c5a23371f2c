#!/bin/sh
# check-imports.sh: every module in Sources imports only what the architecture allows (docs/architecture.md;
# Package.swift's dependencies). Run from anywhere (make test calls it first); prints one line per violation.
set -eu
cd "$(dirname "$0")/.."

# What each module may import besides the Swift standard library. Glibc is libc (TouchTracker, DrawingTesting: libm only; Storage: files); Synchronization and Dispatch
# come with the toolchain; Foundation only in TestSupport and PortalTesting (and in Tests/, which this does not read).
# The C modules (CX11, CCairo, CXTest) are module maps with no Swift, so they have no row.
table='
SeededRandom
Timing
Gestures            Timing
Desktop             Gestures Timing
Shapes              Synchronization
Storage             Glibc Shapes Synchronization
Canvas              Shapes
TouchTracker        Canvas Gestures Glibc Shapes Storage Timing
FileChooser         Glibc Timing
Rendering           CCairo Canvas Glibc Shapes Storage Synchronization
XShell              CX11 CCairo Canvas FileChooser Glibc Desktop Gestures Rendering Shapes Storage Synchronization Timing TouchTracker
touchtracker        Glibc Rendering Shapes Storage TouchTracker XShell
DrawingTesting      Glibc SeededRandom Shapes Storage
TestSupport         Foundation
PortalTesting       FileChooser Foundation Glibc TestSupport
XTestHarness        CX11 CXTest Glibc Synchronization
touchtracker-bench  CX11 CXTest Canvas Dispatch Glibc DrawingTesting Gestures Rendering SeededRandom Shapes Storage Timing TouchTracker XTestHarness
'

find Sources -name '*.swift' | LC_ALL=C sort | TABLE=$table awk '
BEGIN {
    rows = split(ENVIRON["TABLE"], lines, "\n")
    for (i = 1; i <= rows; i++) {
        count = split(lines[i], fields, /[ \t]+/)
        if (count == 0) continue
        module = fields[1]
        known[module] = 1
        list = ""
        for (j = 2; j <= count; j++) {
            allowed[module, fields[j]] = 1
            list = list (j > 2 ? ", " : "") fields[j]
        }
        mayImport[module] = list == "" ? "the standard library only" : list
    }
}
{
    file = $0
    split(file, parts, "/")
    module = parts[2]
    seen[module] = 1
    if (!(module in known)) {
        if (!(module in reportedUnknown)) {
            print "Sources/" module " has no row in assets/check-imports.sh: say what it may import" > "/dev/stderr"
            reportedUnknown[module] = 1
            violations++
        }
        next
    }
    files++
    number = 0
    while ((getline line < file) > 0) {
        number++
        sub(/^[ \t]+/, "", line)
        # Attributes (@testable, @_exported, @preconcurrency, ...), then `import`, then an optional kind.
        while (line ~ /^@[A-Za-z_]+(\([^)]*\))?[ \t]+/) sub(/^@[A-Za-z_]+(\([^)]*\))?[ \t]+/, "", line)
        if (line !~ /^import[ \t]+/) continue
        sub(/^import[ \t]+/, "", line)
        if (line ~ /^(struct|class|enum|protocol|typealias|func|let|var)[ \t]+/) sub(/^[a-z]+[ \t]+/, "", line)
        split(line, name, /[^A-Za-z0-9_]/)
        if (!((module, name[1]) in allowed)) {
            print file ":" number " imports " name[1] "; " module " may import: " mayImport[module] > "/dev/stderr"
            violations++
        }
    }
    close(file)
}
END {
    for (module in known) {
        if (!(module in seen)) {
            print "assets/check-imports.sh has a row for " module ", which has no Swift files in Sources" > "/dev/stderr"
            violations++
        }
    }
    if (violations > 0) {
        print "check-imports: " violations " violation" (violations == 1 ? "" : "s") > "/dev/stderr"
        exit 1
    }
    print "check-imports: every import in " files " files is allowed"
}'
