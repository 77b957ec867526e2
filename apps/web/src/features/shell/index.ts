/** The shell area's public API for the shell and other areas. */
export * from './navigation/api';
export * from './navigation/icons';
export * from './reference/api';
export * from './public-config/api';
export * from './tour/ChatWidget';
export * from './tour/FirstAccessTour';
