import billing from '../billing/de.json';
import clocking from '../clocking/de.json';
import company from '../company/de.json';
import identity from '../identity/de.json';
import operations from '../operations/de.json';
import planner from '../planner/de.json';
import agenda from '../agenda/de.json';
import plannerMap from '../plannerMap/de.json';
import registries from '../registries/de.json';
import shell from '../shell/de.json';
import statistics from '../statistics/de.json';

/** Every message of one language, one chunk loaded on demand (see ../index.ts). */
export default {
  ...billing,
  ...clocking,
  ...company,
  ...identity,
  ...operations,
  ...planner,
  ...agenda,
  ...plannerMap,
  ...registries,
  ...shell,
  ...statistics,
};
