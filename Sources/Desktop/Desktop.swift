// Desktop: what the desktop says about double clicks, drag distances and resolution, decoded without X.
// Depends on Gestures and Timing only; the shell reads the X properties and passes their bytes in.
//
//   XSettings               the XSETTINGS manager's `_XSETTINGS_SETTINGS` bytes, decoded (either byte order)
//   XResources              the RESOURCE_MANAGER string (`xrdb`), with Xrm's lookup for `Xft.dpi`
//   DesktopSettings         the numbers the app uses; `resolve` layers fallback < resources < XSETTINGS <
//                           command line (each a `DesktopSettings.Overrides`) and says what it ignored
//   DesktopSettingsTracker  follows the sources as they change and returns what the shell must do
//                           (apply new settings, print a warning once)
//   DesktopSettings+Gestures  the gesture engine's thresholds under these settings
