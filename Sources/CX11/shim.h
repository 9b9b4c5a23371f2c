#ifndef CX11_SHIM_H
#define CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/cursorfont.h>
#include <X11/keysym.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <X11/extensions/Xrandr.h>

/* Macros Swift cannot import. */
static inline int cx11_connection_number(Display *d) { return ConnectionNumber(d); }
static inline int cx11_default_screen(Display *d) { return DefaultScreen(d); }
static inline Window cx11_root_window(Display *d, int s) { return RootWindow(d, s); }
static inline Visual *cx11_default_visual(Display *d, int s) { return DefaultVisual(d, s); }
static inline int cx11_default_depth(Display *d, int s) { return DefaultDepth(d, s); }
static inline unsigned long cx11_white_pixel(Display *d, int s) { return WhitePixel(d, s); }
static inline unsigned long cx11_black_pixel(Display *d, int s) { return BlackPixel(d, s); }
static inline unsigned long cx11_get_pixel(XImage *image, int x, int y) { return XGetPixel(image, x, y); }
static inline int cx11_destroy_image(XImage *image) { return XDestroyImage(image); }
#endif
