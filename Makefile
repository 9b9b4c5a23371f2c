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

# Debian packages: what building and running needs, what taking the screenshot needs, and what the tests need
# on top (assets/check-assets.sh checks the installed desktop files with appstream, shared-mime-info, xdg-utils
# with File::MimeInfo, and gio; the end-to-end tests remake the screenshot to compare it, read and fill the
# clipboard with xclip, choose files in a real zenity and talk to a fake file-chooser portal on a dbus-daemon).
RUN_PACKAGES        := pkg-config libx11-dev libxi-dev libxext-dev libxrandr-dev libcairo2-dev
SCREENSHOT_PACKAGES := xvfb xdotool imagemagick
TEST_PACKAGES       := $(RUN_PACKAGES) $(SCREENSHOT_PACKAGES) libxtst-dev libxdamage-dev desktop-file-utils \
	groff-base appstream shared-mime-info xdg-utils libfile-mimeinfo-perl libglib2.0-bin xclip zenity dbus

.PHONY: run build test test-long clean deps test-deps screenshot-deps bench screenshot install uninstall

run: deps build
	.build/release/touchtracker $(ARGS)

build: deps
	$(SWIFT) build -c release --product touchtracker

# Each module's imports against the architecture, then the assets; unit tests in parallel; then the end-to-end
# tests one at a time, each with its own Xvfb and app, so that timing-sensitive checks (double clicks, idle CPU)
# do not compete with each other for 2 cores.
test: test-deps
	sh assets/check-imports.sh
	sh assets/check-assets.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip EndToEndTests $(TEST_FLAGS)
	$(SWIFT) test --no-parallel --filter EndToEndTests $(TEST_FLAGS)

# The longer modes: 1000 SIGKILL rounds in the crash test.
test-long: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip EndToEndTests $(TEST_FLAGS)
	TOUCHTRACKER_LONG_TESTS=1 $(SWIFT) test --no-parallel --filter EndToEndTests $(TEST_FLAGS)

# The bench also runs the real program in a private Xvfb (the X-path section), so it needs the app
# built in release and the test packages.
bench: test-deps
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

include assets/install.mk
