import billing from '../billing/en.json';
import clocking from '../clocking/en.json';
import company from '../company/en.json';
import identity from '../identity/en.json';
import operations from '../operations/en.json';
import planner from '../planner/en.json';
import agenda from '../agenda/en.json';
import plannerMap from '../plannerMap/en.json';
import registries from '../registries/en.json';
import shell from '../shell/en.json';
import statistics from '../statistics/en.json';

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
