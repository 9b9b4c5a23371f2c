# install.mk: `make install` and `make uninstall` for TouchTracker (GNU make).
# The top-level Makefile includes it (`include assets/install.mk`); paths are relative to the repository root.
#
#   make install PREFIX=/usr/local DESTDIR=     binary, desktop entry, icons, man page, licence,
#                                               AppStream metainfo, the drawing's MIME type
#   make uninstall PREFIX=/usr/local DESTDIR=   removes exactly those files
#
# `install` copies $(BINARY); it builds it only when it is missing, so that `sudo make install` after a
# normal build does not leave root-owned files in .build. The desktop's caches (icons, the MIME database,
# the desktop entries' MIME index) are refreshed only for a live install (empty DESTDIR), when the tools are
# there: a packager's DESTDIR install must not touch the running system's caches, and distributions refresh
# them in their own hooks (dpkg and rpm triggers) once the package is installed.

PREFIX ?= /usr/local
DESTDIR ?=
BINARY ?= .build/release/touchtracker
INSTALL ?= install
SWIFT ?= swift

bindir := $(PREFIX)/bin
datadir := $(PREFIX)/share
mandir := $(datadir)/man
docdir := $(datadir)/doc/touchtracker
icondir := $(datadir)/icons/hicolor
mimedir := $(datadir)/mime
appid := io.github.touchtracker.TouchTracker

INSTALLED_FILES := \
	$(bindir)/touchtracker \
	$(datadir)/applications/$(appid).desktop \
	$(datadir)/metainfo/$(appid).metainfo.xml \
	$(mimedir)/packages/$(appid).mime.xml \
	$(icondir)/scalable/apps/touchtracker.svg \
	$(icondir)/48x48/apps/touchtracker.png \
	$(icondir)/256x256/apps/touchtracker.png \
	$(mandir)/man1/touchtracker.1 \
	$(docdir)/LICENSE

.PHONY: install uninstall

$(BINARY):
	$(SWIFT) build -c release --product touchtracker

install: $(BINARY)
	$(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(datadir)/applications $(DESTDIR)$(mandir)/man1 \
		$(DESTDIR)$(icondir)/scalable/apps $(DESTDIR)$(icondir)/48x48/apps $(DESTDIR)$(icondir)/256x256/apps \
		$(DESTDIR)$(datadir)/metainfo $(DESTDIR)$(mimedir)/packages $(DESTDIR)$(docdir)
	$(INSTALL) -m 755 $(BINARY) $(DESTDIR)$(bindir)/touchtracker
	$(INSTALL) -m 644 assets/$(appid).desktop $(DESTDIR)$(datadir)/applications/$(appid).desktop
	$(INSTALL) -m 644 assets/$(appid).metainfo.xml $(DESTDIR)$(datadir)/metainfo/$(appid).metainfo.xml
	$(INSTALL) -m 644 assets/$(appid).mime.xml $(DESTDIR)$(mimedir)/packages/$(appid).mime.xml
	$(INSTALL) -m 644 assets/touchtracker.svg $(DESTDIR)$(icondir)/scalable/apps/touchtracker.svg
	$(INSTALL) -m 644 assets/touchtracker-48.png $(DESTDIR)$(icondir)/48x48/apps/touchtracker.png
	$(INSTALL) -m 644 assets/touchtracker-256.png $(DESTDIR)$(icondir)/256x256/apps/touchtracker.png
	$(INSTALL) -m 644 assets/touchtracker.1 $(DESTDIR)$(mandir)/man1/touchtracker.1
	$(INSTALL) -m 644 LICENSE $(DESTDIR)$(docdir)/LICENSE
	@$(refresh-desktop-caches)

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED_FILES))
	@$(refresh-desktop-caches)

define refresh-desktop-caches
if [ -z "$(DESTDIR)" ]; then \
	if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f $(icondir)/index.theme ]; then \
		gtk-update-icon-cache -q -t -f $(icondir) || true; fi; \
	if command -v update-desktop-database >/dev/null 2>&1; then \
		update-desktop-database -q $(datadir)/applications || true; fi; \
	if command -v update-mime-database >/dev/null 2>&1; then \
		update-mime-database $(mimedir) || true; fi; \
fi
endef
