#!/bin/sh
# make-screenshot.sh: the README's picture, docs/screenshot.png, taken from the real window (`make screenshot`).
#
#   assets/make-screenshot.sh [OUT.png]      default OUT: docs/screenshot.png
#   TOUCHTRACKER=BINARY                      the program to show (default .build/release/touchtracker)
#
# Starts a private Xvfb (on a display it picks itself), opens the drawing below in a 640x400 window, clicks a
# line to select it (green), presses and drags so that a line is in progress (red, in the pen's width), and
# writes the window's pixels while the button is still down. Xvfb has no window manager (no frame, no title) and no settings
# manager (96 dpi, the default double click); the program runs with a clean environment and its own pen;
# no text is shown and a window's image never holds the cursor: the same build gives the same pixels, and
# the PNG holds no date, so the same pixels give the same file. Each step waits for the pixel that shows it
# is done, with a deadline. Tests/EndToEndTests/PackagingTests.swift runs this and compares the result
# with the committed picture. Needs Xvfb, xdotool and ImageMagick (import).
set -eu
cd "$(dirname "$0")/.."
out=${1:-docs/screenshot.png}
binary=${TOUCHTRACKER:-.build/release/touchtracker}
[ -x "$binary" ] || { echo "make-screenshot: no program at $binary (run make build, or set TOUCHTRACKER)" >&2; exit 1; }

work=$(mktemp -d)
xvfb=
app=
# Stops the program (which saves into $work as it goes) and Xvfb, and waits for both before removing $work.
cleanup() {
	for process in $app $xvfb; do
		kill "$process" 2>/dev/null || true
		wait "$process" 2>/dev/null || true
	done
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

fail() {
	echo "make-screenshot: $*" >&2
	[ ! -s "$work/stderr" ] || sed 's/^/make-screenshot: the program said: /' "$work/stderr" >&2
	exit 1
}

# wait_until DESCRIPTION COMMAND...: runs COMMAND every 0.05 s until it succeeds; fails after 20 s.
wait_until() {
	description=$1
	shift
	tries=0
	until "$@"; do
		tries=$((tries + 1))
		[ $tries -lt 400 ] || fail "gave up after 20 s waiting for $description"
		[ -z "$app" ] || kill -0 "$app" 2>/dev/null || fail "the program exited while waiting for $description"
		sleep 0.05
	done
}

# The drawing: a house, a tree, two birds and a sun whose last ray is being drawn, in the palette's colours and
# all four widths.
mkdir -p "$work/data" "$work/state" "$work/home"
cat > "$work/drawing.json" <<'EOF'
{"format":"touchtracker-drawing","version":2,"shapes":[
{"id":1,"kind":"line","begin":[40.0,350.0],"end":[600.0,350.0],"colour":"#787878","width":2.0},
{"id":2,"kind":"circle","begin":[70.0,60.0],"end":[150.0,140.0],"colour":"#F08C00","width":10.0},
{"id":3,"kind":"line","begin":[165.0,100.0],"end":[190.0,100.0],"colour":"#F08C00","width":5.0},
{"id":4,"kind":"line","begin":[110.0,155.0],"end":[110.0,180.0],"colour":"#F08C00","width":5.0},
{"id":5,"kind":"line","begin":[71.1,138.9],"end":[53.4,156.6],"colour":"#F08C00","width":5.0},
{"id":6,"kind":"line","begin":[55.0,100.0],"end":[30.0,100.0],"colour":"#F08C00","width":5.0},
{"id":7,"kind":"line","begin":[71.1,61.1],"end":[53.4,43.4],"colour":"#F08C00","width":5.0},
{"id":8,"kind":"line","begin":[110.0,45.0],"end":[110.0,20.0],"colour":"#F08C00","width":5.0},
{"id":9,"kind":"line","begin":[148.9,61.1],"end":[166.6,43.4],"colour":"#F08C00","width":5.0},
{"id":10,"kind":"line","begin":[370.0,230.0],"end":[370.0,350.0],"colour":"#000000","width":5.0},
{"id":11,"kind":"line","begin":[530.0,230.0],"end":[530.0,350.0],"colour":"#000000","width":5.0},
{"id":12,"kind":"line","begin":[350.0,240.0],"end":[450.0,150.0],"colour":"#8C5A28","width":10.0},
{"id":13,"kind":"line","begin":[450.0,150.0],"end":[550.0,240.0],"colour":"#8C5A28","width":10.0},
{"id":14,"kind":"line","begin":[430.0,350.0],"end":[430.0,280.0],"colour":"#1E50DC","width":5.0},
{"id":15,"kind":"line","begin":[430.0,280.0],"end":[470.0,280.0],"colour":"#1E50DC","width":5.0},
{"id":16,"kind":"line","begin":[470.0,280.0],"end":[470.0,350.0],"colour":"#1E50DC","width":5.0},
{"id":17,"kind":"line","begin":[220.0,350.0],"end":[220.0,270.0],"colour":"#8C5A28","width":16.0},
{"id":18,"kind":"circle","begin":[170.0,170.0],"end":[270.0,270.0],"colour":"#008C8C","width":10.0},
{"id":19,"kind":"line","begin":[250.0,60.0],"end":[265.0,72.0],"colour":"#8C28B4","width":2.0},
{"id":20,"kind":"line","begin":[265.0,72.0],"end":[280.0,60.0],"colour":"#8C28B4","width":2.0},
{"id":21,"kind":"line","begin":[300.0,90.0],"end":[312.0,100.0],"colour":"#DC288C","width":2.0},
{"id":22,"kind":"line","begin":[312.0,100.0],"end":[324.0,90.0],"colour":"#DC288C","width":2.0}
]}
EOF

# pixel X Y: the window's pixel at X,Y as RRGGBB.
pixel() {
	import -window "$window" -crop "1x1+$1+$2" -depth 8 txt:- 2>/dev/null | sed -n 's/.*#\([0-9A-Fa-f]\{6\}\).*/\1/p'
}
# is X Y RRGGBB: whether the window's pixel at X,Y is RRGGBB.
is() { [ "$(pixel "$1" "$2")" = "$3" ]; }
found_window() {
	window=$(DISPLAY=$display xdotool search --onlyvisible --class TouchTracker 2>/dev/null | head -n 1)
	[ -n "$window" ]
}
has_display() { [ -s "$work/display" ]; }
title_says() { xdotool getwindowname "$window" | grep -q "$1"; }

# running PID: the process runs (a child that exited and was not waited for is a zombie, which kill -0 finds).
running() { state=$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null) && [ -n "$state" ] && [ "$state" != Z ]; }

