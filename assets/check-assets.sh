#!/bin/sh
# check-assets.sh: the desktop files are valid and `make install` / `make uninstall` round-trip.
# Run from the repository root (make test calls it). Needs desktop-file-validate (desktop-file-utils) and
# groff; installs into a temporary DESTDIR with a stand-in binary, so it neither builds nor needs root.
set -eu
cd "$(dirname "$0")/.."
passed=0
failed=0
# check DESCRIPTION COMMAND...: runs COMMAND and counts it as passed or failed.
check() {
	description=$1
	shift
	if "$@"; then passed=$((passed + 1)); else echo "check-assets: FAILED: $description" >&2; failed=$((failed + 1)); fi
}

check "desktop-file-validate accepts the desktop entry" desktop-file-validate assets/touchtracker.desktop

warnings=$(groff -man -Tutf8 -ww -z assets/touchtracker.1 2>&1)
check "groff renders the man page without warnings ($warnings)" [ -z "$warnings" ]

for size in 48 256; do
	header=$(od -An -tx1 -j16 -N8 "assets/touchtracker-$size.png" | tr -d ' \n')
	expected=$(printf '%08x%08x' "$size" "$size")
	check "touchtracker-$size.png is ${size}x$size (IHDR says $header)" [ "$header" = "$expected" ]
done

if command -v rsvg-convert >/dev/null 2>&1 && command -v convert >/dev/null 2>&1; then
	fresh=$(mktemp)
	assets/make-window-icon.sh "$fresh" >/dev/null
	check "the embedded window icon is generated from the current SVG (run assets/make-window-icon.sh)" \
		cmp -s "$fresh" Sources/XShell/WindowIcon+Pixels.swift
	rm -f "$fresh"
else
	echo "check-assets: rsvg-convert or convert missing; not checking the embedded window icon"
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
printf '#!/bin/sh\n' > "$stage/touchtracker"
make -s -f assets/install.mk install DESTDIR="$stage/root" PREFIX=/opt/tt BINARY="$stage/touchtracker"
for file in bin/touchtracker share/applications/touchtracker.desktop share/man/man1/touchtracker.1 \
	share/icons/hicolor/scalable/apps/touchtracker.svg share/icons/hicolor/48x48/apps/touchtracker.png \
	share/icons/hicolor/256x256/apps/touchtracker.png share/doc/touchtracker/LICENSE; do
	check "make install installs $file" [ -f "$stage/root/opt/tt/$file" ]
done
check "the installed binary is executable" [ -x "$stage/root/opt/tt/bin/touchtracker" ]
make -s -f assets/install.mk uninstall DESTDIR="$stage/root" PREFIX=/opt/tt
left=$(find "$stage/root" -type f)
check "make uninstall removes every installed file (left: $left)" [ -z "$left" ]

echo "check-assets: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
