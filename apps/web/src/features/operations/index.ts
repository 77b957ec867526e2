/** The operations area's public API for the shell and other areas. */
export * from './geolocation/api';
export * from './geolocation/LastPosition';
export * from './reports/TodoCard';
export * from './planner/agenda/CalendarFeedModal';
export * from './day/TechnicianDay';
export * from './clocking/ClockCard';