# Xvfb picks a free display and reports it; it is used once it answers there. Among many servers starting
# and stopping at once (the end-to-end tests), one has been seen to report a display the program could not
# open: should it exit instead of answering, a new one is started, three times at most. With -noreset, as
# the tests' own servers run (which never showed it): the server does not start over when a client leaves,
# the probe here or anything before the program.
answers_or_exited() {
	! running "$xvfb" || DISPLAY=":$(cat "$work/display")" xdotool getdisplaygeometry >/dev/null 2>&1
}
for attempt in 1 2 3; do
	: >"$work/display"
	Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp -noreset 3>"$work/display" 2>/dev/null &
	xvfb=$!
	wait_until "Xvfb to report its display" has_display
	wait_until "Xvfb to answer on display :$(cat "$work/display")" answers_or_exited
	! running "$xvfb" || break
	[ "$attempt" -lt 3 ] || fail "Xvfb reported a display and exited, three times"
	wait "$xvfb" 2>/dev/null || true
done
display=:$(cat "$work/display")
env -i PATH="$PATH" HOME="$work/home" DISPLAY="$display" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" \
	"$binary" --geometry 640x400+0+0 "$work/drawing.json" 2>"$work/stderr" &
app=$!
wait_until "the window" found_window
export DISPLAY="$display"
wait_until "the drawing (the left wall, black)" is 370 300 000000

# The pen one step thinner (Medium, 5 px, as the sun's rays): the title says so when it has taken the key.
xdotool mousemove 320 20 key bracketleft
wait_until "the pen to be Medium (the title)" title_says Medium

# Select the right-hand side of the roof: one click, away from every other line.
xdotool mousemove 500 195 click 1
wait_until "the selection (the roof's side, green)" is 500 195 00FF00

# The sun's last ray in progress: press on empty canvas, past the drag threshold, then to where it ends, and
# keep the button down.
xdotool mousemove 149 139 mousedown 1 mousemove 157 147 mousemove 167 157
wait_until "the line in progress (the ray, red)" is 164 154 FF0000

mkdir -p "$(dirname "$out")"
import -window "$window" -strip -define png:exclude-chunks=date,time "png24:$work/screenshot.png"
xdotool mouseup 1
mv "$work/screenshot.png" "$out"
echo "make-screenshot: wrote $out"
