# TouchTracker for X11. Two commands set everything up on a fresh Debian/Ubuntu machine:
#   make run    install what is missing, build (release), open the window
#   make test   install what the tests need, run the whole suite (unit + end-to-end in Xvfb)
# and one remakes the README's picture after a visual change:
#   make screenshot   docs/screenshot.png from the real window under Xvfb (assets/make-screenshot.sh)

SWIFT        ?= swift
export PATH  := $(PATH):/opt/swift/usr/bin
PREFIX       ?= /usr/local
DESTDIR      ?=
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages: what building and running needs, what taking the screenshot needs, what the tests need
# on top (assets/check-assets.sh checks the installed desktop files with appstream, shared-mime-info, xdg-utils
# with File::MimeInfo and gio, and remakes the window icon with rsvg-convert; the end-to-end tests remake the
# screenshot to compare it, read and fill the clipboard with xclip, choose files in a real zenity and talk
# to a fake file-chooser portal on a dbus-daemon, and send smooth scrolls and pinches through a private
# Xorg's inputtest devices with its dummy video driver),
# and what the bench needs on top of that (Xournal++, which its X path compares us with).
RUN_PACKAGES        := pkg-config libx11-dev libxi-dev libxext-dev libxrandr-dev libcairo2-dev
SCREENSHOT_PACKAGES := xvfb xdotool imagemagick
TEST_PACKAGES       := $(RUN_PACKAGES) $(SCREENSHOT_PACKAGES) libxtst-dev libxdamage-dev desktop-file-utils \
	groff-base appstream shared-mime-info xdg-utils libfile-mimeinfo-perl libglib2.0-bin xclip zenity dbus \
	librsvg2-bin xserver-xorg-core xserver-xorg-video-dummy
BENCH_PACKAGES      := $(TEST_PACKAGES) xournalpp

.PHONY: run build test test-long clean deps test-deps screenshot-deps bench-deps bench screenshot install uninstall

run: deps build
	.build/release/touchtracker $(ARGS)

build: deps
	$(SWIFT) build -c release --product touchtracker

# Each module's imports against the architecture, then the assets; then the tests in two groups:
#   at once     the unit tests (in parallel, CPU-bound) and beside them the end-to-end tests that measure no time
#                (in parallel, each with its own Xvfb and app, mostly waiting on them); their log follows the
#                unit tests'. SwiftPM holds .build for a whole `swift test`, so they run from the test bundle itself.
#   alone        the end-to-end tests that measure time (double clicks, pointer speed, autosave pacing):
#                those in a suite named Alone, one at a time, with nothing else running.
# TOUCHTRACKER_LONG_TESTS=1 (make test-long) gives the random tests their long runs (TestLength).
define run-tests
	@bundle=$$($(SWIFT) build --show-bin-path)/TouchTrackerPackageTests.xctest; log=.build/end-to-end.log; \
	$(1) $$bundle --testing-library swift-testing --filter EndToEndTests --skip /Alone/ $(TEST_FLAGS) > $$log 2>&1 & \
	endToEnd=$$!; \
	$(1) $(SWIFT) test --skip-build --skip EndToEndTests $(TEST_FLAGS); unit=$$?; \
	wait $$endToEnd; endToEndStatus=$$?; \
	echo "== the end-to-end tests that measure no time ($$log) =="; cat $$log; \
	[ $$unit = 0 ] && [ $$endToEndStatus = 0 ]
	$(1) $(SWIFT) test --skip-build --no-parallel --filter /Alone/ $(TEST_FLAGS)
endef

test: test-deps
	sh assets/check-imports.sh
	sh assets/check-assets.sh
	$(SWIFT) build --build-tests
	$(call run-tests,)

# The long runs: 1000 SIGKILL rounds in the crash test, the random tests' full sizes.
test-long: test-deps
	$(SWIFT) build --build-tests
	$(call run-tests,TOUCHTRACKER_LONG_TESTS=1)

# The bench also runs the real program in a private Xvfb (the X-path section), so it needs the app
# built in release, the test packages and Xournal++.
bench: bench-deps
	$(SWIFT) build -c release --product touchtracker
	$(SWIFT) build -c release --product touchtracker-bench
	.build/release/touchtracker-bench $(ARGS)

# The README's picture, from the release build's real window; commit the result. PackagingTests fail, saying
# to run this, when the build no longer draws what the committed picture shows.
screenshot: screenshot-deps build
	sh assets/make-screenshot.sh docs/screenshot.png

clean:
	rm -rf .build

# Installs only the packages dpkg does not already report as installed.
define install-missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed$$' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call install-missing,$(RUN_PACKAGES))

test-deps:
	$(call install-missing,$(TEST_PACKAGES))

screenshot-deps:
	$(call install-missing,$(SCREENSHOT_PACKAGES))

bench-deps:
	$(call install-missing,$(BENCH_PACKAGES))

include assets/install.mk
