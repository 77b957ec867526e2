import { createPlugin } from '@fullcalendar/core';
import { NamedTimeZoneImpl } from '@fullcalendar/core/internal';
import { offsetForWall, wallArray } from './zone';

/**
 * The company's time zone for the calendar without a time-zone library: FullCalendar asks a
 * named-zone implementation for offsets and wall-clock arrays, answered here from Intl (zone.ts,
 * apart so that the planner's page can use the zone's days without loading FullCalendar).
 */
class IntlNamedTimeZone extends NamedTimeZoneImpl {
  offsetForArray(a: number[]): number {
    return offsetForWall(a, this.timeZoneName);
  }
  timestampToArray(ms: number): number[] {
    return wallArray(ms, this.timeZoneName);
  }
}

/** FullCalendar plugin: named time zones (e.g. Europe/Rome) through Intl. */
export const intlTimeZonePlugin = createPlugin({ name: 'intl-time-zone', namedTimeZonedImpl: IntlNamedTimeZone });
