#!/bin/sh
# check-assets.sh: the desktop files are valid, `make install` / `make uninstall` round-trip, and an installed
# copy integrates with the desktop: the AppStream metainfo validates, a drawing is recognised by its content
# and opens with TouchTracker.
# Run from the repository root (make test calls it). Needs the Makefile's TEST_PACKAGES: desktop-file-utils,
# groff, appstream, shared-mime-info, xdg-utils with libfile-mimeinfo-perl, libglib2.0-bin (gio), and librsvg2-bin
# with imagemagick (rsvg-convert and convert remake the embedded window icon to compare it). Installs
# into temporary DESTDIRs with a stand-in binary, so it neither builds nor needs root.
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

appid=io.github.touchtracker.TouchTracker
drawing=application/x-touchtracker-drawing
check "desktop-file-validate accepts the desktop entry" desktop-file-validate assets/$appid.desktop

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
	check "rsvg-convert and convert, which check the embedded window icon, are installed (make test-deps)" false
fi

metainfo=assets/$appid.metainfo.xml
size=$(sed -n 's/.*<image type="source" width="\([0-9]*\)" height="\([0-9]*\)".*/\1 \2/p' $metainfo)
header=$(od -An -tx1 -j16 -N8 docs/screenshot.png | tr -d ' \n')
# shellcheck disable=SC2086 # $size is the two numbers
check "the metainfo gives the screenshot's size ($size; the PNG says $header)" [ "$header" = "$(printf '%08x%08x' $size)" ]
check "the metainfo names the drawing's MIME type" grep -q "<mediatype>$drawing</mediatype>" $metainfo

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
printf '#!/bin/sh\n' > "$stage/touchtracker"
make -s -f assets/install.mk install DESTDIR="$stage/root" PREFIX=/opt/tt BINARY="$stage/touchtracker"
for file in bin/touchtracker share/applications/$appid.desktop share/man/man1/touchtracker.1 \
	share/icons/hicolor/scalable/apps/touchtracker.svg share/icons/hicolor/48x48/apps/touchtracker.png \
	share/icons/hicolor/256x256/apps/touchtracker.png share/metainfo/$appid.metainfo.xml \
	share/mime/packages/$appid.mime.xml share/doc/touchtracker/LICENSE; do
	check "make install installs $file" [ -f "$stage/root/opt/tt/$file" ]
done
check "the installed binary is executable" [ -x "$stage/root/opt/tt/bin/touchtracker" ]
make -s -f assets/install.mk uninstall DESTDIR="$stage/root" PREFIX=/opt/tt
left=$(find "$stage/root" -type f)
check "make uninstall removes every installed file (left: $left)" [ -z "$left" ]

# The desktop's view of an installed copy (PREFIX=/usr, in a DESTDIR of its own), with nothing of the user's
# or the running system's in the way: a clean environment names only that copy and /usr/share (the
# freedesktop.org types it builds on), so xdg-mime takes its generic path (File::MimeInfo's `mimetype`).
make -s -f assets/install.mk install DESTDIR="$stage/desktop" PREFIX=/usr BINARY="$stage/touchtracker"
share=$stage/desktop/usr/share
mkdir "$stage/home"
desktop() {
	env -i PATH="$PATH" HOME="$stage/home" XDG_DATA_HOME="$stage/home/data" XDG_CONFIG_HOME="$stage/home/config" \
		XDG_CONFIG_DIRS="$stage/home/config" XDG_DATA_DIRS="$share:/usr/share" "$@"
}

# --no-net: offline, as the tests run. With the network appstreamcli would also fetch the screenshot and
# the homepage and bug-tracker URLs and fail when one does not answer.
validation=$(appstreamcli validate --no-net "$share/metainfo/$appid.metainfo.xml" 2>&1) && valid=yes || valid=no
check "appstreamcli validate accepts the installed metainfo: $validation" [ $valid = yes ]

# What the distributions' hooks do once the package is installed (install.mk does it only for a live install).
desktop update-mime-database "$share/mime"
update-desktop-database -q "$share/applications"
printf '{"format":"touchtracker-drawing","version":2,"shapes":[\n]}\n' > "$stage/drawing.json"
cp "$stage/drawing.json" "$stage/notes.txt"
printf '{"format":"something-else","shapes":[]}\n' > "$stage/plain.json"
# mime_type TOOL FILE: the MIME type TOOL (xdg-mime or gio) says FILE has.
mime_type() {
	case $1 in
	xdg-mime) desktop xdg-mime query filetype "$2" ;;
	gio) desktop gio info -a standard::content-type "$2" | sed -n 's/^ *standard::content-type: //p' ;;
	esac
}
for tool in xdg-mime gio; do
	found=$(mime_type $tool "$stage/drawing.json")
	check "$tool says drawing.json is $drawing (it says $found)" [ "$found" = $drawing ]
	found=$(mime_type $tool "$stage/plain.json")
	check "$tool says a JSON file that is not a drawing is application/json (it says $found)" \
		[ "$found" = application/json ]
done
# GIO trusts a .txt name over any content; File::MimeInfo trusts a priority-80 match over the name.
found=$(mime_type xdg-mime "$stage/notes.txt")
check "xdg-mime says a drawing named notes.txt is $drawing (it says $found)" [ "$found" = $drawing ]
found=$(desktop xdg-mime query default $drawing)
check "xdg-mime opens a drawing with $appid.desktop (it says $found)" [ "$found" = "$appid.desktop" ]

echo "check-assets: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
