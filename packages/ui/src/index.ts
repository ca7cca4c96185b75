export { brand } from './brand';
export { palettes, space, radius, breakpoints, media, fontStack, type ColorScheme, type Palette } from './theme/tokens';
export { COLOR_SCHEME_KEY, resolveColorScheme, applyColorScheme, storedColorScheme } from './theme/color-scheme';
export { ThemeProvider, useColorScheme } from './theme/ThemeProvider';
export { Spinner } from './components/Spinner';
export { AppToaster, TOASTER_SETTINGS } from './components/AppToaster';
export { GlobalStyles } from './theme/GlobalStyles';
export { VisuallyHidden } from './components/VisuallyHidden';
export { ThemeToggle } from './components/ThemeToggle';
